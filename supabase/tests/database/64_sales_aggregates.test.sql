-- The kept sales aggregates (20250701080000_kept_sales_aggregates.sql) that Ventas' totals and the
-- Dashboard read: after each step of a story told through the engine's own functions, the rows are
-- the ones counted here by hand, and private.sales_aggregate_violations() (the from-scratch check the
-- integration tests also run) is empty; a tampered row and a skipped trigger are caught by it.
--
-- Fixture prices: Té 33.33 (base 33.33, 50 pts), Cúrcuma 20.00 (base 15.00, 30 pts), Lavanda 10.00
-- (base 10.00, 500 pts). The company is in Bogotá (UTC−5).
begin;
\ir 50_engine_fixture.psql
select plan(24);

-- The day's figures by status and kind, stripes added up, as Ventas and the Dashboard read them.
create function engine_tests.daily(p_day date) returns table (status text, kind text, n bigint, total numeric, base numeric, points numeric)
language sql as $$
  select d.status, d.kind, sum(d.sales_count), sum(d.total), sum(d.commissionable_total), sum(d.points_total)
    from private.sales_daily d where d.day = p_day
   group by 1, 2 having sum(d.sales_count) <> 0 order by 1, 2
$$;
create function engine_tests.units(p_day date) returns table (product text, units integer, revenue numeric)
language sql as $$
  select p.sku, d.units, d.revenue from private.product_sales_daily d join public.products p on p.id = d.product_id
   where d.day = p_day and d.units <> 0 order by 1
$$;

-- March 10: Gala orders a lavender oil (pending), Fabio two teas at 23:30 Bogotá (04:30 UTC on the 11th).
select engine_tests.at('2026-03-10 09:00:00-05');
select engine_tests.order_as('gala', engine_tests.items('lavanda', '1')) as gala_sale \gset
select engine_tests.at('2026-03-10 23:30:00-05');
select engine_tests.order_as('fabio', engine_tests.items('te', '2')) as fabio_sale \gset
select results_eq($$select * from engine_tests.daily('2026-03-10')$$,
  $$values ('Pendiente de Aprobación', 'order', 2::bigint, 76.66::numeric, 76.66::numeric, 600::numeric)$$,
  'dos pedidos pendientes el 10 de marzo en Bogotá, aunque en UTC el segundo ya sea del 11');
select is_empty($$select * from engine_tests.daily('2026-03-11')$$, 'nada el 11');

-- March 11: both approved; the units leave the stock on the 11th; a direct sale of two cúrcumas to Olga.
select engine_tests.at('2026-03-11 10:00:00-05');
select engine_tests.approve(:'gala_sale');
select engine_tests.approve(:'fabio_sale');
select engine_tests.act_as('admin');
select (public.create_direct_sale(engine_tests.id('olga'), engine_tests.items('curcuma', '2'), 'efectivo')).id as direct_sale \gset
select results_eq($$select * from engine_tests.daily('2026-03-10')$$,
  $$values ('Pagada', 'order', 2::bigint, 76.66::numeric, 76.66::numeric, 600::numeric)$$,
  'al aprobarse pasan de pendientes a pagadas en el día de la venta');
select results_eq($$select * from engine_tests.daily('2026-03-11')$$,
  $$values ('Pagada', 'direct', 1::bigint, 40.00::numeric, 30.00::numeric, 60::numeric)$$,
  'la venta directa nace pagada el 11');
select results_eq($$select * from engine_tests.units('2026-03-11')$$,
  $$values ('M-CURCUMA', 2, 40.00::numeric), ('M-LAVANDA', 1, 10.00::numeric), ('M-TE', 2, 66.66::numeric)$$,
  'unidades e importe por producto el día en que salieron del stock');
select is_empty($$select * from private.sales_aggregate_violations()$$, 'los agregados coinciden con su cálculo desde cero');

-- March 15: Fabio's sale is cancelled (stock back), a new order of Gala is rejected, one is delivered.
select engine_tests.at('2026-03-15 12:00:00-05');
select engine_tests.act_as('admin');
select public.cancel_sale(:'fabio_sale', 'El cliente devolvió el pedido') is not null as cancelled \gset
select public.deliver_sale(:'gala_sale') is not null as delivered \gset
select engine_tests.order_as('gala', engine_tests.items('te', '1')) as rejected_sale \gset
select engine_tests.act_as('admin');
select public.reject_sale(:'rejected_sale', 'Sin comprobante legible') is not null as rejected \gset
select results_eq($$select * from engine_tests.daily('2026-03-10')$$,
  $$values ('Cancelada', 'order', 1::bigint, 66.66::numeric, 66.66::numeric, 100::numeric),
           ('Entregada', 'order', 1::bigint, 10.00::numeric, 10.00::numeric, 500::numeric)$$,
  'la venta cancelada y la entregada siguen en su día, cada una en su estado');
select results_eq($$select * from engine_tests.units('2026-03-11')$$,
  $$values ('M-CURCUMA', 2, 40.00::numeric), ('M-LAVANDA', 1, 10.00::numeric)$$,
  'la cancelación resta las unidades del día en que salieron, no del día en que volvieron');
select is_empty($$select * from engine_tests.units('2026-03-15')$$, 'y no deja unidades negativas el día 15');
select results_eq($$select * from engine_tests.daily('2026-03-15')$$,
  $$values ('Rechazado', 'order', 1::bigint, 33.33::numeric, 33.33::numeric, 50::numeric)$$,
  'el pedido rechazado queda contado como rechazado');
select is_empty($$select * from private.sales_aggregate_violations()$$, 'tras cancelar, entregar y rechazar, siguen coincidiendo');

-- A change of time zone moves Fabio's sale (04:30 UTC) to the 11th. Saving the settings only queues the
-- job; until it has built the new days and put them in place, the live ones stay Bogotá's (and agree
-- with their computation from scratch in Bogotá's zone).
select engine_tests.at('2026-03-15 23:30:00-05');
-- Olga orders at 23:30 on the 15th in Bogotá: the 16th in UTC.
select engine_tests.order_as('olga', engine_tests.items('te', '1')) as late_sale \gset
update public.metadata set timezone = 'UTC' where id = 'app_settings';
select (select id from private.jobs where kind = 'timezone_change' and status = 'queued' and params ->> 'to' = 'UTC') as tz_job \gset
select isnt(:'tz_job'::text, ''::text, 'guardar otra zona horaria deja su trabajo en cola');
select results_eq($$select * from engine_tests.daily('2026-03-10')$$,
  $$values ('Cancelada', 'order', 1::bigint, 66.66::numeric, 66.66::numeric, 100::numeric),
           ('Entregada', 'order', 1::bigint, 10.00::numeric, 10.00::numeric, 500::numeric)$$,
  'hasta que corre, los días siguen siendo los de Bogotá');
select is_empty($$select * from private.sales_aggregate_violations()$$, 'y coinciden con su cálculo desde cero en esa zona');

-- The build one sale (one movement) at a time, with writes in between: a sale the build has counted is
-- cancelled, and a pending one it has not reached yet is approved. Each is counted once in the new days.
select engine_tests.act_as('admin');
create temp table steps as select private.sales_aggregates_zone_step(1) as step;
do $$
begin
  -- up to and including the direct sale's number
  while (select z.sales_below from private.sales_aggregates_zone z) <= (select s.sale_no from public.sales s where s.kind = 'direct') loop
    insert into steps select private.sales_aggregates_zone_step(1);
  end loop;
end
$$;
select results_eq($$select live, building from private.sales_aggregates_zone$$, $$values ('America/Bogota'::text, 'UTC'::text)$$,
  'a mitad de la construcción: en vivo Bogotá, construyéndose UTC');
select public.cancel_sale(:'direct_sale', 'Devolución en tienda') is not null as direct_cancelled \gset
select engine_tests.approve(:'late_sale');
select results_eq(format($$select status, error from engine_tests.run_job(%s)$$, :'tz_job'),
  $$values ('done'::text, null::text)$$, 'el trabajo termina la construcción y la pone en su lugar');
select results_eq($$select live, building from private.sales_aggregates_zone$$, $$values ('UTC'::text, null::text)$$,
  'los días son ahora los de UTC');
select results_eq($$select * from engine_tests.daily('2026-03-11')$$,
  $$values ('Cancelada', 'direct', 1::bigint, 40.00::numeric, 30.00::numeric, 60::numeric),
           ('Cancelada', 'order', 1::bigint, 66.66::numeric, 66.66::numeric, 100::numeric)$$,
  'con la zona horaria UTC la venta de las 23:30 de Bogotá es del 11, y la directa cancelada a mitad cuenta una vez');
select results_eq($$select * from engine_tests.daily('2026-03-16')$$,
  $$values ('Pagada', 'order', 1::bigint, 33.33::numeric, 33.33::numeric, 50::numeric)$$,
  'el pedido aprobado a mitad está en su día UTC, una vez');
select is_empty($$select * from private.sales_aggregate_violations()$$, 'rehechos tras el cambio de zona horaria, coinciden con su cálculo desde cero');
select is((select count(*)::integer from private.sales_daily_next) + (select count(*)::integer from private.product_sales_daily_next), 0,
  'y las tablas de la construcción quedan vacías');
select engine_tests.act_as('super');
select results_eq($$select j ->> 'status', j ->> 'timezone', (j ->> 'step_no')::integer, (j ->> 'steps')::integer from public.get_timezone_change() j$$,
  $$values ('done'::text, 'UTC'::text, 2, 2)$$, 'Configuración lee el cambio de zona horaria hecho');
select engine_tests.act_as('admin');
select throws_ok($$select public.get_timezone_change()$$, '42501', 'Solo un superadmin puede ver la configuración.', 'un admin no');

-- The check can fail: a sale written while the trigger is off, and a tampered row, are both reported.
alter table public.sales disable trigger sales_keep_daily;
select engine_tests.order_as('olga', engine_tests.items('lavanda', '1')) is not null as unseen \gset
alter table public.sales enable trigger sales_keep_daily;
update private.product_sales_daily set units = units + 1 where day = '2026-03-11' and product_id = engine_tests.id('lavanda');
select results_eq($$select distinct aggregate from private.sales_aggregate_violations() order by 1$$,
  $$values ('product_sales_daily'), ('sales_daily')$$,
  'una venta que el disparador no vio y una fila alterada se detectan');

select * from finish();
rollback;
