-- The month close as a job: who may ask for it, exact grants, one at a time, idempotent requests, the
-- runner's steps (running committed first, then done with the close's summary or failed with its
-- Spanish message) and a job left running by a crash. On the fixture of 50_engine_fixture.psql; the
-- runner's steps are called one by one (the procedure commits between them, a test cannot).
begin;
\ir 50_engine_fixture.psql
select plan(46);

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

-- Grants: exactly what the API roles need ---------------------------------------------------------------------
select results_eq($$select r.role, has_function_privilege(r.role, 'public.request_period_close(date)', 'execute')
                      from unnest(array['anon', 'authenticated', 'service_role']) r(role) order by 1$$,
  $$values ('anon'::text, false), ('authenticated', true), ('service_role', true)$$,
  'request_period_close: authenticated y service_role, nunca anon');
select is_empty($$
  select p.oid::regprocedure::text || ' ' || r.role from pg_proc p cross join unnest(array['anon', 'authenticated', 'service_role']) r(role)
   where p.oid in ('private.enqueue_period_close(date, text, uuid)'::regprocedure, 'private.start_period_close_job()'::regprocedure,
                   'private.finish_period_close_job(bigint)'::regprocedure, 'private.fail_interrupted_period_close_jobs()'::regprocedure,
                   'private.request_due_period_close()'::regprocedure, 'private.run_period_close_jobs()'::regprocedure,
                   'private.close_period(date, uuid)'::regprocedure)
     and has_function_privilege(r.role, p.oid, 'execute')$$,
  'ningún rol de la API ejecuta la cola ni el cierre directamente');
select is(to_regprocedure('public.close_period(date)'), null, 'el cierre síncrono ya no está en la API');
select results_eq($$select r.role, array(select x.priv from unnest(array['select', 'insert', 'update', 'delete', 'truncate', 'references', 'trigger']) x(priv)
                                          where has_table_privilege(r.role, 'public.period_close_jobs', x.priv))
                      from unnest(array['anon', 'authenticated', 'service_role']) r(role) order by 1$$,
  $$values ('anon'::text, '{}'::text[]), ('authenticated', '{}'), ('service_role', '{}')$$,
  'period_close_jobs: nadie escribe por la API, ni lee la tabla entera');
select results_eq($$select c.column_name::text collate "C" from information_schema.columns c
                     where c.table_schema = 'public' and c.table_name = 'period_close_jobs'
                       and has_column_privilege('authenticated', 'public.period_close_jobs', c.column_name, 'select')
                     order by c.ordinal_position$$,
  $$values ('id'::text collate "C"), ('month'), ('status'), ('origin'), ('requested_by'), ('requested_at'), ('started_at'), ('finished_at'),
           ('error'), ('error_code')$$,
  'authenticated lee cada columna menos el resumen (su dinero es de finanzas)');
select is_empty($$select r.role from unnest(array['anon', 'authenticated', 'service_role']) r(role)
                   where has_sequence_privilege(r.role, 'public.period_close_jobs_id_seq', 'usage,select,update')$$,
  'ni usa su secuencia');

-- Who may ask ---------------------------------------------------------------------------------------------------
-- April: Fabio buys (active); his uplines earn commissions and buy nothing (their commissions are forfeited at the close).
select engine_tests.at('2026-04-10 10:00:00-05');
select engine_tests.order_as('fabio', engine_tests.items('lavanda', '1')) as s1 \gset
select engine_tests.approve(:'s1');
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
select is((select count(*)::integer from public.period_close_jobs), 0, 'ningún rechazo dejó un trabajo');

-- What the close would refuse, refused at once ---------------------------------------------------------------------
select engine_tests.act_as('super');
select throws_ok($$select public.request_period_close('2026-05-01')$$, 'P0001',
  'El mes de mayo de 2026 aún no ha terminado: se puede cerrar desde el 1 de junio de 2026.', 'un mes en curso no se pide');
select throws_ok($$select public.request_period_close('2026-04-15')$$, 'P0001',
  'Indica el mes como su primer día (por ejemplo 2026-03-01).', 'el mes es su primer día');

-- The superadmin asks; asking again, or the service role asking, answers the same job -----------------------------
select (public.request_period_close()).id as job \gset
select results_eq(format($$select month, status, origin, requested_by, started_at, finished_at from public.period_close_jobs where id = %s$$, :job),
  format($$values ('2026-04-01'::date, 'queued'::text, 'superadmin'::text, %L::uuid, null::timestamptz, null::timestamptz)$$,
         (select user_id from engine_tests.ids where key = 'super')),
  'sin mes se pide el anterior (abril): en cola, con quién lo pidió');
select is((select status from public.periods where month = '2026-04-01'), 'open', 'pedirlo no cierra nada');
select is((public.request_period_close('2026-04-01')).id, :job::bigint, 'pedirlo otra vez devuelve el mismo trabajo');
select engine_tests.as_service();
select is((public.request_period_close('2026-04-01')).id, :job::bigint, 'también al rol de servicio');
select is((select count(*)::integer from public.period_close_jobs), 1, 'y no hay un segundo trabajo');

-- One at a time ----------------------------------------------------------------------------------------------------
select engine_tests.act_as('super');
select throws_ok($$select public.request_period_close('2026-03-01')$$, 'P0001',
  'Ya hay un cierre en cola (abril de 2026): espera a que termine para pedir otro.', 'otro mes espera a que termine este');
select throws_ok($$insert into public.period_close_jobs (month, origin) values ('2026-03-01', 'schedule')$$, '23505', null,
  'la base no admite dos trabajos en cola a la vez');
select is((private.request_due_period_close()).id, null, 'la tarea horaria no pide nada mientras hay uno en cola');

-- What the screen reads ----------------------------------------------------------------------------------------------
select is(engine_tests.try_as('super', 'select id, month, status, error from public.period_close_jobs'), 'rows:1', 'el superadmin ve los trabajos');
select is(engine_tests.try_as('admin', 'select id, month, status, error from public.period_close_jobs'), 'rows:0', 'un admin no');
select is(engine_tests.try_as('fabio', 'select id, month, status, error from public.period_close_jobs'), 'rows:0', 'un miembro no');
select is(engine_tests.try_as('super', $$insert into public.period_close_jobs (month, origin) values ('2026-03-01', 'schedule')$$),
  'denied', 'nadie escribe un trabajo por la API');
select is(engine_tests.try_as('super', format($$update public.period_close_jobs set status = 'done' where id = %s$$, :job)),
  'denied', 'ni lo cambia');
select is(engine_tests.try_as('super', 'delete from public.period_close_jobs'), 'denied', 'ni lo borra');

-- The runner: running first, then done with the close ----------------------------------------------------------------
select is(private.start_period_close_job(), :job::bigint, 'el ejecutor toma el trabajo');
select results_eq(format($$select status, started_at is not null, finished_at from public.period_close_jobs where id = %s$$, :job),
  $$values ('running'::text, true, null::timestamptz)$$, 'y lo marca en marcha antes de cerrar');
select results_eq($$select id, status from public.request_period_close('2026-04-01')$$,
  format($$values (%s::bigint, 'running'::text)$$, :job), 'pedirlo en marcha devuelve el trabajo en marcha');
select throws_ok($$select public.request_period_close('2026-03-01')$$, 'P0001',
  'Ya hay un cierre en marcha (abril de 2026): espera a que termine para pedir otro.', 'y otro mes sigue esperando');
select is(private.start_period_close_job(), null, 'no hay otro trabajo que tomar');

select (private.finish_period_close_job(:job)).status as finished \gset
select is(:'finished'::text, 'done', 'el ejecutor cierra el mes y deja el trabajo hecho');
select results_eq(format($$select j.summary, p.status, p.closed_by from public.period_close_jobs j join public.periods p on p.month = j.month
                            where j.id = %s$$, :job),
  format($$select summary || '{"already_closed": false}'::jsonb, 'closed'::text, %L::uuid from public.periods where month = '2026-04-01'$$,
         (select user_id from engine_tests.ids where key = 'super')),
  'con el resumen del cierre; abril queda cerrado a nombre de quien lo pidió');
select cmp_ok((select (summary ->> 'forfeits')::integer from public.period_close_jobs where id = :job), '=',
  (select count(*)::integer from public.reward_transactions where period_month = '2026-04-01' and type = 'reversal_commission'),
  'el resumen cuenta las anulaciones que escribió el cierre');
select results_eq($$select id, status from public.request_period_close('2026-04-01')$$,
  format($$values (%s::bigint, 'done'::text)$$, :job), 'pedir un mes cerrado devuelve su trabajo hecho');

-- A month closed without a job (as the demo history is) answers a job done with its summary ----------------------------
select engine_tests.at('2026-06-02 10:00:00-05');
select private.close_period('2026-05-01', null) is not null as may_closed \gset
select count(*) as ledger_before from public.reward_transactions \gset
select results_eq($$select status, origin, summary from public.request_period_close('2026-05-01')$$,
  $$select 'done'::text, 'superadmin'::text, summary || '{"already_closed": true}'::jsonb from public.periods where month = '2026-05-01'$$,
  'un mes cerrado sin trabajo responde con un trabajo hecho y su resumen');
select is((select count(*) from public.reward_transactions), :ledger_before::bigint, 'sin escribir nada en el libro');

-- A close that raises leaves the job failed with its Spanish message, and nothing of the close --------------------------
select engine_tests.at('2026-07-05 10:00:00-05');
select (public.request_period_close('2026-06-01')).id as job2 \gset
insert into public.periods (month) values ('2026-01-01'); -- an earlier month opens after the request
select private.start_period_close_job() as started2 \gset
select results_eq(format($$select status, error, error_code, finished_at is not null from private.finish_period_close_job(%s)$$, :job2),
  $$values ('failed'::text, 'Hay un mes anterior sin cerrar: ciérralo primero.'::text, 'savia:previous_period_open'::text, true)$$,
  'el cierre rechazado deja el trabajo fallido con el mensaje en español');
select is((select status from public.periods where month = '2026-06-01'), null, 'y no queda nada del cierre');
select throws_ok($$select public.request_period_close('2026-06-01')$$, 'P0001', 'Hay un mes anterior sin cerrar: ciérralo primero.',
  'pedirlo otra vez se rechaza al momento mientras el mes anterior siga abierto');

-- A job left running by a crash (its close rolled back with the session) ends failed ------------------------------------
select private.close_period('2026-01-01', null) is not null as january_closed \gset
select (public.request_period_close('2026-06-01')).id as job3 \gset
select isnt(:job3::bigint, :job2::bigint, 'tras un fallo, pedirlo otra vez crea un trabajo nuevo');
select is(private.start_period_close_job(), :job3::bigint, 'un ejecutor lo toma y su sesión muere a mitad del cierre');
select is(private.fail_interrupted_period_close_jobs(), 1, 'el siguiente ejecutor encuentra el trabajo huérfano');
select results_eq(format($$select status, error, error_code from public.period_close_jobs where id = %s$$, :job3),
  $$values ('failed'::text, 'El cierre de junio de 2026 se interrumpió antes de terminar (se cortó la conexión o se reinició la base de datos) y no escribió nada. Pídelo otra vez.'::text,
            'savia:close_interrupted'::text)$$,
  'y lo deja fallido, nunca en marcha para siempre');

select is_empty($$select * from private.engine_invariant_violations()$$, 'invariantes del motor');

select * from finish();
rollback;
