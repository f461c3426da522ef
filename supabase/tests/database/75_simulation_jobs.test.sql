-- The plan's what-if and the close preview as jobs (20250701101000_jobs_simulations.sql): who may ask
-- and read; a bad draft or month refused before anything is queued; one waiting job per person and
-- kind (asking again replaces what it will compute); the same question while it runs gets that job;
-- a job that fails keeps the database's sentence and leaves no rows; a job cut short starts again and
-- is computed; finished jobs go after a day with their preview rows. The figures themselves: pgTAP 70 and 71.
begin;
\ir 50_engine_fixture.psql
select plan(23);

create function pg_temp.plan(p_level2_gen1 numeric default 0.10) returns jsonb language sql as $$
  select jsonb_build_array(
    jsonb_build_object('name', 'Estrella 1', 'personal_points', 100, 'group_points', 0, 'commission_rates', jsonb_build_array(0.10), 'volume_bonus_rate', 0, 'starter_bonus', 10),
    jsonb_build_object('name', 'Estrella 2', 'personal_points', 100, 'group_points', 1000, 'commission_rates', jsonb_build_array(p_level2_gen1, 0.05), 'volume_bonus_rate', 0.02, 'starter_bonus', 15),
    jsonb_build_object('name', 'Estrella 3', 'personal_points', 100, 'group_points', 3000, 'commission_rates', jsonb_build_array(0.10, 0.05, 0.04), 'volume_bonus_rate', 0.03, 'starter_bonus', 20),
    jsonb_build_object('name', 'Estrella 4', 'personal_points', 100, 'group_points', 8000, 'commission_rates', jsonb_build_array(0.10, 0.05, 0.04, 0.03), 'volume_bonus_rate', 0.04, 'starter_bonus', 25),
    jsonb_build_object('name', 'Estrella 5', 'personal_points', 100, 'group_points', 20000, 'commission_rates', jsonb_build_array(0.10, 0.05, 0.04, 0.03, 0.02), 'volume_bonus_rate', 0.05, 'starter_bonus', 30))
$$;
create function pg_temp.job(p_job jsonb) returns bigint language sql as $$ select (p_job ->> 'id')::bigint $$;

insert into public.staff_invitations (email, role, finance) values ('motor.super2@tests.savia', 'superadmin', false);
insert into engine_tests.ids values ('super2', gen_random_uuid(), engine_tests.user_for('motor.super2@tests.savia'));

-- March: Darío (★2) buys a Lavanda (500 points: active) and Elena a Té (base 33.33), which pays Darío
-- 10 % in generation 1 = 3.33; at 12 % it would be 4.00: the draft below pays 0.67 more.
select engine_tests.at('2026-03-10 10:00:00-05');
select engine_tests.approve(engine_tests.order_as('dario', engine_tests.items('lavanda', '1')));
select engine_tests.approve(engine_tests.order_as('elena', engine_tests.items('te', '1')));
select engine_tests.at('2026-04-02 09:00:00-05');

-- Who may ask and read --------------------------------------------------------------------------------------
select engine_tests.act_as('admin');
select throws_ok($$select public.request_plan_what_if(pg_temp.plan())$$, '42501',
  'Solo un superadmin puede ver o cambiar el plan de compensación.', 'un admin no simula el plan');
select throws_ok($$select public.get_simulation_job(1)$$, '42501', 'Solo un superadmin puede ver las simulaciones.',
  'ni lee simulaciones');
select engine_tests.act_as('fabio');
select throws_ok($$select public.request_close_preview('2026-03-01')$$, '42501', 'Solo un superadmin puede ver y cerrar los meses.',
  'un miembro no pide la vista previa del cierre');

-- Refused before anything is queued ------------------------------------------------------------------------
select engine_tests.act_as('super');
select throws_ok($$select public.request_plan_what_if(jsonb_set(pg_temp.plan(), '{2,commission_rates}', '[0.6, 0.3, 0.2]'))$$, 'P0001',
  'Las tasas de comisión del nivel 3 suman 110%: no pueden pasar del 100%.', 'un borrador que no se podría guardar no se simula');
select throws_ok($$select public.request_close_preview('2026-03-15')$$, 'P0001',
  'Indica el mes como su primer día (por ejemplo 2026-03-01).', 'un mes mal indicado');
select is((select count(*)::integer from private.jobs), 0, 'y no queda nada en cola');

-- A preview asked before its month closes fails with the database's sentence ----------------------------------
select public.request_close_preview('2026-03-01') as march_preview \gset
select is(:'march_preview'::jsonb ->> 'status', 'queued', 'la vista previa de marzo queda en cola');
select (engine_tests.close_month('2026-03-01')).status as march_closed \gset
select engine_tests.act_as('super');
select engine_tests.simulate(:'march_preview') as march_failed \gset
select results_eq(format($$select %L::jsonb ->> 'status', %L::jsonb ->> 'error', %L::jsonb ->> 'error_code'$$, :'march_failed', :'march_failed', :'march_failed'),
  $$values ('failed'::text, 'El mes de marzo de 2026 ya está cerrado.'::text, 'savia:period_closed'::text)$$,
  'si el mes se cerró entretanto, la vista previa falla con la frase de la base');
select is((select count(*)::integer from private.close_preview_rows where job_id = pg_temp.job(:'march_preview')), 0, 'y no deja filas');
select throws_ok(format($$select * from public.get_close_preview(%s)$$, pg_temp.job(:'march_preview')), 'P0001',
  'Esa vista previa ya no existe o aún no está lista: pídela otra vez.', 'una vista previa fallida no tiene páginas');

-- One waiting job per person and kind ---------------------------------------------------------------------------
select public.request_plan_what_if(pg_temp.plan()) as w1 \gset
select public.request_plan_what_if(pg_temp.plan(0.12)) as w2 \gset
select is(pg_temp.job(:'w2'), pg_temp.job(:'w1'), 'pedir otra vez mientras espera es el mismo trabajo');
select is((select (params -> 1 -> 'commission_rates' ->> 0)::numeric from private.jobs where id = pg_temp.job(:'w1')), 0.12,
  'que calculará el último borrador');
select engine_tests.act_as('super2');
select throws_ok(format($$select public.get_simulation_job(%s)$$, pg_temp.job(:'w1')), 'P0001',
  'Esa simulación ya no existe: pídela otra vez.', 'otro superadmin no lee la simulación ajena');
select public.request_plan_what_if(pg_temp.plan()) as other \gset
select isnt(pg_temp.job(:'other'), pg_temp.job(:'w1'), 'y la suya es otro trabajo');

-- The same question while it runs; another one waits behind ---------------------------------------------------
select engine_tests.act_as('super');
select is(private.claim_job(), pg_temp.job(:'w1'), 'el ejecutor toma la más antigua');
select is(pg_temp.job(public.request_plan_what_if(pg_temp.plan(0.12))), pg_temp.job(:'w1'), 'la misma pregunta en marcha recibe ese trabajo');
select public.request_plan_what_if(pg_temp.plan()) as w3 \gset
select results_eq(format($$select %s <> %s, %L::jsonb ->> 'status'$$, pg_temp.job(:'w3'), pg_temp.job(:'w1'), :'w3'),
  $$values (true, 'queued'::text)$$, 'otra pregunta espera detrás, en su propio trabajo');
select (engine_tests.finish_job(pg_temp.job(:'w1'))).status as finished \gset
select results_eq(format($$select j ->> 'status', j -> 'result' ->> 'month', (j -> 'result' ->> 'difference')::numeric
                            from public.get_simulation_job(%s) j$$, pg_temp.job(:'w1')),
  $$values ('done'::text, '2026-03-01'::text, 0.67::numeric)$$, 'hecha: marzo con Darío al 12 %, 0,67 más');

-- Cut short, taken up again, and tidied after a day -------------------------------------------------------------
select is(private.claim_job(), pg_temp.job(:'other'), 'el ejecutor toma la de super2');
select private.release_job(pg_temp.job(:'other')); -- its session dies
select results_eq(format($$select status, attempts::integer from private.jobs where id = %s$$, pg_temp.job(:'other')),
  $$values ('running'::text, 1)$$, 'la simulación queda en marcha sin ejecutor');
select results_eq(format($$select status, attempts::integer, result is not null from engine_tests.run_job(%s)$$, pg_temp.job(:'other')),
  $$values ('done'::text, 2, true)$$, 'el siguiente ejecutor la retoma desde el principio y la termina');
select engine_tests.simulate(:'w3') ->> 'status' as w3_status \gset
-- April: Fabio buys; his uplines are inactive in April, so the preview has forfeits to keep as rows.
select engine_tests.approve(engine_tests.order_as('fabio', engine_tests.items('lavanda', '1')));
select engine_tests.act_as('super');
select engine_tests.simulate(public.request_close_preview('2026-04-01')) as april \gset
select ok((select count(*) from private.close_preview_rows where job_id = pg_temp.job(:'april'))
            = (:'april'::jsonb -> 'result' ->> 'rows')::bigint
          and (:'april'::jsonb -> 'result' ->> 'rows')::integer > 0,
  'la vista previa de abril guarda sus filas, tantas como dice su resultado');
update private.jobs set finished_at = now() - interval '2 days' where id = pg_temp.job(:'april');
select private.tidy_jobs() as tidied \gset
select results_eq(format($$select (select count(*)::integer from private.jobs where id = %s),
                                  (select count(*)::integer from private.close_preview_rows where job_id = %s)$$,
                         pg_temp.job(:'april'), pg_temp.job(:'april')),
  $$values (0, 0)$$, 'un día después la simulación se borra con sus filas');

select * from finish();
rollback;
