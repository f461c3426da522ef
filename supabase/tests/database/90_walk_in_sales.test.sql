-- A direct sale to a walk-in buyer (issue 25, «Smaller»): staff sell in «Nueva venta directa» to a
-- person who is not a member. create_direct_sale (20250701071000_engine_sales.sql) with no member and
-- the buyer's name: the sale is Pagada, its stock leaves and it counts in revenue (Ventas' totals,
-- product sales, the Dashboard, Finanzas) like any direct sale, but nobody earns points or
-- commissions, no month totals or group points move, nobody becomes active, and no member reads it.
--
-- Fixture prices (50_engine_fixture.psql): Té 33.33 (base 33.33, 50 pts, stock 100), Cúrcuma 20.00
-- (base 15.00, 30 pts, stock 3). Gala is the seventh generation of a chain whose every level pays.
begin;
\ir 50_engine_fixture.psql
select plan(53);

-- The fixture emptied the engine's tables under the kept summaries' feet: start them from it.
truncate private.dashboard_months;
select private.rebuild_dashboard_months();
truncate private.sale_line_costs, private.finance_product_months, private.finance_months;
select pg_advisory_xact_lock(hashtext('savia.group_points')); -- keep the scheduled folder out
truncate private.group_points, private.group_points_pending;

select engine_tests.at('2026-03-11 10:00:00-05');
select engine_tests.act_as('admin');
select (public.create_direct_sale(null, engine_tests.items('te', '2', 'curcuma', '1'), 'efectivo', 'CAJA-7', null, null,
        '  Rosa Díaz ', '1.020.304-5', '+57 (300) 123-4567', ' Rosa.Diaz@Correo.com ')).id as walk_in \gset

-- The sale -------------------------------------------------------------------------------------------
select results_eq(
  $$select status, kind, client_id, buyer_name, buyer_document_number, buyer_phone, buyer_email, total, commissionable_total, points_total, period_month
      from public.sales where id = $$ || quote_literal(:'walk_in'),
  $$values ('Pagada', 'direct', null::uuid, 'Rosa Díaz', '1.020.304-5', '+57 (300) 123-4567', 'rosa.diaz@correo.com',
            86.66::numeric(12,2), 81.66::numeric(12,2), 0, date '2026-03-01')$$,
  'la venta al cliente sin membresía nace Pagada, sin miembro, con sus datos limpios y sin puntos');
select is((select sum(unit_points) from public.sale_items where sale_id = :'walk_in'), 0::bigint, 'sus líneas no llevan puntos');

-- No reward, no points, no activity ----------------------------------------------------------------------
select is_empty($$select 1 from public.reward_transactions$$, 'no escribe ningún asiento: ni puntos ni comisiones a nadie');
select is_empty($$select 1 from private.member_period_totals$$, 'ningún total del mes se mueve (ni puntos, ni ventas propias, ni ingresos)');
select is_empty($$select 1 from private.group_points_pending$$, 'ni puntos grupales pendientes');
select is_empty($$select 1 from private.group_points$$, 'ni puntos grupales');
select is((select count(*) from public.clients where is_active), 0::bigint, 'nadie queda activo por esta compra');
select is_empty($$select 1 from private.notifications_staged union all select 1 from public.notifications$$, 'nadie recibe un aviso de ganancia (ni por publicar)');

-- Stock and revenue ---------------------------------------------------------------------------------------
select results_eq($$select sku, stock from public.products where sku in ('M-TE', 'M-CURCUMA') order by sku$$,
  $$values ('M-CURCUMA', 2), ('M-TE', 98)$$, 'el stock sale: 2 tés y 1 cúrcuma');
select results_eq($$select p.sku, m.quantity, m.kind from public.stock_movements m join public.products p on p.id = m.product_id
                     where m.sale_id = $$ || quote_literal(:'walk_in') || $$ order by p.sku$$,
  $$values ('M-CURCUMA', -1, 'sale'), ('M-TE', -2, 'sale')$$, 'un movimiento de venta por línea');
select results_eq($$select status, kind, sum(sales_count)::bigint, sum(total), sum(commissionable_total), sum(points_total)::bigint
                      from private.sales_daily where day = '2026-03-11' group by 1, 2$$,
  $$values ('Pagada', 'direct', 1::bigint, 86.66::numeric, 81.66::numeric, 0::bigint)$$, 'cuenta en las ventas del día');
select results_eq($$select p.sku, d.units, d.revenue from private.product_sales_daily d join public.products p on p.id = d.product_id
                     where d.day = '2026-03-11' order by 1$$,
  $$values ('M-CURCUMA', 1, 20.00::numeric), ('M-TE', 2, 66.66::numeric)$$, 'y en las ventas por producto');
select is((select sum(commissionable_sales) from private.dashboard_months where month = '2026-03-01'), 81.66::numeric,
  'y en las ventas del mes del Dashboard');
select is((select sum(commissions + bonuses) from private.dashboard_months where month = '2026-03-01'), 0::numeric,
  'sin comisiones ni bonos en el Dashboard');
select results_eq($$select p.sku, c.units, c.unit_price from private.sale_line_costs c join public.products p on p.id = c.product_id
                     where c.sale_id = $$ || quote_literal(:'walk_in') || $$ order by 1$$,
  $$values ('M-CURCUMA', 1, 20.00::numeric(12,2)), ('M-TE', 2, 33.33::numeric(12,2))$$, 'y en los costos de lo vendido de Finanzas');
select results_eq($$select sales_count, total, points_total from public.get_sales_totals(p_kind => 'direct')$$,
  $$values (1::bigint, 86.66::numeric, 0::bigint)$$, 'y en los totales de Ventas');

-- The kept summaries agree with their computation from scratch ---------------------------------------------
select is_empty($$select * from private.sales_aggregate_violations()$$, 'ventas por día y por producto: coinciden');
select is_empty($$select * from private.product_committed_violations()$$, 'unidades comprometidas: coinciden');
select is_empty($$select * from private.dashboard_month_violations()$$, 'Dashboard: coincide');
select is_empty($$select * from private.finance_month_violations()$$, 'Finanzas: coincide');
select is_empty($$select * from private.engine_invariant_violations()$$, 'libros del motor: coinciden');
select is_empty($$select * from private.group_points_violations()$$, 'puntos de la red: coinciden');

-- Ventas, its detail, its export and the Bitácora name the buyer -----------------------------------------------
select results_eq($$select client_id, client_name, client_email, kind, total from public.search_sales(p_kind => 'direct')$$,
  $$values (null::uuid, 'Rosa Díaz', 'rosa.diaz@correo.com', 'direct', 86.66::numeric)$$, 'la lista de Ventas la muestra con el nombre del comprador');
select results_eq($$select client_id, client_name from public.export_sales(p_kind => 'direct')$$,
  $$values (null::uuid, 'Rosa Díaz')$$, 'la exportación también');
select is(public.get_sale_detail(:'walk_in') -> 'walk_in_buyer',
  '{"name": "Rosa Díaz", "document_number": "1.020.304-5", "phone": "+57 (300) 123-4567", "email": "rosa.diaz@correo.com"}'::jsonb,
  'el detalle trae los datos del cliente sin membresía');
select ok(public.get_sale_detail(:'walk_in') -> 'member' = 'null'::jsonb and public.get_sale_detail(:'walk_in') -> 'entries' = '[]'::jsonb,
  'sin miembro y sin asientos');
select is(private.audit_sentence(a), 'motor.admin@tests.savia registró la venta #' || (select sale_no from public.sales where id = :'walk_in') || ' de Rosa Díaz (cliente sin membresía)')
  from public.audit_logs a where a.table_name = 'sales' and a.row_id = :'walk_in' and a.action = 'INSERT';

-- Bad input is refused, in Spanish, naming the field ----------------------------------------------------------------
select throws_ok($$select public.create_direct_sale(null, engine_tests.items('te', '1'))$$, 'P0001',
  'Escribe el nombre del cliente sin membresía (entre 2 y 120 caracteres).', 'sin miembro ni nombre: se pide el nombre');
select throws_ok($$select public.create_direct_sale(null, engine_tests.items('te', '1'), p_buyer_name => ' R ')$$, 'P0001',
  'Escribe el nombre del cliente sin membresía (entre 2 y 120 caracteres).', 'un nombre de una letra tampoco');
select throws_ok($$select public.create_direct_sale(null, engine_tests.items('te', '1'), p_buyer_name => 'Rosa', p_buyer_document_number => '12')$$, 'P0001',
  'El documento debe tener entre 4 y 40 letras o números (puede llevar puntos y guiones).', 'un documento corto');
select throws_ok($$select public.create_direct_sale(null, engine_tests.items('te', '1'), p_buyer_name => 'Rosa', p_buyer_phone => '300-abc')$$, 'P0001',
  'El teléfono debe tener entre 7 y 15 dígitos; puede llevar +, espacios, guiones y paréntesis.', 'un teléfono con letras');
select throws_ok($$select public.create_direct_sale(null, engine_tests.items('te', '1'), p_buyer_name => 'Rosa', p_buyer_email => 'rosa@correo')$$, 'P0001',
  'El correo no parece válido: revisa que tenga la forma nombre@dominio.com.', 'un correo sin dominio');
select throws_ok($$select public.create_direct_sale(null, engine_tests.items('te', '1'), p_buyer_name => '=HYPERLINK("x")')$$, 'P0001',
  'No empieces el nombre del cliente con =, + ni @: una hoja de cálculo ejecutaría ese texto como una fórmula.', 'un nombre que sería una fórmula');
select throws_ok(format($$select public.create_direct_sale(%L, engine_tests.items('te', '1'), p_buyer_name => 'Rosa')$$, engine_tests.id('gala')), 'P0001',
  'La venta es para un miembro o para un cliente sin membresía, no para los dos: elige uno.', 'un miembro y un cliente a la vez no');
create function engine_tests.refusal(p_sql text) returns text[] language plpgsql as $$
declare
  v_hint text;
  v_detail text;
begin
  execute p_sql;
  return null;
exception when others then
  get stacked diagnostics v_hint = pg_exception_hint, v_detail = pg_exception_detail;
  return array[v_hint, v_detail];
end
$$;
select is(engine_tests.refusal($$select public.create_direct_sale(null, engine_tests.items('te', '1'), p_buyer_name => 'Rosa', p_buyer_phone => '12')$$),
  array['savia:invalid_phone', 'buyer_phone'], 'la negativa nombra su código y su campo, para marcarlo en el formulario');
select is(engine_tests.refusal($$select public.create_direct_sale(null, engine_tests.items('te', '1'), p_buyer_name => '@Rosa')$$),
  array['savia:formula_not_allowed', 'buyer_name'], 'la fórmula también');
select throws_ok($$insert into public.sales (kind, status, buyer_name) values ('order', 'Pendiente de Aprobación', 'Rosa')$$, '23514', null,
  'un pedido sin miembro no existe: solo una venta directa es a un cliente sin membresía');
select throws_ok($$insert into public.sales (kind, status, approved_at, period_month) values ('direct', 'Pagada', now(), '2026-03-01')$$, '23514', null,
  'una venta sin miembro ni cliente no existe');
select throws_ok(format($$insert into public.sales (client_id, kind, status, approved_at, period_month, buyer_phone) values (%L, 'direct', 'Pagada', now(), '2026-03-01', '3001234567')$$, engine_tests.id('gala')),
  '23514', null, 'los datos de un cliente sin membresía no van en la venta de un miembro');
select throws_ok(format($$update public.sales set buyer_name = 'Otra persona' where id = %L$$, :'walk_in'), 'P0001',
  'El tipo y el comprador de una venta no cambian.', 'el comprador no cambia después');
select engine_tests.act_as('gala');
select throws_ok($$select public.create_direct_sale(null, engine_tests.items('te', '1'), p_buyer_name => 'Rosa')$$, 'P0001',
  'Solo el personal (admin o superadmin) puede realizar esta acción.', 'un miembro no hace ventas directas');

-- No member reads it ------------------------------------------------------------------------------------------------------
set local role authenticated;
select is_empty(format($$select 1 from public.sales where id = %L$$, :'walk_in'), 'un miembro no lee la venta');
select is_empty(format($$select 1 from public.sale_items where sale_id = %L$$, :'walk_in'), 'ni sus líneas');
select throws_ok(format($$select * from public.get_sale_lines(%L)$$, :'walk_in'), 'P0001', 'La venta no existe.', 'ni por get_sale_lines');
reset role;
select engine_tests.act_as('admin');
set local role authenticated;
select isnt_empty(format($$select 1 from public.sales where id = %L$$, :'walk_in'), 'el personal sí la lee');
reset role;

-- Nor the account that recorded it, once it is a member's: staff revoked, then enrolled with the same
-- Google address (here: Olga's record linked to it). The enrolments a member placed stay theirs to read
-- (53_orders_screens); a direct sale recorded as staff does not become theirs.
select auth_uid as olga_user from public.clients where id = engine_tests.id('olga') \gset
update public.users_roles set role = 'cliente', finance = false where user_id = (select user_id from engine_tests.ids where key = 'admin');
update public.clients set auth_uid = (select user_id from engine_tests.ids where key = 'admin') where id = engine_tests.id('olga');
select engine_tests.act_as('admin');
set local role authenticated;
select is_empty(format($$select 1 from public.sales where id = %L$$, :'walk_in'), 'quien la registró, ya miembro, no la lee');
select is_empty(format($$select 1 from public.sale_items where sale_id = %L$$, :'walk_in'), 'ni sus líneas');
select throws_ok(format($$select * from public.get_sale_lines(%L)$$, :'walk_in'), 'P0001', 'La venta no existe.', 'ni por get_sale_lines');
reset role;
update public.clients set auth_uid = :'olga_user' where id = engine_tests.id('olga');
update public.users_roles set role = 'admin' where user_id = (select user_id from engine_tests.ids where key = 'admin');

-- Cancelling it gives the stock back and reverses nothing --------------------------------------------------------------------
select engine_tests.at('2026-03-12 10:00:00-05');
select engine_tests.act_as('admin');
select is((public.cancel_sale(:'walk_in', 'La clienta devolvió el pedido') ->> 'reversals')::integer, 0, 'al cancelarla no hay contraasientos');
select results_eq($$select sku, stock from public.products where sku in ('M-TE', 'M-CURCUMA') order by sku$$,
  $$values ('M-CURCUMA', 3), ('M-TE', 100)$$, 'el stock vuelve');
select is_empty($$select * from private.sales_aggregate_violations()$$, 'las ventas por día siguen coincidiendo');
select is_empty($$select * from private.dashboard_month_violations()$$, 'el Dashboard también');
select is_empty($$select * from private.finance_month_violations()$$, 'y Finanzas');

select * from finish();
rollback;
