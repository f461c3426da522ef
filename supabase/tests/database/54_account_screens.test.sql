-- The figures Mi Cuenta and Mis Recompensas read beyond 52's, on the engine's fixture
-- (50_engine_fixture.psql), every one counted by hand:
--   get_member_month.next_level_points_missing: the group points the next level still needs this
--     month (the plan's thresholds: ★2 1,000, ★3 3,000, ★4 8,000, ★5 20,000), never below zero, null
--     at the top level;
--   get_ledger_months.activity_points: the threshold each month was judged by: the plan its close used,
--     or today's while the month is open (a forfeit says «tenías 60 de 100 puntos» with it).
begin;
\ir 50_engine_fixture.psql
select plan(9);

-- March 10: Fabio buys 1 × Lavanda (500 points). Group points: Fabio 500, and each of his upline 500.
select engine_tests.at('2026-03-10 10:00:00-05');
select engine_tests.approve(engine_tests.order_as('fabio', engine_tests.items('lavanda', '1')));

select engine_tests.act_as('elena');
select results_eq($$select star_level, group_points, next_level, next_level_group_points, next_level_points_missing from public.get_member_month()$$,
  $$values (1::smallint, 500, 2::smallint, 1000, 500)$$, 'Elena (★1): 500 de grupo, le faltan 1.000 − 500 = 500 para ★2');
select engine_tests.act_as('dario');
select results_eq($$select star_level, group_points, next_level, next_level_points_missing from public.get_member_month()$$,
  $$values (2::smallint, 500, 3::smallint, 2500)$$, 'Darío (★2): le faltan 3.000 − 500 = 2.500 para ★3');
select engine_tests.act_as('amparo');
select results_eq($$select star_level, next_level, next_level_points_missing from public.get_member_month()$$,
  $$values (5::smallint, null::smallint, null::integer)$$, 'Amparo, en ★5: no hay siguiente nivel ni nada que falte');

-- Gala (below Fabio) buys 2 × Lavanda: 1,000 more. Fabio's group 1,500 and Elena's 1,500 pass ★2's 1,000.
select engine_tests.approve(engine_tests.order_as('gala', engine_tests.items('lavanda', '2')));
select engine_tests.act_as('fabio');
select results_eq($$select group_points, next_level, next_level_points_missing from public.get_member_month()$$,
  $$values (1500, 2::smallint, 0)$$, 'Fabio: 1.500 de grupo, nada falta para ★2 (no baja de cero)');
select engine_tests.act_as('dario');
select is((select next_level_points_missing from public.get_member_month()), 1500, 'Darío: 3.000 − 1.500 = 1.500');

-- The months of the ledger: March open, judged by today's 100 points.
select engine_tests.act_as('fabio');
select results_eq($$select month, closed, personal_points, activity_points from public.get_ledger_months()$$,
  $$values ('2026-03-01'::date, false, 500, 100)$$, 'marzo abierto: 500 puntos frente a los 100 de hoy');

-- March closes with the plan of 100 points; then the threshold rises to 150 (a new plan version).
select engine_tests.at('2026-04-01 00:30:00-05');
select lives_ok($$select private.close_period('2026-03-01', null)$$, 'se cierra marzo');
update public.metadata set activity_points = 150 where id = 'app_settings';
select engine_tests.at('2026-04-10 10:00:00-05');
select engine_tests.approve(engine_tests.order_as('fabio', engine_tests.items('te', '1')));
select engine_tests.act_as('fabio');
select results_eq($$select month, closed, personal_points, activity_points from public.get_ledger_months()$$,
  $$values ('2026-04-01'::date, false, 50, 150), ('2026-03-01'::date, true, 500, 100)$$,
  'abril abierto se mide con los 150 de hoy; marzo, cerrado, con los 100 del plan de su cierre');
select engine_tests.act_as('elena');
select results_eq($$select month, closed, personal_points, activity_points, was_active from public.get_ledger_months() where month = '2026-03-01'$$,
  $$values ('2026-03-01'::date, true, 0, 100, false)$$, 'Elena terminó marzo inactiva: 0 de 100, lo que dirá su anulación');

select * from finish();
rollback;
