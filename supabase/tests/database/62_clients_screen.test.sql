-- Clientes (search_members, get_client_profile, update_client_contact, get_client_audit) on the
-- engine's fixture, with a member whose name holds %, _ and a quote. Every search is narrowed to the
-- fixture's @tests.savia people, so the file passes on the seeded database too.
--
--   Amparo ─ Bruno ─┬─ Celia ─ Darío ─ Elena ─ Fabio ─ Gala
--                   └─ Ana 100%_O'Hara
--   Olga: another tree.
begin;
\ir 50_engine_fixture.psql
select plan(44);

do $$
declare
  v_id uuid;
begin
  insert into public.clients (name, email, enroller_id, enrollment_status, joined_at, city, document_number, slug)
  values ('Ana 100%_O''Hara', 'cli.ana@tests.savia', engine_tests.id('bruno'), 'registered', '2026-03-02 09:00:00-05',
          'Bogotá', 'CC 7777001', 'ana-ohara')
  returning id into v_id;
  insert into engine_tests.ids values ('ana', v_id, engine_tests.user_for('cli.ana@tests.savia'));
  update public.clients set document_number = 'CC 5550123', city = 'Medellín', slug = 'dario-leon', phone = '+57 300 111 2222'
   where id = engine_tests.id('dario');
  update public.clients set city = 'medellin', enrollment_status = 'pending', joined_at = null where id = engine_tests.id('gala');
end
$$;

create function pg_temp.plan_of(p_sql text) returns setof text language plpgsql as $$
declare
  r record;
begin
  for r in execute 'explain ' || p_sql loop
    return next r."QUERY PLAN";
  end loop;
end
$$;

-- Only the fixture's people: «@tests.savia» in the e-mail narrows every search below to them.
create function pg_temp.found(p_query text, p_extra text default '') returns setof text language plpgsql as $$
begin
  return query execute format('select name from public.search_members(%L%s, p_page_size => 100) where email like ''%%@tests.savia'' order by name',
                              p_query, p_extra);
end
$$;

select engine_tests.act_as('admin');

-- Matches ------------------------------------------------------------------------------------------------
select results_eq($$select * from pg_temp.found('DARIO')$$, $$values ('Darío León'::text)$$, 'sin tildes ni mayúsculas: DARIO halla a Darío');
select results_eq($$select * from pg_temp.found('  darío  león ')$$, $$values ('Darío León'::text)$$, 'con tildes, dos palabras y espacios de más');
select results_eq($$select * from pg_temp.found('león darío')$$, $$values ('Darío León'::text)$$, 'las palabras en cualquier orden');
select results_eq($$select * from pg_temp.found('motor.bruno@tests')$$, $$values ('Bruno Díaz'::text)$$, 'por correo');
select results_eq($$select * from pg_temp.found('5550123')$$, $$values ('Darío León'::text)$$, 'por documento');
select results_eq($$select * from pg_temp.found('dario-leon')$$, $$values ('Darío León'::text)$$, 'por slug');
select results_eq($$select * from pg_temp.found('mpar')$$, $$values ('Amparo Ruiz'::text)$$, 'tres letras o más: en cualquier parte de una palabra');
select results_eq($$select * from pg_temp.found('ga')$$, $$values ('Gala Ortiz'::text)$$,
  'dos letras: al inicio de una palabra (Gala, no Vega ni Ortega)');
select results_eq($$select * from pg_temp.found('0%_o''h')$$, $$values ('Ana 100%_O''Hara'::text)$$, '%, _ y comillas se buscan tal cual');
select is_empty($$select * from pg_temp.found('%')$$, '% solo no es un comodín: no halla a nadie (no hay letras ni números que buscar)');
select results_eq($$select * from pg_temp.found('ana %')$$, $$values ('Ana 100%_O''Hara'::text)$$, 'y junto a una palabra, filtra tal cual: solo Ana tiene %');
select is_empty($$select * from pg_temp.found('o_h')$$, '_ no es un comodín: «o_h» no halla «O''H»');
select is_empty($$select * from pg_temp.found('zzzz')$$, 'sin coincidencias, nada');

-- Filters, sort and pages ------------------------------------------------------------------------------------
select results_eq($$select * from pg_temp.found('tests.savia', ', p_star_level => 4::smallint')$$, $$values ('Bruno Díaz'::text)$$, 'por nivel');
select results_eq($$select * from pg_temp.found('tests.savia', ', p_status => ''pending''')$$, $$values ('Gala Ortiz'::text)$$,
  'por estado de enrolamiento');
select results_eq($$select * from pg_temp.found('tests.savia', ', p_city => ''MEDELLÍN''')$$, $$values ('Darío León'::text), ('Gala Ortiz')$$,
  'por ciudad, sin tildes ni mayúsculas');
update public.clients set is_active = true where id = engine_tests.id('celia');
select results_eq($$select * from pg_temp.found('tests.savia', ', p_active => true')$$, $$values ('Celia Mora'::text)$$, 'activos este mes');
select results_eq($$select name, total::integer, total_capped from public.search_members('motor.', p_page_size => 3)$$,
  $$values ('Amparo Ruiz'::text, 8, false), ('Bruno Díaz', 8, false), ('Celia Mora', 8, false)$$,
  'primera página por nombre, con el total exacto');
select results_eq($$select name, total::integer from public.search_members('motor.', p_page => 3, p_page_size => 3)$$,
  $$values ('Gala Ortiz'::text, 8), ('Olga Pardo', 8)$$, 'la última página');
select results_eq($$select name from public.search_members('motor.', p_sort => 'nivel', p_desc => true, p_page_size => 3)$$,
  $$values ('Amparo Ruiz'::text), ('Bruno Díaz'), ('Celia Mora')$$, 'por nivel, de mayor a menor');
-- By level, level by level through the name index: every page is the slice of one sort by level, name and id.
select results_eq($$select m.name, m.star_level from generate_series(1, 3) p
                     cross join lateral public.search_members('motor.', p_sort => 'nivel', p_page => p, p_page_size => 3) with ordinality m
                     order by p, m.ordinality$$,
  $$select name, star_level from public.clients where email like 'motor.%' order by star_level, name, id$$,
  'por nivel, de menor a mayor, página tras página: el mismo orden que toda la lista ordenada');
select results_eq($$select name from public.search_members('motor.', p_sort => 'nivel', p_desc => true, p_page => 2, p_page_size => 3)$$,
  $$select name from public.clients where email like 'motor.%' order by star_level desc, name, id limit 3 offset 3$$,
  'y de mayor a menor, la segunda página');
select results_eq($$select name from public.search_members('motor.', p_sort => 'nombre', p_desc => true, p_page_size => 2)$$,
  $$values ('Olga Pardo'::text), ('Gala Ortiz')$$, 'por nombre, al revés');
select results_eq($$select enroller_name from public.search_members('dario')$$, $$values ('Celia Mora'::text)$$, 'con su enrolador');
select results_eq($$select total::integer, total_capped from public.search_members(p_page_size => 1) limit 1$$,
  $$select least(count(*), 5)::integer, count(*) > 5 from public.clients$$,
  'sin texto: todos, contados hasta cuatro páginas más allá de la pedida');

-- The index serves both kinds of word (with the table too small for the planner to want it on its own).
set local enable_seqscan = off;
select matches((select string_agg(p, ' ') from (select * from pg_temp.plan_of(
  $$select * from public.clients where private.member_search_text(name, email, document_number, slug) like '%dar%'$$)) x(p)),
  'clients_search_trgm', 'una palabra de tres letras usa el índice de trigramas');
reset enable_seqscan;

-- Refusals ------------------------------------------------------------------------------------------------------
select throws_ok($$select * from public.search_members(p_status => 'dormido')$$, 'P0001',
  'Filtro no válido: el estado de enrolamiento es pending, registered, rejected o cancelled.', 'un estado desconocido');
select throws_ok($$select * from public.search_members(p_sort => 'email; drop table x')$$, 'P0001',
  'Orden no válido: usa nombre, ingreso, nivel o numero.', 'un orden desconocido');
select throws_ok($$select * from public.search_members(repeat('x', 101))$$, 'P0001', null, 'una búsqueda de más de 100 caracteres');
select engine_tests.act_as('bruno');
select throws_ok($$select * from public.search_members('a')$$, 'P0001', 'Solo el personal (admin o superadmin) puede realizar esta acción.',
  'un miembro no busca miembros');
select throws_ok(format('select public.get_client_profile(%L)', engine_tests.id('celia')), 'P0001', null,
  'ni lee la ficha de su enrolada');
select throws_ok(format('select * from public.get_client_audit(%L)', engine_tests.id('bruno')), 'P0001', null,
  'ni la bitácora de la suya');
select throws_ok(format($$select public.update_client_contact(%L, 'Bruno Díaz', 'motor.bruno@tests.savia', '+57 300 000 9999')$$,
                        engine_tests.id('bruno')), 'P0001', 'Solo el personal (admin o superadmin) puede realizar esta acción.',
  'ni cambia sus datos por esta vía (ni por la tabla: la ficha la corrige el personal)');

-- The profile ----------------------------------------------------------------------------------------------------
select engine_tests.act_as('admin');
select is(public.get_client_profile(engine_tests.id('dario')) - 'id' - 'created_at' - 'joined_at' - 'upline',
  jsonb_build_object('member_no', (select member_no from public.clients where id = engine_tests.id('dario')),
    'name', 'Darío León', 'email', 'motor.dario@tests.savia', 'phone', '+57 300 111 2222', 'document_number', 'CC 5550123',
    'address', null, 'city', 'Medellín', 'slug', 'dario-leon', 'star_level', 2, 'star_name', (select name from public.star_level_configs where level = 2), 'is_active', false,
    'enrollment_status', 'registered', 'has_login', true, 'email_check', null, 'depth', 4, 'direct_enrollees', 1),
  'la ficha de Darío: contacto, nivel, profundidad 4 y un enrolado directo');
select is(jsonb_path_query_array(public.get_client_profile(engine_tests.id('dario')), '$.upline[*].name'),
  '["Amparo Ruiz", "Bruno Díaz", "Celia Mora"]', 'su línea ascendente, de la raíz a su enroladora');
select is(public.get_client_profile(engine_tests.id('amparo')) -> 'upline', '[]', 'la raíz no tiene línea ascendente');
select throws_ok(format('select public.get_client_profile(%L)', gen_random_uuid()), 'P0001', 'El miembro no existe.', 'un id desconocido');

-- Editing the contact data, and its audit trail ----------------------------------------------------------------------
select is(public.update_client_contact(engine_tests.id('dario'), ' Darío León ', 'motor.dario@tests.savia', '+57 (300) 999-8877',
                                       'CC 5550123', 'Calle 1 # 2-3', 'Medellín', 'Dario-Leon') ->> 'phone',
  '+57 (300) 999-8877', 'el personal cambia el teléfono (y el slug se guarda en minúsculas)');
select results_eq(format($$select action, actor_role, changes from public.get_client_audit(%L) limit 1$$, engine_tests.id('dario')),
  $$values ('UPDATE'::text, 'admin'::text, '{"phone": {"antes": "+57 300 111 2222", "despues": "+57 (300) 999-8877"}, "address": {"antes": null, "despues": "Calle 1 # 2-3"}}'::jsonb)$$,
  'la bitácora anota quién (admin) y cada campo antes y después');
select throws_ok(format($$select public.update_client_contact(%L, 'Darío León', 'motor.dario@tests.savia', '12ab')$$, engine_tests.id('dario')),
  'P0001', 'El teléfono debe tener entre 7 y 15 dígitos; puede llevar +, espacios, guiones y paréntesis.', 'un teléfono con letras');
select throws_ok(format($$select public.update_client_contact(%L, 'Darío León', 'motor.dario@tests.savia', null, null, null, null, 'ana-ohara')$$,
                        engine_tests.id('dario')), 'P0001', 'El enlace ana-ohara ya es de otro miembro: elige otro.', 'un slug de otro');
select throws_ok(format($$select public.update_client_contact(%L, 'Darío León', 'motor.dario@tests.savia', null, null, null, null, 'no vale')$$,
                        engine_tests.id('dario')), 'P0001', null, 'un slug con espacios');
select throws_ok(format($$select public.update_client_contact(%L, 'Darío León', 'dario.nuevo@tests.savia')$$, engine_tests.id('dario')),
  '42501', 'Solo un superadmin puede cambiar el correo de un miembro aprobado: es con el que entra a Savia.',
  'un admin no cambia el correo de un miembro aprobado');
select engine_tests.act_as('super');
select throws_ok(format($$select public.update_client_contact(%L, 'Darío León', 'MOTOR.BRUNO@tests.savia')$$, engine_tests.id('dario')),
  'P0001', 'Ya existe un miembro con el correo motor.bruno@tests.savia.', 'el correo de otro miembro, aunque sea en mayúsculas');

select * from finish();
rollback;
