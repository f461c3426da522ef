-- Aprobaciones' queue (20250701091000_reads_back_office.sql): the pending sales oldest first, a page at a
-- time with the exact total, each with its member and lines; staff only. On the engine's fixture
-- (50_engine_fixture.psql).
--
-- March 10, 2026 in Bogotá: Fabio orders 1 × Té at 10:00 (s1); Elena 2 × Lavanda and 1 × Té at 10:05
-- (s2); Darío enrols Nora at 10:10 (s3); Gala orders at 10:15 (s4), approved at 11:00, so it leaves
-- the queue; Olga orders at 10:20 (s5); Gala and Olga both at 10:30 (s6, s7: the same instant, the
-- sale's id decides). Pending: s1 s2 s3 s5 and the pair, six.
begin;
\ir 50_engine_fixture.psql
select plan(20);

select engine_tests.at('2026-03-10 10:00:00-05');
select engine_tests.order_as('fabio', engine_tests.items('te', '1')) as s1 \gset
select engine_tests.at('2026-03-10 10:05:00-05');
select engine_tests.order_as('elena', engine_tests.items('lavanda', '2', 'te', '1')) as s2 \gset
select engine_tests.at('2026-03-10 10:10:00-05');
select engine_tests.act_as('dario');
select (public.enrol_member('Nora Gil', 'motor.nora@tests.savia', engine_tests.id('kit'))).id as s3 \gset
select engine_tests.at('2026-03-10 10:15:00-05');
select engine_tests.order_as('gala', engine_tests.items('te', '1')) as s4 \gset
select engine_tests.at('2026-03-10 10:20:00-05');
select engine_tests.order_as('olga', engine_tests.items('lavanda', '1')) as s5 \gset
select engine_tests.at('2026-03-10 10:30:00-05');
select engine_tests.order_as('gala', engine_tests.items('lavanda', '1')) as s6 \gset
select engine_tests.order_as('olga', engine_tests.items('te', '1')) as s7 \gset
select engine_tests.at('2026-03-10 11:00:00-05');
select engine_tests.approve(:'s4');
-- The pair at 10:30 in id order, as the queue breaks the tie.
select least(:'s6'::uuid, :'s7'::uuid) as t1, greatest(:'s6'::uuid, :'s7'::uuid) as t2 \gset

create function pg_temp.page(p_page integer, p_size integer) returns table (ids uuid[], total integer) language sql as $$
  select coalesce(array(select (e ->> 'id')::uuid from jsonb_array_elements(q -> 'sales') with ordinality x(e, n) order by n), '{}'),
         (q ->> 'total')::integer
    from public.get_approval_queue(p_page, p_size) q
$$;

-- Order and total -------------------------------------------------------------------------------------------
select engine_tests.act_as('admin');
select results_eq($$select ids, total from pg_temp.page(1, 50)$$,
  format($$values (array[%L, %L, %L, %L, %L, %L]::uuid[], 6)$$, :'s1', :'s2', :'s3', :'s5', :'t1', :'t2'),
  'las seis pendientes, la más antigua primero (el enrolamiento incluido, la aprobada no); a la misma hora decide el id');
select engine_tests.act_as('super');
select results_eq($$select total from pg_temp.page(1, 20)$$, $$values (6)$$, 'el superadmin también la lee');
select engine_tests.act_as('admin');

-- Paging: each page picks its slice of that order, the total stays the whole queue -----------------------------
select results_eq($$select ids, total from pg_temp.page(1, 2)$$, format($$values (array[%L, %L]::uuid[], 6)$$, :'s1', :'s2'), 'página 1 de 2 en 2');
select results_eq($$select ids, total from pg_temp.page(2, 2)$$, format($$values (array[%L, %L]::uuid[], 6)$$, :'s3', :'s5'), 'página 2');
select results_eq($$select ids, total from pg_temp.page(3, 2)$$, format($$values (array[%L, %L]::uuid[], 6)$$, :'t1', :'t2'), 'página 3: el par de las 10:30');
select results_eq($$select ids, total from pg_temp.page(4, 2)$$, $$values ('{}'::uuid[], 6)$$,
  'una página pasada del final no trae ventas, pero sí el total (la pantalla salta a la última)');
select results_eq($$select ids, total from pg_temp.page(2, 4)$$, format($$values (array[%L, %L]::uuid[], 6)$$, :'t1', :'t2'),
  'página 2 de 4 en 4: las dos que quedan');

-- Each sale as the screen shows it: the sale, its member, its lines with the product as it is now ------------------
select is((select (q -> 'sales' -> 1) - 'created_at' - 'client' - 'items' - 'id' - 'client_id' - 'sale_no' from public.get_approval_queue(1, 20) q),
  jsonb_build_object('kind', 'order', 'status', 'Pendiente de Aprobación', 'total', 53.33, 'commissionable_total', 53.33,
                     'points_total', 1050, 'period_month', null, 'payment_method', 'transferencia', 'payment_reference', null,
                     'voucher_path', null, 'delivery_address', null, 'notes', null, 'rejection_reason', null,
                     'cancellation_reason', null, 'approved_at', null, 'delivered_at', null, 'rejected_at', null, 'cancelled_at', null,
                     'email_check', null, 'fraud_signs', '[]'::jsonb),
  's2 (Elena): 2 × 10.00 + 33.33 = 53.33, 2 × 500 + 50 = 1,050 puntos, por transferencia');
select is((select (q -> 'sales' -> 1 -> 'client') - 'id' from public.get_approval_queue(1, 20) q),
  jsonb_build_object('name', 'Elena Vega', 'email', 'motor.elena@tests.savia', 'phone', null, 'document_number', 'CC 10000005', 'city', null, 'address', null),
  'con su miembro');
select results_eq($$select (q -> 'sales' -> 1 ->> 'client_id')::uuid, (q -> 'sales' -> 1 -> 'client' ->> 'id')::uuid,
                           (q -> 'sales' -> 1 ->> 'created_at')::timestamptz
                      from public.get_approval_queue(1, 20) q$$,
  format($$values (%L::uuid, %L::uuid, '2026-03-10 10:05:00-05'::timestamptz)$$, engine_tests.id('elena'), engine_tests.id('elena')),
  'su miembro es el de la venta, y la venta dice cuándo llegó');
select is((select q -> 'sales' -> 1 -> 'items' from public.get_approval_queue(1, 20) q),
  jsonb_build_array(
    jsonb_build_object('product_id', engine_tests.id('lavanda'), 'quantity', 2, 'unit_price', 10.00, 'unit_points', 500, 'line_total', 20.00,
                       'product', jsonb_build_object('name', 'Aceite de lavanda', 'image_path', null, 'stock', 100, 'is_active', true)),
    jsonb_build_object('product_id', engine_tests.id('te'), 'quantity', 1, 'unit_price', 33.33, 'unit_points', 50, 'line_total', 33.33,
                       'product', jsonb_build_object('name', 'Té de moringa', 'image_path', null, 'stock', 99, 'is_active', true))),
  'y sus dos líneas por nombre, con el stock de ahora: el té que s4 se llevó al aprobarse ya no está (99)');
select results_eq($$select q -> 'sales' -> 2 ->> 'kind', q -> 'sales' -> 2 ->> 'status', q -> 'sales' -> 2 -> 'client' ->> 'name',
                           q -> 'sales' -> 2 -> 'items' -> 0 -> 'product' ->> 'name'
                      from public.get_approval_queue(1, 20) q$$,
  $$values ('enrollment'::text, 'Pendiente de Enrolamiento'::text, 'Nora Gil'::text, 'Kit de inicio'::text)$$,
  's3: el enrolamiento de Nora, con su kit');

-- A product withdrawn since: the line shows it as it is now.
update public.products set is_active = false where id = engine_tests.id('te');
select is((select q -> 'sales' -> 0 -> 'items' -> 0 -> 'product' from public.get_approval_queue(1, 20) q),
  jsonb_build_object('name', 'Té de moringa', 'image_path', null, 'stock', 99, 'is_active', false),
  's1: el té retirado después del pedido se ve retirado');

-- Only staff; a page must be a page --------------------------------------------------------------------------------
select engine_tests.act_as('fabio');
select throws_ok($$select public.get_approval_queue(1, 20)$$, 'P0001', 'Solo el personal (admin o superadmin) puede realizar esta acción.',
  'un miembro no lee la cola (ni siquiera sus propias ventas por aquí)');
select engine_tests.act_as('sinrol');
select throws_ok($$select public.get_approval_queue(1, 20)$$, 'P0001', 'Solo el personal (admin o superadmin) puede realizar esta acción.',
  'una cuenta sin rol tampoco');
select engine_tests.act_as('nadie');
select throws_ok($$select public.get_approval_queue(1, 20)$$, 'P0001', 'Solo el personal (admin o superadmin) puede realizar esta acción.',
  'sin sesión, tampoco');
set local role anon;
select throws_ok($$select public.get_approval_queue(1, 20)$$, '42501', null, 'anon no puede llamar a la función');
reset role;
select engine_tests.act_as('admin');
set local role authenticated;
select is((public.get_approval_queue(1, 1) ->> 'total')::integer, 6, 'el rol authenticated sí la llama (el admin por la API)');
reset role;
select throws_ok($$select public.get_approval_queue(0, 20)$$, 'P0001', 'Página no válida: página desde 1, tamaño de 1 a 200.', 'la página 0 no existe');
select throws_ok($$select public.get_approval_queue(1, 201)$$, 'P0001', 'Página no válida: página desde 1, tamaño de 1 a 200.', 'más de 200 por página no');

select * from finish();
rollback;
