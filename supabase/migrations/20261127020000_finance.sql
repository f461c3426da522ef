-- Finanzas (issue 13): per business month the revenue, the cost of goods, the rewards net of reversals,
-- the margins, the commission liability, the payouts paid and the clawbacks, only for a superadmin with
-- the finance claim (private.has_finance()). Every read comes from small kept tables, never from the
-- ledger or the sales:
--   * private.dashboard_months (the Dashboard's, 20261126040000_dashboard.sql) already keeps per month the
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

-- The month's figures from the kept tables ---------------------------------------------------------------
create or replace function private.finance_month_figures(p_from date, p_to date) returns table (
  month date, revenue numeric, cost_of_goods numeric, gross_margin numeric, units_without_cost bigint, commissions numeric,
  bonuses numeric, reversals numeric, rewards_net numeric, margin_after_rewards numeric, clawbacks numeric, payouts_paid numeric,
  liability numeric
)
language sql
stable
security definer
set search_path = ''
as $$
  with months as (
    select g::date as month from generate_series(p_from, p_to, interval '1 month') g
  ), products as (
    select f.month, sum(f.revenue) as revenue, sum(f.cost) as cost, sum(f.units_without_cost) as without_cost
      from private.finance_product_months f where f.month between p_from and p_to group by f.month
  ), rewards as (
    -- All months up to p_to: the liability accumulates from the first one.
    select d.month, sum(d.commissions) as commissions, sum(d.bonuses) as bonuses, sum(d.reversals) as reversals,
           sum(d.payouts_paid) as paid
      from private.dashboard_months d where d.month <= p_to group by d.month
  ), claws as (
    select f.month, sum(f.clawbacks) as clawbacks from private.finance_months f where f.month between p_from and p_to group by f.month
  )
  select m.month, coalesce(p.revenue, 0), coalesce(p.cost, 0), coalesce(p.revenue, 0) - coalesce(p.cost, 0),
         coalesce(p.without_cost, 0), coalesce(r.commissions, 0), coalesce(r.bonuses, 0), coalesce(r.reversals, 0),
         coalesce(r.commissions + r.bonuses + r.reversals, 0),
         coalesce(p.revenue, 0) - coalesce(p.cost, 0) - coalesce(r.commissions + r.bonuses + r.reversals, 0),
         coalesce(c.clawbacks, 0), coalesce(r.paid, 0),
         (select coalesce(sum(x.commissions + x.bonuses + x.reversals - x.paid), 0) from rewards x where x.month <= m.month)
    from months m
    left join products p on p.month = m.month
    left join rewards r on r.month = m.month
    left join claws c on c.month = m.month
   order by m.month
$$;
comment on function private.finance_month_figures(date, date) is
  'Cifras de Finanzas de cada mes entre p_from y p_to desde las tablas guardadas: ingreso, costo de lo vendido, margen bruto, unidades sin costo, comisiones, bonos, reversos, recompensas netas, margen después de recompensas, recuperaciones, retiros pagados y pasivo por comisiones al final del mes (ingresos netos acumulados menos lo pagado).';

create or replace function private.require_finance() returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.has_finance() then
    perform private.refuse('forbidden', 'Solo un superadmin con acceso a finanzas puede ver los informes financieros.', null, '42501');
  end if;
  return auth.uid();
end
$$;
comment on function private.require_finance() is 'Solo un superadmin con el permiso de finanzas lee Finanzas: rechaza a cualquier otro; devuelve su id.';

-- The reads ------------------------------------------------------------------------------------------------
create or replace function public.get_finance_month(p_month date default null) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_month date;
  v_result jsonb;
begin
  perform private.require_finance();
  v_month := date_trunc('month', coalesce(p_month, private.current_period()))::date;
  select to_jsonb(f)
           || jsonb_build_object('closed', exists (select 1 from public.periods p where p.month = v_month and p.status = 'closed'))
    into v_result
    from private.finance_month_figures(v_month, v_month) f;
  return v_result;
end
$$;
comment on function public.get_finance_month(date) is
  'Finanzas (solo superadmin con finanzas): las cifras de un mes de negocio (por defecto el abierto): ingreso de ventas Pagadas y Entregadas netas de cancelaciones, costo de lo vendido al costo del momento de la venta, margen bruto, comisiones, bonos y reversos, margen después de recompensas, recuperaciones tras el cierre, retiros pagados y pasivo por comisiones al final del mes. Lee solo tablas guardadas.';

create or replace function public.get_finance_series(p_months integer default 12) returns setof jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_to date;
  v_count integer := least(greatest(coalesce(p_months, 12), 1), 36);
begin
  perform private.require_finance();
  v_to := private.current_period();
  return query
    select to_jsonb(f) from private.finance_month_figures((v_to - make_interval(months => v_count - 1))::date, v_to) f;
end
$$;
comment on function public.get_finance_series(integer) is
  'Finanzas (solo superadmin con finanzas): las cifras de los últimos p_months meses de negocio (1 a 36, por defecto 12) hasta el abierto, del más antiguo al más reciente.';

create or replace function public.get_finance_products(p_month date default null) returns table (
  product_id uuid, sku text, name text, units integer, revenue numeric, cost numeric, margin numeric, margin_rate numeric,
  units_without_cost integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_month date;
begin
  perform private.require_finance();
  v_month := date_trunc('month', coalesce(p_month, private.current_period()))::date;
  return query
    select f.product_id, p.sku, p.name, f.units, f.revenue, f.cost, f.revenue - f.cost,
           case when f.revenue > 0 then round((f.revenue - f.cost) / f.revenue, 4) end, f.units_without_cost
      from private.finance_product_months f join public.products p on p.id = f.product_id
     where f.month = v_month and (f.units <> 0 or f.revenue <> 0)
     order by f.revenue - f.cost desc, p.name, f.product_id;
end
$$;
comment on function public.get_finance_products(date) is
  'Finanzas (solo superadmin con finanzas): margen por producto en un mes de negocio: unidades, ingreso, costo al momento de la venta, margen y su tasa, y unidades sin costo registrado; de mayor a menor margen.';

revoke all on function private.keep_finance_products(), private.keep_finance_clawbacks(), private.finance_month_figures(date, date),
  private.require_finance() from public, anon, authenticated;
revoke all on function public.get_finance_month(date), public.get_finance_series(integer), public.get_finance_products(date) from public, anon;
grant execute on function public.get_finance_month(date), public.get_finance_series(integer), public.get_finance_products(date) to authenticated;

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
           (coalesce(c.revenue, 0), coalesce(c.cost_of_goods, 0), coalesce(c.clawbacks, 0))::text as computed
      from kept k full join private.finance_months_from_scratch() c on c.month = k.month
  )
  select b.month, format('guardado %s, calculado %s (ingreso, costo, recuperaciones)', b.kept, b.computed)
    from both_sides b where b.kept <> b.computed
$$;
comment on function private.finance_month_violations() is
  'Meses cuyas cifras de Finanzas guardadas difieren de su cálculo desde cero: vacío si los disparadores no se saltaron nada.';
revoke all on function private.finance_months_from_scratch(), private.finance_month_violations() from public, anon, authenticated;
