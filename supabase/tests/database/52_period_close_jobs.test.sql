-- The month close as a job: who may ask for it, what nobody may touch, one at a time, idempotent
-- requests, a month before the business refused, the close in steps (approvals, cancellations, a
-- change of enroller and a plan saved while it runs are refused with a sentence, never lost), a job
-- taken up again after its runner was cut off (nothing counted twice), a step that fails (what was done
-- stays, asking again finishes it), and a close in chunks of one member equal to its preview. On the
-- fixture of 50_engine_fixture.psql; the runner's steps are called one by one (the procedure commits
-- between them, a test cannot; tests/integration/close-crash.test.ts kills a real runner).
begin;
\ir 50_engine_fixture.psql
select plan(73);

-- A statement as a persona through the API role `authenticated`, always rolled back: rows:N for a
-- select, ok:N for a write, denied for 42501, the message otherwise.
create function engine_tests.try_as(p_key text, p_sql text) returns text language plpgsql as $$
declare
  v_n bigint;
  v_result text;
begin
  begin
    perform engine_tests.act_as(p_key);
    perform set_config('role', 'authenticated', true);
    if p_sql ilike 'select%' then
      execute 'select count(*) from (' || p_sql || ') q' into v_n;
      v_result := 'rows:' || v_n;
    else
      execute p_sql;
      get diagnostics v_n = row_count;
      v_result := 'ok:' || v_n;
    end if;
    raise exception using errcode = 'PT999', message = v_result;
  exception when others then
    v_result := case sqlstate when 'PT999' then sqlerrm when '42501' then 'denied' else sqlerrm end;
  end;
  return v_result;
end
$$;
grant execute on function engine_tests.try_as(text, text) to authenticated;
grant usage on schema engine_tests to authenticated;

create function engine_tests.as_service() returns text language plpgsql as $$
begin
  perform set_config('request.jwt.claims', '{"role": "service_role"}', true);
  return '# actúa: service_role';
end
$$;

create function engine_tests.job(p_id bigint) returns private.jobs language sql as $$
  select * from private.jobs where id = p_id
$$;

-- Grants: exactly what the API roles need ---------------------------------------------------------------------
select results_eq($$select r.role, has_function_privilege(r.role, 'public.request_period_close(date)', 'execute')
                      from unnest(array['anon', 'authenticated', 'service_role']) r(role) order by 1$$,
  $$values ('anon'::text, false), ('authenticated', true), ('service_role', true)$$,
  'request_period_close: authenticated y service_role, nunca anon');
select is_empty($$
  select p.oid::regprocedure::text || ' ' || r.role from pg_proc p cross join unnest(array['anon', 'authenticated', 'service_role']) r(role)
   where p.pronamespace = 'private'::regnamespace
     and p.proname in ('enqueue_period_close', 'claim_job', 'run_job_step', 'job_step', 'release_job', 'period_close_job_step',
                       'request_due_period_close', 'run_jobs', 'close_step', 'close_begin', 'close_period', 'tidy_jobs',
                       'close_make_chunks', 'close_take_chunk', 'close_chunk', 'close_advance', 'close_help')
     and has_function_privilege(r.role, p.oid, 'execute')$$,
  'ningún rol de la API ejecuta la cola, el ejecutor ni el cierre directamente');
select is(to_regprocedure('public.close_period(date)'), null, 'el cierre síncrono no está en la API');
select is(to_regprocedure('public.preview_period_close(date)'), null, 'ni la vista previa síncrona: es un trabajo');
select is(to_regclass('public.period_close_jobs'), null, 'los trabajos no son una tabla de la API');
select is_empty($$select r.role || ' ' || x.priv from unnest(array['anon', 'authenticated', 'service_role']) r(role)
                    cross join unnest(array['select', 'insert', 'update', 'delete', 'truncate', 'references', 'trigger']) x(priv)
                   where has_table_privilege(r.role, 'private.jobs', x.priv)
                      or has_table_privilege(r.role, 'private.period_closes', x.priv)
                      or has_table_privilege(r.role, 'private.period_close_chunks', x.priv)$$,
  'ni los trabajos ni el avance de los cierres se leen o escriben por la API');

-- Who may ask ---------------------------------------------------------------------------------------------------
-- April: Fabio buys (active); his uplines earn commissions and buy nothing (their commissions are forfeited at the close).
select engine_tests.at('2026-04-10 10:00:00-05');
select engine_tests.order_as('fabio', engine_tests.items('lavanda', '1')) as s1 \gset
select engine_tests.approve(:'s1');
select engine_tests.order_as('gala', engine_tests.items('te', '1')) as s_gala \gset
select engine_tests.approve(:'s_gala');
select engine_tests.at('2026-05-10 10:00:00-05');

select engine_tests.act_as('admin');
select throws_ok($$select public.request_period_close('2026-04-01')$$, 'P0001',
  'Solo un superadmin (o el cierre programado) puede cerrar un mes.', 'un admin no pide el cierre');
select engine_tests.act_as('fabio');
select throws_ok($$select public.request_period_close('2026-04-01')$$, 'P0001',
  'Solo un superadmin (o el cierre programado) puede cerrar un mes.', 'un miembro tampoco');
select engine_tests.act_as('sinrol');
select throws_ok($$select public.request_period_close('2026-04-01')$$, 'P0001',
  'Solo un superadmin (o el cierre programado) puede cerrar un mes.', 'ni una cuenta sin rol');
select engine_tests.act_as('nadie');
select throws_ok($$select public.request_period_close('2026-04-01')$$, 'P0001',
  'Solo un superadmin (o el cierre programado) puede cerrar un mes.', 'ni alguien sin sesión');
select is((select count(*)::integer from private.jobs), 0, 'ningún rechazo dejó un trabajo');

-- What the close would refuse, refused at once ---------------------------------------------------------------------
select engine_tests.act_as('super');
select throws_ok($$select public.request_period_close('2026-05-01')$$, 'P0001',
  'El mes de mayo de 2026 aún no ha terminado: se puede cerrar desde el 1 de junio de 2026.', 'un mes en curso no se pide');
select throws_ok($$select public.request_period_close('2026-04-15')$$, 'P0001',
  'Indica el mes como su primer día (por ejemplo 2026-03-01).', 'el mes es su primer día');
-- The business starts in April (its first sale): a month before it has nothing to close.
select throws_ok($$select public.request_period_close('2001-01-01')$$, 'P0001',
  'No hay nada que cerrar en enero de 2001: la historia de la empresa empieza en abril de 2026.',
  'un mes anterior al primero de la empresa se rechaza');
select throws_ok($$select public.request_period_close('2026-03-01')$$, 'P0001',
  'No hay nada que cerrar en marzo de 2026: la historia de la empresa empieza en abril de 2026.',
  'también el mes justo antes del primero');
select is((select count(*)::integer from private.jobs), 0, 'y no queda ningún trabajo en cola');
select is((select count(*)::integer from public.periods where month < '2026-04-01'), 0, 'ni un periodo creado para él');
select throws_ok($$select private.close_period('2001-01-01', null)$$, 'P0001',
  'No hay nada que cerrar en enero de 2001: la historia de la empresa empieza en abril de 2026.',
  'el motor también lo rechaza, se pida como se pida');

-- The superadmin asks; asking again, or the service role asking, answers the same job -----------------------------
select (public.request_period_close() ->> 'id')::bigint as job \gset
select results_eq(format($$select kind, month, status, origin, requested_by, started_at, finished_at from private.jobs where id = %s$$, :job),
  format($$values ('period_close'::text, '2026-04-01'::date, 'queued'::text, 'superadmin'::text, %L::uuid, null::timestamptz, null::timestamptz)$$,
         (select user_id from engine_tests.ids where key = 'super')),
  'sin mes se pide el anterior (abril): en cola, con quién lo pidió');
select is((select status from public.periods where month = '2026-04-01'), 'open', 'pedirlo no cierra nada');
select is((public.request_period_close('2026-04-01') ->> 'id')::bigint, :job::bigint, 'pedirlo otra vez devuelve el mismo trabajo');
select engine_tests.as_service();
select is((public.request_period_close('2026-04-01') ->> 'id')::bigint, :job::bigint, 'también al rol de servicio');
select is((select count(*)::integer from private.jobs), 1, 'y no hay un segundo trabajo');

-- One at a time ----------------------------------------------------------------------------------------------------
select engine_tests.at('2026-06-10 10:00:00-05');
select engine_tests.act_as('super');
select throws_ok($$select public.request_period_close('2026-05-01')$$, 'P0001',
  'Ya hay un cierre en cola (abril de 2026): espera a que termine para pedir otro.', 'otro mes espera a que termine este');
select throws_ok($$insert into private.jobs (kind, month, origin) values ('period_close', '2026-05-01', 'schedule')$$, '23505', null,
  'la base no admite dos cierres en cola a la vez');
select is(private.request_due_period_close(), null, 'la tarea horaria no pide nada mientras hay uno en cola');
select engine_tests.at('2026-05-10 10:00:00-05');

-- The runner: running first, then one step at a time ----------------------------------------------------------------
select is(private.claim_job(), :job::bigint, 'el ejecutor toma el trabajo');
select results_eq(format($$select status, started_at is not null, attempts::integer from private.jobs where id = %s$$, :job),
  $$values ('running'::text, true, 1)$$, 'y lo marca en marcha antes del primer paso');
select is(private.claim_job(), null, 'otro ejecutor no encuentra nada que tomar');
select is(private.run_job_step(:job), 'running', 'primer paso: el mes empieza a cerrarse');
select results_eq(format($$select step, step_no::integer, steps::integer, step_done, step_total from private.jobs where id = %s$$, :job),
  $$values ('freeze'::text, 2, 7, 0, 7)$$, 'el trabajo dice su paso (2 de 7: congelar las cifras de los 7 miembros con actividad) y cuánto lleva');
select isnt((select close_started_at from public.periods where month = '2026-04-01'), null, 'abril está cerrándose');

-- While the month is closing, nothing more is written into it, and each refusal says why.
-- (An approval's month is that of its own clock: one whose clock still says April — the last seconds of
-- the month, a clock behind — would write into April.)
select engine_tests.at('2026-04-30 23:59:00-05');
select engine_tests.order_as('fabio', engine_tests.items('te', '1')) as s_late \gset
select engine_tests.act_as('admin');
select throws_ok(format('select public.approve_sale(%L)', :'s_late'), 'P0001',
  'El cierre de abril de 2026 está en marcha: ya no se registran recompensas en ese mes. Vuelve a intentarlo cuando termine.',
  'una aprobación en el mes que se cierra se rechaza con una frase');
select is((select status from public.sales where id = :'s_late'), 'Pendiente de Aprobación', 'y el pedido sigue pendiente: no se pierde');
select engine_tests.at('2026-05-10 10:00:00-05');
select throws_ok(format('select public.cancel_sale(%L, %L)', :'s1', 'Pago devuelto'), 'P0001',
  format('El cierre de abril de 2026 está en marcha: la venta #%s se podrá cancelar cuando termine.', (select sale_no from public.sales where id = :'s1')),
  'una cancelación de una venta del mes también');
select engine_tests.act_as('super');
select throws_ok(format($$select public.change_enroller(%L, %L, 'prueba')$$, engine_tests.id('gala'), engine_tests.id('olga')), 'P0001',
  'Hay un cierre de mes en marcha: cambia el enrolador cuando termine.', 'un cambio de enrolador espera al cierre');
select throws_ok($$select public.save_plan((select p.plan -> 'levels' from private.plan() p))$$, 'P0001',
  'Hay un cierre de mes en marcha: espera a que termine para cambiar el plan.', 'y un plan nuevo también');
select throws_ok($$select public.request_close_preview('2026-04-01')$$, 'P0001',
  'El cierre de abril de 2026 está en marcha: lo que hizo se verá cuando termine.', 'y no hay vista previa de un mes que se cierra');

select is(private.run_job_step(:job), 'running', 'segundo paso: congela las cifras');
select is(private.run_job_step(:job), 'running', 'tercero: las anulaciones');
select results_eq(format($$select step, step_no::integer from private.jobs where id = %s$$, :job),
  $$values ('bonuses'::text, 4)$$, 'va por los bonos de volumen');
select is((select count(*)::integer from public.reward_transactions where period_month = '2026-04-01' and type = 'reversal_commission'), 5,
  'las anulaciones ya están en el libro (las de Amparo, Bruno, Celia, Darío y Elena)');

-- The runner's session dies here: its lock goes with it, the job stays running, and the next runner takes it up.
select private.release_job(:job);
select is(private.claim_job(), :job::bigint, 'el siguiente ejecutor retoma el trabajo huérfano');
select results_eq(format($$select status, step, attempts::integer from private.jobs where id = %s$$, :job),
  $$values ('running'::text, 'bonuses'::text, 2)$$, 'en el paso en que quedó, y cuenta el segundo intento');
select is((engine_tests.finish_job(:job)).status, 'done', 'y lo termina');
select results_eq(format($$select j.result, p.status, p.closed_by from private.jobs j join public.periods p on p.month = j.month
                            where j.id = %s$$, :job),
  format($$select summary || '{"already_closed": false}'::jsonb, 'closed'::text, %L::uuid from public.periods where month = '2026-04-01'$$,
         (select user_id from engine_tests.ids where key = 'super')),
  'con el resumen del cierre; abril queda cerrado a nombre de quien lo pidió');
select results_eq($$select (summary ->> 'forfeits')::integer, (summary ->> 'members')::integer from public.periods where month = '2026-04-01'$$,
  $$select count(*)::integer, 7 from public.reward_transactions where period_month = '2026-04-01' and type = 'reversal_commission'$$,
  'retomado a mitad, cada anulación se escribió una vez y el resumen las cuenta una vez');
select results_eq(format($$select step, step_no::integer, steps::integer from private.jobs where id = %s$$, :job),
  $$values ('done'::text, 7, 7)$$, 'el trabajo termina en el último paso');
select results_eq($$select public.request_period_close('2026-04-01') ->> 'id', public.request_period_close('2026-04-01') ->> 'status'$$,
  format($$values (%L::text, 'done'::text)$$, :job), 'pedir un mes cerrado devuelve su trabajo hecho');
select engine_tests.act_as('admin');
select engine_tests.at('2026-05-10 10:00:00-05');
select lives_ok(format('select public.approve_sale(%L)', :'s_late'), 'el pedido que esperó se aprueba ahora (en el mes en curso)');
select is((select period_month from public.sales where id = :'s_late'), '2026-05-01'::date, 'y sus recompensas son de mayo');

-- A month closed without a job (as the demo history is) answers a job done with its summary ----------------------------
select engine_tests.at('2026-06-02 10:00:00-05');
select private.close_period('2026-05-01', null) is not null as may_closed \gset
select count(*) as ledger_before from public.reward_transactions \gset
select engine_tests.act_as('super');
select results_eq($$select j ->> 'status', j ->> 'origin', j -> 'summary' from public.request_period_close('2026-05-01') j$$,
  $$select 'done'::text, 'superadmin'::text, summary || '{"already_closed": true}'::jsonb from public.periods where month = '2026-05-01'$$,
  'un mes cerrado sin trabajo responde con un trabajo hecho y su resumen');
select is((select count(*) from public.reward_transactions), :ledger_before::bigint, 'sin escribir nada en el libro');

-- A close refused at its first step leaves the job failed with its Spanish message, and nothing of the close ----------
select engine_tests.at('2026-07-05 10:00:00-05');
select (public.request_period_close('2026-06-01') ->> 'id')::bigint as job2 \gset
insert into public.periods (month) values ('2026-01-01'); -- an earlier month opens after the request
select results_eq(format($$select status, error, error_code, finished_at is not null from engine_tests.run_job(%s)$$, :job2),
  $$values ('failed'::text, 'Hay un mes anterior sin cerrar: ciérralo primero.'::text, 'savia:previous_period_open'::text, true)$$,
  'el cierre rechazado deja el trabajo fallido con el mensaje en español');
select is((select status from public.periods where month = '2026-06-01'), null, 'y no queda nada del cierre');
select throws_ok($$select public.request_period_close('2026-06-01')$$, 'P0001', 'Hay un mes anterior sin cerrar: ciérralo primero.',
  'pedirlo otra vez se rechaza al momento mientras el mes anterior siga abierto');
select private.close_period('2026-01-01', null) is not null as january_closed \gset

-- A step that fails half way: what was done stays, the month stays closing, and asking again finishes it -----------------
select engine_tests.at('2026-06-20 10:00:00-05');
select engine_tests.approve(engine_tests.order_as('amparo', engine_tests.items('lavanda', '1')));
select engine_tests.approve(engine_tests.order_as('fabio', engine_tests.items('lavanda', '1')));
select engine_tests.approve(engine_tests.order_as('gala', engine_tests.items('te', '1')));
select engine_tests.at('2026-07-05 10:00:00-05');
create function engine_tests.no_bonus() returns trigger language plpgsql as $$
begin
  raise exception 'bonos sin pagar (prueba)';
end
$$;
create trigger no_bonus before insert on public.reward_transactions for each row when (new.type = 'bonus_volume')
  execute function engine_tests.no_bonus();
select engine_tests.act_as('super');
select (public.request_period_close('2026-06-01') ->> 'id')::bigint as job3 \gset
select isnt(:job3::bigint, :job2::bigint, 'tras un fallo, pedirlo otra vez crea un trabajo nuevo');
select results_eq(format($$select status, error_code, step from engine_tests.run_job(%s)$$, :job3),
  $$values ('failed'::text, 'savia:job_failed'::text, 'bonuses'::text)$$, 'un error en los bonos deja el trabajo fallido en ese paso');
select is((engine_tests.job(:job3)).error,
  'El cierre de junio de 2026 se detuvo por un error inesperado: bonos sin pagar (prueba) (SQLSTATE P0001). Lo ya hecho se conserva: pídelo otra vez y seguirá donde quedó.',
  'con una frase que dice qué pasó y qué hacer');
-- (the raise above carries P0001 but no savia: hint, so it is not a refusal: the runner wraps it)
select results_eq($$select status, close_started_at is not null from public.periods where month = '2026-06-01'$$,
  $$values ('open'::text, true)$$, 'junio sigue abierto y cerrándose: nada entra en él');
select count(*) as june_forfeits from public.reward_transactions where period_month = '2026-06-01' and type = 'reversal_commission' \gset
select ok(:june_forfeits > 0, 'las anulaciones de junio ya están escritas');
drop trigger no_bonus on public.reward_transactions;
select (public.request_period_close('2026-06-01') ->> 'id')::bigint as job4 \gset
select results_eq(format($$select status, (result ->> 'forfeits')::integer, (result ->> 'volume_bonuses')::integer > 0 from engine_tests.run_job(%s)$$, :job4),
  format($$values ('done'::text, %s, true)$$, :june_forfeits), 'pedido otra vez, sigue en los bonos y termina sin repetir las anulaciones');
select is((select count(*)::integer from public.reward_transactions where period_month = '2026-06-01' and type = 'reversal_commission'), :june_forfeits::integer,
  'cada anulación una sola vez en el libro');

-- A job cut short five times waits for a person --------------------------------------------------------------------------
select engine_tests.at('2026-08-05 10:00:00-05');
select engine_tests.act_as('super');
select (public.request_period_close('2026-07-01') ->> 'id')::bigint as job5 \gset
update private.jobs set status = 'running', started_at = now(), attempts = 5 where id = :job5;
select is(private.claim_job(), null, 'un trabajo cortado cinco veces no se retoma');
select results_eq(format($$select status, error_code from private.jobs where id = %s$$, :job5),
  $$values ('failed'::text, 'savia:job_interrupted'::text)$$, 'queda fallido');
select is((engine_tests.job(:job5)).error,
  'El cierre de julio de 2026 se interrumpió cinco veces antes de terminar (se cortó la conexión o se reinició la base de datos). Lo ya hecho se conserva: pídelo otra vez y seguirá donde quedó.',
  'con su frase');
select is(private.request_due_period_close(), null, 'la tarea horaria no lo vuelve a pedir: un cierre fallido espera a una persona');
select is((select count(*)::integer from private.jobs where kind = 'period_close' and month = '2026-07-01' and status in ('queued', 'running')), 0,
  'y no queda ninguno en cola (una persona sí lo pide otra vez: arriba, junio)');

-- A close in chunks of one member writes exactly its preview ------------------------------------------------------------
select engine_tests.at('2026-07-20 10:00:00-05');
select engine_tests.approve(engine_tests.order_as('fabio', engine_tests.items('lavanda', '1')));
select engine_tests.approve(engine_tests.order_as('elena', engine_tests.items('te', '1')));
select engine_tests.approve(engine_tests.order_as('gala', engine_tests.items('curcuma', '1')));
select engine_tests.at('2026-08-05 10:00:00-05');
create temp table july_preview as
  select a.action, a.client_id, a.ledger_id, a.amount from private.period_close_actions('2026-07-01', (select p.plan from private.plan() p)) a;
select ok((select count(*) from july_preview) > 3, 'la vista previa de julio tiene anulaciones, bonos y niveles');
do $$
begin
  while private.close_step('2026-07-01', null, 1) ->> 'step' <> 'done' loop
  end loop;
end
$$;
select is_empty($$select 'forfeit', r.beneficiary_id, r.reverses_id, r.amount from public.reward_transactions r
                   where r.period_month = '2026-07-01' and r.type = 'reversal_commission'
                  union all
                  select 'bonus_volume', r.beneficiary_id, null, r.amount from public.reward_transactions r
                   where r.period_month = '2026-07-01' and r.type = 'bonus_volume'
                  except all
                  select action, client_id, ledger_id, amount from july_preview where action <> 'level_up'$$,
  'el cierre de un miembro por tramo no escribe nada que la vista previa no anunciara');
select is_empty($$select action, client_id, ledger_id, amount from july_preview where action <> 'level_up'
                  except all
                  (select 'forfeit', r.beneficiary_id, r.reverses_id, r.amount from public.reward_transactions r
                    where r.period_month = '2026-07-01' and r.type = 'reversal_commission'
                   union all
                   select 'bonus_volume', r.beneficiary_id, null, r.amount from public.reward_transactions r
                    where r.period_month = '2026-07-01' and r.type = 'bonus_volume')$$,
  'ni deja nada de lo anunciado sin escribir');
select is((select (summary ->> 'level_ups')::integer from public.periods where month = '2026-07-01'),
  (select count(*)::integer from july_preview where action = 'level_up'), 'y sube los niveles anunciados');

select is_empty($$select * from private.engine_invariant_violations()$$, 'invariantes del motor');

select * from finish();
rollback;
