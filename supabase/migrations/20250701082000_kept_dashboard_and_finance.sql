-- The Dashboard (issue 12): what needs doing today, the month in figures against the previous one,
-- the charts and the low-stock list, in one staff-only read (public.get_dashboard, in the back office's
-- reads) that never scans the ledger or the sales.
--
-- Sales per day, the month's sales and the top products come from the lead's kept aggregates
-- (private.sales_daily, private.product_sales_daily: 20250701080000_kept_sales_aggregates.sql). What
-- they do not cover is kept here, per business month, by triggers in the transaction that changes it:
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
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- PL/pgSQL, not SQL: every approval calls it from its triggers, and a SQL function that cannot be
  -- inlined (its own search_path) is parsed and planned again on every call; this plan is the session's.
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
end
$$;
comment on function private.bump_dashboard_month(date, integer, integer, integer, numeric, numeric, numeric, numeric, numeric) is
  'Suma cambios a las cifras de un mes en la franja de esta sesión de la base.';

-- Activity bands -------------------------------------------------------------------------------------
create or replace function private.activity_points() returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (select (p.plan ->> 'activity_points')::integer from private.plan() p);
end
$$;
comment on function private.activity_points() is 'Puntos personales del mes que hacen activo a un miembro, según la versión vigente del plan.';

create or replace function private.activity_band(p_points integer, p_threshold integer) returns smallint
language plpgsql
immutable
set search_path = ''
as $$
begin
  return case when p_points >= p_threshold then 2
              when p_points >= ceil(p_threshold / 2.0) then 1
              else 0 end;
end
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
  v_old smallint := case when tg_op in ('UPDATE', 'DELETE') then private.activity_band(old.personal_points, v_threshold) else 0 end;
  v_new smallint := case when tg_op in ('INSERT', 'UPDATE') then private.activity_band(new.personal_points, v_threshold) else 0 end;
begin
  -- Most approvals leave their buyer in the same band: then nothing is written (one upsert when it changes).
  if v_old <> v_new then
    perform private.bump_dashboard_month(case when tg_op = 'DELETE' then old.period else new.period end,
                                         p_active => (v_new = 2)::integer - (v_old = 2)::integer,
                                         p_near => (v_new = 1)::integer - (v_old = 1)::integer);
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
-- changes (rare, deliberate acts), only what depends on it is recounted: the months by the time zone's
-- job, the activity within a settings save's time.
create or replace function private.recount_dashboard_months_timezone() returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_tz text := private.company_timezone();
begin
  -- A step of the time zone's job (20250701100000_jobs.sql), never an API request: it reads every
  -- member. Enrolments approved and payouts paid meanwhile wait (a second at 1,000,000 members), so
  -- the counts below and their triggers count each one once, in the new zone.
  lock table public.clients, public.payout_requests in share mode;
  update private.dashboard_months d set new_members = 0, payouts_paid = 0 where d.new_members <> 0 or d.payouts_paid <> 0;
  perform private.bump_dashboard_month(x.month, p_new_members => x.n::integer)
     from (select date_trunc('month', c.joined_at at time zone v_tz)::date as month, count(*) as n from public.clients c
            where c.enrollment_status = 'registered' group by 1) x;
  perform private.bump_dashboard_month(x.month, p_paid => x.amount)
     from (select date_trunc('month', p.paid_at at time zone v_tz)::date as month, sum(p.amount) as amount from public.payout_requests p
            where p.status = 'paid' group by 1) x;
end
$$;
comment on function private.recount_dashboard_months_timezone() is
  'Tras cambiar la zona horaria de la empresa (un paso de su trabajo), vuelve a contar por mes los miembros nuevos y los retiros pagados.';

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
  -- Approvals under way moved their members between bands by the old threshold: they finish first, and
  -- those that follow wait for this save, then read the new one (keep_dashboard_activity).
  lock table private.member_period_totals in share mode;
  update private.dashboard_months d set active_members = 0, near_active_members = 0
   where d.month in (select p.month from public.periods p where p.status = 'open')
     and (d.active_members <> 0 or d.near_active_members <> 0);
  perform private.bump_dashboard_month(x.period, p_active => x.active::integer, p_near => x.near::integer)
     -- The bands' bounds inline (private.activity_band's rule), not a call per member: a settings save
     -- counts every member of the open months within the request.
     from (select t.period, count(*) filter (where t.personal_points >= v_threshold) as active,
                  count(*) filter (where t.personal_points >= ceil(v_threshold / 2.0) and t.personal_points < v_threshold) as near
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

revoke all on function private.bump_dashboard_month(date, integer, integer, integer, numeric, numeric, numeric, numeric, numeric),
  private.activity_points(), private.activity_band(integer, integer), private.keep_dashboard_activity(),
  private.keep_dashboard_members(), private.keep_dashboard_ledger(), private.keep_dashboard_sales(),
  private.keep_dashboard_payouts(), private.dashboard_months_from_scratch(), private.rebuild_dashboard_months(),
  private.dashboard_month_violations(), private.recount_dashboard_months_timezone(), private.recount_dashboard_activity()
  from public, anon, authenticated;

-- Finanzas (issue 13): per business month the revenue, the cost of goods, the rewards net of reversals,
-- the margins, the commission liability, the payouts paid and the clawbacks, only for a superadmin with
-- the finance claim (private.has_finance()). Every read (public.get_finance_*, with the configuration
-- reads) comes from small kept tables, never from the ledger or the sales:
--   * private.dashboard_months (the Dashboard's, above) already keeps per month the
--     commissions, bonuses and reversals (by the ledger's period_month) and the payouts paid (by the month
--     they were paid): reused as they are;
--   * private.sale_line_costs records, when a sale's units leave the stock, the product's unit cost at that
--     moment (its last recorded cost, product_costs, as Proveedores writes it on each restock): the cost of
--     goods is the cost at the time of the sale, and a later restock at another price does not rewrite
--     past months. A product without a recorded cost counts at 0 and its units are reported apart
--     («unidades sin costo»), so the gap is visible instead of silent;
--   * private.finance_product_months keeps per business month of the sale (its period_month, the month of
--     its approval) and product the units, revenue (unit price × units) and cost, net of cancellations:
--     a cancellation subtracts in the sale's month at the cost recorded when the units left;
--   * private.finance_months keeps the clawbacks: reversals written after their month was closed (a
--     cancellation of a sale whose month had closed), in the reversed entry's month.
-- private.finance_month_violations() compares all of it with a computation from scratch.

-- Cost at the time of the sale --------------------------------------------------------------------------
-- No foreign keys: like the ledger, these rows are facts of the past, and the tests' fixture empties the
-- sales and products under them (its rollback brings everything back).
create table private.sale_line_costs (
  sale_id uuid not null,
  product_id uuid not null,
  month date not null,
  units integer not null,
  unit_price numeric(12,2) not null,
  unit_cost numeric(12,2),
  primary key (sale_id, product_id)
);
comment on table private.sale_line_costs is
  'Costo unitario de cada línea vendida en el momento en que sus unidades salieron del stock (el último costo de product_costs entonces; null si el producto no tenía costo), con el mes de negocio de la venta: el costo de lo vendido de un mes no cambia con reposiciones posteriores.';
revoke all on table private.sale_line_costs from public, anon, authenticated, service_role;

create table private.finance_product_months (
  month date not null,
  product_id uuid not null,
  units integer not null default 0,
  revenue numeric(14,2) not null default 0,
  cost numeric(14,2) not null default 0,
  units_without_cost integer not null default 0,
  primary key (month, product_id)
);
comment on table private.finance_product_months is
  'Por mes de negocio de la venta y producto: unidades vendidas, ingreso (precio unitario × unidades), costo de lo vendido (al costo del momento de la venta) y unidades sin costo registrado, netos de cancelaciones. Sin franjas: la salida de stock ya bloquea la fila del producto.';
revoke all on table private.finance_product_months from public, anon, authenticated, service_role;

create table private.finance_months (
  month date not null,
  stripe smallint not null,
  clawbacks numeric(14,2) not null default 0,
  primary key (month, stripe)
);
comment on table private.finance_months is
  'Recuperaciones (clawbacks) por mes del asiento revertido: reversos de comisión escritos cuando ese mes ya estaba cerrado (negativos). En franjas (stripe) que se suman al leer.';
revoke all on table private.finance_months from public, anon, authenticated, service_role;

create or replace function private.keep_finance_products() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_line private.sale_line_costs;
begin
  if new.kind = 'sale' then
    insert into private.sale_line_costs (sale_id, product_id, month, units, unit_price, unit_cost)
    select new.sale_id, new.product_id, s.period_month, -new.quantity, i.unit_price,
           (select c.unit_cost from public.product_costs c where c.product_id = new.product_id)
      from public.sales s join public.sale_items i on i.sale_id = s.id and i.product_id = new.product_id
     where s.id = new.sale_id
    on conflict (sale_id, product_id) do update set units = excluded.units, unit_cost = excluded.unit_cost, month = excluded.month
    returning * into v_line;
    insert into private.finance_product_months as f (month, product_id, units, revenue, cost, units_without_cost)
    values (v_line.month, v_line.product_id, v_line.units, v_line.units * v_line.unit_price,
            v_line.units * coalesce(v_line.unit_cost, 0), case when v_line.unit_cost is null then v_line.units else 0 end)
    on conflict (month, product_id) do update
       set units = f.units + excluded.units, revenue = f.revenue + excluded.revenue, cost = f.cost + excluded.cost,
           units_without_cost = f.units_without_cost + excluded.units_without_cost;
  else
    select * into v_line from private.sale_line_costs l where l.sale_id = new.sale_id and l.product_id = new.product_id;
    if found then
      update private.finance_product_months f
         set units = f.units - v_line.units, revenue = f.revenue - v_line.units * v_line.unit_price,
             cost = f.cost - v_line.units * coalesce(v_line.unit_cost, 0),
             units_without_cost = f.units_without_cost - case when v_line.unit_cost is null then v_line.units else 0 end
       where f.month = v_line.month and f.product_id = v_line.product_id;
    end if;
  end if;
  return null;
end
$$;
comment on function private.keep_finance_products() is
  'Disparador de stock_movements: al salir las unidades de una venta registra su costo unitario de ese momento y las suma al mes de la venta; al cancelarse las resta de ese mismo mes al costo registrado.';
create trigger stock_movements_keep_finance after insert on public.stock_movements
  for each row when (new.kind in ('sale', 'cancellation') and new.sale_id is not null)
  execute function private.keep_finance_products();

create or replace function private.keep_finance_clawbacks() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- The close writes its forfeits before it marks the month closed: only later reversals count here.
  insert into private.finance_months as f (month, stripe, clawbacks)
  select n.period_month, (pg_catalog.pg_backend_pid() % 8)::smallint, sum(n.amount)
    from new_entries n join public.periods p on p.month = n.period_month and p.status = 'closed'
   where n.type = 'reversal_commission'
   group by n.period_month
  on conflict (month, stripe) do update set clawbacks = f.clawbacks + excluded.clawbacks;
  return null;
end
$$;
comment on function private.keep_finance_clawbacks() is 'Disparador del libro (por sentencia): suma a su mes los reversos de comisión escritos con ese mes ya cerrado.';
create trigger reward_transactions_keep_finance after insert on public.reward_transactions
  referencing new table as new_entries
  for each statement execute function private.keep_finance_clawbacks();

-- From scratch: the check ---------------------------------------------------------------------------------
create or replace function private.finance_months_from_scratch() returns table (
  month date, revenue numeric, cost_of_goods numeric, clawbacks numeric
)
language sql
stable
security definer
set search_path = ''
as $$
  -- Revenue straight from the sales that stand paid or delivered; cost from the costs recorded at the
  -- sale (the only place the cost of that moment lives); clawbacks from the ledger and the close's time.
  with parts as (
    select s.period_month as month, sum(s.total) as revenue, 0::numeric as cost, 0::numeric as clawbacks
      from public.sales s where s.status in ('Pagada', 'Entregada') group by s.period_month
    union all
    select l.month, 0, sum(l.units * coalesce(l.unit_cost, 0)), 0
      from private.sale_line_costs l join public.sales s on s.id = l.sale_id
     where s.status in ('Pagada', 'Entregada') group by l.month
    union all
    select r.period_month, 0, 0, sum(r.amount)
      from public.reward_transactions r join public.periods p on p.month = r.period_month and p.status = 'closed'
     where r.type = 'reversal_commission' and r.reason is distinct from 'Beneficiario inactivo al cierre del mes'
       and r.created_at >= p.closed_at
     group by r.period_month
  )
  select p.month, sum(p.revenue)::numeric(14,2), sum(p.cost)::numeric(14,2), sum(p.clawbacks)::numeric(14,2)
    from parts p group by p.month
$$;
comment on function private.finance_months_from_scratch() is
  'Ingreso, costo de lo vendido y recuperaciones por mes calculados desde las ventas, los costos registrados y el libro (recorre todo: solo para comprobar).';

create or replace function private.finance_month_violations() returns table (month date, detail text)
language sql
stable
security definer
set search_path = ''
as $$
  with kept as (
    select x.month, sum(x.revenue)::numeric(14,2) as revenue, sum(x.cost)::numeric(14,2) as cost,
           sum(x.clawbacks)::numeric(14,2) as clawbacks
      from (select f.month, f.revenue, f.cost, 0::numeric as clawbacks from private.finance_product_months f
            union all
            select c.month, 0, 0, c.clawbacks from private.finance_months c) x
     group by x.month
  ), both_sides as (
    select coalesce(k.month, c.month) as month,
           (coalesce(k.revenue, 0), coalesce(k.cost, 0), coalesce(k.clawbacks, 0))::text as kept,
           -- In the kept figures' scale: a month whose sales were all cancelled keeps 0.00, and «(0,0,0)»
           -- would differ from «(0.00,0.00,0.00)» as text.
           (coalesce(c.revenue, 0)::numeric(14,2), coalesce(c.cost_of_goods, 0)::numeric(14,2),
            coalesce(c.clawbacks, 0)::numeric(14,2))::text as computed
      from kept k full join private.finance_months_from_scratch() c on c.month = k.month
  )
  select b.month, format('guardado %s, calculado %s (ingreso, costo, recuperaciones)', b.kept, b.computed)
    from both_sides b where b.kept <> b.computed
$$;
comment on function private.finance_month_violations() is
  'Meses cuyas cifras de Finanzas guardadas difieren de su cálculo desde cero: vacío si los disparadores no se saltaron nada.';
revoke all on function private.finance_months_from_scratch(), private.finance_month_violations() from public, anon, authenticated;
revoke all on function private.keep_finance_products(), private.keep_finance_clawbacks() from public, anon, authenticated;
