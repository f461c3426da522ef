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

  -- 2 and 3. Forfeits and volume bonuses, with the month's income in the same statement.
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
    insert into private.member_period_totals as t (client_id, period, income)
    select ins.beneficiary_id, p_month, sum(ins.amount) from ins group by ins.beneficiary_id order by ins.beneficiary_id
    on conflict (client_id, period) do update set income = t.income + excluded.income
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
  'Cierre de un mes (lo llaman close_period y la tarea programada): congela cifras, anula lo de los inactivos, paga bonos de volumen, sube niveles, cierra el mes y pone la actividad al día. Idempotente.';

create or replace function public.close_period(p_month date default null) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not (private.is_superadmin() or private.is_service()) then
    perform private.refuse('forbidden', 'Solo un superadmin (o el cierre programado) puede cerrar un mes.');
  end if;
  return private.period_summary_for_caller(
    private.close_period(coalesce(p_month, (private.current_period() - interval '1 month')::date), auth.uid()));
end
$$;
comment on function public.close_period(date) is
  'Superadmin o service_role: cierra un mes (por defecto el anterior al actual en la zona horaria de la empresa) y devuelve su resumen (los importes, solo a quien tiene finanzas). Idempotente: cerrar un mes cerrado devuelve su resumen sin escribir nada.';

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

-- Scheduled work --------------------------------------------------------------------------------------
create or replace function private.run_scheduled_close() returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_month date;
  v_results jsonb := '[]'::jsonb;
  v_last date := (private.current_period() - interval '1 month')::date;
begin
  -- Every ended month still open, oldest first, then the previous month even if it had no sales,
  -- so the history has no holes. Runs hourly: on any other hour it only refreshes activity.
  for v_month in
    select p.month from public.periods p where p.status = 'open' and p.month <= v_last
    union
    select v_last where not exists (select 1 from public.periods p where p.month = v_last and p.status = 'closed')
    order by 1
  loop
    v_results := v_results || private.close_period(v_month, null);
  end loop;
  perform private.refresh_all_activity();
  return v_results;
end
$$;
comment on function private.run_scheduled_close() is
  'Tarea programada (pg_cron cada hora): cierra los meses terminados que sigan abiertos y pone al día la actividad del mes en curso. Sin efecto si no hay nada que hacer.';

revoke all on function public.close_period(date), public.preview_period_close(date) from public, anon;
grant execute on function public.close_period(date), public.preview_period_close(date) to authenticated, service_role;

-- pg_cron on Supabase (and locally when the cluster preloads it). Hourly rather than «on the 1st at
-- midnight» because pg_cron runs in UTC and the month ends in the company's time zone.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    begin
      create extension if not exists pg_cron with schema pg_catalog; -- as Supabase installs it
      perform cron.schedule('savia-cierre-de-mes', '7 * * * *', 'select private.run_scheduled_close()');
    exception when others then
      -- Available but not preloaded (shared_preload_libraries): the edge function can still close.
      raise notice 'pg_cron no está cargado; el cierre programado queda para la función close-period: %', sqlerrm;
    end;
  end if;
end
$$;
