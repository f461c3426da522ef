-- The Dashboard (issue 12): what needs doing today, the month in figures against the previous one,
-- the charts and the low-stock list, in one staff-only read that never scans the ledger or the sales.
--
-- Sales per day, the month's sales and the top products come from the lead's kept aggregates
-- (private.sales_daily, private.product_sales_daily, 20261126000000_sales_aggregates.sql). What they do
-- not cover is kept here, per business month, by triggers in the transaction that changes it:
--   * new members (approved enrolments: clients registered, by the month of joined_at);
--   * members active in the month (personal points ≥ the plan's activity points) and members close to it
--     (half the activity points up to one short of them: 50–99 with the default plan);
--   * the month's commissions, bonuses and reversals (by the ledger's period_month);
--   * the month's commissionable sales (approved sales by period_month, net of cancellations), the
--     denominator of the payout ratio, so that it and the ledger count the same month;
--   * payouts paid (by the month they were paid): the commission liability is the ledger's net sum
--     minus what was paid.
-- Closed months read their active members from the close's summary (what the close judged);
-- private.dashboard_month_violations() compares everything with a computation from scratch.

create table private.dashboard_months (
  month date not null,
  -- Approvals of unrelated sales run in parallel (DESIGN.md §9): each backend writes its own stripe, so
  -- they never wait for one another's commit on a shared row; readers add the stripes up.
  stripe smallint not null,
  new_members integer not null default 0,
  active_members integer not null default 0,
  near_active_members integer not null default 0,
  commissions numeric(14,2) not null default 0,
  bonuses numeric(14,2) not null default 0,
  reversals numeric(14,2) not null default 0,
  commissionable_sales numeric(14,2) not null default 0,
  payouts_paid numeric(14,2) not null default 0,
  primary key (month, stripe)
);
comment on table private.dashboard_months is
  'Cifras del Dashboard por mes de negocio, en franjas (stripe) que se suman al leer: miembros nuevos (registrados por mes de joined_at), activos y cerca de activarse (por puntos personales del mes), comisiones, bonos y reversos del libro (por period_month), ventas comisionables aprobadas netas de cancelaciones (por period_month) y retiros pagados (por mes de paid_at). Las mantienen disparadores en la misma transacción.';
comment on column private.dashboard_months.near_active_members is
  'Miembros con puntos personales del mes entre la mitad de los puntos de actividad y uno menos que ellos (50–99 con el plan por defecto).';
comment on column private.dashboard_months.reversals is 'Contraasientos en dinero del mes (negativos): cancelaciones y anulaciones del cierre.';

revoke all on table private.dashboard_months from public, anon, authenticated, service_role;

create or replace function private.bump_dashboard_month(
  p_month date, p_new_members integer default 0, p_active integer default 0, p_near integer default 0,
  p_commissions numeric default 0, p_bonuses numeric default 0, p_reversals numeric default 0,
  p_sales numeric default 0, p_paid numeric default 0
) returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.dashboard_months as d (month, stripe, new_members, active_members, near_active_members, commissions,
                                             bonuses, reversals, commissionable_sales, payouts_paid)
  values (p_month, (pg_catalog.pg_backend_pid() % 8)::smallint, p_new_members, p_active, p_near, p_commissions,
          p_bonuses, p_reversals, p_sales, p_paid)
  on conflict (month, stripe) do update
     set new_members = d.new_members + excluded.new_members,
         active_members = d.active_members + excluded.active_members,
         near_active_members = d.near_active_members + excluded.near_active_members,
         commissions = d.commissions + excluded.commissions,
         bonuses = d.bonuses + excluded.bonuses,
         reversals = d.reversals + excluded.reversals,
         commissionable_sales = d.commissionable_sales + excluded.commissionable_sales,
         payouts_paid = d.payouts_paid + excluded.payouts_paid;
$$;
comment on function private.bump_dashboard_month(date, integer, integer, integer, numeric, numeric, numeric, numeric, numeric) is
  'Suma cambios a las cifras de un mes en la franja de esta sesión de la base.';

-- Activity bands -------------------------------------------------------------------------------------
create or replace function private.activity_points() returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select (p.plan ->> 'activity_points')::integer from private.plan() p
$$;
comment on function private.activity_points() is 'Puntos personales del mes que hacen activo a un miembro, según la versión vigente del plan.';

create or replace function private.activity_band(p_points integer, p_threshold integer) returns smallint
language sql
immutable
set search_path = ''
as $$
  select case when p_points >= p_threshold then 2
              when p_points >= ceil(p_threshold / 2.0) then 1
              else 0 end::smallint
$$;
comment on function private.activity_band(integer, integer) is
  '2 activo (puntos ≥ umbral), 1 cerca de activarse (desde la mitad del umbral), 0 lejos.';

create or replace function private.keep_dashboard_activity() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_threshold integer := private.activity_points();
  v_old smallint;
  v_new smallint;
begin
  if tg_op in ('UPDATE', 'DELETE') then
    v_old := private.activity_band(old.personal_points, v_threshold);
    perform private.bump_dashboard_month(old.period, p_active => -(v_old = 2)::integer, p_near => -(v_old = 1)::integer)
      where v_old > 0;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    v_new := private.activity_band(new.personal_points, v_threshold);
    perform private.bump_dashboard_month(new.period, p_active => (v_new = 2)::integer, p_near => (v_new = 1)::integer)
      where v_new > 0;
  end if;
  return null;
end
$$;
comment on function private.keep_dashboard_activity() is
  'Disparador de member_period_totals: cuando los puntos personales de un miembro cruzan un umbral, mueve su cuenta entre activos, cerca de activarse y el resto en ese mes.';
create trigger member_period_totals_keep_dashboard_insert after insert or delete on private.member_period_totals
  for each row execute function private.keep_dashboard_activity();
create trigger member_period_totals_keep_dashboard_update after update of personal_points on private.member_period_totals
  for each row
  when (old.personal_points is distinct from new.personal_points)
  execute function private.keep_dashboard_activity();

-- New members --------------------------------------------------------------------------------------------
create or replace function private.keep_dashboard_members() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.enrollment_status = 'registered' then
    perform private.bump_dashboard_month(private.business_month(old.joined_at), p_new_members => -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.enrollment_status = 'registered' then
    perform private.bump_dashboard_month(private.business_month(new.joined_at), p_new_members => 1);
  end if;
  return null;
end
$$;
comment on function private.keep_dashboard_members() is 'Disparador de clients: cuenta cada miembro registrado en el mes de su joined_at.';
create trigger clients_keep_dashboard after insert or delete on public.clients
  for each row execute function private.keep_dashboard_members();
-- Only the enrolment's approval touches these columns: the close's activity updates never fire it.
create trigger clients_keep_dashboard_update after update of enrollment_status, joined_at on public.clients
  for each row
  when ((old.enrollment_status, old.joined_at) is distinct from (new.enrollment_status, new.joined_at))
  execute function private.keep_dashboard_members();

-- The ledger's money -------------------------------------------------------------------------------------
create or replace function private.keep_dashboard_ledger() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Once per statement: an approval's entries, or the close's thousands, in one upsert per month.
  perform private.bump_dashboard_month(e.period_month,
            p_commissions => e.commissions, p_bonuses => e.bonuses, p_reversals => e.reversals)
     from (select n.period_month,
                  coalesce(sum(n.amount) filter (where n.type in ('commission_purchase', 'commission_enrollment')), 0) as commissions,
                  coalesce(sum(n.amount) filter (where n.type in ('bonus_starter', 'bonus_volume')), 0) as bonuses,
                  coalesce(sum(n.amount) filter (where n.type = 'reversal_commission'), 0) as reversals
             from new_entries n where n.amount <> 0 group by n.period_month) e;
  return null;
end
$$;
comment on function private.keep_dashboard_ledger() is 'Disparador del libro (por sentencia): suma comisiones, bonos y reversos de los asientos nuevos a su mes.';
create trigger reward_transactions_keep_dashboard after insert on public.reward_transactions
  referencing new table as new_entries
  for each statement execute function private.keep_dashboard_ledger();

-- Commissionable sales ---------------------------------------------------------------------------------
create or replace function private.keep_dashboard_sales() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.status in ('Pagada', 'Entregada') then
    perform private.bump_dashboard_month(old.period_month, p_sales => -old.commissionable_total);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.status in ('Pagada', 'Entregada') then
    perform private.bump_dashboard_month(new.period_month, p_sales => new.commissionable_total);
  end if;
  return null;
end
$$;
comment on function private.keep_dashboard_sales() is
  'Disparador de sales: la base comisionable de cada venta cobrada (Pagada o Entregada) cuenta en su mes de aprobación; cancelarla la resta.';
create trigger sales_keep_dashboard after insert or delete on public.sales
  for each row execute function private.keep_dashboard_sales();
create trigger sales_keep_dashboard_update after update of status, commissionable_total, period_month on public.sales
  for each row
  when ((old.status in ('Pagada', 'Entregada')) is distinct from (new.status in ('Pagada', 'Entregada'))
        or old.commissionable_total is distinct from new.commissionable_total
        or old.period_month is distinct from new.period_month)
  execute function private.keep_dashboard_sales();

-- Payouts paid -------------------------------------------------------------------------------------------
create or replace function private.keep_dashboard_payouts() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.status = 'paid' then
    perform private.bump_dashboard_month(private.business_month(old.paid_at), p_paid => -old.amount);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.status = 'paid' then
    perform private.bump_dashboard_month(private.business_month(new.paid_at), p_paid => new.amount);
  end if;
  return null;
end
$$;
comment on function private.keep_dashboard_payouts() is 'Disparador de payout_requests: suma cada retiro pagado al mes en que se pagó.';
create trigger payout_requests_keep_dashboard after insert or delete on public.payout_requests
  for each row execute function private.keep_dashboard_payouts();
create trigger payout_requests_keep_dashboard_update after update of status, amount, paid_at on public.payout_requests
  for each row
  when ((old.status, old.amount, old.paid_at) is distinct from (new.status, new.amount, new.paid_at))
  execute function private.keep_dashboard_payouts();

-- From scratch: the rebuild and the check ---------------------------------------------------------------
create or replace function private.dashboard_months_from_scratch() returns table (
  month date, new_members bigint, active_members bigint, near_active_members bigint, commissions numeric,
  bonuses numeric, reversals numeric, commissionable_sales numeric, payouts_paid numeric
)
language sql
stable
security definer
set search_path = ''
as $$
  with threshold as (select private.activity_points() as points),
  parts as (
    select private.business_month(c.joined_at) as month, 1 as new_members, 0 as active, 0 as near, 0::numeric as commissions,
           0::numeric as bonuses, 0::numeric as reversals, 0::numeric as sales, 0::numeric as paid
      from public.clients c where c.enrollment_status = 'registered'
    union all
    select t.period, 0, (b.band = 2)::integer, (b.band = 1)::integer, 0, 0, 0, 0, 0
      from private.member_period_totals t cross join threshold
      cross join lateral (select private.activity_band(t.personal_points, threshold.points) as band) b
     where b.band > 0
    union all
    select r.period_month, 0, 0, 0,
           sum(r.amount) filter (where r.type in ('commission_purchase', 'commission_enrollment')),
           sum(r.amount) filter (where r.type in ('bonus_starter', 'bonus_volume')),
           sum(r.amount) filter (where r.type = 'reversal_commission'), 0, 0
      from public.reward_transactions r group by r.period_month
    union all
    select s.period_month, 0, 0, 0, 0, 0, 0, sum(s.commissionable_total), 0
      from public.sales s where s.status in ('Pagada', 'Entregada') group by s.period_month
    union all
    select private.business_month(p.paid_at), 0, 0, 0, 0, 0, 0, 0, sum(p.amount)
      from public.payout_requests p where p.status = 'paid' group by 1
  )
  select p.month, sum(p.new_members), sum(p.active), sum(p.near), coalesce(sum(p.commissions), 0)::numeric(14,2),
         coalesce(sum(p.bonuses), 0)::numeric(14,2), coalesce(sum(p.reversals), 0)::numeric(14,2),
         coalesce(sum(p.sales), 0)::numeric(14,2), coalesce(sum(p.paid), 0)::numeric(14,2)
    from parts p group by p.month
$$;
comment on function private.dashboard_months_from_scratch() is
  'Las cifras de dashboard_months calculadas desde las tablas de origen (recorre todo: solo para reconstruir y comprobar).';

create or replace function private.rebuild_dashboard_months() returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  lock table public.clients, public.sales, public.reward_transactions, public.payout_requests, private.member_period_totals in share mode;
  delete from private.dashboard_months;
  insert into private.dashboard_months (month, stripe, new_members, active_members, near_active_members, commissions, bonuses,
                                        reversals, commissionable_sales, payouts_paid)
  select f.month, 0, f.new_members, f.active_members, f.near_active_members, f.commissions, f.bonuses, f.reversals,
         f.commissionable_sales, f.payouts_paid
    from private.dashboard_months_from_scratch() f;
end
$$;
comment on function private.rebuild_dashboard_months() is
  'Rehace dashboard_months desde cero: tras una carga masiva con los disparadores desactivados (bench/).';

create or replace function private.dashboard_month_violations() returns table (month date, detail text)
language sql
stable
security definer
set search_path = ''
as $$
  -- A closed month's activity is read from its close, so its counters are not compared (a later change
  -- of the activity points rebuilds the open months only).
  with kept as (
    select d.month, sum(d.new_members) as new_members, sum(d.active_members) as active_members,
           sum(d.near_active_members) as near_active_members, sum(d.commissions) as commissions, sum(d.bonuses) as bonuses,
           sum(d.reversals) as reversals, sum(d.commissionable_sales) as commissionable_sales, sum(d.payouts_paid) as payouts_paid
      from private.dashboard_months d group by d.month
  ), both_sides as (
    select x.month,
           (coalesce(k.new_members, 0), case when x.closed then 0 else coalesce(k.active_members, 0) end,
            case when x.closed then 0 else coalesce(k.near_active_members, 0) end, coalesce(k.commissions, 0),
            coalesce(k.bonuses, 0), coalesce(k.reversals, 0), coalesce(k.commissionable_sales, 0), coalesce(k.payouts_paid, 0))::text as kept,
           (coalesce(c.new_members, 0), case when x.closed then 0 else coalesce(c.active_members, 0) end,
            case when x.closed then 0 else coalesce(c.near_active_members, 0) end, coalesce(c.commissions, 0),
            coalesce(c.bonuses, 0), coalesce(c.reversals, 0), coalesce(c.commissionable_sales, 0), coalesce(c.payouts_paid, 0))::text as computed
      from kept k
      full join private.dashboard_months_from_scratch() c on c.month = k.month
      cross join lateral (select coalesce(k.month, c.month) as month,
                                 exists (select 1 from public.periods p where p.month = coalesce(k.month, c.month) and p.status = 'closed') as closed) x
  )
  select b.month, format('guardado %s, calculado %s (nuevos, activos, cerca, comisiones, bonos, reversos, ventas comisionables, pagado)',
                         b.kept, b.computed)
    from both_sides b where b.kept <> b.computed
$$;
comment on function private.dashboard_month_violations() is
  'Meses cuyas cifras guardadas en dashboard_months difieren de su cálculo desde cero (la actividad, solo en meses abiertos): vacío si los disparadores no se saltaron nada.';

-- Months move with the company's time zone, activity with the plan's activity points: when either
-- changes (rare, deliberate acts), only what depends on it is recounted, within a settings save's time.
create or replace function private.recount_dashboard_months_on_timezone() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update private.dashboard_months d set new_members = 0, payouts_paid = 0 where d.new_members <> 0 or d.payouts_paid <> 0;
  perform private.bump_dashboard_month(x.month, p_new_members => x.n::integer)
     from (select private.business_month(c.joined_at) as month, count(*) as n from public.clients c
            where c.enrollment_status = 'registered' group by 1) x;
  perform private.bump_dashboard_month(x.month, p_paid => x.amount)
     from (select private.business_month(p.paid_at) as month, sum(p.amount) as amount from public.payout_requests p
            where p.status = 'paid' group by 1) x;
  return null;
end
$$;
comment on function private.recount_dashboard_months_on_timezone() is
  'Al cambiar la zona horaria de la empresa, vuelve a contar por mes los miembros nuevos y los retiros pagados.';
create trigger metadata_timezone_recounts_dashboard after update of timezone on public.metadata
  for each row when (old.timezone is distinct from new.timezone)
  execute function private.recount_dashboard_months_on_timezone();

create or replace function private.recount_dashboard_activity() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_threshold integer := (new.plan ->> 'activity_points')::integer;
begin
  if v_threshold is not distinct from (select (v.plan ->> 'activity_points')::integer from public.plan_versions v
                                         where v.version < new.version order by v.version desc limit 1) then
    return null;
  end if;
  update private.dashboard_months d set active_members = 0, near_active_members = 0
   where d.month in (select p.month from public.periods p where p.status = 'open')
     and (d.active_members <> 0 or d.near_active_members <> 0);
  perform private.bump_dashboard_month(x.period, p_active => x.active::integer, p_near => x.near::integer)
     from (select t.period, count(*) filter (where private.activity_band(t.personal_points, v_threshold) = 2) as active,
                  count(*) filter (where private.activity_band(t.personal_points, v_threshold) = 1) as near
             from private.member_period_totals t
            where t.period in (select p.month from public.periods p where p.status = 'open')
            group by t.period) x;
  return null;
end
$$;
comment on function private.recount_dashboard_activity() is
  'Cuando una versión nueva del plan cambia los puntos de actividad, vuelve a contar activos y cerca de activarse en los meses abiertos.';
create trigger plan_versions_recount_dashboard after insert on public.plan_versions
  for each row execute function private.recount_dashboard_activity();

-- The read ---------------------------------------------------------------------------------------------------
create or replace function public.get_dashboard() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_tz text := private.company_timezone();
  v_today date := (private.engine_now() at time zone private.company_timezone())::date;
  v_month date := date_trunc('month', (private.engine_now() at time zone private.company_timezone()))::date;
  v_prev date;
  v_next date;
  v_threshold integer := private.activity_points();
  v_low_stock integer := coalesce((select m.low_stock_threshold from public.metadata m where m.id = 'app_settings'), 20);
  v_months jsonb;
  v_projection jsonb;
  v_result jsonb;
begin
  perform private.require_staff();
  v_prev := (v_month - interval '1 month')::date;
  v_next := (v_month + interval '1 month')::date;

  -- The last six months (the chart) with the two the cards compare.
  with months as (
    select g::date as month from generate_series(v_month - interval '5 months', v_month, interval '1 month') g
  ), kept as (
    select d.month, sum(d.new_members) as new_members, sum(d.active_members) as active_members,
           sum(d.near_active_members) as near_active_members,
           sum(d.commissions) as commissions, sum(d.bonuses) as bonuses, sum(d.reversals) as reversals,
           sum(d.commissionable_sales) as commissionable_sales
      from private.dashboard_months d where d.month >= v_month - interval '5 months' and d.month <= v_month group by d.month
  ), sales as (
    select date_trunc('month', s.day)::date as month, sum(s.sales_count) as sales_count, sum(s.total) as sales_total
      from private.sales_daily s
     where s.day >= v_prev and s.day < v_next and s.status in ('Pagada', 'Entregada')
     group by 1
  )
  select jsonb_agg(jsonb_build_object(
           'month', m.month,
           'closed', coalesce(p.status = 'closed', false),
           'sales_count', coalesce(s.sales_count, 0),
           'sales_total', coalesce(s.sales_total, 0),
           'new_members', coalesce(k.new_members, 0),
           -- A closed month's activity is what its close judged; an open month's is kept as points arrive.
           'active_members', case when p.status = 'closed' then coalesce((p.summary ->> 'active')::integer, 0)
                                  else coalesce(k.active_members, 0) end,
           'near_active_members', coalesce(k.near_active_members, 0),
           'registered_members', (select coalesce(sum(d.new_members), 0) from private.dashboard_months d where d.month <= m.month),
           'commissions', coalesce(k.commissions, 0),
           'bonuses', coalesce(k.bonuses, 0),
           'reversals', coalesce(k.reversals, 0),
           'rewards_net', coalesce(k.commissions, 0) + coalesce(k.bonuses, 0) + coalesce(k.reversals, 0),
           'commissionable_sales', coalesce(k.commissionable_sales, 0),
           'payout_ratio', round((coalesce(k.commissions, 0) + coalesce(k.bonuses, 0) + coalesce(k.reversals, 0))
                                 / nullif(k.commissionable_sales, 0), 4))
         order by m.month)
    into v_months
    from months m
    left join kept k on k.month = m.month
    left join sales s on s.month = m.month
    left join public.periods p on p.month = m.month;

  -- The projection at the close. The close changes a month's net income twice: it forfeits what
  -- members inactive at the end earned and adds the volume bonuses. Repeating the close for 100,000
  -- members takes seconds (preview_period_close), so the projection applies the effect the last close
  -- had, as a factor: net after that close ÷ net before it (net − volume bonuses + forfeits). The
  -- current ratio × that factor; with no closed month yet, the factor is 1.
  with last_close as (
    select p.month, coalesce((p.summary ->> 'volume_bonus_amount')::numeric, 0) as volume,
           coalesce((p.summary ->> 'forfeited_amount')::numeric, 0) as forfeited
      from public.periods p where p.status = 'closed' order by p.month desc limit 1
  ), net as (
    select l.month, l.volume, l.forfeited,
           (select sum(d.commissions + d.bonuses + d.reversals) from private.dashboard_months d where d.month = l.month) as after_close
      from last_close l
  )
  select jsonb_build_object('basis_month', n.month,
                            'factor', coalesce(round(n.after_close / nullif(n.after_close - n.volume + n.forfeited, 0), 4), 1))
    into v_projection from net n;
  v_projection := coalesce(v_projection, jsonb_build_object('basis_month', null, 'factor', 1));
  v_projection := v_projection || jsonb_build_object('payout_ratio',
    round((v_months -> -1 ->> 'payout_ratio')::numeric * (v_projection ->> 'factor')::numeric, 4));

  select jsonb_build_object(
    'today', v_today,
    'month', v_month,
    'previous_month', v_prev,
    'days_left', v_next - v_today,
    'currency', coalesce((select m.currency from public.metadata m where m.id = 'app_settings'), 'USD'),
    'activity_points', v_threshold,
    'near_active_from', ceil(v_threshold / 2.0)::integer,
    'low_stock_threshold', v_low_stock,
    'months', v_months,
    'projection', v_projection,
    -- Months before this one still open: the close of last month is due (the banner).
    'unclosed_months', coalesce((select jsonb_agg(p.month order by p.month) from public.periods p
                                  where p.month < v_month and p.status = 'open'), '[]'::jsonb),
    'approvals', (select jsonb_build_object('count', count(*), 'oldest_at', min(s.created_at))
                    from public.sales s where s.status in ('Pendiente de Aprobación', 'Pendiente de Enrolamiento')),
    'payouts', (select jsonb_build_object('pending', count(*) filter (where r.status = 'pending'),
                                          'approved', count(*) filter (where r.status = 'approved'),
                                          'amount', coalesce(sum(r.amount), 0))
                  from public.payout_requests r where r.status in ('pending', 'approved')),
    -- Owed to members: the ledger's net of open months (pending) and of closed months less what was paid.
    'liability', (select jsonb_build_object('pending', x.pending, 'available_unpaid', x.available_unpaid, 'total', x.pending + x.available_unpaid)
                    from (select coalesce(sum(d.commissions + d.bonuses + d.reversals) filter (where p.status is distinct from 'closed'), 0) as pending,
                                 coalesce(sum(d.commissions + d.bonuses + d.reversals) filter (where p.status = 'closed'), 0)
                                 - coalesce(sum(d.payouts_paid), 0) as available_unpaid
                            from private.dashboard_months d left join public.periods p on p.month = d.month) x),
    -- At the last 30 days' pace (units that left the stock, net of cancellations), within 7 days.
    'running_out', coalesce((
       select jsonb_agg(jsonb_build_object('product_id', p.id, 'sku', p.sku, 'name', p.name, 'stock', p.stock,
                                           'units_30_days', u.units, 'days_left', floor(p.stock * 30.0 / u.units)::integer)
                        order by p.stock * 30.0 / u.units, p.name)
         from (select d.product_id, sum(d.units) as units from private.product_sales_daily d
                where d.day > v_today - 30 and d.day <= v_today group by d.product_id) u
         join public.products p on p.id = u.product_id
        where p.is_active and u.units > 0 and p.stock * 30 <= 7 * u.units), '[]'::jsonb),
    'daily_sales', coalesce((
       select jsonb_agg(jsonb_build_object('day', x.day, 'total', x.total, 'count', x.n) order by x.day)
         from (select s.day, sum(s.total) as total, sum(s.sales_count) as n from private.sales_daily s
                where s.day >= v_prev and s.day < v_next and s.status in ('Pagada', 'Entregada')
                group by s.day having sum(s.sales_count) <> 0) x), '[]'::jsonb),
    'top_products', coalesce((
       select jsonb_agg(jsonb_build_object('product_id', p.id, 'name', p.name, 'units', t.units, 'revenue', t.revenue)
                        order by t.units desc, t.revenue desc, p.name)
         from (select d.product_id, sum(d.units) as units, sum(d.revenue) as revenue from private.product_sales_daily d
                where d.day >= v_month and d.day < v_next group by d.product_id having sum(d.units) > 0
                order by 2 desc, 3 desc limit 5) t
         join public.products p on p.id = t.product_id), '[]'::jsonb),
    'low_stock', coalesce((
       select jsonb_agg(jsonb_build_object('product_id', p.id, 'sku', p.sku, 'name', p.name, 'stock', p.stock) order by p.stock, p.name)
         from public.products p where p.is_active and p.stock <= v_low_stock), '[]'::jsonb)
  ) into v_result;
  return v_result;
end
$$;
comment on function public.get_dashboard() is
  'Personal: el Dashboard en una lectura. Pendientes de hoy (aprobaciones y la más antigua, retiros por pagar, productos que se agotan en 7 días al ritmo de los últimos 30, miembros cerca de activarse, si el mes anterior sigue abierto), las cifras de los últimos seis meses (ventas netas de cancelaciones, miembros nuevos, activos y registrados, comisiones, bonos, ventas comisionables, ratio de pago), la proyección del ratio al cierre, el pasivo de comisiones, las series de los gráficos y el stock bajo. Lee agregados guardados, nunca recorre el libro ni las ventas.';

-- The rows behind «members close to being active», for its panel (staff, on demand).
create or replace function public.get_dashboard_near_active(p_limit integer default 50) returns table (
  client_id uuid, member_no bigint, name text, personal_points integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_threshold integer := private.activity_points();
begin
  perform private.require_staff();
  return query
    select c.id, c.member_no, c.name, t.personal_points
      from private.member_period_totals t join public.clients c on c.id = t.client_id
     where t.period = private.current_period()
       and private.activity_band(t.personal_points, v_threshold) = 1
     order by t.personal_points desc, c.name
     limit least(greatest(coalesce(p_limit, 50), 1), 200);
end
$$;
comment on function public.get_dashboard_near_active(integer) is
  'Personal: los miembros que este mes están cerca de activarse (desde la mitad de los puntos de actividad hasta uno menos), los de más puntos primero.';

revoke all on function private.bump_dashboard_month(date, integer, integer, integer, numeric, numeric, numeric, numeric, numeric),
  private.activity_points(), private.activity_band(integer, integer), private.keep_dashboard_activity(),
  private.keep_dashboard_members(), private.keep_dashboard_ledger(), private.keep_dashboard_sales(),
  private.keep_dashboard_payouts(), private.dashboard_months_from_scratch(), private.rebuild_dashboard_months(),
  private.dashboard_month_violations(), private.recount_dashboard_months_on_timezone(), private.recount_dashboard_activity()
  from public, anon, authenticated;
revoke all on function public.get_dashboard(), public.get_dashboard_near_active(integer) from public, anon;
grant execute on function public.get_dashboard(), public.get_dashboard_near_active(integer) to authenticated;

select private.rebuild_dashboard_months();
