-- The read behind Mis Pedidos (get_sale_lines), on the engine's fixture (50_engine_fixture.psql):
-- the lines of a sale with their products' names even after a product is withdrawn, for exactly
-- the people who may read the sale. Figures by hand: Fabio orders 2 × Té de moringa (33.33, 50 pts)
-- and 1 × Cápsulas de cúrcuma (20.00, 30 pts): 66.66 and 100 pts, 20.00 and 30 pts.
begin;
\ir 50_engine_fixture.psql
select plan(12);

select engine_tests.at('2026-03-10 10:00:00-05');
select engine_tests.order_as('fabio', engine_tests.items('te', '2', 'curcuma', '1')) as s1 \gset

select engine_tests.act_as('fabio');
select results_eq(format($$select name, quantity, unit_price, unit_points, line_total, line_points, is_active, is_kit, stock
                             from public.get_sale_lines(%L)$$, :'s1'),
  $$values ('Cápsulas de cúrcuma'::text, 1, 20.00::numeric, 30, 20.00::numeric, 30, true, false, 3),
           ('Té de moringa', 2, 33.33, 50, 66.66, 100, true, false, 100)$$,
  'el comprador lee sus líneas por nombre, con subtotal, puntos y el stock de hoy');

-- The tea is withdrawn after the order (the member's catalogue no longer shows it), yet their order
-- still names it, marked as no longer for sale.
update public.products set is_active = false where id = engine_tests.id('te');
select results_eq(format($$select name, quantity, line_total, is_active from public.get_sale_lines(%L) where not is_active$$, :'s1'),
  $$values ('Té de moringa'::text, 2, 66.66::numeric, false)$$,
  'y su pedido lo sigue nombrando, marcado como retirado');
select results_eq(format($$select sku, product_id from public.get_sale_lines(%L) order by sku$$, :'s1'),
  format($$values ('M-CURCUMA'::text, %L::uuid), ('M-TE', %L)$$, engine_tests.id('curcuma'), engine_tests.id('te')),
  'cada línea con su producto y su SKU (para «Volver a pedir»)');

-- An enrolment: the buyer is the new person; the member who placed it reads its lines too.
select engine_tests.act_as('dario');
select (public.enrol_member('Nora Nueva', 'nora.nueva@tests.savia', engine_tests.id('kit'))).id as s2 \gset
select results_eq(format($$select name, quantity, unit_price, line_points, is_kit from public.get_sale_lines(%L)$$, :'s2'),
  $$values ('Kit de inicio'::text, 1, 100.00::numeric, 40, true)$$, 'quien enrola lee el kit del enrolamiento que hizo');

-- Who may not read them.
select engine_tests.act_as('olga');
select throws_ok(format('select * from public.get_sale_lines(%L)', :'s1'), 'P0001', 'La venta no existe.',
  'otro miembro no lee las líneas de un pedido ajeno (ni sabe si existe)');
select engine_tests.act_as('elena');
select throws_ok(format('select * from public.get_sale_lines(%L)', :'s1'), 'P0001', 'La venta no existe.',
  'tampoco el patrocinador del comprador');
select engine_tests.act_as('fabio');
select throws_ok(format('select * from public.get_sale_lines(%L)', :'s2'), 'P0001', 'La venta no existe.',
  'ni el comprador lee un enrolamiento que no hizo');
select throws_ok(format('select * from public.get_sale_lines(%L)', gen_random_uuid()), 'P0001', 'La venta no existe.',
  'una venta que no existe');
select engine_tests.act_as('sinrol');
select throws_ok(format('select * from public.get_sale_lines(%L)', :'s1'), 'P0001', 'La venta no existe.',
  'una cuenta sin rol no lee nada');
select engine_tests.act_as('nadie');
select throws_ok(format('select * from public.get_sale_lines(%L)', :'s1'), 'P0001', 'La venta no existe.',
  'sin sesión tampoco');

-- Staff read any sale's lines.
select engine_tests.act_as('admin');
select is((select count(*)::integer from public.get_sale_lines(:'s1')), 2, 'el personal lee las líneas de cualquier venta');

-- The API's anonymous role may not even call it; signed-in people may (the function decides).
select ok(not has_function_privilege('anon', 'public.get_sale_lines(uuid)', 'execute')
          and has_function_privilege('authenticated', 'public.get_sale_lines(uuid)', 'execute'),
  'anon no puede ejecutarla; authenticated sí');

select * from finish();
rollback;
