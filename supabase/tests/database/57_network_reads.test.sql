-- Mi Red's reads (get_network_summary, get_network_page) on the engine's fixture with a few more
-- people, every figure counted by hand, and who may read what.
--
--   Amparo ─┬─ Bruno ─┬─ Celia ─ Darío ─ Elena ─ Fabio ─ Gala      (the fixture's chain)
--           │         └─ Ana 100%_O'Hara
--           ├─ Inés Núñez
--           ├─ José Pérez
--           └─ Zoe Tardía (joins on 3 April)
--   Olga: another tree.
--
-- March 2026, clock 2026-03-10: Fabio buys 1 × Té (50 pts; commissions to Elena, Darío, Celia,
-- Bruno, Amparo), José 1 × Aceite de lavanda (500 pts; commission to Amparo), Celia 1 × Cápsulas de
-- cúrcuma (30 pts; commissions to Bruno, Amparo). Activity is 100 points, so in March only José is
-- active; Bruno, Celia, Darío and Elena are inactive with income pending: en riesgo.
begin;
\ir 50_engine_fixture.psql
select plan(43);

do $$
declare
  r record;
  v_id uuid;
begin
  for r in select * from (values ('ana', 'Ana 100%_O''Hara', 'bruno', 1), ('ines', 'Inés Núñez', 'amparo', 2),
                                  ('jose', 'José Pérez', 'amparo', 3)) v(key, name, parent, n) order by n loop
    insert into public.clients (name, email, phone, enroller_id, enrollment_status, joined_at)
    values (r.name, 'red.' || r.key || '@tests.savia', '+57 300 000 000' || r.n, engine_tests.id(r.parent), 'registered', '2026-03-02 09:00:00-05')
    returning id into v_id;
    insert into engine_tests.ids values (r.key, v_id, engine_tests.user_for('red.' || r.key || '@tests.savia'));
  end loop;
end
$$;

select engine_tests.at('2026-03-10 10:00:00-05');
select engine_tests.order_as('fabio', engine_tests.items('te', '1')) as s1 \gset
select engine_tests.approve(:'s1');
select engine_tests.order_as('jose', engine_tests.items('lavanda', '1')) as s2 \gset
select engine_tests.approve(:'s2');
select engine_tests.order_as('celia', engine_tests.items('curcuma', '1')) as s3 \gset
select engine_tests.approve(:'s3');

-- The summary -------------------------------------------------------------------------------------------
select engine_tests.act_as('amparo');
select results_eq($$select generation, members::integer, active::integer, at_risk::integer, month_points::integer
                      from public.get_network_summary()$$,
  $$values (1, 3, 1, 1, 500), (2, 2, 0, 1, 30), (3, 1, 0, 1, 0), (4, 1, 0, 1, 0), (5, 1, 0, 0, 50), (6, 1, 0, 0, 0),
           (null, 9, 1, 4, 580)$$,
  'Amparo en marzo: por generación y en total, miembros, activos, en riesgo y puntos');
select engine_tests.act_as('bruno');
select results_eq($$select generation, members::integer, active::integer, at_risk::integer, month_points::integer
                      from public.get_network_summary()$$,
  $$values (1, 2, 0, 1, 30), (2, 1, 0, 1, 0), (3, 1, 0, 1, 0), (4, 1, 0, 0, 50), (5, 1, 0, 0, 0), (null, 6, 0, 3, 80)$$,
  'la red de Bruno empieza en sus enrolados');

-- One generation, for the table -------------------------------------------------------------------------
select engine_tests.act_as('amparo');
select results_eq($$select name, generation, is_active, at_risk, month_points, enrollees::integer, email, phone, total::integer
                      from public.get_network_page(p_generation => 1)$$,
  $$values ('Bruno Díaz'::text, 1, false, true, 0, 2, 'motor.bruno@tests.savia'::text, null::text, 3),
           ('Inés Núñez', 1, false, false, 0, 0, 'red.ines@tests.savia', '+57 300 000 0002', 3),
           ('José Pérez', 1, true, false, 500, 0, 'red.jose@tests.savia', '+57 300 000 0003', 3)$$,
  'la generación 1 con el correo y el teléfono de cada enrolado directo');
select results_eq($$select name, enroller_name, month_points, email, phone, total::integer from public.get_network_page(p_generation => 2)$$,
  $$values ('Ana 100%_O''Hara'::text, 'Bruno Díaz'::text, 0, null::text, null::text, 2), ('Celia Mora', 'Bruno Díaz', 30, null, null, 2)$$,
  'la generación 2 con su patrocinador y sin datos de contacto');
select results_eq($$select name, star_level from public.get_network_page(p_generation => 4)$$,
  $$values ('Elena Vega'::text, 1::smallint)$$, 'el nivel de cada persona (mes abierto: el de hoy)');
select is_empty($$select * from public.get_network_page(p_generation => 7)$$, 'más allá de la última generación no hay nadie');

-- Paging: the exact total on every page.
select results_eq($$select name, total::integer from public.get_network_page(p_generation => 1, p_page_size => 2)$$,
  $$values ('Bruno Díaz'::text, 3), ('Inés Núñez', 3)$$, 'primera página de dos');
select results_eq($$select name, total::integer from public.get_network_page(p_generation => 1, p_page => 2, p_page_size => 2)$$,
  $$values ('José Pérez'::text, 3)$$, 'segunda página, con el mismo total');

-- Filters and search.
select results_eq($$select name, total::integer from public.get_network_page(p_generation => 1, p_status => 'activo')$$,
  $$values ('José Pérez'::text, 1)$$, 'activos');
select results_eq($$select name from public.get_network_page(p_generation => 1, p_status => 'inactivo')$$,
  $$values ('Bruno Díaz'::text), ('Inés Núñez')$$, 'inactivos');
select results_eq($$select name from public.get_network_page(p_generation => 1, p_status => 'en_riesgo')$$,
  $$values ('Bruno Díaz'::text)$$, 'en riesgo: inactivo con ingresos pendientes (Inés no tiene ingresos)');
select results_eq($$select name from public.get_network_page(p_generation => 3, p_status => 'en_riesgo')$$,
  $$values ('Darío León'::text)$$, 'Darío, en riesgo por la comisión de la compra de Fabio');
select results_eq($$select name from public.get_network_page(p_generation => 1, p_search => 'JOSE')$$,
  $$values ('José Pérez'::text)$$, 'buscar sin tildes ni mayúsculas');
select results_eq($$select name from public.get_network_page(p_generation => 1, p_search => '  ínes núñez ')$$,
  $$values ('Inés Núñez'::text)$$, 'con tildes y espacios alrededor');
select is_empty($$select * from public.get_network_page(p_generation => 1, p_search => '%')$$,
  '% es un carácter, no un comodín');
select results_eq($$select name from public.get_network_page(p_generation => 2, p_search => '0%_o''h')$$,
  $$values ('Ana 100%_O''Hara'::text)$$, '%, _ y comillas se buscan tal cual');
select is_empty($$select * from public.get_network_page(p_generation => 2, p_search => '_')$$ || ' where name <> ''Ana 100%_O''''Hara''',
  '_ tampoco es comodín');
select results_eq($$select name, total::integer from public.get_network_page(p_generation => 2, p_search => 'a', p_status => 'en_riesgo')$$,
  $$values ('Celia Mora'::text, 1)$$, 'búsqueda y filtro juntos');

-- A node's direct enrollees, for the tree ------------------------------------------------------------------
select results_eq(format($$select name, generation, enrollees::integer, email, total::integer from public.get_network_page(p_parent_id => %L)$$,
                         engine_tests.id('bruno')),
  $$values ('Ana 100%_O''Hara'::text, 2, 0, null::text, 2), ('Celia Mora', 2, 1, null, 2)$$,
  'abrir a Bruno: sus dos enrolados, de la generación 2 de Amparo, sin contacto');
select results_eq(format($$select name, email from public.get_network_page(p_parent_id => %L)$$, engine_tests.id('amparo')),
  $$values ('Bruno Díaz'::text, 'motor.bruno@tests.savia'::text), ('Inés Núñez', 'red.ines@tests.savia'), ('José Pérez', 'red.jose@tests.savia')$$,
  'abrir la raíz: los enrolados directos, con contacto');
select results_eq(format($$select name, total::integer from public.get_network_page(p_parent_id => %L, p_page_size => 1, p_page => 2)$$,
                         engine_tests.id('amparo')),
  $$values ('Inés Núñez'::text, 3)$$, 'los hijos de un nodo, página a página');

-- Who may read what ----------------------------------------------------------------------------------------
select engine_tests.act_as('bruno');
select results_eq(format($$select name, email from public.get_network_page(p_parent_id => %L)$$, engine_tests.id('celia')),
  $$values ('Darío León'::text, null::text)$$, 'Bruno abre a Celia: Darío es de su red, pero no su enrolado directo: sin correo');
select throws_ok(format('select * from public.get_network_page(p_parent_id => %L)', engine_tests.id('ines')), '42501',
  'Solo puedes ver tu propia red.', 'Bruno no abre a Inés, de otra rama');
select throws_ok(format('select * from public.get_network_page(p_parent_id => %L)', engine_tests.id('amparo')), '42501',
  'Solo puedes ver tu propia red.', 'ni a su patrocinadora');
select throws_ok(format('select * from public.get_network_page(p_parent_id => %L)', gen_random_uuid()), '42501',
  'Solo puedes ver tu propia red.', 'un id que no existe da la misma respuesta: no revela nada');
select throws_ok(format('select * from public.get_network_page(%L)', engine_tests.id('amparo')), 'P0001',
  'Solo puedes ver tu propia red.', 'ni la red de otro miembro');
select throws_ok(format('select * from public.get_network_summary(%L)', engine_tests.id('celia')), 'P0001',
  'Solo puedes ver tu propia red.', 'ni el resumen de la red de otro, aunque sea de la suya');
select engine_tests.act_as('olga');
select results_eq('select generation, members::integer, month_points::integer from public.get_network_summary()',
  $$values (null::integer, 0, 0)$$, 'Olga, sin red: solo el total, a cero');
select engine_tests.act_as('sinrol');
select throws_ok('select * from public.get_network_page()', 'P0001', 'Solo un miembro con su ficha vinculada puede realizar esta acción.',
  'una cuenta sin rol no lee ninguna red');
select engine_tests.act_as('admin');
select throws_ok('select * from public.get_network_summary()', 'P0001', 'Indica de qué miembro quieres ver la red.',
  'el personal dice de qué miembro');
select results_eq(format($$select name, email from public.get_network_page(%L, p_generation => 2)$$, engine_tests.id('amparo')),
  $$values ('Ana 100%_O''Hara'::text, 'red.ana@tests.savia'::text), ('Celia Mora', 'motor.celia@tests.savia')$$,
  'y lee la de cualquiera, con los datos de contacto');
select throws_ok(format('select * from public.get_network_page(%L, p_parent_id => %L)', engine_tests.id('bruno'), engine_tests.id('olga')),
  'P0001', 'Ese miembro no está en esta red.', 'un nodo de otra red, para el personal: dicho claramente');

-- Bad requests.
select engine_tests.act_as('amparo');
select throws_ok($$select * from public.get_network_page(p_status => 'dormido')$$, 'P0001',
  'Filtro no válido: usa activo, inactivo o en_riesgo.', 'un filtro desconocido');
select throws_ok(format('select * from public.get_network_page(p_parent_id => %L, p_generation => 2)', engine_tests.id('bruno')),
  'P0001', 'Pide los enrolados de un miembro o una generación, no las dos cosas.', 'nodo y generación a la vez');
select throws_ok($$select * from public.get_network_page(p_page => 0)$$, 'P0001', null, 'página 0');
select throws_ok($$select * from public.get_network_page(p_search => repeat('x', 101))$$, 'P0001', null, 'una búsqueda de más de 100 caracteres');

-- Past months as they were -----------------------------------------------------------------------------------
select engine_tests.at('2026-04-03 09:00:00-05');
select is((engine_tests.close_month('2026-03-01')).status, 'done', 'marzo se cierra');
insert into public.clients (name, email, enroller_id, enrollment_status, joined_at)
values ('Zoe Tardía', 'red.zoe@tests.savia', engine_tests.id('amparo'), 'registered', '2026-04-03 09:00:00-05');
select engine_tests.act_as('amparo');
select results_eq($$select generation, members::integer, active::integer, at_risk::integer, month_points::integer
                      from public.get_network_summary(p_month => '2026-03-01') where generation in (1, 2) or generation is null$$,
  $$values (1, 3, 1, 0, 500), (2, 2, 0, 0, 30), (null, 9, 1, 0, 580)$$,
  'marzo cerrado: sin Zoe, José activo como quedó, nadie en riesgo (lo pendiente ya se resolvió)');
select results_eq($$select name, is_active, month_points from public.get_network_page(p_month => '2026-03-01')$$,
  $$values ('Bruno Díaz'::text, false, 0), ('Inés Núñez', false, 0), ('José Pérez', true, 500)$$,
  'la generación 1 de marzo, como era');
select results_eq($$select name, is_active, month_points, total::integer from public.get_network_page()$$,
  $$values ('Bruno Díaz'::text, false, 0, 4), ('Inés Núñez', false, 0, 4), ('José Pérez', false, 0, 4), ('Zoe Tardía', false, 0, 4)$$,
  'abril: Zoe ya está y José empieza de cero');

-- The generation as an index range -------------------------------------------------------------------------
select results_eq($$select p from (values ('1.15'), ('1.15.2'), ('1.15.150.7'), ('1.150'), ('1.16'), ('1.149'), ('1.1'),
                                          ('1.15_'), ('1.15A'), ('2'), ('1')) v(p)
                     where p::ltree > '1.15'::ltree and p::ltree < private.subtree_end('1.15') order by p$$,
  $$values ('1.15.150.7'::text), ('1.15.2')$$,
  'entre una ruta y subtree_end están justo sus descendientes (1.150 y 1.15_ no)');
select is((select count(*) from public.clients c, public.clients r
             where (c.path > r.path and c.path < private.subtree_end(r.path)) is distinct from (c.path <@ r.path and c.id <> r.id)),
  0::bigint, 'y lo mismo que <@ para cada par de miembros');
select is(pg_get_indexdef('public.clients_generation_idx'::regclass),
  'CREATE INDEX clients_generation_idx ON public.clients USING btree (nlevel(path), path)',
  'una generación es un rango de un índice btree (nivel, ruta), tan largo como la generación');

select * from finish();
rollback;
