-- The reads behind the money-loop screens (Mi Cuenta, Hacer un Pedido, Mis Recompensas,
-- Aprobaciones, Pagos), on the engine's fixture (50_engine_fixture.psql): every figure computed by
-- hand, and who may read what.
--
-- March 2026, clock 2026-03-10: Fabio buys 1 × Té (33.33, 50 pts), approved: Elena g1 3.33, Darío g2
-- 1.67, Celia g3 1.33, Bruno g4 1.00, Amparo g5 0.67. Nobody but Fabio has personal points.
begin;
\ir 50_engine_fixture.psql
select plan(52);

select engine_tests.at('2026-03-10 10:00:00-05');
select engine_tests.order_as('fabio', engine_tests.items('te', '1')) as s1 \gset
select engine_tests.approve(:'s1');

-- get_member_month ---------------------------------------------------------------------------------------
select engine_tests.act_as('elena');
select results_eq($$select month, month_closed, is_current, days_left, month_end, personal_points, activity_points, is_active,
                           points_missing, pending_income, at_risk_amount from public.get_member_month()$$,
  $$values ('2026-03-01'::date, false, true, 22, '2026-03-31'::date, 0, 100, false, 100, 3.33::numeric, 3.33::numeric)$$,
  'Elena, inactiva el 10 de marzo: 22 días (hoy incluido), 100 puntos por hacer y 3.33 que perdería al cierre');
select results_eq($$select star_level, star_name, group_points, next_level, next_level_name, next_level_group_points, currency
                      from public.get_member_month()$$,
  $$values (1::smallint, 'Estrella 1'::text, 50, 2::smallint, 'Estrella 2'::text, 1000, 'USD'::text)$$,
  'su nivel, sus puntos de grupo (los 50 de Fabio) y lo que pide el siguiente nivel');
select engine_tests.act_as('fabio');
select results_eq($$select personal_points, is_active, points_missing, pending_income, at_risk_amount, group_points from public.get_member_month()$$,
  $$values (50, false, 50, 0::numeric, 0::numeric, 50)$$, 'Fabio: 50 puntos propios, sin ingresos que perder');
select engine_tests.act_as('amparo');
select results_eq($$select group_points, next_level, at_risk_amount from public.get_member_month()$$,
  $$values (50, null::smallint, 0.67::numeric)$$, 'Amparo, en el nivel más alto: no hay siguiente nivel; perdería sus 0.67');

select engine_tests.act_as('elena');
select throws_ok(format('select * from public.get_member_month(%L)', engine_tests.id('fabio')), 'P0001',
  'Solo puedes ver tu propio mes.', 'un miembro no lee el mes de otro');
select throws_ok($$select * from public.get_member_month(null, '2026-04-01')$$, 'P0001',
  'El mes de abril de 2026 aún no ha empezado.', 'ni un mes futuro');
select throws_ok($$select * from public.get_member_month(null, '2026-03-05')$$, 'P0001',
  'Indica el mes como su primer día (por ejemplo 2026-03-01).', 'el mes es su primer día');
select engine_tests.act_as('admin');
select throws_ok('select * from public.get_member_month()', 'P0001', 'Indica de qué miembro quieres ver el mes.',
  'el personal dice de qué miembro');
select is((select pending_income from public.get_member_month(engine_tests.id('elena'))), 3.33::numeric, 'y lee el de cualquiera');
select engine_tests.act_as('sinrol');
select throws_ok('select * from public.get_member_month()', 'P0001', null, 'una cuenta sin rol no lee nada');

-- preview_order ---------------------------------------------------------------------------------------------
select engine_tests.act_as('fabio');
select is(public.preview_order(engine_tests.items('te', '2', 'curcuma', '1')) - 'lines',
  '{"total": 86.66, "points": 130, "month": "2026-03-01", "month_points": 50, "month_points_after": 180,
    "activity_points": 100, "active_after": true, "currency": "USD"}'::jsonb,
  'el carrito con los precios y puntos de la base, y lo que hace por el mes de Fabio');
select is(public.preview_order(engine_tests.items('te', '2', 'curcuma', '1')) -> 'lines',
  format('[{"product_id": "%s", "name": "Cápsulas de cúrcuma", "quantity": 1, "unit_price": 20.00, "line_total": 20.00, "unit_points": 30, "line_points": 30, "stock": 3, "enough_stock": true},
           {"product_id": "%s", "name": "Té de moringa", "quantity": 2, "unit_price": 33.33, "line_total": 66.66, "unit_points": 50, "line_points": 100, "stock": 99, "enough_stock": true}]',
         engine_tests.id('curcuma'), engine_tests.id('te'))::jsonb,
  'cada línea con su total, sus puntos y el stock que hay');
select is(public.preview_order(engine_tests.items('curcuma', '5')) #> '{lines,0,enough_stock}', 'false'::jsonb,
  'una línea con más unidades que stock queda marcada');
select throws_ok(format('select public.preview_order(%L)', engine_tests.items('kit', '1')), 'P0001',
  '«Kit de inicio» es un kit de inicio: solo se vende al enrolar a un miembro.', 'los mismos rechazos que el pedido: un kit');
select throws_ok(format('select public.preview_order(%L)', engine_tests.items('retirado', '1')), 'P0001',
  'Uno de los productos del pedido no existe o ya no está a la venta.', 'un producto retirado');
select throws_ok(format('select public.preview_order(%L)', engine_tests.items('te', '0')), 'P0001',
  'Cada cantidad debe ser un número entero entre 1 y 10.000.', 'una cantidad cero');
select is((select count(*)::integer from public.sales), 1, 'la vista previa no escribe nada');
select throws_ok(format('select public.place_order(%L)', engine_tests.items('te', '1', 'curcuma', '5')), 'P0001',
  'No hay suficiente «Cápsulas de cúrcuma»: quedan 3.', 'un pedido de más unidades de las que hay se rechaza al hacerlo');
create function pg_temp.refusal_detail(p_sql text) returns text language plpgsql as $$
declare
  v_detail text;
begin
  execute p_sql;
  return null;
exception when others then
  get stacked diagnostics v_detail = pg_exception_detail;
  return v_detail;
end
$$;
select is(pg_temp.refusal_detail(format('select public.place_order(%L)', engine_tests.items('te', '1', 'curcuma', '5'))),
  engine_tests.id('curcuma')::text, 'y nombra el producto (detail), para que el carrito marque esa línea');
select engine_tests.act_as('admin');
select throws_ok(format('select public.preview_order(%L)', engine_tests.items('te', '1')), 'P0001',
  'Solo un miembro con su ficha vinculada puede realizar esta acción.', 'solo un miembro cotiza su carrito');

-- The close of March, then the months of the ledger ----------------------------------------------------------
select engine_tests.at('2026-04-01 00:30:00-05');
select is((private.close_period('2026-03-01', null) ->> 'forfeits')::integer, 5, 'el cierre de marzo anula las 5 comisiones de los inactivos');
select engine_tests.act_as('elena');
select results_eq($$select month_closed, is_current, days_left, is_active, pending_income, at_risk_amount, group_points
                      from public.get_member_month(null, '2026-03-01')$$,
  $$values (true, false, 0, false, 0::numeric, 0::numeric, 50)$$, 'marzo cerrado se ve como quedó: inactiva, nada pendiente');
select results_eq($$select month, closed, income, personal_points, forfeited, was_active from public.get_ledger_months()$$,
  $$values ('2026-03-01'::date, true, 0::numeric, 0, 3.33::numeric, false)$$, 'los meses de Elena: marzo, cerrado, 3.33 anulados');
select engine_tests.act_as('amparo');
select results_eq($$select month, closed, income, forfeited, was_active from public.get_ledger_months()$$,
  $$values ('2026-03-01'::date, true, 0::numeric, 0.67::numeric, false)$$, 'Amparo perdió sus 0.67');
select engine_tests.act_as('fabio');
select results_eq($$select month, closed, income, personal_points, forfeited, was_active from public.get_ledger_months()$$,
  $$values ('2026-03-01'::date, true, 0::numeric, 50, 0::numeric, false)$$, 'Fabio: 50 puntos, nada anulado');
select throws_ok(format('select * from public.get_ledger_months(%L)', engine_tests.id('elena')), 'P0001',
  'Solo puedes ver tus propias recompensas.', 'un miembro no lee los meses de otro');

-- April: Elena buys 1 × Lavanda (500 pts) and so does Fabio: Elena g1 of Fabio's (★1 10 %) 1.00. At the
-- close only Elena and Fabio are active, so Elena has 1.00 available.
select engine_tests.at('2026-04-10 10:00:00-05');
select engine_tests.approve(engine_tests.order_as('elena', engine_tests.items('lavanda', '1')));
select engine_tests.approve(engine_tests.order_as('fabio', engine_tests.items('lavanda', '1')));
select engine_tests.at('2026-05-01 00:30:00-05');
select lives_ok($$select private.close_period('2026-04-01', null)$$, 'se cierra abril');
select engine_tests.act_as('elena');
select results_eq($$select month, closed, income, personal_points, forfeited, was_active from public.get_ledger_months()$$,
  $$values ('2026-04-01'::date, true, 1.00::numeric, 500, 0::numeric, true), ('2026-03-01'::date, true, 0::numeric, 0, 3.33::numeric, false)$$,
  'Elena: abril activa con 1.00 disponible, marzo inactiva con lo anulado');

-- get_ledger: newest month first, newest entry first within it; a cursor of (month, id); filters.
select results_eq($$select period_month, type, amount, points, state from public.get_ledger(null, 2)$$,
  $$values ('2026-04-01'::date, 'commission_purchase'::text, 1.00::numeric, 0, 'disponible'::text),
           ('2026-04-01', 'points_purchase', 0, 500, 'disponible')$$, 'la primera página: abril, lo más nuevo primero');
select period_month as cur_month, id as cur_id from public.get_ledger(null, 2) order by period_month, id limit 1 \gset
select results_eq(format($$select period_month, type, amount, state, reversed_by_reason from public.get_ledger(null, 2, %L, %L)$$, :'cur_month', :'cur_id'),
  $$values ('2026-03-01'::date, 'reversal_commission'::text, -3.33::numeric, 'reverso'::text, null::text),
           ('2026-03-01', 'commission_purchase', 3.33, 'revertido', 'Beneficiario inactivo al cierre del mes')$$,
  'la página siguiente sigue en marzo: la comisión anulada al cierre dice por qué');
select results_eq($$select type from public.get_ledger(null, 50, null, null, null, array['commission_purchase'])$$,
  $$values ('commission_purchase'::text), ('commission_purchase')$$, 'filtro por tipo');
select results_eq($$select type from public.get_ledger(null, 50, null, null, '2026-04-01')$$,
  $$values ('commission_purchase'::text), ('points_purchase')$$, 'filtro por mes');
select throws_ok($$select * from public.get_ledger(null, 50, '2026-04-01')$$, 'P0001',
  'Página no válida: tamaño de 1 a 500, y el cursor con su mes y su asiento.', 'un cursor a medias se rechaza');

-- Payouts (May 2): Elena asks 0.60 and 0.30; staff approve the first and reject the second.
select engine_tests.at('2026-05-02 09:00:00-05');
update public.metadata set min_payout = 0.10 where id = 'app_settings';
select engine_tests.act_as('elena');
select (public.request_payout(0.60, 'Nequi 300 000 0001')).id as p1 \gset
select engine_tests.at('2026-05-02 09:05:00-05');
select (public.request_payout(0.30)).id as p2 \gset
select engine_tests.act_as('admin');
select results_eq($$select client_name, amount, status, payment_details, available, total from public.get_payout_queue(array['pending'])$$,
  $$values ('Elena Vega'::text, 0.60::numeric, 'pending'::text, 'Nequi 300 000 0001'::text, 0.10::numeric, 2::bigint),
           ('Elena Vega', 0.30, 'pending', null, 0.10, 2)$$,
  'la cola de pendientes, la más antigua primero, con el saldo que le queda a Elena');
select lives_ok(format('select public.approve_payout(%L)', :'p1'), 'se aprueba la primera');
select lives_ok(format('select public.reject_payout(%L, %L)', :'p2', 'Datos de pago incompletos'), 'se rechaza la segunda');
select results_eq($$select status, available from public.get_payout_queue(null, 1, 1)$$,
  $$values ('approved'::text, 0.40::numeric)$$, 'la página de uno: la aprobada, y el rechazo devolvió 0.30 al saldo');
select results_eq($$select status, requests, amount, this_month from public.get_payout_totals()$$,
  $$values ('pending'::text, 0::bigint, 0::numeric, false), ('approved', 1, 0.60, false), ('paid', 0, 0, true), ('rejected', 1, 0.30, true)$$,
  'los totales por estado');
select throws_ok($$select * from public.get_payout_queue(null, 0)$$, 'P0001', 'Página no válida: página desde 1, tamaño de 1 a 200.',
  'una página imposible se rechaza');
select engine_tests.act_as('fabio');
select throws_ok($$select * from public.get_payout_queue()$$, 'P0001',
  'Solo el personal (admin o superadmin) puede realizar esta acción.', 'un miembro no ve la cola de cobros');
select throws_ok($$select * from public.get_payout_totals()$$, 'P0001', null, 'ni sus totales');
select throws_ok($$select * from public.get_staff_work_counts()$$, 'P0001', null, 'ni el trabajo del personal');
select throws_ok(format('select public.get_sale_checks(%L)', :'s1'), 'P0001', null, 'ni las comprobaciones de una venta');

-- Work counts and checks before approving ------------------------------------------------------------------------------
select engine_tests.act_as('gala');
select (public.place_order(engine_tests.items('curcuma', '3'), 'transferencia', 'REF-77')).id as s3 \gset
select engine_tests.act_as('olga');
select (public.place_order(engine_tests.items('te', '1'), 'transferencia', ' ref-77 ')).id as s4 \gset
select engine_tests.act_as('admin');
select public.create_direct_sale(engine_tests.id('olga'), engine_tests.items('curcuma', '2')) is not null as direct \gset
select results_eq($$select pending_approvals, oldest_pending_at, pending_payouts, approved_payouts from public.get_staff_work_counts()$$,
  $$values (2::bigint, '2026-05-02 09:05:00-05'::timestamptz, 0::bigint, 1::bigint)$$, 'dos ventas esperan aprobación desde el 2 de mayo a las 9:05; un cobro aprobado sin pagar');
select is(public.get_sale_checks(:'s3') #>> '{reference_reuse,0,sale_id}', :'s4', 'la misma referencia (sin distinguir mayúsculas ni espacios) en otra venta');
select is(public.get_sale_checks(:'s3') #> '{stock,0}',
  format('{"product_id": "%s", "name": "Cápsulas de cúrcuma", "needed": 3, "stock": 1, "short": 2, "active": true}', engine_tests.id('curcuma'))::jsonb,
  'faltarían 2 cápsulas: quedan 1 tras la venta directa');
select is(public.get_sale_checks(:'s3') -> 'enrolment', 'null'::jsonb, 'un pedido no tiene datos de enrolamiento');

select engine_tests.act_as('dario');
select (public.enrol_member('Nora Nueva', 'nora.nueva@tests.savia', engine_tests.id('kit'), p_document_number => 'CC 123')).id as s5 \gset
-- enrol_member refuses a staff address; an invitation sent to it afterwards is what the approver must see.
insert into public.staff_invitations (email, role) values ('nora.nueva@tests.savia', 'admin');
select engine_tests.act_as('admin');
select results_eq(format($$select x ->> 'name', x ->> 'enroller_name', (x ->> 'email_is_staff')::boolean, (x ->> 'earlier_attempts')::integer
                             from (select public.get_sale_checks(%L) -> 'enrolment' as x) q$$, :'s5'),
  $$values ('Nora Nueva'::text, 'Darío León'::text, true, 0)$$, 'un enrolamiento muestra a la persona y avisa de que su correo es del personal');
select throws_ok($$select public.get_sale_checks('00000000-0000-4000-8000-000000000000')$$, 'P0001', 'La venta no existe.',
  'una venta que no existe');

-- Mis Pedidos: the member who placed an enrolment reads it and its lines; nobody else does.
create function pg_temp.visible_to(p_member text, p_sql text) returns integer language plpgsql as $$
declare
  v_n integer;
begin
  perform engine_tests.act_as(p_member);
  perform set_config('role', 'authenticated', true);
  execute 'select count(*) from (' || p_sql || ') q' into v_n;
  perform set_config('role', 'none', true);
  return v_n;
end
$$;
select is(pg_temp.visible_to('dario', format('select 1 from public.sales where id = %L', :'s5')), 1, 'Darío ve el enrolamiento que hizo');
select is(pg_temp.visible_to('dario', format('select 1 from public.sale_items where sale_id = %L', :'s5')), 1, 'y su línea (el kit)');
select is(pg_temp.visible_to('olga', format('select 1 from public.sales where id = %L', :'s5')), 0, 'otro miembro no lo ve');

select * from finish();
rollback;
