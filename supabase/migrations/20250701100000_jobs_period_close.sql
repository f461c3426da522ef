-- The month close as a job (issue 5): its queue, its runner and what pg_cron runs on a schedule. The
-- close itself (private.close_period) is the engine's, in 20250701072000_engine_payouts_and_close.sql.

-- The close as a job ------------------------------------------------------------------------------------
-- A superadmin (the screen), the service role (the close-period function) or the hourly schedule asks
-- for a month's close; the request only validates and queues, well inside any API timeout. pg_cron
-- runs the queue as postgres, outside any request: the job is marked running and committed first
-- (the screen sees «running»), then the close runs in one transaction that also marks the job done,
-- or the job is marked failed with the close's Spanish message and nothing of the close is kept.
create table public.period_close_jobs (
  id bigint generated always as identity primary key,
  month date not null constraint period_close_jobs_primer_dia_del_mes check (extract(day from month) = 1),
  status text not null default 'queued'
    constraint period_close_jobs_estado_valido check (status in ('queued', 'running', 'done', 'failed')),
  origin text not null constraint period_close_jobs_origen_valido check (origin in ('superadmin', 'service_role', 'schedule')),
  requested_by uuid, -- the superadmin; null for the service role and the schedule. A fact, like audit_logs' actor: no foreign key
  requested_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  summary jsonb,
  error text,
  error_code text,
  constraint period_close_jobs_estado_coherente check (case status
    when 'queued' then started_at is null and finished_at is null and summary is null and error is null
    when 'running' then started_at is not null and finished_at is null and summary is null and error is null
    when 'done' then started_at is not null and finished_at is not null and summary is not null and error is null
    else started_at is not null and finished_at is not null and summary is null and error is not null end),
  constraint period_close_jobs_superadmin_con_usuario check ((origin = 'superadmin') = (requested_by is not null))
);

-- One close at a time: at most one job queued or running, whatever its month.
create unique index period_close_jobs_uno_a_la_vez on public.period_close_jobs ((status in ('queued', 'running')))
  where status in ('queued', 'running');
create index period_close_jobs_month_idx on public.period_close_jobs (month, id desc);
comment on table public.period_close_jobs is
  'Trabajos de cierre de mes: quién lo pidió y cuándo, su estado (queued en cola, running en marcha, done hecho, failed fallido), cuándo empezó y terminó, y el resumen del cierre o su error en español. Los escribe solo el motor; el superadmin los lee para seguir el cierre.';
comment on column public.period_close_jobs.origin is
  'Quién pidió el cierre: superadmin (requested_by dice cuál), service_role (la función close-period u otro planificador) o schedule (la tarea horaria de pg_cron).';
comment on column public.period_close_jobs.summary is 'El resumen que devolvió el cierre (el mismo que guarda periods.summary), con already_closed.';
comment on column public.period_close_jobs.error_code is 'Código estable del error (savia:<código>), para que la pantalla decida sin leer el texto.';

alter table public.period_close_jobs enable row level security;
create policy period_close_jobs_select_superadmin on public.period_close_jobs for select to authenticated
  using ((select private.is_superadmin()));

-- Read by the superadmin through the API; written by nobody but the engine's functions.
revoke all on public.period_close_jobs from public, anon, authenticated, service_role;

-- The summary holds the close's money, which is finance's: read through request_period_close or
-- get_period_summaries, which show it whole only with the finance claim.
grant select (id, month, status, origin, requested_by, requested_at, started_at, finished_at, error, error_code)
  on public.period_close_jobs to authenticated;
revoke all on sequence public.period_close_jobs_id_seq from public, anon, authenticated, service_role;

create or replace function private.enqueue_period_close(p_month date, p_origin text, p_actor uuid) returns public.period_close_jobs
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_job public.period_close_jobs;
  v_period public.periods;
begin
  -- What the close would refuse at once is refused here, so the caller hears it now.
  if p_month is null or p_month <> date_trunc('month', p_month)::date then
    perform private.refuse('invalid_period', 'Indica el mes como su primer día (por ejemplo 2026-03-01).');
  end if;
  if p_month >= private.current_period() then
    perform private.refuse('period_not_ended',
      format('El mes de %s aún no ha terminado: se puede cerrar desde el 1 de %s.', private.period_label(p_month),
             private.period_label((p_month + interval '1 month')::date)));
  end if;
  -- Requests wait for each other here (never for a running close), so two at once cannot both queue.
  perform pg_advisory_xact_lock(hashtext('savia.period_close_jobs:queue'));

  -- Asked again: the month's job queued, running or done is the answer.
  select * into v_job from public.period_close_jobs j
   where j.month = p_month and j.status in ('queued', 'running', 'done') order by j.id desc limit 1;
  if found then
    return v_job;
  end if;
  -- Closed without a job (the demo history): the answer is a job already done with the month's summary.
  select * into v_period from public.periods p where p.month = p_month;
  if v_period.status = 'closed' then
    insert into public.period_close_jobs (month, status, origin, requested_by, started_at, finished_at, summary)
    values (p_month, 'done', p_origin, p_actor, now(), now(), coalesce(v_period.summary, '{}'::jsonb) || jsonb_build_object('already_closed', true))
    returning * into v_job;
    return v_job;
  end if;
  select * into v_job from public.period_close_jobs j where j.status in ('queued', 'running');
  if found then
    perform private.refuse('close_in_progress',
      format('Ya hay un cierre %s (%s): espera a que termine para pedir otro.',
             case v_job.status when 'queued' then 'en cola' else 'en marcha' end, private.period_label(v_job.month)));
  end if;
  if exists (select 1 from public.periods p where p.month < p_month and p.status = 'open') then
    perform private.refuse('previous_period_open', 'Hay un mes anterior sin cerrar: ciérralo primero.',
      (select string_agg(to_char(p.month, 'YYYY-MM'), ', ' order by p.month) from public.periods p
        where p.month < p_month and p.status = 'open'));
  end if;
  insert into public.period_close_jobs (month, origin, requested_by) values (p_month, p_origin, p_actor)
  returning * into v_job;
  return v_job;
end
$$;
comment on function private.enqueue_period_close(date, text, uuid) is
  'Pone en cola el cierre de un mes, uno a la vez e idempotente: si el mes ya tiene un trabajo en cola, en marcha o hecho, devuelve ese; si el mes ya estaba cerrado, un trabajo hecho con su resumen. Rechaza al momento lo que el cierre rechazaría (mes sin terminar, mes anterior abierto) y otro cierre en curso.';

create or replace function public.request_period_close(p_month date default null) returns public.period_close_jobs
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_month date := coalesce(p_month, (private.current_period() - interval '1 month')::date);
  v_job public.period_close_jobs;
begin
  if private.is_superadmin() then
    v_job := private.enqueue_period_close(v_month, 'superadmin', auth.uid());
  elsif private.is_service() then
    v_job := private.enqueue_period_close(v_month, 'service_role', null);
  else
    perform private.refuse('forbidden', 'Solo un superadmin (o el cierre programado) puede cerrar un mes.');
  end if;
  v_job.summary := private.period_summary_for_caller(v_job.summary);
  return v_job;
end
$$;
comment on function public.request_period_close(date) is
  'Superadmin o service_role: pide el cierre de un mes (por defecto el anterior al actual en la zona horaria de la empresa) y devuelve su trabajo, que pg_cron ejecuta en menos de un minuto; el avance se lee en period_close_jobs. Idempotente: pedir otra vez un mes en cola, en marcha o cerrado devuelve su trabajo.';
revoke all on function public.request_period_close(date) from public, anon, authenticated, service_role;
grant execute on function public.request_period_close(date) to authenticated, service_role;

create or replace function private.start_period_close_job() returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id bigint;
begin
  update public.period_close_jobs j set status = 'running', started_at = clock_timestamp()
   where j.id = (select q.id from public.period_close_jobs q where q.status = 'queued' order by q.id limit 1 for update skip locked)
  returning j.id into v_id;
  return v_id;
end
$$;
comment on function private.start_period_close_job() is
  'El ejecutor toma el trabajo en cola más antiguo y lo marca en marcha (devuelve su id, o null si no hay ninguno). Se confirma antes de cerrar, para que la pantalla vea «en marcha».';

create or replace function private.finish_period_close_job(p_id bigint) returns public.period_close_jobs
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_job public.period_close_jobs;
  v_summary jsonb;
  v_state text;
  v_message text;
  v_hint text;
begin
  select * into v_job from public.period_close_jobs j where j.id = p_id and j.status = 'running' for update;
  if not found then
    return null;
  end if;
  begin
    -- The close and «done» commit together; if the close raises, both are undone and only «failed» stays.
    v_summary := private.close_period(v_job.month, v_job.requested_by);
    update public.period_close_jobs j set status = 'done', finished_at = clock_timestamp(), summary = v_summary
     where j.id = p_id
    returning * into v_job;
  exception when others then
    get stacked diagnostics v_state = returned_sqlstate, v_message = message_text, v_hint = pg_exception_hint;
    update public.period_close_jobs j
       set status = 'failed', finished_at = clock_timestamp(),
           error = case when v_state = 'P0001' then v_message
                        else format('El cierre de %s falló por un error inesperado y no escribió nada: %s (SQLSTATE %s).',
                                    private.period_label(v_job.month), v_message, v_state) end,
           error_code = case when v_hint like 'savia:%' then v_hint else 'savia:close_failed' end
     where j.id = p_id
    returning * into v_job;
  end;
  return v_job;
end
$$;
comment on function private.finish_period_close_job(bigint) is
  'Ejecuta el cierre de un trabajo en marcha y lo deja hecho con el resumen del cierre, o fallido con el mensaje en español si el cierre lo rechaza o falla (entonces no queda nada del cierre).';

create or replace function private.fail_interrupted_period_close_jobs() returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  -- Called only by the runner holding its lock: a job still «running» then has no runner left.
  update public.period_close_jobs j
     set status = 'failed', finished_at = clock_timestamp(), error_code = 'savia:close_interrupted',
         error = format('El cierre de %s se interrumpió antes de terminar (se cortó la conexión o se reinició la base de datos) y no escribió nada. Pídelo otra vez.',
                        private.period_label(j.month))
   where j.status = 'running';
  get diagnostics v_count = row_count;
  return v_count;
end
$$;
comment on function private.fail_interrupted_period_close_jobs() is
  'Marca como fallidos los trabajos que quedaron en marcha sin ejecutor (caída de la conexión o de la base a mitad del cierre, cuya transacción se deshizo), para que ninguno quede en marcha para siempre.';

-- The runner. A procedure, because it must commit between steps; for the same reason it can be
-- neither SECURITY DEFINER nor carry SET search_path (PostgreSQL forbids transaction control in
-- both cases), so every name in it is schema-qualified. pg_cron calls it as postgres, the owner.
create or replace procedure private.run_period_close_jobs()
language plpgsql
as $$
declare
  v_id bigint;
begin
  -- One runner at a time, held for the whole run and released by the server if the session dies,
  -- which is what tells a job interrupted by a crash from one still running.
  if not pg_catalog.pg_try_advisory_lock(pg_catalog.hashtext('savia.period_close_jobs:runner')) then
    return;
  end if;
  perform private.fail_interrupted_period_close_jobs();
  commit;
  loop
    v_id := private.start_period_close_job();
    exit when v_id is null;
    commit; -- «running» is visible before the close starts
    perform private.finish_period_close_job(v_id);
    commit;
  end loop;
  perform pg_catalog.pg_advisory_unlock(pg_catalog.hashtext('savia.period_close_jobs:runner'));
end
$$;
comment on procedure private.run_period_close_jobs() is
  'Ejecutor de la cola de cierres (pg_cron, cada minuto, como postgres): marca fallidos los trabajos interrumpidos y ejecuta los que esperan, cada uno confirmado «en marcha» antes de cerrar y «hecho» o «fallido» con el cierre.';
revoke all on procedure private.run_period_close_jobs() from public;

create or replace function private.request_due_period_close() returns public.period_close_jobs
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_last date := (private.current_period() - interval '1 month')::date;
  v_month date;
begin
  -- The oldest ended month still open, else the previous month if it has no period yet (no sales),
  -- so the history has no holes. One at a time: a backlog closes one month per hour.
  select min(x.month) into v_month from (
    select p.month from public.periods p where p.status = 'open' and p.month <= v_last
    union all
    select v_last where not exists (select 1 from public.periods p where p.month = v_last)
  ) x;
  if v_month is not null and not exists (select 1 from public.period_close_jobs j where j.status in ('queued', 'running')) then
    return private.enqueue_period_close(v_month, 'schedule', null);
  end if;
  -- Nothing to ask: keep is_active in step with the current month, unless a close is running (it
  -- does the same at its end, and both would update the same members).
  if pg_try_advisory_xact_lock(hashtext('savia.period_close_jobs:runner')) then
    perform private.refresh_all_activity();
  end if;
  return null;
end
$$;
comment on function private.request_due_period_close() is
  'Tarea horaria (pg_cron): pide el cierre del mes terminado más antiguo que siga abierto (o del anterior sin ventas); si no hay nada que cerrar, pone al día la actividad del mes en curso.';

-- The schedules (pg_cron: foundation migration).
--
-- The queue is polled every minute rather than each request scheduling a one-off job: requests
-- need no right over pg_cron, there is no race between a one-off job unscheduling itself and a new
-- request, and a job cut short by a crash is found by the next run without anyone asking. Every
-- minute, not every few seconds: the pg_cron of Debian 12 (1.4, what the local stack installs) has
-- no second schedules, one schedule keeps local and hosted alike, and a monthly close can wait a
-- minute. An idle run is one index probe.
--
-- The hourly request rather than «on the 1st at midnight» because pg_cron runs in UTC and the month
-- ends in the company's time zone. Our jobs' run details older than a week are purged (a poll every
-- minute writes 1,440 a day).
select cron.schedule('savia-cierre-de-mes', '7 * * * *', 'select private.request_due_period_close()');
select cron.schedule('savia-cola-de-cierres', '* * * * *', 'call private.run_period_close_jobs()');
select cron.schedule('savia-limpieza-de-cron', '17 4 * * *', $$
  delete from cron.job_run_details d using cron.job j
   where j.jobid = d.jobid and j.jobname like 'savia-%' and d.end_time < now() - interval '7 days'$$);
