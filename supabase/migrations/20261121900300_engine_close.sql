-- Reward engine (issue 5), part 4: the month close, set-based over one month (DESIGN.md §5, §9).
--
-- For month M, with the plan in force when closing:
--   1. per member with activity in M: personal points, group points (own + whole downline),
--      downline commissionable sales, active (personal points ≥ activity points), the level held
--      during M and the highest level qualified (personal and group thresholds), never lower;
--   2. each commission or bonus of M not yet reversed whose beneficiary ended M inactive is
--      reversed (reversal_commission, reason «inactivo al cierre»);
--   3. each active member gets bonus_volume = round(volume rate of the level held during M ×
--      downline sales, 2);
--   4. star levels rise; M is marked closed with its summary: its net income becomes available;
--   5. clients.is_active is brought to the current month.
-- Closing a closed month returns its summary and writes nothing.
--
-- The close of 100,000 members takes about 17 s (bench/README.md), more than the 8 s an API request
-- may last on Supabase (statement_timeout and lock_timeout of `authenticator`). So nobody closes a
-- month inside a request: public.request_period_close queues a job in public.period_close_jobs and
-- pg_cron runs it as the owner, outside any request (the end of this file).

create or replace function private.period_close_stats(p_month date, p_plan jsonb) returns table (
  client_id uuid, personal_points integer, own_sales numeric, group_points integer, downline_sales numeric,
  level_during smallint, was_active boolean, level_after smallint
)
language sql
stable
security definer
set search_path = ''
as $$
  with own as (
    select t.client_id, t.personal_points, t.own_sales, c.path, c.member_no, c.star_level
      from private.member_period_totals t join public.clients c on c.id = t.client_id
     where t.period = p_month
  ), up as (
    -- Each contribution is credited to every ancestor, read from the path's labels (member numbers).
    select a.member_no::bigint as member_no, sum(o.personal_points) as points, sum(o.own_sales) as sales
      from own o
      cross join lateral unnest(string_to_array(
             regexp_replace(extensions.ltree2text(o.path), '\.?[^.]+$', ''), '.')) as a(member_no)
     where o.personal_points <> 0 or o.own_sales <> 0
     group by 1
  ), levels as (
    select (l ->> 'level')::integer as level, (l ->> 'personal_points')::integer as personal_points,
           (l ->> 'group_points')::integer as group_points
      from jsonb_array_elements(p_plan -> 'levels') l
  )
  select o.client_id, o.personal_points, o.own_sales,
         (o.personal_points + coalesce(u.points, 0))::integer,
         coalesce(u.sales, 0)::numeric(12,2),
         o.star_level,
         o.personal_points >= (p_plan ->> 'activity_points')::integer,
         greatest(o.star_level, coalesce((
           select max(l.level) from levels l
            where o.personal_points >= l.personal_points and o.personal_points + coalesce(u.points, 0) >= l.group_points), 0))::smallint
    from own o left join up u on u.member_no = o.member_no
$$;
comment on function private.period_close_stats(date, jsonb) is
  'Cifras de cierre de cada miembro con actividad en el mes: puntos personales y de grupo (propios + toda la red), ventas de la red, actividad, nivel del mes y nivel alcanzado.';

create or replace function private.period_close_actions(p_month date, p_plan jsonb, p_frozen boolean default false) returns table (
  action text, client_id uuid, ledger_id bigint, amount numeric, base numeric, rate numeric,
  level_from smallint, level_to smallint, detail text
)
language sql
stable
security definer
set search_path = ''
as $$
  -- The preview computes the month's figures; the close, having just frozen them into
  -- member_period_totals, reads them back (p_frozen) instead of computing them twice.
  with stats as materialized (
    select * from private.period_close_stats(p_month, p_plan) where not p_frozen
    union all
    select t.client_id, t.personal_points, t.own_sales, t.group_points, t.downline_sales, t.level_during, t.was_active, t.level_after
      from private.member_period_totals t where p_frozen and t.period = p_month
  ), currency as (
    select coalesce((select m.currency from public.metadata m where m.id = 'app_settings'), '') as code
  )
  select 'forfeit', r.beneficiary_id, r.id, -r.amount, r.base, r.rate, s.level_during, s.level_during,
         left(format('Anulada al cierre de %s: terminaste el mes inactivo (%s de %s puntos personales). Se anula: %s',
                     private.period_label(p_month), s.personal_points, p_plan ->> 'activity_points', r.rule), 500)
    from public.reward_transactions r
    join stats s on s.client_id = r.beneficiary_id and not s.was_active
   where r.period_month = p_month
     and r.type in ('commission_purchase', 'commission_enrollment', 'bonus_starter')
     and r.reverses_id is null
     and not exists (select 1 from public.reward_transactions x where x.reverses_id = r.id)
  union all
  select 'bonus_volume', s.client_id, null, round(s.downline_sales * (l.level ->> 'volume_bonus_rate')::numeric, 2),
         s.downline_sales, (l.level ->> 'volume_bonus_rate')::numeric, s.level_during, s.level_during,
         format('Bono de volumen de %s (%s): %s de %s %s en ventas de tu red = %s %s.',
                private.period_label(p_month), l.level ->> 'name', private.pct((l.level ->> 'volume_bonus_rate')::numeric),
                private.money(s.downline_sales), (select code from currency),
                private.money(round(s.downline_sales * (l.level ->> 'volume_bonus_rate')::numeric, 2)), (select code from currency))
    from stats s
    cross join lateral (select private.plan_level(p_plan, s.level_during) as level) l
   where s.was_active and round(s.downline_sales * (l.level ->> 'volume_bonus_rate')::numeric, 2) > 0
  union all
  select 'level_up', s.client_id, null, null, null, null, s.level_during, s.level_after,
         format('Sube a %s al cierre de %s: %s puntos personales y %s de grupo.',
                private.plan_level(p_plan, s.level_after) ->> 'name', private.period_label(p_month), s.personal_points, s.group_points)
    from stats s
   where s.level_after > s.level_during
$$;
comment on function private.period_close_actions(date, jsonb, boolean) is
  'Lo que hará el cierre de un mes: anulaciones por inactividad, bonos de volumen y subidas de nivel, cada uno con su explicación. Lo usan la vista previa y el cierre.';

create or replace function private.close_period(p_month date, p_actor uuid) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_period public.periods;
  v_plan record;
  v_current date := private.current_period();
  v_forfeits integer;
  v_forfeited numeric;
  v_bonuses integer;
  v_bonus_total numeric;
  v_level_ups integer;
  v_summary jsonb;
begin
  if p_month is null or p_month <> date_trunc('month', p_month)::date then
    perform private.refuse('invalid_period', 'Indica el mes como su primer día (por ejemplo 2026-03-01).');
  end if;
  if p_month >= v_current then
    perform private.refuse('period_not_ended',
      format('El mes de %s aún no ha terminado: se puede cerrar desde el 1 de %s.', private.period_label(p_month),
             private.period_label((p_month + interval '1 month')::date)));
  end if;
  insert into public.periods (month) values (p_month) on conflict (month) do nothing;
  -- Waits for approvals still writing into the month (they hold KEY SHARE) and keeps new ones out.
  select * into v_period from public.periods p where p.month = p_month for update;
  if v_period.status = 'closed' then
    return coalesce(v_period.summary, '{}'::jsonb) || jsonb_build_object('already_closed', true);
  end if;
  if exists (select 1 from public.periods p where p.month < p_month and p.status = 'open') then
    perform private.refuse('previous_period_open', 'Hay un mes anterior sin cerrar: ciérralo primero.',
      (select string_agg(to_char(p.month, 'YYYY-MM'), ', ' order by p.month) from public.periods p
        where p.month < p_month and p.status = 'open'));
  end if;
  select p.version, p.plan into v_plan from private.plan() p;

  -- 1. Freeze the month's figures per member.
  update private.member_period_totals t
     set was_active = s.was_active, group_points = s.group_points, downline_sales = s.downline_sales,
         level_during = s.level_during, level_after = s.level_after
    from private.period_close_stats(p_month, v_plan.plan) s
   where t.client_id = s.client_id and t.period = p_month;

  -- 2 and 3. Forfeits and volume bonuses, with the month's income and what it forfeited in the same statement.
  with acts as (
    select a.* from private.period_close_actions(p_month, v_plan.plan, true) a where a.action in ('forfeit', 'bonus_volume')
  ), ins as (
    insert into public.reward_transactions (beneficiary_id, type, amount, points, period_month, source_sale_id, source_client_id,
                                            generation, base, rate, star_level, rule, reason, plan_version, reverses_id, created_by, created_at)
    select a.client_id, case a.action when 'forfeit' then 'reversal_commission' else 'bonus_volume' end,
           a.amount, 0, p_month, r.source_sale_id, r.source_client_id, r.generation, a.base, a.rate, a.level_from, a.detail,
           case when a.action = 'forfeit' then 'Beneficiario inactivo al cierre del mes' end,
           v_plan.version, a.ledger_id, p_actor, private.engine_now()
      from acts a left join public.reward_transactions r on r.id = a.ledger_id
     order by a.client_id
    returning type, beneficiary_id, amount
  ), totals as (
    insert into private.member_period_totals as t (client_id, period, income, forfeited)
    select ins.beneficiary_id, p_month, sum(ins.amount), coalesce(-sum(ins.amount) filter (where ins.type = 'reversal_commission'), 0)
      from ins group by ins.beneficiary_id order by ins.beneficiary_id
    on conflict (client_id, period) do update set income = t.income + excluded.income, forfeited = t.forfeited + excluded.forfeited
    returning 1
  )
  select count(*) filter (where ins.type = 'reversal_commission'), coalesce(-sum(ins.amount) filter (where ins.type = 'reversal_commission'), 0),
         count(*) filter (where ins.type = 'bonus_volume'), coalesce(sum(ins.amount) filter (where ins.type = 'bonus_volume'), 0)
    into v_forfeits, v_forfeited, v_bonuses, v_bonus_total
    from ins;

  -- 4. Levels rise (rows locked in id order), then the month is closed.
  update public.clients c set star_level = t.level_after
    from (select t2.client_id, t2.level_after from private.member_period_totals t2
           where t2.period = p_month and t2.level_after > t2.level_during order by t2.client_id) t
   where c.id = t.client_id and c.star_level < t.level_after;
  get diagnostics v_level_ups = row_count;

  select jsonb_build_object(
           'month', p_month, 'plan_version', v_plan.version, 'closed_at', private.engine_now(),
           'members', count(*), 'active', count(*) filter (where t.was_active),
           'forfeits', v_forfeits, 'forfeited_amount', v_forfeited,
           'volume_bonuses', v_bonuses, 'volume_bonus_amount', v_bonus_total,
           'level_ups', v_level_ups, 'income_available', coalesce(sum(t.income), 0))
    into v_summary
    from private.member_period_totals t where t.period = p_month;
  update public.periods p set status = 'closed', closed_at = private.engine_now(), closed_by = p_actor, summary = v_summary
   where p.month = p_month;

  -- 5. A new month starts with everyone inactive until they reach the activity points.
  perform private.refresh_all_activity();
  return v_summary || jsonb_build_object('already_closed', false);
end
$$;
comment on function private.close_period(date, uuid) is
  'Cierre de un mes, en una sola transacción (lo ejecuta el trabajo de cierre, nunca una petición a la API): congela cifras, anula lo de los inactivos, paga bonos de volumen, sube niveles, cierra el mes y pone la actividad al día. Idempotente.';

create or replace function public.preview_period_close(p_month date default null) returns table (
  action text, client_id uuid, client_name text, ledger_id bigint, amount numeric, base numeric, rate numeric,
  level_from smallint, level_to smallint, detail text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_month date;
  v_status text;
begin
  if not (private.is_superadmin() or private.is_service()) then
    perform private.refuse('forbidden', 'Solo un superadmin puede ver la vista previa del cierre.');
  end if;
  v_month := coalesce(p_month, (private.current_period() - interval '1 month')::date);
  select p.status into v_status from public.periods p where p.month = v_month;
  if v_status = 'closed' then
    perform private.refuse('period_closed', format('El mes de %s ya está cerrado.', private.period_label(v_month)));
  end if;
  return query
    select a.action, a.client_id, c.name, a.ledger_id, a.amount, a.base, a.rate, a.level_from, a.level_to, a.detail
      from private.period_close_actions(v_month, (select p.plan from private.plan() p)) a
      join public.clients c on c.id = a.client_id
     order by a.action, c.name, a.ledger_id;
end
$$;
comment on function public.preview_period_close(date) is
  'Superadmin: lo que haría cerrar el mes indicado (por defecto el anterior), sin escribir nada: anulaciones, bonos de volumen y subidas de nivel con su explicación.';
-- Unlike the close, the preview stays an API request: it writes nothing and takes 5 s for 100,000
-- members on a quiet host, 7.7 s on a busy one (bench/README.md), under the 8 s limit but close to it.
revoke all on function public.preview_period_close(date) from public, anon;
grant execute on function public.preview_period_close(date) to authenticated, service_role;

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

-- pg_cron: Supabase provides it and the local stack preloads it (scripts/lib/pg-cluster.mjs). Without
-- it no month would ever close, so a failure here fails the migration.
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
create extension if not exists pg_cron with schema pg_catalog; -- as Supabase installs it
select cron.schedule('savia-cierre-de-mes', '7 * * * *', 'select private.request_due_period_close()');
select cron.schedule('savia-cola-de-cierres', '* * * * *', 'call private.run_period_close_jobs()');
select cron.schedule('savia-limpieza-de-cron', '17 4 * * *', $$
  delete from cron.job_run_details d using cron.job j
   where j.jobid = d.jobid and j.jobname like 'savia-%' and d.end_time < now() - interval '7 days'$$);
