-- The Dashboard (20250701082000_kept_dashboard_and_finance.sql, 20250701091000_reads_back_office.sql):
-- the kept month figures equal a computation from scratch
-- after approvals, a cancellation (also after the close), payouts and a close, and get_dashboard's
-- figures, counted by hand on the engine fixture.
--
-- Chain: Amparo ★5 ─ Bruno ★4 ─ Celia ★3 ─ Darío ★2 ─ Elena ★1 ─ Fabio ★1 ─ Gala ★1; Olga ★1 alone.
-- Té 33.33 (base 33.33, 50 pts), Cúrcuma 20.00 (base 15.00, 30 pts, stock 3), Lavanda 10.00 (500 pts).
-- A ★1 member is paid the 1st generation only: Gala's buys pay Fabio 10 % alone.
--
-- March 2026:
--   03-10 Gala 2 Té (A) 66.66 → Fabio 6.67          03-11 Gala 1 Lavanda (B) 10.00 → Fabio 1.00
--   03-11 Amparo 1 Lavanda 10.00 (root: no commission)
--   03-12 Gala 1 Té (C) 33.33 → Fabio 3.33, cancelled 03-13 → −3.33
--   03-12 Fabio 1 Té 33.33 → Elena 3.33, Darío 1.67, Celia 1.33, Bruno 1.00, Amparo 0.67 = 8.00
--   03-12 Olga 1 Té, left pending.
--   Sales (Pagada): 4, 119.99; commissions 19.00, reversals −3.33: net 15.67; ratio 15.67 / 119.99 = 0.1306.
--   Active: Gala (600 pts), Amparo (500); close to it: Fabio (50).
-- The close (04-02): forfeits Fabio 7.67, Elena 3.33, Darío 1.67, Celia 1.33, Bruno 1.00 = 15.00; Amparo's
--   volume bonus 5 % of 109.99 = 5.50. March nets 6.17: factor 6.17 / (6.17 − 5.50 + 15.00) = 0.3937.
-- April 2026: Amparo is paid 5.00 (04-10) and asks for 1.00 more; Gala 1 Té (04-10) → Fabio 3.33;
--   A is cancelled (04-12: its commission was already forfeited, March loses 66.66 of sales);
--   Olga 9 Cúrcuma (04-20) 180.00, base 135.00; a new member registered on 04-15.
begin;
\ir 50_engine_fixture.psql
select plan(47);

-- The fixture emptied the engine's tables under the triggers' feet: start the kept figures from it.
truncate private.dashboard_months;
select private.rebuild_dashboard_months();
truncate private.sales_daily, private.product_sales_daily;
select pg_advisory_xact_lock(hashtext('savia.group_points'));
update public.metadata set min_payout = 1, low_stock_threshold = 5 where id = 'app_settings';

create function engine_tests.dash(p_as text default 'admin') returns jsonb language plpgsql as $$
begin
  perform engine_tests.act_as(p_as);
  return public.get_dashboard();
end
$$;

create function engine_tests.month_of(p_dash jsonb, p_month text) returns jsonb language sql as $$
  select m from jsonb_array_elements(p_dash -> 'months') m where m ->> 'month' = p_month
$$;

create function engine_tests.refusal(p_as text, p_sql text) returns text language plpgsql as $$
begin
  perform engine_tests.act_as(p_as);
  execute p_sql;
  return null;
exception when others then
  return sqlerrm;
end
$$;

-- March -------------------------------------------------------------------------------------------------
select engine_tests.at('2026-03-10 10:00:00-05');
select engine_tests.order_as('gala', engine_tests.items('te', '2')) as sale_a \gset
select engine_tests.approve(:'sale_a');
select engine_tests.at('2026-03-11 10:00:00-05');
select engine_tests.approve(engine_tests.order_as('gala', engine_tests.items('lavanda', '1')));
select engine_tests.approve(engine_tests.order_as('amparo', engine_tests.items('lavanda', '1')));
select engine_tests.at('2026-03-12 10:00:00-05');
select engine_tests.order_as('gala', engine_tests.items('te', '1')) as sale_c \gset
select engine_tests.approve(:'sale_c');
select engine_tests.approve(engine_tests.order_as('fabio', engine_tests.items('te', '1')));
select engine_tests.order_as('olga', engine_tests.items('te', '1')) as sale_pending \gset
select engine_tests.at('2026-03-13 10:00:00-05');
select engine_tests.act_as('admin');
select public.cancel_sale(:'sale_c', 'Pago devuelto por el banco');

select is_empty('select * from private.dashboard_month_violations()', 'marzo: las cifras guardadas igualan el cálculo desde cero tras aprobar y cancelar');

select engine_tests.at('2026-03-25 10:00:00-05');
select engine_tests.month_of(engine_tests.dash(), '2026-03-01') as march \gset
select is((:'march'::jsonb ->> 'sales_count')::integer, 4, 'ventas de marzo netas de cancelaciones: 4 (la cancelada y la pendiente no cuentan)');
select is((:'march'::jsonb ->> 'sales_total')::numeric, 119.99, 'importe: 66.66 + 10.00 + 10.00 + 33.33');
select is((:'march'::jsonb ->> 'commissions')::numeric, 19.00, 'comisiones: 6.67 + 1.00 + 3.33 + 8.00');
select is((:'march'::jsonb ->> 'reversals')::numeric, -3.33, 'el reverso de la cancelada');
select is((:'march'::jsonb ->> 'commissionable_sales')::numeric, 119.99, 'ventas comisionables aprobadas, netas de la cancelada');
select is((:'march'::jsonb ->> 'payout_ratio')::numeric, 0.1306, 'ratio de pago: 15.67 / 119.99');
select is((:'march'::jsonb ->> 'active_members')::integer, 2, 'activos: Gala (600 pts) y Amparo (500)');
select is((:'march'::jsonb ->> 'near_active_members')::integer, 1, 'cerca de activarse: Fabio (50 pts)');
select is((:'march'::jsonb ->> 'new_members')::integer, 8, 'miembros nuevos: los ocho registrados el 2 de marzo');
select is((engine_tests.dash() -> 'projection' ->> 'factor')::numeric, 1::numeric, 'sin un cierre anterior, la proyección es el ratio actual');
select is((engine_tests.dash() -> 'approvals' ->> 'count')::integer, 1, 'una venta esperando aprobación');
select is((engine_tests.dash() -> 'approvals' ->> 'oldest_at')::timestamptz, '2026-03-12 10:00:00-05'::timestamptz, 'desde el 12 de marzo');
select is(engine_tests.dash() -> 'liability', '{"pending": 15.67, "available_unpaid": 0, "total": 15.67}'::jsonb, 'pasivo: 15.67 pendientes del mes abierto, nada disponible');
select is(engine_tests.dash() -> 'unclosed_months', '[]'::jsonb, 'ningún mes anterior abierto');

-- The close -----------------------------------------------------------------------------------------------
select engine_tests.at('2026-04-02 09:00:00-05');
select is(engine_tests.dash() -> 'unclosed_months', '["2026-03-01"]'::jsonb, 'en abril, marzo está por cerrar: el aviso');
select is((engine_tests.close_month('2026-03-01')).status, 'done', 'marzo se cierra');
select is_empty('select * from private.dashboard_month_violations()', 'tras el cierre (anulaciones y bonos de volumen) siguen iguales');

-- April ---------------------------------------------------------------------------------------------------
select engine_tests.at('2026-04-10 10:00:00-05');
select engine_tests.act_as('amparo');
select (public.request_payout(5.00)).id as payout_paid \gset
select (public.request_payout(1.00)).id as payout_pending \gset
select engine_tests.act_as('admin');
select public.approve_payout(:'payout_paid');
select public.pay_payout(:'payout_paid', 'TRF-1');
select engine_tests.approve(engine_tests.order_as('gala', engine_tests.items('te', '1')));
select engine_tests.at('2026-04-12 10:00:00-05');
select engine_tests.act_as('admin');
select public.cancel_sale(:'sale_a', 'Devolución tras el cierre');
select engine_tests.at('2026-04-15 10:00:00-05');
insert into public.clients (name, email, enroller_id) values ('Nuevo Miembro', 'motor.nuevo@tests.savia', engine_tests.id('olga'));
update public.clients set enrollment_status = 'registered', joined_at = private.engine_now() where email = 'motor.nuevo@tests.savia';
insert into public.clients (name, email, enroller_id, enrollment_status) values ('Rechazada', 'motor.rechazada@tests.savia', engine_tests.id('olga'), 'rejected');
insert into public.stock_movements (product_id, quantity, kind, note) values (engine_tests.id('curcuma'), 7, 'restock', 'Reposición');
select engine_tests.at('2026-04-20 10:00:00-05');
select engine_tests.approve(engine_tests.order_as('olga', engine_tests.items('curcuma', '9')));

select is_empty('select * from private.dashboard_month_violations()', 'abril: iguales tras pagar un retiro, cancelar en un mes cerrado y registrar un miembro');

select engine_tests.at('2026-04-27 10:00:00-05');
select engine_tests.dash() as d \gset
select engine_tests.month_of(:'d', '2026-03-01') as march \gset
select engine_tests.month_of(:'d', '2026-04-01') as april \gset
select is(:'d'::jsonb ->> 'month', '2026-04-01', 'el mes en curso');
select is((:'d'::jsonb ->> 'days_left')::integer, 4, 'quedan 4 días (27, 28, 29 y 30)');
select is((:'march'::jsonb ->> 'sales_total')::numeric, 53.33, 'marzo pierde la venta A cancelada en abril: 10.00 + 10.00 + 33.33');
select is((:'march'::jsonb ->> 'payout_ratio')::numeric, 0.1157, 'ratio de marzo tras el cierre: 6.17 / 53.33');
select is((:'march'::jsonb ->> 'active_members')::integer, 2, 'activos de marzo según su cierre');
select is((:'april'::jsonb ->> 'sales_count')::integer, 2, 'abril: dos ventas');
select is((:'april'::jsonb ->> 'sales_total')::numeric, 213.33, 'abril: 33.33 + 180.00');
select is((:'april'::jsonb ->> 'new_members')::integer, 1, 'un miembro nuevo en abril (la rechazada no cuenta)');
select is((:'april'::jsonb ->> 'registered_members')::integer, 9, 'nueve registrados a fin de abril');
select is((:'april'::jsonb ->> 'active_members')::integer, 1, 'activa en abril: Olga (270 pts)');
select is((:'april'::jsonb ->> 'near_active_members')::integer, 1, 'cerca de activarse: Gala (50 pts)');
select is((:'april'::jsonb ->> 'payout_ratio')::numeric, 0.0198, 'ratio de abril: 3.33 / 168.33');
select is(:'d'::jsonb -> 'projection', '{"basis_month": "2026-03-01", "factor": 0.3937, "payout_ratio": 0.0078}'::jsonb,
          'proyección al cierre: el ratio × el efecto del cierre de marzo (6.17 / 15.67)');
select is(:'d'::jsonb -> 'liability', '{"pending": 3.33, "available_unpaid": 1.17, "total": 4.50}'::jsonb,
          'pasivo: 3.33 pendientes de abril; 6.17 disponibles de marzo menos 5.00 pagados');
select is(:'d'::jsonb -> 'payouts', '{"pending": 1, "approved": 0, "amount": 1.00}'::jsonb, 'un retiro por pagar de 1.00');
select is(:'d'::jsonb -> 'running_out' -> 0 ->> 'name', 'Cápsulas de cúrcuma', 'se agota: cúrcuma, 1 en stock y 9 vendidas en 30 días');
select is((:'d'::jsonb -> 'running_out' -> 0 ->> 'days_left')::integer, 3, 'para 3 días (1 × 30 / 9)');
select is(jsonb_array_length(:'d'::jsonb -> 'running_out'), 1, 'ningún otro producto se agota en 7 días');
select is(:'d'::jsonb -> 'top_products', jsonb_build_array(
            jsonb_build_object('product_id', engine_tests.id('curcuma'), 'name', 'Cápsulas de cúrcuma', 'units', 9, 'revenue', 180.00),
            jsonb_build_object('product_id', engine_tests.id('te'), 'name', 'Té de moringa', 'units', 1, 'revenue', 33.33)),
          'los más vendidos de abril');
select is(:'d'::jsonb -> 'low_stock', jsonb_build_array(
            jsonb_build_object('product_id', engine_tests.id('curcuma'), 'sku', 'M-CURCUMA', 'name', 'Cápsulas de cúrcuma', 'stock', 1)),
          'stock bajo (≤ 5, activos): la cúrcuma');
select is((select jsonb_agg(x ->> 'day' || ' ' || (x ->> 'total')) from jsonb_array_elements(:'d'::jsonb -> 'daily_sales') x),
          '["2026-03-11 20.00", "2026-03-12 33.33", "2026-04-10 33.33", "2026-04-20 180.00"]'::jsonb, 'ventas por día de marzo y abril');

select engine_tests.act_as('admin');
select is((select array_agg(n.name || ' ' || n.personal_points) from public.get_dashboard_near_active() n), array['Gala Ortiz 50'],
          'el panel de cerca de activarse: Gala con 50 puntos');
-- Its bounds are private.activity_band's: 49 is far, 99 near, 100 active.
create function pg_temp.near_with(p_points integer) returns text[] language plpgsql as $$
begin
  update private.member_period_totals set personal_points = p_points
   where client_id = engine_tests.id('gala') and period = private.current_period();
  return (select coalesce(array_agg(n.name || ' ' || n.personal_points), '{}') from public.get_dashboard_near_active() n);
end
$$;
select is(pg_temp.near_with(49), '{}'::text[], 'con 49 puntos (menos de la mitad de 100) no está cerca');
select is(pg_temp.near_with(99), array['Gala Ortiz 99'], 'con 99 está cerca');
select is(pg_temp.near_with(100), '{}'::text[], 'con 100 ya está activa');
select pg_temp.near_with(50) as restored \gset

-- The check can fail: a figure the triggers did not keep shows up.
update private.dashboard_months set commissions = commissions + 0.01 where month = '2026-04-01' and stripe = (select min(stripe) from private.dashboard_months where month = '2026-04-01');
select isnt_empty('select * from private.dashboard_month_violations()', 'una cifra desviada aparece en la comprobación');

-- Only staff ------------------------------------------------------------------------------------------------
select is(engine_tests.refusal('gala', 'select public.get_dashboard()'), 'Solo el personal (admin o superadmin) puede realizar esta acción.', 'un miembro no lee el Dashboard');
select is(engine_tests.refusal('sinrol', 'select public.get_dashboard_near_active()'), 'Solo el personal (admin o superadmin) puede realizar esta acción.', 'sin rol tampoco');

select * from finish();
rollback;
