-- Pagos (issue 10): the payouts queue by the month a request was finished in, as the totals count
-- it, with the member's document for the bank's payment file. On the engine's fixture
-- (50_engine_fixture.psql); every figure computed by hand.
--
-- March 2026: Elena buys 1 × Lavanda (500 pts) and Fabio 10 × Lavanda (base 100.00): Elena earns g1
-- ★1 10 % = 10.00; the close of March makes it available. In April she asks 4.00, 3.00 and 2.00:
-- the first is paid on April 30 at 23:30 in Bogotá (already May 1 in UTC), the second rejected in
-- April, the third approved in April and rejected on May 1.
begin;
\ir 50_engine_fixture.psql
select plan(18);

update public.metadata set min_payout = 1.00 where id = 'app_settings';
update public.clients set document_number = 'CC 555' where id = engine_tests.id('elena');
select engine_tests.at('2026-03-10 10:00:00-05');
select engine_tests.approve(engine_tests.order_as('elena', engine_tests.items('lavanda', '1')));
select engine_tests.approve(engine_tests.order_as('fabio', engine_tests.items('lavanda', '10')));
select engine_tests.at('2026-04-01 00:30:00-05');
select lives_ok($$select private.close_period('2026-03-01', null)$$, 'se cierra marzo: Elena tiene 10.00 disponibles');

select engine_tests.act_as('elena');
select engine_tests.at('2026-04-02 09:00:00-05');
select (public.request_payout(4.00, 'Banco Uno, ahorros 123')).id as p1 \gset
select engine_tests.at('2026-04-02 09:05:00-05');
select (public.request_payout(3.00, 'Banco Uno, ahorros 123')).id as p2 \gset
select engine_tests.at('2026-04-02 09:10:00-05');
select (public.request_payout(2.00)).id as p3 \gset

select engine_tests.act_as('admin');
select engine_tests.at('2026-04-03 10:00:00-05');
select public.approve_payout(:'p1') is not null as ok \gset
select public.reject_payout(:'p2', 'Faltan los datos del titular') is not null as ok \gset
select public.approve_payout(:'p3') is not null as ok \gset
select engine_tests.at('2026-04-30 23:30:00-05');
select public.pay_payout(:'p1', ' TRF-0430 ') is not null as ok \gset

-- On April 30 at 23:45 the month is still April: the totals count what was finished in April.
select engine_tests.at('2026-04-30 23:45:00-05');
select results_eq($$select status, requests, amount from public.get_payout_totals()$$,
  $$values ('pending'::text, 0::bigint, 0::numeric), ('approved', 1, 2.00), ('paid', 1, 4.00), ('rejected', 1, 3.00)$$,
  'los totales de abril: la aprobada sin pagar, la pagada y la rechazada de este mes');
select results_eq($$select id, client_name, client_document, amount, payment_reference, total from public.get_payout_queue(array['paid'], 1, 50, '2026-04-01')$$,
  format($$values (%L::uuid, 'Elena Vega'::text, 'CC 555'::text, 4.00::numeric, 'TRF-0430'::text, 1::bigint)$$, :'p1'),
  'las pagadas de abril son la de los totales, con el documento de Elena y la referencia sin espacios');
select results_eq($$select id, rejection_reason, total from public.get_payout_queue(array['rejected'], 1, 50, '2026-04-01')$$,
  format($$values (%L::uuid, 'Faltan los datos del titular'::text, 1::bigint)$$, :'p2'), 'y la rechazada de abril, con su motivo');

-- May 1: the third is rejected; April's payment stays in April (Bogotá), although it is May in UTC.
select engine_tests.at('2026-05-01 00:10:00-05');
select public.reject_payout(:'p3', 'La cuenta no es del miembro') is not null as ok \gset
select engine_tests.at('2026-05-01 00:20:00-05');
select results_eq($$select status, requests, amount, this_month from public.get_payout_totals()$$,
  $$values ('pending'::text, 0::bigint, 0::numeric, false), ('approved', 0, 0, false), ('paid', 0, 0, true), ('rejected', 1, 2.00, true)$$,
  'los totales de mayo: nada pagado, una rechazada (2.00)');
select is_empty($$select * from public.get_payout_queue(array['paid'], 1, 50, '2026-05-01')$$,
  'nada pagado en mayo: el pago del 30 de abril a las 23:30 es de abril en Bogotá, aunque en UTC ya fuera mayo');
select results_eq($$select id, amount, total from public.get_payout_queue(array['rejected'], 1, 50, '2026-05-01')$$,
  format($$values (%L::uuid, 2.00::numeric, 1::bigint)$$, :'p3'), 'la rechazada de mayo es la que cuentan los totales');
select results_eq($$select id, status from public.get_payout_queue(null, 1, 50, '2026-04-01')$$,
  format($$values (%L::uuid, 'paid'::text), (%L::uuid, 'rejected'::text)$$, :'p1', :'p2'),
  'sin estado, las terminadas en abril: por su fecha de pago o de decisión (la tercera se decidió en mayo)');
select is_empty($$select * from public.get_payout_queue(array['pending'], 1, 50, '2026-05-01')$$,
  'una pendiente no se ha terminado: no es de ningún mes');
select results_eq($$select id, status, client_document, available, total from public.get_payout_queue()$$,
  format($$values (%L::uuid, 'paid'::text, 'CC 555'::text, 6.00::numeric, 3::bigint), (%L::uuid, 'rejected', 'CC 555', 6.00, 3),
                  (%L::uuid, 'rejected', 'CC 555', 6.00, 3)$$, :'p1', :'p2', :'p3'),
  'sin mes, todas, la más antigua primero: a Elena le quedan 10.00 − 4.00 pagados = 6.00');

-- What Mis Recompensas shows the member: each change with its date, reference or reason.
select results_eq(format($$select status, decided_at, paid_at, payment_reference, rejection_reason from public.payout_requests
                            where id in (%L, %L, %L) order by requested_at$$, :'p1', :'p2', :'p3'),
  $$values ('paid'::text, '2026-04-03 10:00:00-05'::timestamptz, '2026-04-30 23:30:00-05'::timestamptz, 'TRF-0430'::text, null::text),
           ('rejected', '2026-04-03 10:00:00-05', null, null, 'Faltan los datos del titular'),
           ('rejected', '2026-05-01 00:10:00-05', null, null, 'La cuenta no es del miembro')$$,
  'cada solicitud guarda cuándo se decidió o se pagó, con su referencia o su motivo');
select results_eq(format($$select available, reserved, paid from public.get_balance(%L)$$, engine_tests.id('elena')),
  $$values (6.00::numeric, 0::numeric, 4.00::numeric)$$, 'el saldo de Elena: 4.00 pagados, nada reservado, 6.00 disponibles');

-- The month is a month's first day, never a future one; only staff read the queue.
select throws_ok($$select * from public.get_payout_queue(array['paid'], 1, 50, '2026-04-15')$$, 'P0001',
  'Indica el mes como su primer día (por ejemplo 2026-03-01).', 'un mes que no es su primer día se rechaza');
select throws_ok($$select * from public.get_payout_queue(array['paid'], 1, 50, '2026-06-01')$$, 'P0001',
  'El mes de junio de 2026 aún no ha empezado.', 'y un mes futuro también');
select engine_tests.act_as('elena');
select throws_ok($$select * from public.get_payout_queue(array['paid'], 1, 50, '2026-04-01')$$, 'P0001',
  'Solo el personal (admin o superadmin) puede realizar esta acción.', 'un miembro no lee la cola, ni por meses');
select engine_tests.act_as('nadie');
select throws_ok($$select * from public.get_payout_queue()$$, 'P0001', null, 'ni alguien sin sesión');

select has_index('public', 'payout_requests', 'payout_requests_finished_idx', 'las terminadas se buscan por estado y mes con un índice');
select is_empty($$select * from private.engine_invariant_violations()$$, 'los invariantes del motor se cumplen');

select * from finish();
rollback;
