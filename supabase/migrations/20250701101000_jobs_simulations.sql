-- The plan's what-if and the close preview as jobs (issues 13, 27).
--
-- Both read a whole month: on a month of 1,000,000 sales the replay under a draft plan and the close
-- preview take longer than the 8 s an API request may last (statement_timeout of `authenticated`,
-- bench/README.md «Configuración y Finanzas»). So the screen asks (a request that only validates and
-- queues), the job runner (20250701100000_jobs.sql) computes outside any request, and the screen
-- polls the job, sees its step, and then reads its result: the what-if's figures in the job, the
-- close preview's rows kept per job and paged from there (each page an index range).
--
-- Rules:
--   * only superadmins ask and read, and each reads only the jobs they asked for;
--   * a draft plan is validated when asked (the same rules and sentences as save_plan), so a bad
--     draft is refused at once, at its level, and never queued;
--   * each person has at most one job of each kind waiting: asking again while one waits replaces
--     what it will compute (same job); while one runs, the new one waits behind it;
--   * the close preview's money (what it forfeits, what the volume bonuses pay) is shown, as the
--     closed month's summary, only to a superadmin with the finance claim;
--   * a job that fails keeps the Spanish sentence of what failed; one cut short starts again from its
--     first step; finished jobs are deleted after a day (private.tidy_jobs).

create table private.close_preview_rows (
  job_id bigint not null references private.jobs (id) on delete cascade,
  position integer not null,
  action text not null,
  client_id uuid not null,
  client_name text not null,
  ledger_id bigint,
  amount numeric,
  base numeric,
  rate numeric,
  level_from smallint,
  level_to smallint,
  detail text not null,
  detail_without_amounts text not null,
  primary key (job_id, position)
);
comment on table private.close_preview_rows is
  'Las filas de una vista previa del cierre ya calculada, en el orden de la pantalla (position desde 1), para leerla página a página sin calcularla otra vez; cada una con su explicación y la misma sin importes (para quien no tiene finanzas).';
revoke all on private.close_preview_rows from public, anon, authenticated, service_role;

-- What the API says about a simulation ------------------------------------------------------------------------
create or replace function private.simulation_job_json(p_job private.jobs) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  -- The preview's totals follow the closed month's summary: the amounts only with finance.
  if p_job.kind = 'close_preview' and p_job.result is not null then
    p_job.result := jsonb_set(p_job.result, '{totals}', private.period_summary_for_caller(p_job.result -> 'totals'));
  end if;
  return private.job_json(p_job);
end
$$;
comment on function private.simulation_job_json(private.jobs) is
  'Una simulación como la ve quien la pidió: el trabajo con su avance y su resultado; de la vista previa del cierre, los importes solo con finanzas.';

create or replace function private.enqueue_simulation(p_kind text, p_month date, p_draft jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := auth.uid();
  v_job private.jobs;
begin
  -- The same person asking twice at once (two tabs) meet here rather than at the unique index.
  perform pg_advisory_xact_lock(hashtext('savia.jobs:' || v_actor::text || ':' || p_kind));
  -- Asked again while it still waits: the waiting job now computes this.
  update private.jobs j set month = p_month, params = p_draft, requested_at = now()
   where j.requested_by = v_actor and j.kind = p_kind and j.status = 'queued'
  returning * into v_job;
  if not found then
    -- The same question already being computed is answered by that job.
    select * into v_job from private.jobs j
     where j.requested_by = v_actor and j.kind = p_kind and j.status = 'running'
       and j.month is not distinct from p_month and j.params is not distinct from p_draft;
    if not found then
      insert into private.jobs (kind, month, params, origin, requested_by) values (p_kind, p_month, p_draft, 'superadmin', v_actor)
      returning * into v_job;
    end if;
  end if;
  return private.simulation_job_json(v_job);
end
$$;
comment on function private.enqueue_simulation(text, date, jsonb) is
  'Pone en cola una simulación del usuario actual: si ya tiene una del mismo tipo esperando, la reemplaza (mismo trabajo); si la misma pregunta ya se está calculando, devuelve ese trabajo.';

create or replace function public.request_plan_what_if(p_levels jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_superadmin('Solo un superadmin puede ver o cambiar el plan de compensación.');
  -- The same validation as save_plan: a plan that could not be saved is not simulated.
  return private.enqueue_simulation('plan_what_if', null, private.validate_plan_levels(p_levels));
end
$$;
comment on function public.request_plan_what_if(jsonb) is
  'Superadmin: pide simular el último mes cerrado con el plan en borrador (validado como en save_plan) y devuelve el trabajo; el resultado se lee con get_simulation_job cuando está hecho (total antes y después, diferencia por tipo y los diez miembros más afectados). No escribe nada más que el trabajo.';
revoke all on function public.request_plan_what_if(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.request_plan_what_if(jsonb) to authenticated;

create or replace function private.check_month_to_preview(p_month date) returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_period public.periods;
begin
  if p_month is null or p_month <> date_trunc('month', p_month)::date then
    perform private.refuse('invalid_period', 'Indica el mes como su primer día (por ejemplo 2026-03-01).');
  end if;
  select * into v_period from public.periods p where p.month = p_month;
  if v_period.status = 'closed' then
    perform private.refuse('period_closed', format('El mes de %s ya está cerrado.', private.period_label(p_month)));
  end if;
  if v_period.close_started_at is not null then
    perform private.refuse('period_closing',
      format('El cierre de %s está en marcha: lo que hizo se verá cuando termine.', private.period_label(p_month)));
  end if;
end
$$;
comment on function private.check_month_to_preview(date) is 'Rechaza la vista previa de un mes que no es primer día, ya cerrado o cuyo cierre está en marcha.';

create or replace function public.request_close_preview(p_month date) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_superadmin('Solo un superadmin puede ver y cerrar los meses.');
  perform private.check_month_to_preview(p_month);
  return private.enqueue_simulation('close_preview', p_month, null);
end
$$;
comment on function public.request_close_preview(date) is
  'Superadmin: pide la vista previa del cierre de un mes abierto y devuelve el trabajo; cuando está hecho, get_simulation_job da sus totales y get_close_preview sus filas por páginas (los importes, solo con finanzas).';
revoke all on function public.request_close_preview(date) from public, anon, authenticated, service_role;
grant execute on function public.request_close_preview(date) to authenticated;

create or replace function public.get_simulation_job(p_id bigint) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_actor uuid := private.require_superadmin('Solo un superadmin puede ver las simulaciones.');
  v_job private.jobs;
begin
  select * into v_job from private.jobs j
   where j.id = p_id and j.requested_by = v_actor and j.kind in ('close_preview', 'plan_what_if');
  if not found then
    perform private.refuse('simulation_not_found', 'Esa simulación ya no existe: pídela otra vez.');
  end if;
  return private.simulation_job_json(v_job);
end
$$;
comment on function public.get_simulation_job(bigint) is
  'Superadmin: una simulación que pidió, con su estado (queued en cola, running en marcha, done hecha, failed fallida), el paso en que va, su resultado o su error en español. Las de otras personas no existen para quien pregunta; los importes de la vista previa del cierre, solo con finanzas.';
revoke all on function public.get_simulation_job(bigint) from public, anon, authenticated, service_role;
grant execute on function public.get_simulation_job(bigint) to authenticated;

-- The close preview read from its job ----------------------------------------------------------------------------
create or replace function public.get_close_preview(p_job_id bigint, p_page integer default 1, p_page_size integer default 50)
returns table (
  action text, client_id uuid, client_name text, ledger_id bigint, amount numeric, base numeric, rate numeric,
  level_from smallint, level_to smallint, detail text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_actor uuid := private.require_superadmin('Solo un superadmin puede ver y cerrar los meses.');
  -- The same rule as the closed month's summary (private.period_summary_for_caller): money is finance's.
  v_money boolean := private.has_finance();
begin
  if p_page is null or p_page < 1 or p_page_size is null or p_page_size not between 1 and 200 then
    perform private.refuse('invalid_page', 'Página no válida: página desde 1, tamaño de 1 a 200.');
  end if;
  if not exists (select 1 from private.jobs j
                  where j.id = p_job_id and j.requested_by = v_actor and j.kind = 'close_preview' and j.status = 'done') then
    perform private.refuse('simulation_not_found', 'Esa vista previa ya no existe o aún no está lista: pídela otra vez.');
  end if;
  -- Positions are consecutive from 1, so a page is one range of the primary key, however deep.
  return query
    select r.action, r.client_id, r.client_name, r.ledger_id,
           case when v_money then r.amount end, case when v_money then r.base end, case when v_money then r.rate end,
           r.level_from, r.level_to, private.staff_voice(case when v_money then r.detail else r.detail_without_amounts end)
      from private.close_preview_rows r
     where r.job_id = p_job_id
       and r.position > (p_page - 1) * p_page_size and r.position <= p_page * p_page_size
     order by r.position;
end
$$;
comment on function public.get_close_preview(bigint, integer, integer) is
  'Superadmin: una página de una vista previa del cierre ya calculada (anulaciones con su motivo, bonos de volumen, subidas de nivel), en el orden de la pantalla; sin finanzas, sin importes, base ni tasa, y con la explicación sin cifras de dinero. Sus totales y el número de filas están en el resultado del trabajo (get_simulation_job).';
revoke all on function public.get_close_preview(bigint, integer, integer) from public, anon, authenticated, service_role;
grant execute on function public.get_close_preview(bigint, integer, integer) to authenticated;

-- The close preview, computed by the runner ---------------------------------------------------------------------
-- Two steps: every action of the close in the screen's order (what, who, which entry), numbered so that a
-- page is a key range, then the totals. The actions are one statement: the members' month figures that
-- all three kinds read are computed once (a step per kind computed them three times: 17 s of 65 at
-- 1,000,000 members, bench/README.md). A preview cut short starts again from its first step, which
-- clears the job's rows.
create or replace function private.close_preview_job_step(p_job private.jobs) returns private.jobs
language plpgsql
security definer
set search_path = ''
as $$
begin
  p_job.steps := 2;
  if p_job.step_no is null or p_job.step_no = 1 then
    perform private.check_month_to_preview(p_job.month);
    delete from private.close_preview_rows r where r.job_id = p_job.id;
    insert into private.close_preview_rows (job_id, position, action, client_id, client_name, ledger_id, amount, base, rate,
                                            level_from, level_to, detail, detail_without_amounts)
    select p_job.id,
           row_number() over (order by array_position(array['bonus_volume', 'forfeit', 'level_up'], a.action), c.name, a.ledger_id, a.client_id),
           a.action, a.client_id, c.name, a.ledger_id, a.amount, a.base, a.rate, a.level_from, a.level_to, a.detail, a.detail_without_amounts
      from private.period_close_actions(p_job.month, (select p.plan from private.plan() p), false) a
      join public.clients c on c.id = a.client_id;
    -- The job now says the step it will run next (what the screen shows while it runs).
    p_job.step_no := 2;
    p_job.step := 'totals';
    return p_job;
  end if;
  -- The totals carry the names and meaning of periods.summary's figures, so the screen can show
  -- «lo que hará» and «lo que hizo» side by side (pgTAP 71: the close writes these same figures).
  select jsonb_build_object(
           'month', p_job.month,
           'rows', count(*),
           'totals', jsonb_build_object(
             'forfeits', count(*) filter (where r.action = 'forfeit'),
             'forfeited_amount', coalesce(-sum(r.amount) filter (where r.action = 'forfeit'), 0),
             'volume_bonuses', count(*) filter (where r.action = 'bonus_volume'),
             'volume_bonus_amount', coalesce(sum(r.amount) filter (where r.action = 'bonus_volume'), 0),
             'level_ups', count(*) filter (where r.action = 'level_up')))
    into p_job.result
    from private.close_preview_rows r where r.job_id = p_job.id;
  p_job.step := 'done';
  p_job.status := 'done';
  return p_job;
end
$$;
comment on function private.close_preview_job_step(private.jobs) is
  'Un paso de la vista previa del cierre: todas sus acciones (bonos de volumen, anulaciones, subidas de nivel) numeradas en el orden de la pantalla, o al final los totales.';

-- The what-if's figures, computed by the job runner -------------------------------------------------------------
-- The last closed month replayed under two plans (the one in force and the draft), by the engine's own
-- rules, set-based: private.sale_reward_lines called once per sale took minutes for a month of
-- 1,000,000 sales (bench/README.md), far past the 8 s an API request may last. What it pays, per rule:
--   * an order or direct sale of the month (paid or delivered now: a cancelled one paid nothing):
--     each registered upline of generation g ≤ the plan's last generation gets round(base × rate of
--     their level for g, 2), as sale_reward_lines; each buyer's upline is read once for both plans,
--     and a buyer's sales of the same base are counted together (the rounding stays per sale);
--   * an enrolment of the month: its registered enroller gets round(kit base × enrolment rate, 2) and
--     the starter bonus of their level, as enrolment_reward_lines;
--   * the close's forfeits: a beneficiary inactive at the close keeps no commission or starter bonus
--     (activity does not depend on the levels), so only the month's active members count;
--   * the close's volume bonus: round(downline sales × volume rate of the level held, 2) for each
--     active member, on the month's frozen figures, as period_close_actions.
-- Each member's level is the one they held during the month (frozen by the close: levels change only
-- there), so the plan the month was paid with replays exactly what the engine wrote, even after the
-- close's level-ups (pgTAP 70; bench/governance.mjs on 1,000,000 sales); the network is today's, for
-- both plans, so the difference is the plan's alone.
create or replace function private.replay_closed_month(p_month date, p_before jsonb, p_after jsonb) returns table (
  client_id uuid, kind text, generation smallint, before numeric, after numeric
)
language sql
stable
security definer
set search_path = ''
-- The planner's row guesses on these CTEs are millions, so with JIT on it compiled and optimised 238
-- functions first: 2.4 s of 5.5 at 250,000 sales, a fixed cost the replay itself does not need
-- (bench/README.md, «Configuración y Finanzas»).
set jit = off
as $$
  with plans as (
    select 1 as which, p_before as plan union all select 2, p_after
  ), levels as (
    select p.which, (l ->> 'level')::smallint as level, (l ->> 'volume_bonus_rate')::numeric as volume_rate,
           round((l ->> 'starter_bonus')::numeric, 2) as starter_bonus, (p.plan ->> 'enrollment_commission_rate')::numeric as enrolment_rate
      from plans p cross join jsonb_array_elements(p.plan -> 'levels') l
  ), rates as (
    select p.which, (l ->> 'level')::smallint as level, r.generation::smallint as generation, r.rate::numeric as rate
      from plans p
     cross join jsonb_array_elements(p.plan -> 'levels') l
     cross join lateral jsonb_array_elements_text(l -> 'commission_rates') with ordinality as r(rate, generation)
  ), sold as materialized (
    select s.kind, s.client_id, s.commissionable_total as base
      from public.sales s
     where s.period_month = p_month and s.status in ('Pagada', 'Entregada')
       and (s.kind = 'enrollment' or s.commissionable_total > 0)
  ), orders as (
    -- Sales of the same base by the same buyer pay their upline the same amounts: counted together.
    select o.client_id, o.base, count(*) as sales from sold o where o.kind <> 'enrollment' group by 1, 2
  ), active as materialized (
    -- The month's active registered members with the level they held: one hash for every upline probe.
    select c.member_no, c.id as client_id, t.level_during
      from private.member_period_totals t
      join public.clients c on c.id = t.client_id and c.enrollment_status = 'registered'
     where t.period = p_month and t.was_active
  ), earners as (
    -- Each buyer's upline from the path's labels (member numbers), once per buyer rather than per sale,
    -- kept only where it earns: registered, active in the month, and its level pays that generation in
    -- either plan (most members are ★1 and earn from generation 1 alone).
    select b.id as buyer_id, c.client_id, up.generation, rb.rate as rate_before, ra.rate as rate_after
      from (select distinct o.client_id from orders o) x
      join public.clients b on b.id = x.client_id
     cross join lateral (
       select a.member_no::bigint as member_no, (extensions.nlevel(b.path) - a.pos)::smallint as generation
         from unnest(string_to_array(extensions.ltree2text(b.path), '.')) with ordinality as a(member_no, pos)
        where a.pos < extensions.nlevel(b.path) and a.pos >= extensions.nlevel(b.path) - (select max(r.generation) from rates r)
     ) up
      join active c on c.member_no = up.member_no
      left join rates rb on rb.which = 1 and rb.level = c.level_during and rb.generation = up.generation
      left join rates ra on ra.which = 2 and ra.level = c.level_during and ra.generation = up.generation
     where rb.rate > 0 or ra.rate > 0
  ), commissions as (
    select e.client_id, e.generation,
           sum(o.sales * coalesce(round(o.base * e.rate_before, 2), 0)) as before,
           sum(o.sales * coalesce(round(o.base * e.rate_after, 2), 0)) as after
      from orders o
      join earners e on e.buyer_id = o.client_id
     group by 1, 2
  ), enrolments as (
    select e.id as client_id, o.base, count(*) as sales
      from sold o
      join public.clients m on m.id = o.client_id
      join public.clients e on e.id = m.enroller_id and e.enrollment_status = 'registered'
     where o.kind = 'enrollment'
     group by 1, 2
  ), enrolment_lines as (
    select x.client_id, 'commission_enrollment' as kind,
           sum(x.sales * coalesce(round(x.base * lb.enrolment_rate, 2), 0)) as before,
           sum(x.sales * coalesce(round(x.base * la.enrolment_rate, 2), 0)) as after
      from enrolments x
      join private.member_period_totals t on t.client_id = x.client_id and t.period = p_month and t.was_active
      left join levels lb on lb.which = 1 and lb.level = t.level_during
      left join levels la on la.which = 2 and la.level = t.level_during
     group by 1
    union all
    select x.client_id, 'bonus_starter', sum(x.sales * coalesce(greatest(lb.starter_bonus, 0), 0)), sum(x.sales * coalesce(greatest(la.starter_bonus, 0), 0))
      from enrolments x
      join private.member_period_totals t on t.client_id = x.client_id and t.period = p_month and t.was_active
      left join levels lb on lb.which = 1 and lb.level = t.level_during
      left join levels la on la.which = 2 and la.level = t.level_during
     group by 1
  ), volume as (
    select t.client_id, coalesce(round(t.downline_sales * lb.volume_rate, 2), 0) as before,
           coalesce(round(t.downline_sales * la.volume_rate, 2), 0) as after
      from private.member_period_totals t
      left join levels lb on lb.which = 1 and lb.level = t.level_during
      left join levels la on la.which = 2 and la.level = t.level_during
     where t.period = p_month and t.was_active
  )
  select x.client_id, x.kind, x.generation, x.before, x.after
    from (select c.client_id, 'commission_purchase' as kind, c.generation, c.before, c.after from commissions c
          union all
          select e.client_id, e.kind, null::smallint, e.before, e.after from enrolment_lines e
          union all
          select v.client_id, 'bonus_volume', null::smallint, v.before, v.after from volume v) x
   where x.before > 0 or x.after > 0
$$;
comment on function private.replay_closed_month(date, jsonb, jsonb) is
  'Lo que habría pagado un mes ya cerrado con dos planes (el vigente y un borrador) por miembro, tipo y generación: comisiones por generación, comisión de enrolamiento, bono de inicio y bono de volumen, con las reglas del motor y el nivel que cada miembro tuvo en el mes, en una pasada sobre las ventas del mes y sin escribir nada. Lo usa la simulación del plan.';

create or replace function private.plan_what_if(p_levels jsonb) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_month date;
  v_current record;
  v_draft jsonb;
  v_result jsonb;
begin
  select p.version, p.plan into v_current from private.plan() p;
  -- Validated again: the plan in force may have changed since the request (levels members now hold).
  v_draft := v_current.plan || jsonb_build_object('levels', private.validate_plan_levels(p_levels));
  select max(p.month) into v_month from public.periods p where p.status = 'closed';
  if v_month is null then
    return jsonb_build_object('month', null, 'plan_version', v_current.version);
  end if;
  with replay as materialized (
    select r.client_id, r.kind, r.generation, r.before, r.after from private.replay_closed_month(v_month, v_current.plan, v_draft) r
  ), kinds as (
    select r.kind, r.generation, sum(r.before) as before, sum(r.after) as after from replay r group by r.kind, r.generation
  ), members as (
    select r.client_id, sum(r.before) as before, sum(r.after) as after from replay r group by r.client_id
  ), top as (
    select m.*, c.name, c.member_no, c.star_level
      from members m join public.clients c on c.id = m.client_id
     where m.after <> m.before
     order by abs(m.after - m.before) desc, c.name, c.id
     limit 10
  )
  select jsonb_build_object(
           'month', v_month,
           'plan_version', v_current.version,
           'before', coalesce((select sum(k.before) from kinds k), 0),
           'after', coalesce((select sum(k.after) from kinds k), 0),
           'difference', coalesce((select sum(k.after - k.before) from kinds k), 0),
           -- The month's sales the replay paid on (paid or delivered in it): the payout ratio's base.
           'sales', (select coalesce(sum(s.total), 0) from public.sales s
                      where s.period_month = v_month and s.status in ('Pagada', 'Entregada')),
           'by_kind', coalesce((select jsonb_agg(jsonb_build_object('kind', k.kind, 'generation', k.generation, 'before', k.before,
                                                                    'after', k.after, 'difference', k.after - k.before)
                                                 order by case k.kind when 'commission_purchase' then 1 when 'commission_enrollment' then 2
                                                                      when 'bonus_starter' then 3 else 4 end, k.generation)
                                  from kinds k), '[]'::jsonb),
           'members', coalesce((select jsonb_agg(jsonb_build_object('client_id', t.client_id, 'name', t.name, 'member_no', t.member_no,
                                                                    'star_level', t.star_level, 'before', t.before, 'after', t.after,
                                                                    'difference', t.after - t.before)
                                                 order by abs(t.after - t.before) desc, t.name, t.client_id)
                                  from top t), '[]'::jsonb))
    into v_result;
  return v_result;
end
$$;
comment on function private.plan_what_if(jsonb) is
  'El último mes cerrado repetido con el plan vigente y con un borrador de niveles, sin escribir nada: total pagado antes y después, las ventas del mes (base de la proporción pagada), la diferencia por tipo (comisión por generación, enrolamiento, bono de inicio, bono de volumen) y los diez miembros más afectados. month = null si aún no hay un mes cerrado. La calcula el trabajador de simulaciones.';


create or replace function private.plan_what_if_job_step(p_job private.jobs) returns private.jobs
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- One statement over the last closed month (8.5 s at 1,000,000 sales, bench/README.md).
  p_job.steps := 1;
  p_job.step_no := 1;
  p_job.step := 'done';
  p_job.result := private.plan_what_if(p_job.params);
  p_job.status := 'done';
  return p_job;
end
$$;
comment on function private.plan_what_if_job_step(private.jobs) is 'El único paso de la simulación del plan: el último mes cerrado con el plan vigente y con el borrador.';

revoke all on function private.simulation_job_json(private.jobs), private.enqueue_simulation(text, date, jsonb),
  private.check_month_to_preview(date), private.close_preview_job_step(private.jobs), private.plan_what_if_job_step(private.jobs)
  from public, anon, authenticated, service_role;
