-- Jobs (issues 5, 13, 27): the work that takes longer than an API request may last (8 s on a hosted
-- project) runs outside any request, in one queue with one runner:
--   * period_close     the month close (private.close_step, 20250701072000_engine_payouts_and_close.sql);
--   * close_preview    what the close would do, kept row by row for the screen to page (simulations);
--   * plan_what_if     the last closed month replayed under a draft plan (simulations);
--   * timezone_change  the sales aggregates and the Dashboard's months moved to the company's new time
--                      zone (private.sales_aggregates_zone_step, private.recount_dashboard_months_timezone).
-- The simulations' requests and reads are in 20250701101000_jobs_simulations.sql.
--
-- A request (an API call, the settings trigger, the hourly schedule) only validates and queues, well
-- inside any API timeout. The runner (pg_cron, every minute, as postgres) takes the oldest job it may
-- run and runs it in steps, each step in a transaction of its own that also writes where the job is
-- (its step, how far, its state) and commits: the screen sees the job move, no statement or
-- transaction lasts long (a hosted project stops any statement after 2 minutes), and a job cut short
-- — its session killed, the server restarted — is taken up by the next runner at the step it was in,
-- which the step itself makes safe to repeat (each kind says how below). A step that fails leaves the
-- job failed with a Spanish sentence; the month close keeps what it did and continues when asked again.
--
-- Every state change is an UPDATE of the job's row (queued → running → done or failed), so a trigger
-- can follow them (close done, close failed).

create table private.jobs (
  id bigint generated always as identity primary key,
  kind text not null constraint jobs_tipo_valido check (kind in ('period_close', 'close_preview', 'plan_what_if', 'timezone_change')),
  month date constraint jobs_primer_dia_del_mes check (extract(day from month) = 1),
  params jsonb, -- plan_what_if: the validated levels of the draft; timezone_change: the zones from and to
  origin text not null constraint jobs_origen_valido check (origin in ('superadmin', 'service_role', 'schedule', 'settings')),
  requested_by uuid, -- the superadmin; null for the service role and the schedule. A fact, like audit_logs' actor: no foreign key
  requested_at timestamptz not null default now(),
  -- A job is taken only from this moment on: an operator (or a test) can hold one back; run_jobs(p_job) runs it anyway.
  run_after timestamptz not null default '-infinity',
  status text not null default 'queued' constraint jobs_estado_valido check (status in ('queued', 'running', 'done', 'failed')),
  step text, -- the step under way, or next (its key: the screen names it); null before the first, done at the end
  step_no smallint,
  steps smallint,
  step_done integer, -- how far the step is, of step_total (null when it is not counted)
  step_total integer,
  attempts smallint not null default 0, -- how many runners took it, a hand-off between two not counted (more than one: taken up after a cut)
  started_at timestamptz,
  updated_at timestamptz,
  finished_at timestamptz,
  result jsonb,
  error text,
  error_code text,
  constraint jobs_pide_lo_suyo check (case kind
    when 'plan_what_if' then month is null and jsonb_typeof(params) = 'array'
    when 'timezone_change' then month is null and params is not null
    else month is not null and params is null end),
  constraint jobs_estado_coherente check (case status
    when 'queued' then started_at is null and finished_at is null and result is null and error is null
    when 'running' then started_at is not null and finished_at is null and result is null and error is null
    when 'done' then started_at is not null and finished_at is not null and result is not null and error is null
    else finished_at is not null and result is null and error is not null end),
  constraint jobs_superadmin_con_usuario check (origin <> 'superadmin' or requested_by is not null)
);
-- One close at a time, whatever its month; one change of time zone waiting; one simulation of each
-- kind waiting per person (asking again replaces what it will compute).
create unique index jobs_un_cierre_a_la_vez on private.jobs (kind) where kind = 'period_close' and status in ('queued', 'running');
create unique index jobs_un_cambio_de_zona_en_cola on private.jobs (kind) where kind = 'timezone_change' and status = 'queued';
create unique index jobs_una_simulacion_en_cola on private.jobs (requested_by, kind)
  where kind in ('close_preview', 'plan_what_if') and status = 'queued';
create index jobs_queue_idx on private.jobs (id) where status in ('queued', 'running');
create index jobs_month_idx on private.jobs (month, id desc) where kind = 'period_close';
create index jobs_finished_idx on private.jobs (finished_at) where kind in ('close_preview', 'plan_what_if') and finished_at is not null;
comment on table private.jobs is
  'Trabajos que corren fuera de las peticiones a la API: cierres de mes, vistas previas del cierre, simulaciones del plan y cambios de zona horaria. Quién lo pidió y cuándo, su estado (queued en cola, running en marcha, done hecho, failed fallido), el paso en que va y cuánto lleva, su resultado o su error en español. Los escribe solo el motor; la API los muestra con sus funciones.';
comment on column private.jobs.error_code is 'Código estable del error (savia:<código>), para que la pantalla decida sin leer el texto.';
revoke all on private.jobs from public, anon, authenticated, service_role;

-- A job as the API shows it -----------------------------------------------------------------------------
create or replace function private.job_json(p_job private.jobs) returns jsonb
language sql
stable
set search_path = ''
as $$
  -- Everything but what only the runner needs (parameters, attempts, hold) and who asked.
  select to_jsonb(p_job) - 'params' - 'attempts' - 'run_after' - 'requested_by' - 'updated_at'
$$;
comment on function private.job_json(private.jobs) is
  'Un trabajo como lo ve la API: id, tipo, mes, estado, cuándo se pidió, empezó y terminó, el paso en que va y cuánto lleva, su resultado y su error.';

-- The month close as a job -------------------------------------------------------------------------------
-- A superadmin (the screen), the service role (the close-period function) or the hourly schedule asks
-- for a month's close. Its steps are the engine's (private.close_step): each call does the next chunk
-- and commits it with the close's own place (private.period_closes, by month), so a close taken up
-- again — by the next runner after a cut, or by a new job after a failure — continues where it was.
create or replace function private.period_close_job_json(p_job private.jobs) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  -- The summary's money is finance's (private.period_summary_for_caller): without the claim, the counts only.
  select private.job_json(p_job) - 'result'
         || jsonb_build_object('requested_by', p_job.requested_by, 'summary', private.period_summary_for_caller(p_job.result))
$$;
comment on function private.period_close_job_json(private.jobs) is
  'Un trabajo de cierre como lo ve quien lo pide: el trabajo, quién lo pidió y el resumen del cierre (los importes solo con finanzas).';

create or replace function private.enqueue_period_close(p_month date, p_origin text, p_actor uuid) returns private.jobs
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_job private.jobs;
  v_period public.periods;
begin
  -- What the close would refuse at once is refused here, so the caller hears it now.
  perform private.check_month_to_close(p_month);
  -- Requests wait for each other here (never for a running close), so two at once cannot both queue.
  perform pg_advisory_xact_lock(hashtext('savia.jobs:period_close'));

  -- Asked again: the month's job queued, running or done is the answer.
  select * into v_job from private.jobs j
   where j.kind = 'period_close' and j.month = p_month and j.status in ('queued', 'running', 'done') order by j.id desc limit 1;
  if found then
    return v_job;
  end if;
  -- Closed without a job (the demo history): the answer is a job already done with the month's summary.
  select * into v_period from public.periods p where p.month = p_month;
  if v_period.status = 'closed' then
    insert into private.jobs (kind, month, status, origin, requested_by, started_at, finished_at, result)
    values ('period_close', p_month, 'done', p_origin, p_actor, now(), now(),
            coalesce(v_period.summary, '{}'::jsonb) || jsonb_build_object('already_closed', true))
    returning * into v_job;
    return v_job;
  end if;
  select * into v_job from private.jobs j where j.kind = 'period_close' and j.status in ('queued', 'running');
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
  insert into private.jobs (kind, month, origin, requested_by) values ('period_close', p_month, p_origin, p_actor)
  returning * into v_job;
  return v_job;
end
$$;
comment on function private.enqueue_period_close(date, text, uuid) is
  'Pone en cola el cierre de un mes, uno a la vez e idempotente: si el mes ya tiene un trabajo en cola, en marcha o hecho, devuelve ese; si el mes ya estaba cerrado, un trabajo hecho con su resumen. Rechaza al momento lo que el cierre rechazaría (una fecha que no es primer día, un mes sin terminar o anterior al primero de la empresa, un mes anterior abierto) y otro cierre en curso.';

create or replace function public.request_period_close(p_month date default null) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_month date := coalesce(p_month, (private.current_period() - interval '1 month')::date);
  v_job private.jobs;
begin
  if private.is_superadmin() then
    v_job := private.enqueue_period_close(v_month, 'superadmin', auth.uid());
  elsif private.is_service() then
    v_job := private.enqueue_period_close(v_month, 'service_role', null);
  else
    perform private.refuse('forbidden', 'Solo un superadmin (o el cierre programado) puede cerrar un mes.');
  end if;
  return private.period_close_job_json(v_job);
end
$$;
comment on function public.request_period_close(date) is
  'Superadmin o service_role: pide el cierre de un mes (por defecto el anterior al actual en la zona horaria de la empresa) y devuelve su trabajo, que el ejecutor de trabajos empieza en menos de un minuto; cómo va (paso, avance) se lee en get_close_months o pidiéndolo otra vez. Idempotente: pedir otra vez un mes en cola, en marcha o cerrado devuelve su trabajo.';
revoke all on function public.request_period_close(date) from public, anon, authenticated, service_role;
grant execute on function public.request_period_close(date) to authenticated, service_role;

create or replace function private.period_close_job_step(p_job private.jobs) returns private.jobs
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_progress jsonb;
begin
  -- 50,000 members a call: at a million members, a few seconds per transaction.
  v_progress := private.close_step(p_job.month, p_job.requested_by, 50000);
  p_job.step := v_progress ->> 'step';
  p_job.step_no := coalesce((v_progress ->> 'step_no')::smallint, array_length(private.close_steps(), 1));
  p_job.steps := array_length(private.close_steps(), 1);
  p_job.step_done := (v_progress ->> 'done')::integer;
  p_job.step_total := (v_progress ->> 'total')::integer;
  if v_progress ->> 'step' = 'done' then
    p_job.status := 'done';
    p_job.result := v_progress -> 'summary';
  end if;
  return p_job;
end
$$;
comment on function private.period_close_job_step(private.jobs) is
  'Un paso de un trabajo de cierre: el siguiente tramo del cierre de su mes, y el trabajo con su avance (hecho, con el resumen, al terminar).';

create or replace function private.request_due_period_close() returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_last date := (private.current_period() - interval '1 month')::date;
  v_month date;
begin
  -- A change of time zone whose job failed or was lost is asked for again.
  if (select z.live <> private.company_timezone() from private.sales_aggregates_zone z)
     and not exists (select 1 from private.jobs j where j.kind = 'timezone_change' and j.status in ('queued', 'running')) then
    insert into private.jobs (kind, params, origin)
    values ('timezone_change', jsonb_build_object('to', private.company_timezone()), 'schedule');
  end if;
  -- The oldest ended month still open, else the previous month if it has no period yet (no sales) and
  -- the business had started by then, so the history has no holes. One at a time: a backlog closes one
  -- month per hour.
  select min(x.month) into v_month from (
    select p.month from public.periods p where p.status = 'open' and p.month <= v_last
    union all
    select v_last where not exists (select 1 from public.periods p where p.month = v_last) and v_last >= private.first_period()
  ) x;
  -- A close that failed waits for a person (its notice says so, and Configuración asks again): asked
  -- again every hour, a close that fails each time would fail, and tell every superadmin, each hour.
  if v_month is not null and not exists (select 1 from private.jobs j where j.kind = 'period_close' and j.status in ('queued', 'running'))
     and coalesce((select j.status from private.jobs j where j.kind = 'period_close' and j.month = v_month order by j.id desc limit 1), '') <> 'failed' then
    return private.period_close_job_json(private.enqueue_period_close(v_month, 'schedule', null));
  end if;
  -- Nothing to ask: keep is_active in step with the current month, unless a close is under way (its
  -- activity step does the same).
  if not exists (select 1 from public.periods p where p.status = 'open' and p.close_started_at is not null) then
    perform private.refresh_all_activity();
  end if;
  return null;
end
$$;
comment on function private.request_due_period_close() is
  'Tarea horaria (pg_cron): pide el cierre del mes terminado más antiguo que siga abierto (o del anterior sin ventas), salvo si el último cierre de ese mes falló (lo pide una persona); si no hay nada que cerrar, pone al día la actividad del mes en curso. Vuelve a pedir un cambio de zona horaria que quedó sin hacer.';

-- A change of the company's time zone as a job ----------------------------------------------------------
-- Saving the settings with another time zone (an API request) only queues the job; the aggregates keep
-- their days in the old zone until the job has built the new ones and put them in place, a chunk at a
-- time (20250701080000_kept_sales_aggregates.sql), then the Dashboard's months are counted again.
create or replace function private.queue_timezone_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- One waiting is enough: it builds for the zone in force when it runs. The settings row is locked by
  -- this update, so two saves cannot both queue.
  update private.jobs j set params = jsonb_build_object('from', j.params -> 'from', 'to', new.timezone), requested_at = now()
   where j.kind = 'timezone_change' and j.status = 'queued';
  if not found then
    insert into private.jobs (kind, params, origin, requested_by)
    values ('timezone_change', jsonb_build_object('from', old.timezone, 'to', new.timezone), 'settings', auth.uid());
  end if;
  return null;
end
$$;
comment on function private.queue_timezone_change() is
  'Disparador: al cambiar la zona horaria de la empresa pone en cola el trabajo que mueve a la zona nueva los agregados de ventas y los meses del Dashboard.';
create trigger metadata_timezone_queues_job after update of timezone on public.metadata
  for each row when (old.timezone is distinct from new.timezone)
  execute function private.queue_timezone_change();

create or replace function private.timezone_change_job_step(p_job private.jobs) returns private.jobs
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_progress jsonb;
begin
  p_job.steps := 2;
  if p_job.step is distinct from 'dashboard' then
    -- Safe to repeat after a cut: each chunk commits with how far the build is (sales_aggregates_zone).
    v_progress := private.sales_aggregates_zone_step(200000);
    p_job.step_no := 1;
    p_job.step_done := (v_progress ->> 'done')::integer;
    p_job.step_total := (v_progress ->> 'total')::integer;
    p_job.step := case when (v_progress ->> 'finished')::boolean then 'dashboard' else 'sales' end;
    if (v_progress ->> 'finished')::boolean then
      p_job.step_no := 2;
      p_job.step_done := null;
      p_job.step_total := null;
    end if;
    return p_job;
  end if;
  -- Counted again from scratch: safe to repeat.
  perform private.recount_dashboard_months_timezone();
  p_job.step := 'done';
  p_job.status := 'done';
  p_job.result := jsonb_build_object('timezone', (select z.live from private.sales_aggregates_zone z));
  return p_job;
end
$$;
comment on function private.timezone_change_job_step(private.jobs) is
  'Un paso del trabajo de cambio de zona horaria: un tramo de los agregados de ventas en la zona nueva (hasta ponerlos en su lugar), después los meses del Dashboard.';

create or replace function public.get_timezone_change() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_job private.jobs;
begin
  perform private.require_superadmin('Solo un superadmin puede ver la configuración.');
  select * into v_job from private.jobs j where j.kind = 'timezone_change' order by j.id desc limit 1;
  if not found then
    return null;
  end if;
  return private.job_json(v_job) || jsonb_build_object('timezone', v_job.params ->> 'to');
end
$$;
comment on function public.get_timezone_change() is
  'Superadmin: el último cambio de zona horaria de la empresa como trabajo (en cola, en marcha con su avance, hecho o fallido con su mensaje), o null si nunca hubo uno. Mientras no está hecho, las cifras por día del Dashboard y de Ventas siguen en la zona anterior.';
revoke all on function public.get_timezone_change() from public, anon, authenticated, service_role;
grant execute on function public.get_timezone_change() to authenticated;

-- The runner ----------------------------------------------------------------------------------------------
-- Each job a runner is working on is held with a session advisory lock of its own, released by the
-- server if the session dies: a job «running» whose lock is free has lost its runner, and the next
-- runner takes it up at the step it was in. The close and the change of time zone both rewrite what the
-- other reads (the months, the members' figures): only one of them runs at a time.
create or replace function private.job_lock_key() returns integer
language sql
immutable
set search_path = ''
as $$ select pg_catalog.hashtext('savia.jobs') $$;
comment on function private.job_lock_key() is 'La primera mitad de la clave de los bloqueos consultivos de los trabajos (la segunda: el id del trabajo, o 0 para «un cierre o un cambio de zona a la vez»).';

create or replace function private.claim_job(p_job bigint default null) returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id bigint;
  v_job private.jobs;
begin
  for v_id in
    select j.id from private.jobs j
     where j.status in ('queued', 'running') and (p_job is null or j.id = p_job) and (p_job is not null or j.run_after <= now())
     order by j.id limit 50
  loop
    -- Advisory locks are re-entrant: a job this session already holds is its own, not one to take up.
    continue when exists (select 1 from pg_catalog.pg_locks l
                           where l.locktype = 'advisory' and l.pid = pg_catalog.pg_backend_pid() and l.granted
                             and l.classid = private.job_lock_key()::oid and l.objid = v_id::oid and l.objsubid = 2);
    continue when not pg_catalog.pg_try_advisory_lock(private.job_lock_key(), v_id::integer);
    select * into v_job from private.jobs j where j.id = v_id for update;
    if v_job.status not in ('queued', 'running')
       or (v_job.kind in ('period_close', 'timezone_change') and not pg_catalog.pg_try_advisory_lock(private.job_lock_key(), 0)) then
      perform pg_catalog.pg_advisory_unlock(private.job_lock_key(), v_id::integer);
      continue;
    end if;
    if v_job.status = 'running' and v_job.attempts >= 5 then
      -- Cut short five times: something kills it every time; it waits for a person.
      update private.jobs j
         set status = 'failed', finished_at = clock_timestamp(), updated_at = clock_timestamp(), error_code = 'savia:job_interrupted',
             error = private.job_failure_message(v_job, 'se interrumpió cinco veces antes de terminar (se cortó la conexión o se reinició la base de datos)')
       where j.id = v_id;
      perform private.release_job(v_id);
      continue;
    end if;
    update private.jobs j
       set status = 'running', started_at = coalesce(j.started_at, clock_timestamp()), updated_at = clock_timestamp(),
           attempts = j.attempts + 1,
           -- A simulation cut short starts again from its first step (it writes nothing that stays).
           step = case when j.kind in ('close_preview', 'plan_what_if') then null else j.step end,
           step_no = case when j.kind in ('close_preview', 'plan_what_if') then null else j.step_no end
     where j.id = v_id;
    return v_id;
  end loop;
  return null;
end
$$;
comment on function private.claim_job(bigint) is
  'El ejecutor toma el trabajo más antiguo que puede correr (o el indicado): uno en cola, o uno en marcha que perdió su ejecutor (se retoma; tras cinco cortes queda fallido). Lo bloquea para su sesión y lo marca en marcha; devuelve su id, o null si no hay ninguno.';

create or replace function private.release_job(p_id bigint) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform pg_catalog.pg_advisory_unlock(private.job_lock_key(), p_id::integer);
  -- claim_job took the turn of closes and changes of time zone with every job of those kinds.
  if (select j.kind in ('period_close', 'timezone_change') from private.jobs j where j.id = p_id) then
    perform pg_catalog.pg_advisory_unlock(private.job_lock_key(), 0);
  end if;
end
$$;
comment on function private.release_job(bigint) is 'El ejecutor suelta un trabajo (y el turno de cierres y cambios de zona, si lo tenía).';

create or replace function private.job_failure_message(p_job private.jobs, p_what text) returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case p_job.kind
    when 'period_close' then format('El cierre de %s %s. Lo ya hecho se conserva: pídelo otra vez y seguirá donde quedó.',
                                    private.period_label(p_job.month), p_what)
    when 'timezone_change' then format('El cambio a la zona horaria %s %s. Las cifras por día siguen en la zona anterior; se reintentará en menos de una hora.',
                                       p_job.params ->> 'to', p_what)
    else format('La simulación %s. Pídela otra vez.', p_what) end
$$;
comment on function private.job_failure_message(private.jobs, text) is 'La frase en español de un trabajo que falló, según su tipo, con lo que pasó.';

create or replace function private.job_step(p_job private.jobs) returns private.jobs
language plpgsql
security definer
set search_path = ''
as $$
begin
  return case p_job.kind
    when 'period_close' then private.period_close_job_step(p_job)
    when 'timezone_change' then private.timezone_change_job_step(p_job)
    when 'close_preview' then private.close_preview_job_step(p_job)
    when 'plan_what_if' then private.plan_what_if_job_step(p_job)
  end;
end
$$;
comment on function private.job_step(private.jobs) is 'Un paso de un trabajo, según su tipo: devuelve el trabajo con su avance, su estado y su resultado.';

create or replace function private.run_job_step(p_id bigint) returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_job private.jobs;
  v_state text;
  v_message text;
  v_hint text;
begin
  select * into v_job from private.jobs j where j.id = p_id for update;
  if not found or v_job.status <> 'running' then
    return coalesce(v_job.status, 'missing');
  end if;
  begin
    v_job := private.job_step(v_job);
    update private.jobs j
       set step = v_job.step, step_no = v_job.step_no, steps = v_job.steps, step_done = v_job.step_done, step_total = v_job.step_total,
           status = v_job.status, result = v_job.result, updated_at = clock_timestamp(),
           finished_at = case when v_job.status = 'done' then clock_timestamp() end
     where j.id = p_id;
  exception
    when deadlock_detected or lock_not_available then
      -- Another transaction held what the step needed while waiting for something the step held (an
      -- approval's Dashboard row and the members the Dashboard recount locks): one of the two gives way.
      -- Every step is safe to repeat, so this one is undone and taken again, and the job goes on.
      update private.jobs j set updated_at = clock_timestamp() where j.id = p_id;
      v_job.status := 'running';
    when others then
    -- The step's work is undone with it; the job keeps the sentence of what failed: a refusal's own
    -- (private.refuse), anything else told as unexpected.
    get stacked diagnostics v_state = returned_sqlstate, v_message = message_text, v_hint = pg_exception_hint;
    update private.jobs j
       set status = 'failed', finished_at = clock_timestamp(), updated_at = clock_timestamp(), result = null,
           error = case when v_hint like 'savia:%' then v_message
                        else private.job_failure_message(j, format('se detuvo por un error inesperado: %s (SQLSTATE %s)', v_message, v_state)) end,
           error_code = case when v_hint like 'savia:%' then v_hint else 'savia:job_failed' end
     where j.id = p_id
    returning j.status into v_job.status;
  end;
  return v_job.status;
end
$$;
comment on function private.run_job_step(bigint) is
  'Da un paso de un trabajo en marcha y anota su avance en la misma transacción; si el paso choca con otra transacción por un bloqueo (interbloqueo o espera agotada), lo deshace y el trabajo sigue, para repetirlo; si falla por otra cosa, lo deshace y deja el trabajo fallido con la frase en español. Devuelve el estado en que queda.';

create or replace function private.tidy_jobs() returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  -- A day later nobody is looking at a simulation any more; its preview rows go with it. Closes and
  -- changes of time zone stay: they are the history of what was done.
  delete from private.jobs j where j.kind in ('close_preview', 'plan_what_if') and j.finished_at < now() - interval '1 day';
  get diagnostics v_count = row_count;
  -- An attempt key matters while a person may press again after a lost answer: minutes, not days.
  delete from private.request_keys k where k.created_at < now() - interval '1 day';
  return v_count;
end
$$;
comment on function private.tidy_jobs() is 'Borra las simulaciones terminadas hace más de un día (con las filas de sus vistas previas) y las claves de petición de más de un día. Devuelve cuántas simulaciones.';

-- Another runner with nothing of its own helps with a close whose runner is at work: one chunk of its
-- step that nobody holds, committed by the caller. Never a close without its runner (one cut short
-- waits for the next runner to take it up, with the close's turn: no change of time zone runs meanwhile),
-- never the steps' ends (the runner's).
create or replace function private.close_help() returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_close private.period_closes;
  v_chunk private.period_close_chunks;
begin
  select c.* into v_close from private.period_closes c
    join private.jobs j on j.kind = 'period_close' and j.month = c.month and j.status = 'running'
   where c.step in ('freeze', 'forfeits', 'bonuses', 'levels', 'activity')
     and exists (select 1 from pg_catalog.pg_locks l
                  where l.locktype = 'advisory' and l.granted and l.pid <> pg_catalog.pg_backend_pid()
                    and l.classid = private.job_lock_key()::oid and l.objid = j.id::oid and l.objsubid = 2)
   limit 1;
  if not found then
    return false;
  end if;
  v_chunk := private.close_take_chunk(v_close.month, v_close.step, false);
  if v_chunk.chunk_no is null then
    return false;
  end if;
  begin
    perform private.close_chunk(v_close, v_chunk);
  exception when others then
    -- Undone with its chunk: the close's runner meets the same failure and tells it in the job.
    return false;
  end;
  return true;
end
$$;
comment on function private.close_help() is
  'Un ejecutor sin trabajo propio ayuda al cierre en marcha (con su ejecutor vivo): hace un tramo libre del paso en curso. Devuelve si hizo uno.';

-- A procedure, because it commits between steps; for that reason it can be neither SECURITY DEFINER
-- nor carry SET search_path (PostgreSQL forbids transaction control in both cases), so every name in
-- it is schema-qualified. pg_cron calls it as postgres, the owner, at second 0 of each minute; it stays
-- until second 55 (or p_seconds, if sooner), looking at the queue every half second and committing
-- between looks (nothing held while it waits), so a job starts within a second. A job still running
-- then keeps its runner until it ends. Two schedules start one each: a long close never keeps a
-- preview waiting, and a runner with nothing of its own works chunks of the close the other is in
-- (private.close_help), so a close uses both. Every step is its own transaction, but the call is one
-- statement, and a hosted project's global statement_timeout (2 min) counts from its start through
-- every commit in it: a close or a change of time zone still running when the call has lasted
-- p_hand_off seconds (70) is handed to the next runner at the end of a step (the longest, at a million
-- members, about 10 s), as is the close another runner is in. A hand-off is not an interruption: the
-- next runner's claim does not count it among the five a job may suffer. A simulation (one short step,
-- or started again from its first when cut) runs to its end.
--   p_seconds = 0: run what is waiting and return (tests, a person at psql);
--   p_job: run that job alone (even if held back), then return;
--   p_max_steps: return after that many steps (the job stays running, without a runner: the next
--   one takes it up where it stopped);
--   p_hand_off: the seconds after which a close or a change of time zone is handed over (tests: 0).
create or replace procedure private.run_jobs(p_seconds numeric default 55, p_job bigint default null, p_max_steps integer default null,
                                             p_hand_off numeric default 70)
language plpgsql
as $$
declare
  v_until timestamptz := case when p_seconds > 0
                              then least(pg_catalog.clock_timestamp() + pg_catalog.make_interval(secs => p_seconds),
                                         pg_catalog.date_trunc('minute', pg_catalog.clock_timestamp()) + interval '55 seconds')
                              else pg_catalog.clock_timestamp() end;
  v_hand_off timestamptz := pg_catalog.clock_timestamp() + pg_catalog.make_interval(secs => p_hand_off);
  v_id bigint;
  v_resumable boolean;
  v_status text;
  v_steps integer := 0;
begin
  perform private.tidy_jobs();
  commit;
  loop
    v_id := private.claim_job(p_job);
    commit; -- «running» is visible before the first step
    if v_id is null then
      -- Nothing of its own: a chunk of the close another runner is in, if there is one free.
      if p_job is null and pg_catalog.clock_timestamp() < v_hand_off and private.close_help() then
        commit;
        continue;
      end if;
      exit when p_job is not null or pg_catalog.clock_timestamp() >= v_until;
      perform pg_catalog.pg_sleep(0.5);
      continue;
    end if;
    v_resumable := (select j.kind in ('period_close', 'timezone_change') from private.jobs j where j.id = v_id);
    loop
      v_status := private.run_job_step(v_id);
      commit; -- the step and where the job is, together
      v_steps := v_steps + 1;
      exit when v_status <> 'running' or v_steps >= p_max_steps or (v_resumable and pg_catalog.clock_timestamp() >= v_hand_off);
    end loop;
    if v_status = 'running' then
      -- Handed over, not cut short: the claim that takes it up adds the attempt back.
      update private.jobs j set attempts = j.attempts - 1 where j.id = v_id and j.attempts > 0;
    end if;
    perform private.release_job(v_id);
    commit;
    exit when p_job is not null or v_steps >= p_max_steps or pg_catalog.clock_timestamp() >= v_hand_off;
  end loop;
end
$$;
comment on procedure private.run_jobs(numeric, bigint, integer, numeric) is
  'Ejecutor de trabajos (pg_cron lo arranca cada minuto, como postgres, dos veces en paralelo): hasta el segundo 55 del minuto toma el trabajo más antiguo que puede correr (o retoma uno que perdió su ejecutor) y lo lleva paso a paso, confirmando cada paso con su avance; un cierre o un cambio de zona que sigue tras p_hand_off segundos (70) pasa al siguiente ejecutor al final de un paso, para que la llamada quede dentro del límite de 2 minutos por sentencia, sin contarlo como interrupción. Con 0 corre lo que haya y vuelve; con p_job, ese trabajo; con p_max_steps, vuelve tras esos pasos.';

revoke all on function private.job_json(private.jobs), private.period_close_job_json(private.jobs),
  private.enqueue_period_close(date, text, uuid), private.period_close_job_step(private.jobs), private.request_due_period_close(),
  private.queue_timezone_change(), private.timezone_change_job_step(private.jobs), private.job_lock_key(), private.claim_job(bigint),
  private.release_job(bigint), private.job_failure_message(private.jobs, text), private.job_step(private.jobs),
  private.run_job_step(bigint), private.tidy_jobs(), private.close_help() from public, anon, authenticated, service_role;
revoke all on procedure private.run_jobs(numeric, bigint, integer, numeric) from public;

-- The schedules (pg_cron: foundation migration).
--
-- The queue is polled rather than each request scheduling a one-off job: requests need no right over
-- pg_cron, there is no race between a one-off job unscheduling itself and a new request, and a job
-- cut short by a crash is found by the next run without anyone asking. pg_cron runs at most one
-- instance of a schedule at a time, so two schedules give two runners: while one is in a long close,
-- the other serves the previews. The pg_cron of Debian 12 (1.4, what the local stack installs) has no
-- second schedules, so each runner stays most of its minute, looking every half second.
--
-- The hourly request rather than «on the 1st at midnight» because pg_cron runs in UTC and the month
-- ends in the company's time zone. Our jobs' run details older than a week are purged (the runners
-- write 2,880 a day).
select cron.schedule('savia-cierre-de-mes', '7 * * * *', 'select private.request_due_period_close()');
select cron.schedule('savia-trabajos', '* * * * *', 'call private.run_jobs()');
select cron.schedule('savia-trabajos-2', '* * * * *', 'call private.run_jobs()');
select cron.schedule('savia-limpieza-de-cron', '17 4 * * *', $$
  delete from cron.job_run_details d using cron.job j
   where j.jobid = d.jobid and j.jobname like 'savia-%' and d.end_time < now() - interval '7 days'$$);
