-- Issue 25 §9: the Bitácora tells each change in one sentence a person reads (who by name, what, the
-- record by its number and names, never ids, column names or database roles), its changed fields with
-- names for ids, searchable by the words a person types; and a closed month lists what its close wrote
-- (who lost what and why, who earned a volume bonus), the money only with finance.
-- On the fixture of 50_engine_fixture.psql.
begin;
\ir 50_engine_fixture.psql
select plan(21);

-- The admin's Google account gives her name; the superadmin's gives none (his e-mail stands in).
-- (A name of its own: the seeded database has a Laura Gómez too, and this test runs on both.)
select coalesce(max(id), 0) as first_id from public.audit_logs \gset
update auth.users set raw_user_meta_data = '{"full_name": "Lucrecia Bitácora"}' where id = (select user_id from engine_tests.ids where key = 'admin');

-- April: Fabio and Darío each buy one lavanda; the admin approves both (71_close_and_audit counts the close).
select engine_tests.at('2026-04-10 10:00:00-05');
select engine_tests.order_as('fabio', engine_tests.items('lavanda', '1')) as s1 \gset
select engine_tests.approve(:'s1');
select engine_tests.order_as('dario', engine_tests.items('lavanda', '1')) as s2 \gset
select engine_tests.approve(:'s2');
select sale_no as n1 from public.sales where id = :'s1' \gset
select sale_no as n2 from public.sales where id = :'s2' \gset
select engine_tests.at('2026-05-10 10:00:00-05');
-- An operator in SQL (no user) changes lavanda's price.
select engine_tests.act_as('nadie');
update public.products set price = 11.00 where id = engine_tests.id('lavanda');
update public.products set is_active = false where id = engine_tests.id('curcuma');
update public.products set is_active = true where id = engine_tests.id('curcuma');

select engine_tests.act_as('super');
-- The sentences --------------------------------------------------------------------------------------------------
select results_eq(format($$select sentence from public.get_audit_log('sales', null, %L) where action = 'UPDATE' and changes @> '[{"field": "status"}]'$$, :'s1'),
  format($$values ('Lucrecia Bitácora aprobó la venta #%s de Fabio Sanz'::text)$$, :n1),
  'la aprobación dice quién (su nombre), qué y la venta por su número y su miembro');
select results_eq(format($$select sentence from public.get_audit_log('sales', null, %L) where action = 'INSERT'$$, :'s2'),
  format($$values ('Darío León hizo el pedido de la venta #%s'::text)$$, :n2), 'el pedido de un miembro, en su voz de tercera persona');
select results_eq(format($$select sentence from public.get_audit_log('sale_items', null, %L)$$, :'s1'),
  format($$values ('Fabio Sanz agregó 1 × Aceite de lavanda a la venta #%s'::text)$$, :n1), 'una línea, con el producto por su nombre');
select results_eq(format($$select sentence from public.get_audit_log('products', null, %L) where action = 'UPDATE'$$, engine_tests.id('lavanda')),
  $$values ('Un operador en la base de datos cambió el producto Aceite de lavanda'::text)$$,
  'un cambio hecho a mano en SQL dice «un operador», no «vía postgres»');
select results_eq(format($$select sentence from public.get_audit_log('products', null, %L) where action = 'UPDATE' order by id$$, engine_tests.id('curcuma')),
  $$values ('Un operador en la base de datos desactivó el producto Cápsulas de cúrcuma'::text),
           ('Un operador en la base de datos reactivó el producto Cápsulas de cúrcuma')$$,
  'desactivar y reactivar un producto se dicen así');
select results_eq(format($$select sentence from public.get_audit_log('periods') where id > %s$$, :first_id),
  $$values ('Lucrecia Bitácora abrió el mes de abril de 2026'::text)$$, 'el mes que abrió la primera aprobación');
select is_empty(format($$select sentence from public.get_audit_log(p_page_size => 100) where id > %s and (sentence ~* '[0-9a-f]{8}-[0-9a-f]{4}-' or sentence ~ '[a-z]+_[a-z]+' or sentence ~* 'postgres|authenticated|INSERT|UPDATE|null')$$, :first_id),
  'ninguna frase lleva ids, nombres de columna ni roles de base de datos');

-- The changed fields, on demand -----------------------------------------------------------------------------------
select results_eq(format($$select c ->> 'before', c ->> 'after' from public.get_audit_log('sales', null, %L) g, jsonb_array_elements(g.changes) c
                            where g.action = 'UPDATE' and c ->> 'field' in ('status', 'approved_by') order by c ->> 'field'$$, :'s1'),
  $$values (null::text, 'Lucrecia Bitácora'::text), ('Pendiente de Aprobación', 'Pagada')$$,
  'lo que cambió la aprobación: el estado antes → después y quién aprobó por su nombre, no su id');
select is_empty(format($$select 1 from public.get_audit_log('sales', null, %L) g, jsonb_array_elements(g.changes) c
                          where c ->> 'field' in ('updated_at', 'id') or c ->> 'after' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-'$$, :'s1'),
  'ni updated_at, ni el id, ni un id como valor');
select results_eq(format($$select c -> 'before', c -> 'after' from public.get_audit_log('products', null, %L) g, jsonb_array_elements(g.changes) c
                            where g.action = 'UPDATE'$$, engine_tests.id('lavanda')),
  $$values ('10.00'::jsonb, '11.00'::jsonb)$$, 'el cambio del operador: solo el precio, antes y después');

-- The search: what a person types -----------------------------------------------------------------------------------
select results_eq(format($$select count(*)::integer, bool_and(sentence like %L) from public.get_audit_log(p_search => %L, p_page_size => 100)$$,
                         '%#' || :n1 || '%', 'venta ' || :n1),
  $$values (4, true)$$, '«venta N»: el pedido, su línea, el cambio de su total y su aprobación, todos de esa venta');
select results_eq(format($$select sentence from public.get_audit_log(p_search => %L)$$, 'LUCRECIA BITACORA aprobo #' || :n2),
  format($$values ('Lucrecia Bitácora aprobó la venta #%s de Darío León'::text)$$, :n2),
  'sin tildes ni mayúsculas, con «#» o sin él, cada palabra debe estar');
select results_eq($$select count(*)::integer, min(total) from public.get_audit_log(p_search => 'lucrecia aprob')$$,
  $$values (2, 2::bigint)$$, 'el principio de una palabra basta: las dos aprobaciones, y el total es el de la búsqueda');
select is_empty(format($$select 1 from public.get_audit_log(p_search => %L)$$, 'venta ' || :n1 || '0'),
  'un número se busca entero: «venta N0» no es «venta N»');
select results_eq($$select count(*) filter (where actor_email = 'motor.admin@tests.savia')::integer,
                          count(*) filter (where actor_email is distinct from 'motor.admin@tests.savia' and sentence not like '%motor.admin@tests.savia%')::integer
                     from public.get_audit_log(p_search => 'motor.admin@tests.savia', p_page_size => 100)$$, $$values (3, 0)$$,
  'también por el correo: lo que hizo (sus dos aprobaciones y el mes que abrió) y lo que la nombra');
select throws_ok($$select * from public.get_audit_log(p_search => repeat('a', 201))$$, 'P0001', 'La búsqueda admite hasta 200 caracteres.',
  'una búsqueda demasiado larga se rechaza');

-- A closed month, row by row ----------------------------------------------------------------------------------------
select throws_ok($$select * from public.get_closed_month_rows('2026-04-01')$$, 'P0001',
  'Ese mes aún no está cerrado: su vista previa muestra lo que hará el cierre.', 'un mes abierto no tiene filas de cierre');
-- What the preview says now is what the closed month must list afterwards.
create temporary table before_close as
  select a.action, c.name, a.amount, private.staff_voice(a.detail) as detail, a.level_from, a.level_to
    from private.period_close_actions('2026-04-01', (select v.plan from private.plan() v)) a join public.clients c on c.id = a.client_id;
select is((engine_tests.close_month('2026-04-01')).status, 'done', 'el ejecutor cierra abril');
select bag_eq($$select action, client_name, amount, detail, level_from, level_to, total from public.get_closed_month_rows('2026-04-01')$$,
  $$select action, name, amount, detail, level_from, level_to, (select count(*) from before_close) from before_close$$,
  'el mes cerrado lista lo que anunció su vista previa: cada anulación con su motivo e importe, cada bono de volumen, en su orden');
select results_eq($$select count(*)::integer, min(total), string_agg(distinct action, ',') from public.get_closed_month_rows('2026-04-01', 2, 3)$$,
  $$values (3, 8::bigint, 'forfeit')$$, 'paginado en el servidor, con el total de filas, el bono primero y las anulaciones después');
-- Without the finance claim: who and why, never the money.
insert into public.staff_invitations (email, role, finance) values ('motor.diego@tests.savia', 'superadmin', false);
insert into engine_tests.ids values ('diego', gen_random_uuid(), engine_tests.user_for('motor.diego@tests.savia'));
select engine_tests.act_as('diego');
select results_eq($$select count(*)::integer, count(amount)::integer, count(*) filter (where detail ~ '[0-9],[0-9]{2}|US\$')::integer
                      from public.get_closed_month_rows('2026-04-01')$$,
  $$values (8, 0, 0)$$, 'sin finanzas: las mismas filas, sin importes ni cifras de dinero en el motivo');

select * from finish();
rollback;
