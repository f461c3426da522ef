-- Configuración, the plan (20250701030000_settings_and_plan.sql): save_plan refuses each bad plan with its
-- Spanish sentence and writes nothing; a save makes one version with who and when; a sale approved
-- after the save is paid at the new rates while one approved before keeps its rate, also when it is
-- cancelled afterwards (the reversal takes back exactly what was paid).
--
-- The chain of the fixture: Amparo ★5 ─ Bruno ★4 ─ Celia ★3 ─ Darío ★2 ─ Elena ★1 …; Elena's order of
-- one Té (base 33.33) pays Darío (gen 1, ★2), Celia (gen 2, ★3), Bruno (gen 3, ★4), Amparo (gen 4, ★5).
begin;
\ir 50_engine_fixture.psql
select plan(39);

-- The default plan as the screen sends it, with one level's first rate changed.
create function pg_temp.plan(p_level2_gen1 numeric default 0.10) returns jsonb language sql as $$
  select jsonb_build_array(
    jsonb_build_object('name', 'Estrella 1', 'personal_points', 100, 'group_points', 0, 'commission_rates', jsonb_build_array(0.10), 'volume_bonus_rate', 0, 'starter_bonus', 10),
    jsonb_build_object('name', 'Estrella 2', 'personal_points', 100, 'group_points', 1000, 'commission_rates', jsonb_build_array(p_level2_gen1, 0.05), 'volume_bonus_rate', 0.02, 'starter_bonus', 15),
    jsonb_build_object('name', 'Estrella 3', 'personal_points', 100, 'group_points', 3000, 'commission_rates', jsonb_build_array(0.10, 0.05, 0.04), 'volume_bonus_rate', 0.03, 'starter_bonus', 20),
    jsonb_build_object('name', 'Estrella 4', 'personal_points', 100, 'group_points', 8000, 'commission_rates', jsonb_build_array(0.10, 0.05, 0.04, 0.03), 'volume_bonus_rate', 0.04, 'starter_bonus', 25),
    jsonb_build_object('name', 'Estrella 5', 'personal_points', 100, 'group_points', 20000, 'commission_rates', jsonb_build_array(0.10, 0.05, 0.04, 0.03, 0.02), 'volume_bonus_rate', 0.05, 'starter_bonus', 30))
$$;
-- The plan with one level's field replaced.
create function pg_temp.with_level(p_level integer, p_patch jsonb) returns jsonb language sql as $$
  select jsonb_set(pg_temp.plan(), array[(p_level - 1)::text], (pg_temp.plan() -> (p_level - 1)) || p_patch)
$$;

-- What-if ----------------------------------------------------------------------------------------------
-- March: Amparo, Bruno, Celia and Darío buy a Lavanda each (base 10.00, 500 pts: all four active);
-- Elena a Té (base 33.33, 50 pts: inactive, but she earns nothing). Commissions, by hand:
--   gen 1: Bruno→Amparo 1.00, Celia→Bruno 1.00, Darío→Celia 1.00, Elena→Darío 3.33   = 6.33
--   gen 2: Celia→Amparo 0.50, Darío→Bruno 0.50, Elena→Celia 1.67                     = 2.67
--   gen 3: Darío→Amparo 0.40, Elena→Bruno 1.33                                        = 1.73
--   gen 4: Elena→Amparo 1.00                                                          = 1.00
-- Volume bonuses at the close (rate of the level × downline sales): Amparo 5 % × 63.33 = 3.17,
-- Bruno 4 % × 53.33 = 2.13, Celia 3 % × 43.33 = 1.30, Darío 2 % × 33.33 = 0.67 = 7.27. Total 19.00.
select engine_tests.at('2026-03-10 09:00:00-05');
select engine_tests.approve(engine_tests.order_as(m, engine_tests.items('lavanda', '1'))) from unnest(array['amparo', 'bruno', 'celia', 'dario']) m;
select engine_tests.approve(engine_tests.order_as('elena', engine_tests.items('te', '1')));
select engine_tests.at('2026-04-02 09:00:00-05');
select (engine_tests.close_month('2026-03-01')).status as closed \gset
select engine_tests.act_as('super');
select count(*) as entries_before from public.reward_transactions \gset

select engine_tests.what_if(pg_temp.plan()) as same \gset
select results_eq(format($$select (%L::jsonb ->> 'before')::numeric, (%L::jsonb ->> 'difference')::numeric, %L::jsonb ->> 'month'$$, :'same', :'same', :'same'),
  $$values (19.00::numeric, 0::numeric, '2026-03-01')$$, 'el plan sin cambios da diferencia 0 sobre los 19,00 pagados en marzo');
select is((:'same'::jsonb ->> 'before')::numeric,
  (select sum(amount) from public.reward_transactions where period_month = '2026-03-01'
      and type in ('commission_purchase', 'commission_enrollment', 'bonus_starter', 'bonus_volume', 'reversal_commission')),
  'la repetición del mes coincide con lo que el motor escribió');

-- Draft: Estrella 2 pays 12 % in generation 1 and Estrella 5 a 6 % volume bonus. Darío 33.33 × 12 % =
-- 4.00 (+0.67), Amparo 63.33 × 6 % = 3.80 (+0.63): 20.30 in all, +1.30.
select engine_tests.what_if(jsonb_set(pg_temp.plan(0.12), '{4,volume_bonus_rate}', '0.06')) as draft \gset
select results_eq(format($$select (%L::jsonb ->> 'before')::numeric, (%L::jsonb ->> 'after')::numeric, (%L::jsonb ->> 'difference')::numeric$$, :'draft', :'draft', :'draft'),
  $$values (19.00::numeric, 20.30::numeric, 1.30::numeric)$$, 'el borrador pagaría 20,30: 1,30 más');
select is((:'draft'::jsonb ->> 'sales')::numeric, 73.33,
  'las ventas de marzo sobre las que se paga: cuatro Lavandas de 10,00 y un Té de 33,33 (la proporción: 19,00 y 20,30 de 73,33)');
select results_eq(format($$select k ->> 'kind', (k ->> 'generation')::integer, (k ->> 'before')::numeric, (k ->> 'after')::numeric, (k ->> 'difference')::numeric
                            from jsonb_array_elements(%L::jsonb -> 'by_kind') k$$, :'draft'),
  $$values ('commission_purchase', 1, 6.33, 7.00, 0.67), ('commission_purchase', 2, 2.67, 2.67, 0.00),
           ('commission_purchase', 3, 1.73, 1.73, 0.00), ('commission_purchase', 4, 1.00, 1.00, 0.00),
           ('bonus_volume', null, 7.27, 7.90, 0.63)$$,
  'la diferencia por tipo y generación, calculada a mano');
select results_eq(format($$select m ->> 'name', (m ->> 'before')::numeric, (m ->> 'after')::numeric, (m ->> 'difference')::numeric
                            from jsonb_array_elements(%L::jsonb -> 'members') m$$, :'draft'),
  $$values ('Darío León', 3.33 + 0.67, 4.67 + 0.00, 0.67), ('Amparo Ruiz', 1.00 + 0.50 + 0.40 + 1.00 + 3.17, 6.07 + 0.63, 0.63)$$,
  'los miembros afectados, el más afectado primero, con antes y después');
select is((select count(*) from public.reward_transactions), :entries_before::bigint, 'la simulación no escribió nada');
select throws_ok($$select engine_tests.what_if(pg_temp.with_level(3, '{"commission_rates": [0.6, 0.3, 0.2]}'))$$, 'P0001',
  'Las tasas de comisión del nivel 3 suman 110%: no pueden pasar del 100%.', 'la simulación valida el borrador como el guardado');
select engine_tests.act_as('admin');
select throws_ok($$select engine_tests.what_if(pg_temp.plan())$$, '42501',
  'Solo un superadmin puede ver o cambiar el plan de compensación.', 'un admin no simula el plan');

select private.current_plan_version() as v0 \gset
select count(*) as versions0 from public.plan_versions \gset

-- Who may ---------------------------------------------------------------------------------------------
select engine_tests.act_as('admin');
select throws_ok($$select public.save_plan(pg_temp.plan())$$, '42501',
  'Solo un superadmin puede ver o cambiar el plan de compensación.', 'un admin no cambia el plan');
select throws_ok($$select * from public.get_plan_versions()$$, '42501',
  'Solo un superadmin puede ver o cambiar el plan de compensación.', 'un admin no lee las versiones');

-- Each rule, refused in Spanish --------------------------------------------------------------------------
select engine_tests.act_as('super');
select throws_ok($$select public.save_plan(pg_temp.with_level(3, '{"commission_rates": [0.6, 0.3, 0.2]}'))$$, 'P0001',
  'Las tasas de comisión del nivel 3 suman 110%: no pueden pasar del 100%.', 'tasas que suman más del 100 %');
select throws_ok($$select public.save_plan(pg_temp.with_level(2, '{"group_points": -5}'))$$, 'P0001',
  'Los puntos del nivel 2 no pueden ser negativos.', 'puntos negativos');
select throws_ok($$select public.save_plan(pg_temp.with_level(4, '{"starter_bonus": -1}'))$$, 'P0001',
  'Las tasas y los bonos del nivel 4 no pueden ser negativos.', 'un bono negativo');
select throws_ok($$select public.save_plan(pg_temp.with_level(4, '{"commission_rates": [0.1, -0.05, 0.04, 0.03]}'))$$, 'P0001',
  'Las tasas y los bonos del nivel 4 no pueden ser negativos.', 'una tasa negativa');
select throws_ok($$select public.save_plan(pg_temp.with_level(3, '{"group_points": 1000}'))$$, 'P0001',
  'Los requisitos deben subir de un nivel al siguiente: el nivel 3 pide 1000 puntos de grupo y 100 personales, y el nivel 2 pide 1000 y 100.',
  'requisitos que no suben');
select throws_ok($$select public.save_plan(pg_temp.with_level(3, '{"commission_rates": [0.10, 0, 0.04]}'))$$, 'P0001',
  'El nivel 3 tiene un hueco: la generación 2 paga 0 % y una posterior paga; quita el hueco o las generaciones que siguen.',
  'un hueco de generación dentro de un nivel');
select throws_ok($$select public.save_plan(pg_temp.with_level(4, '{"commission_rates": [0.10, 0.05]}'))$$, 'P0001',
  'El nivel 4 paga 2 generaciones y el nivel 3 paga 3: un nivel mayor no puede pagar menos generaciones.',
  'un nivel mayor con menos generaciones');
select throws_ok($$select public.save_plan(pg_temp.plan() - 4 - 3 - 2)$$, 'P0001',
  'No puedes quitar el nivel 5: 1 miembro(s) lo tienen. Un plan debe conservar los niveles que ya tienen miembros.',
  'quitar un nivel que tienen miembros');
select throws_ok($$select public.save_plan('[]')$$, 'P0001', 'El plan debe tener al menos un nivel de estrella.', 'un plan vacío');
select throws_ok($$select public.save_plan(pg_temp.with_level(1, '{"personal_points": "cien"}'))$$, 'P0001',
  'Revisa el nivel 1: los puntos deben ser números enteros y las tasas e importes, números.', 'un número que no lo es');

-- While a close runs ------------------------------------------------------------------------------------
insert into private.jobs (kind, month, origin) values ('period_close', '2026-02-01', 'schedule');
select throws_ok($$select public.save_plan(pg_temp.plan(0.12))$$, 'P0001',
  'Hay un cierre de mes en marcha: espera a que termine para cambiar el plan.', 'no se cambia el plan con un cierre en cola');
delete from private.jobs;
insert into public.periods (month, close_started_at) values ('2026-04-01', now()) on conflict (month) do update set close_started_at = now();
select throws_ok($$select public.save_plan(pg_temp.plan(0.12))$$, 'P0001',
  'Hay un cierre de mes en marcha: espera a que termine para cambiar el plan.', 'ni con un mes a medio cerrar');
update public.periods set close_started_at = null where month = '2026-04-01';
-- A month ended but not closed yet (April, at 00:05 on 1 May, before its close): it is closed with the
-- plan and the activity threshold it had, so neither changes until then; the rest of the settings do.
select engine_tests.at('2026-05-01 00:05:00-05');
select throws_ok($$select public.save_plan(pg_temp.plan(0.12))$$, 'P0001',
  'El plan se podrá cambiar cuando termine el cierre de abril de 2026: un mes se cierra con las reglas que tuvo.',
  'ni entre el fin de un mes y su cierre');
select throws_ok($$update public.metadata set activity_points = 120 where id = 'app_settings'$$, 'P0001',
  'Los puntos de actividad mensual se podrán cambiar cuando termine el cierre de abril de 2026: un mes se cierra con las reglas que tuvo.',
  'ni los puntos de actividad');
select lives_ok($$update public.metadata set contact_info = contact_info || ' ' where id = 'app_settings'$$, 'el resto de la configuración, sí');
select engine_tests.at('2026-04-02 09:00:00-05');
select is((select count(*) from public.plan_versions), :versions0::bigint, 'ningún rechazo dejó una versión');

-- A save ------------------------------------------------------------------------------------------------
select is(public.save_plan(pg_temp.plan()) ->> 'changed', 'false', 'guardar el plan vigente no crea versión');

-- Elena's first order is approved under the current plan: Darío (★2, gen 1) gets 10 %.
select engine_tests.order_as('elena', engine_tests.items('te', '1')) as old_sale \gset
select engine_tests.approve(:'old_sale');

select engine_tests.act_as('super');
select public.save_plan(pg_temp.plan(0.12)) as saved \gset
select ok((:'saved'::jsonb ->> 'version')::integer > :v0 and (:'saved'::jsonb ->> 'version')::integer = private.current_plan_version()
          and (select count(*) from public.plan_versions) = :versions0 + 1, 'guardar un plan distinto crea una sola versión nueva, la vigente');
select results_eq($$select created_by, is_current, (plan -> 'levels' -> 1 -> 'commission_rates' ->> 0)::numeric
                     from public.get_plan_versions() limit 1$$,
  $$values ((select user_id from engine_tests.ids where key = 'super'), true, 0.12::numeric)$$, 'la versión dice quién la creó, que es la vigente y sus tasas');
select is((select count(*) from public.star_level_configs), 5::bigint, 'los cinco niveles siguen');

-- Elena's second order, approved after the save: Darío now gets 12 %; the first kept its 10 %.
select engine_tests.order_as('elena', engine_tests.items('te', '1')) as new_sale \gset
select engine_tests.approve(:'new_sale');
select results_eq($$select amount, plan_version from engine_tests.ledger
                     where beneficiary = 'Darío León' and type = 'commission_purchase' and source_sale_id = '$$ || :'new_sale' || $$'$$,
  format('values (4.00::numeric, %s)', :'saved'::jsonb ->> 'version'), 'una venta aprobada tras guardar paga la tasa nueva (33,33 × 12 % = 4,00)');
select results_eq($$select amount, plan_version from engine_tests.ledger
                     where beneficiary = 'Darío León' and type = 'commission_purchase' and source_sale_id = '$$ || :'old_sale' || $$'$$,
  format('values (3.33::numeric, %s)', :v0), 'la venta anterior conserva su tasa y su versión (33,33 × 10 % = 3,33)');

-- Cancelling the old sale takes back what it paid, not what the new plan would pay.
select engine_tests.act_as('admin');
select public.cancel_sale(:'old_sale', 'Devolución del cliente') is not null as cancelled \gset
select results_eq($$select amount from engine_tests.ledger
                     where beneficiary = 'Darío León' and type = 'reversal_commission' and source_sale_id = '$$ || :'old_sale' || $$'$$,
  $$values (-3.33::numeric)$$, 'al cancelarla se revierte lo que pagó con su versión');

-- Removing an unused top level works (nobody holds it once Amparo is moved down by an operator).
update public.clients set star_level = 4 where star_level = 5;
select engine_tests.act_as('super');
select is((public.save_plan(pg_temp.plan(0.12) - 4) ->> 'changed')::boolean, true, 'se puede quitar un nivel que nadie tiene');
select is((select max(level)::integer from public.star_level_configs), 4, 'el plan queda con cuatro niveles');

-- April replayed, enrolments and forfeits included: Darío (active with a Lavanda) enrols Nora, which
-- pays him the enrolment commission and his starter bonus; Elena's orders leave commissions to her
-- upline, some of whom end April inactive and forfeit them at the close. The plan in force replays
-- exactly what the engine wrote for April.
select engine_tests.approve(engine_tests.order_as('dario', engine_tests.items('lavanda', '1')));
select engine_tests.act_as('dario');
select (public.enrol_member('Nora Gil', 'plan.nora@tests.savia', engine_tests.id('kit'))).id as enrolment \gset
select engine_tests.approve(:'enrolment');
select engine_tests.at('2026-05-02 09:00:00-05');
select (engine_tests.close_month('2026-04-01')).status as april_closed \gset
-- An operator then moves Darío down to ★1: the replay still pays him as the ★2 he was in April.
update public.clients set star_level = 1 where id = engine_tests.id('dario');
select engine_tests.act_as('super');
select engine_tests.what_if(pg_temp.plan(0.12) - 4) as april \gset
select results_eq(format($$select %L::jsonb ->> 'month', (%L::jsonb ->> 'difference')::numeric$$, :'april', :'april'),
  $$values ('2026-04-01', 0::numeric)$$, 'abril repetido con el plan vigente: diferencia 0');
select is((:'april'::jsonb ->> 'before')::numeric,
  (select sum(amount) from public.reward_transactions where period_month = '2026-04-01'
      and type in ('commission_purchase', 'commission_enrollment', 'bonus_starter', 'bonus_volume', 'reversal_commission')),
  'la repetición de abril (enrolamiento, cancelación y anulaciones incluidas) coincide con lo que el motor escribió');
select results_eq(format($$select k ->> 'kind', (k ->> 'before')::numeric from jsonb_array_elements(%L::jsonb -> 'by_kind') k
                            where k ->> 'kind' in ('commission_enrollment', 'bonus_starter')$$, :'april'),
  $$values ('commission_enrollment', 20.00::numeric), ('bonus_starter', 15.00::numeric)$$,
  'el enrolamiento de abril paga a Darío el 20 % del kit y su bono de inicio');

select * from finish();
rollback;
