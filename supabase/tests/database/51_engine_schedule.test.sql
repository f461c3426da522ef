-- The scheduled close, the month boundary in the company's time zone, more illegal moves, and
-- direct sales; on the fixture of 50_engine_fixture.psql.
begin;
\ir 50_engine_fixture.psql
select plan(24);

-- pg_cron asks for the close every hour and runs the queue every minute, as postgres.
select results_eq($$select jobname::text collate "default", schedule, command, username, active from cron.job
                     where jobname in ('savia-cierre-de-mes', 'savia-cola-de-cierres') order by jobname$$,
  $$values ('savia-cierre-de-mes'::text, '7 * * * *'::text, 'select private.request_due_period_close()'::text, 'postgres'::text, true),
           ('savia-cola-de-cierres', '* * * * *', 'call private.run_period_close_jobs()', 'postgres', true)$$,
  'pg_cron pide el cierre cada hora y ejecuta la cola cada minuto, como postgres');

-- 23:30 on 31 May in Bogotá is already June in UTC, and still May for the business.
select engine_tests.at('2026-05-31 23:30:00-05');
select engine_tests.order_as('fabio', engine_tests.items('lavanda', '1')) as s1 \gset
select engine_tests.approve(:'s1');
select is((select period_month from public.sales where id = :'s1'), '2026-05-01'::date, 'una venta del 31 a las 23:30 en Bogotá es de mayo');
select is((select is_active from public.clients where id = engine_tests.id('fabio')), true, 'Fabio activo en mayo (500 puntos)');

-- An hour later it is June: the hourly task asks for May's close, the queue's runner closes it and
-- everybody starts June inactive.
select engine_tests.at('2026-06-01 00:30:00-05');
select results_eq($$select month, status, origin, requested_by from private.request_due_period_close()$$,
  $$values ('2026-05-01'::date, 'queued'::text, 'schedule'::text, null::uuid)$$, 'la tarea horaria pide el cierre del mes terminado');
select is((select status from public.periods where month = '2026-05-01'), 'open', 'pedirlo no cierra nada todavía');
select is((private.finish_period_close_job(private.start_period_close_job())).status, 'done', 'el ejecutor lo cierra');
select is((select status from public.periods where month = '2026-05-01'), 'closed', 'mayo queda cerrado');
select is((select is_active from public.clients where id = engine_tests.id('fabio')), false, 'junio empieza con todos inactivos');
select is((private.request_due_period_close()).id, null, 'otra pasada no pide nada');
select engine_tests.act_as('super');
select throws_ok($$select * from public.preview_period_close('2026-05-01')$$, 'P0001', 'El mes de mayo de 2026 ya está cerrado.',
  'no hay vista previa de un mes cerrado');

-- Writing into a closed month is impossible: a sale approved now is of June.
select engine_tests.order_as('gala', engine_tests.items('te', '1')) as s2 \gset
select engine_tests.approve(:'s2');
select is((select period_month from public.sales where id = :'s2'), '2026-06-01'::date, 'lo aprobado tras el cierre es del mes nuevo');

-- A month cannot be closed while an earlier one is open.
select engine_tests.at('2026-08-02 10:00:00-05');
select engine_tests.act_as('super');
select throws_ok($$select public.request_period_close('2026-07-01')$$, 'P0001', 'Hay un mes anterior sin cerrar: ciérralo primero.',
  'los meses se cierran en orden');
select is(((engine_tests.close_month('2026-06-01')).summary ->> 'already_closed')::boolean, false, 'junio se cierra');
select results_eq($$select month, status, summary ->> 'month' from engine_tests.close_month()$$,
  $$values ('2026-07-01'::date, 'done'::text, '2026-07-01'::text)$$, 'sin mes se pide el cierre del mes anterior (julio, sin ventas)');

-- Illegal moves that 50_ does not try.
select engine_tests.order_as('elena', engine_tests.items('te', '1')) as s3 \gset
select engine_tests.approve(:'s3');
select throws_ok(format('select public.reject_sale(%L, %L)', :'s3', 'demasiado tarde'), 'P0001',
  format('La venta #%s está «Pagada»: solo se rechaza una venta pendiente.', (select sale_no from public.sales where id = :'s3')),
  'una venta pagada no se rechaza');
select engine_tests.order_as('elena', engine_tests.items('te', '1')) as s4 \gset
select engine_tests.act_as('elena');
select is(public.cancel_sale(:'s4') ->> 'status', 'Cancelada', 'Elena cancela su pedido pendiente');
select engine_tests.act_as('admin');
select throws_ok(format('select public.approve_sale(%L)', :'s4'), 'P0001',
  format('La venta #%s está «Cancelada»: solo se aprueba una venta pendiente.', (select sale_no from public.sales where id = :'s4')),
  'una venta cancelada no se aprueba');
select throws_ok(format('select public.preview_sale_rewards(%L)', :'s3'), 'P0001',
  'La venta está «Pagada»: la vista previa es para ventas pendientes.', 'la vista previa es solo para pendientes');

-- A direct sale: paid at once, stock and rewards in the same transaction.
select (public.create_direct_sale(engine_tests.id('celia'), engine_tests.items('curcuma', '2'), 'efectivo')).id as s5 \gset
select results_eq(format($$select s.status, s.kind, (select count(*)::integer from public.reward_transactions r where r.source_sale_id = s.id)
                             from public.sales s where s.id = %L$$, :'s5'),
  $$values ('Pagada'::text, 'direct'::text, 3)$$, 'la venta directa nace Pagada con sus asientos (puntos, Bruno y Amparo)');
select is((select stock from public.products where id = engine_tests.id('curcuma')), 1, 'y descuenta el stock');
select throws_ok(format('select public.create_direct_sale(%L, %L)', engine_tests.id('celia'), engine_tests.items('curcuma', '2')), 'P0001',
  'Stock insuficiente de «Cápsulas de cúrcuma»: hay 1 y la venta necesita 2.', 'sin stock no hay venta directa');

-- A rejected enrolment can be tried again with the same e-mail, by another member.
select engine_tests.act_as('dario');
select (public.enrol_member('Nora Gil', 'motor.nora@tests.savia', engine_tests.id('kit'))).id as e1 \gset
select engine_tests.act_as('admin');
select public.reject_sale(:'e1', 'Pago no recibido') is not null as rejected \gset
select engine_tests.act_as('elena');
select (public.enrol_member('Nora Gil Ruiz', 'motor.nora@tests.savia', engine_tests.id('kit'))).id as e2 \gset
select results_eq(format($$select c.enrollment_status, c.name, e.name, (select count(*)::integer from public.clients x where x.email = 'motor.nora@tests.savia')
                             from public.sales s join public.clients c on c.id = s.client_id join public.clients e on e.id = c.enroller_id
                            where s.id = %L$$, :'e2'),
  $$values ('pending'::text, 'Nora Gil Ruiz'::text, 'Elena Vega'::text, 1)$$,
  'un enrolamiento rechazado se puede repetir: la misma ficha vuelve a pendiente bajo quien enrola ahora');
select engine_tests.act_as('fabio');
select throws_ok($$select public.enrol_member('Otra', 'motor.nora@tests.savia', engine_tests.id('kit'))$$, 'P0001',
  'Ese correo no se puede usar para un enrolamiento nuevo. Si crees que es un error, escribe a la empresa.',
  'pero no mientras está pendiente');

select is_empty($$select * from private.engine_invariant_violations()$$, 'invariantes del motor');

select * from finish();
rollback;
