-- Kept aggregates of sales (issue 12): Ventas' totals and the Dashboard's figures and charts read
-- these small tables instead of scanning a million sales or stock movements per request.
--
-- Both are written by triggers in the transaction that changes a sale or moves stock, so they are
-- never behind; private.sales_aggregate_violations() compares them with a computation from scratch
-- (pgTAP 64 and the seed's integration test assert it is empty). A change of the company's time zone
-- moves sales between days: the settings trigger rebuilds both then (a rare, deliberate act).
--
-- Also kept here, for Productos: the units that pending orders commit (private.product_committed),
-- checked by private.product_committed_violations().

-- sales_daily --------------------------------------------------------------------------------------
create table private.sales_daily (
  day date not null,
  status text not null,
  kind text not null,
  -- Every approval of the day would otherwise update the same (day, 'Pagada', kind) row and wait for
  -- the previous approval's commit: the sale's number picks one of a few stripes, readers add them up.
  stripe smallint not null,
  sales_count integer not null default 0,
  total numeric(14,2) not null default 0,
  commissionable_total numeric(14,2) not null default 0,
  points_total bigint not null default 0,
  primary key (day, status, kind, stripe)
);
comment on table private.sales_daily is
  'Ventas por día de la venta (created_at en la zona horaria de la empresa), estado actual y tipo, en franjas (stripe) para que aprobaciones simultáneas no esperen una misma fila: léase siempre con sum(...) group by day, status, kind. Un cambio de estado mueve la venta de una fila a otra.';

create or replace function private.sales_daily_stripes() returns smallint
language sql
immutable
set search_path = ''
as $$ select 8::smallint $$;
comment on function private.sales_daily_stripes() is 'Número de franjas de sales_daily: con dos núcleos y pocas aprobaciones simultáneas, 8 basta para que casi nunca coincidan dos.';

create or replace function private.add_to_sales_daily(p_sale public.sales, p_sign integer) returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.sales_daily as d (day, status, kind, stripe, sales_count, total, commissionable_total, points_total)
  values ((p_sale.created_at at time zone private.company_timezone())::date, p_sale.status, p_sale.kind,
          (p_sale.sale_no % private.sales_daily_stripes())::smallint,
          p_sign, p_sign * p_sale.total, p_sign * p_sale.commissionable_total, p_sign * p_sale.points_total)
  on conflict (day, status, kind, stripe) do update
     set sales_count = d.sales_count + excluded.sales_count,
         total = d.total + excluded.total,
         commissionable_total = d.commissionable_total + excluded.commissionable_total,
         points_total = d.points_total + excluded.points_total;
$$;
comment on function private.add_to_sales_daily(public.sales, integer) is 'Suma (p_sign = 1) o resta (-1) una venta en su fila de sales_daily.';

create or replace function private.keep_sales_daily() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform private.add_to_sales_daily(old, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform private.add_to_sales_daily(new, 1);
  end if;
  return null;
end
$$;
comment on function private.keep_sales_daily() is 'Mantiene sales_daily al crear una venta, al cambiar su estado o sus totales (la resta de la fila vieja y la suma en la nueva).';
create trigger sales_keep_daily after insert or delete on public.sales
  for each row execute function private.keep_sales_daily();
create trigger sales_keep_daily_update after update of status, total, commissionable_total, points_total, created_at on public.sales
  for each row
  when ((old.status, old.total, old.commissionable_total, old.points_total, old.created_at)
        is distinct from (new.status, new.total, new.commissionable_total, new.points_total, new.created_at))
  execute function private.keep_sales_daily();

-- product_sales_daily ------------------------------------------------------------------------------
create table private.product_sales_daily (
  day date not null,
  product_id uuid not null references public.products (id) on delete cascade,
  units integer not null default 0,
  revenue numeric(14,2) not null default 0,
  primary key (day, product_id)
);
create index product_sales_daily_product_idx on private.product_sales_daily (product_id, day);
comment on table private.product_sales_daily is
  'Unidades vendidas (y su importe) por producto y día en que salieron del stock al aprobarse la venta, en la zona horaria de la empresa, netas de cancelaciones: una cancelación resta en el día de la salida que devuelve. Sin franjas: el movimiento de stock ya bloquea la fila del producto.';

create or replace function private.keep_product_sales_daily() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_day timestamptz := new.created_at;
  v_units integer := -new.quantity;
begin
  if new.kind = 'cancellation' then
    -- Net on the day the units left, so that a month's figures do not depend on later cancellations' dates.
    select m.created_at into v_day from public.stock_movements m
     where m.sale_id = new.sale_id and m.product_id = new.product_id and m.kind = 'sale'
     order by m.id limit 1;
    v_day := coalesce(v_day, new.created_at);
  end if;
  insert into private.product_sales_daily as d (day, product_id, units, revenue)
  select (v_day at time zone private.company_timezone())::date, new.product_id, v_units, v_units * i.unit_price
    from public.sale_items i where i.sale_id = new.sale_id and i.product_id = new.product_id
  on conflict (day, product_id) do update
     set units = d.units + excluded.units, revenue = d.revenue + excluded.revenue;
  return null;
end
$$;
comment on function private.keep_product_sales_daily() is 'Mantiene product_sales_daily con cada salida de stock por venta y cada devolución por cancelación.';
create trigger stock_movements_keep_product_sales after insert on public.stock_movements
  for each row when (new.kind in ('sale', 'cancellation'))
  execute function private.keep_product_sales_daily();

-- rebuild and check ---------------------------------------------------------------------------------
create or replace function private.rebuild_sales_aggregates() returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_tz text := private.company_timezone();
begin
  lock table public.sales, public.stock_movements in share mode;
  -- Every row is replaced, so the summaries are emptied with TRUNCATE: an unqualified DELETE is refused
  -- in API requests by pg-safeupdate (hosted; the settings save reaches this through its trigger), and
  -- TRUNCATE leaves no dead rows behind. Readers wait for the rebuild instead of reading the old days.
  truncate private.sales_daily;
  insert into private.sales_daily (day, status, kind, stripe, sales_count, total, commissionable_total, points_total)
  select (s.created_at at time zone v_tz)::date, s.status, s.kind, (s.sale_no % private.sales_daily_stripes())::smallint,
         count(*), sum(s.total), sum(s.commissionable_total), sum(s.points_total)
    from public.sales s group by 1, 2, 3, 4;
  truncate private.product_sales_daily;
  insert into private.product_sales_daily (day, product_id, units, revenue)
  select (m.created_at at time zone v_tz)::date, m.product_id, sum(i.quantity), sum(i.line_total)
    from public.stock_movements m
    join public.sale_items i on i.sale_id = m.sale_id and i.product_id = m.product_id
   where m.kind = 'sale'
     and not exists (select 1 from public.stock_movements c
                      where c.sale_id = m.sale_id and c.product_id = m.product_id and c.kind = 'cancellation')
   group by 1, 2;
end
$$;
comment on function private.rebuild_sales_aggregates() is
  'Rehace sales_daily y product_sales_daily desde las ventas y los movimientos: tras cambiar la zona horaria de la empresa o tras una carga masiva con los disparadores desactivados (bench/).';

create or replace function private.sales_aggregate_violations() returns table (aggregate text, subject text, detail text)
language sql
stable
security definer
set search_path = ''
as $$
  with tz as (select private.company_timezone() as name),
  kept as (
    select d.day, d.status, d.kind, sum(d.sales_count) as n, sum(d.total) as total,
           sum(d.commissionable_total) as base, sum(d.points_total) as points
      from private.sales_daily d group by 1, 2, 3
    having sum(d.sales_count) <> 0 or sum(d.total) <> 0 or sum(d.commissionable_total) <> 0 or sum(d.points_total) <> 0),
  computed as (
    select (s.created_at at time zone tz.name)::date as day, s.status, s.kind, count(*) as n, sum(s.total) as total,
           sum(s.commissionable_total) as base, sum(s.points_total) as points
      from public.sales s cross join tz group by 1, 2, 3)
  select 'sales_daily', format('%s %s %s', coalesce(k.day, c.day), coalesce(k.status, c.status), coalesce(k.kind, c.kind)),
         format('guardado %s/%s/%s/%s, calculado %s/%s/%s/%s', k.n, k.total, k.base, k.points, c.n, c.total, c.base, c.points)
    from kept k full join computed c on (c.day, c.status, c.kind) = (k.day, k.status, k.kind)
   where (k.n, k.total, k.base, k.points) is distinct from (c.n, c.total, c.base, c.points)
  union all
  select 'product_sales_daily', format('%s %s', coalesce(k.day, c.day), coalesce(k.product_id, c.product_id)),
         format('guardado %s uds / %s, calculado %s uds / %s', k.units, k.revenue, c.units, c.revenue)
    from (select d.day, d.product_id, d.units, d.revenue from private.product_sales_daily d
           where d.units <> 0 or d.revenue <> 0) k
    full join (
      select (m.created_at at time zone tz.name)::date as day, m.product_id, sum(i.quantity)::integer as units, sum(i.line_total) as revenue
        from public.stock_movements m cross join tz
        join public.sale_items i on i.sale_id = m.sale_id and i.product_id = m.product_id
       where m.kind = 'sale'
         and not exists (select 1 from public.stock_movements c
                          where c.sale_id = m.sale_id and c.product_id = m.product_id and c.kind = 'cancellation')
       group by 1, 2) c on (c.day, c.product_id) = (k.day, k.product_id)
   where (k.units, k.revenue) is distinct from (c.units, c.revenue);
$$;
comment on function private.sales_aggregate_violations() is
  'Diferencias entre los agregados guardados (sales_daily, product_sales_daily) y su cálculo desde cero: vacío si los disparadores no se saltaron nada.';

create or replace function private.rebuild_sales_aggregates_on_timezone() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.rebuild_sales_aggregates();
  return null;
end
$$;
comment on function private.rebuild_sales_aggregates_on_timezone() is 'Al cambiar la zona horaria, las ventas cambian de día: se rehacen los agregados.';
create trigger metadata_timezone_rebuilds_sales_aggregates after update of timezone on public.metadata
  for each row when (old.timezone is distinct from new.timezone)
  execute function private.rebuild_sales_aggregates_on_timezone();

revoke all on table private.sales_daily, private.product_sales_daily from public, anon, authenticated;
revoke all on function private.sales_daily_stripes(), private.add_to_sales_daily(public.sales, integer),
  private.keep_sales_daily(), private.keep_product_sales_daily(), private.rebuild_sales_aggregates(),
  private.sales_aggregate_violations(), private.rebuild_sales_aggregates_on_timezone() from public, anon, authenticated;

-- What pending orders commit, kept ---------------------------------------------------------------------
-- Summing the lines of every pending sale on each read cost 100–250 ms with 10,000 of them waiting
-- (bench/README.md, «Productos»): the units are kept per product instead, in the same transaction as
-- the sale's lines and its status change. Striped (four rows per product, by sale), so orders placed
-- at once for the same product do not queue on one row; read as sum(units) group by product_id.
create table private.product_committed (
  product_id uuid not null references public.products (id) on delete cascade,
  stripe smallint not null,
  units integer not null default 0,
  primary key (product_id, stripe)
);
comment on table private.product_committed is
  'Unidades de cada producto en ventas pendientes (Pendiente de Aprobación o de Enrolamiento), repartidas en cuatro filas por producto (stripe, según la venta); se suman por producto. Las mantienen los disparadores de sale_items y sales; private.product_committed_violations las compara con el cálculo desde cero.';

create or replace function private.committed_stripe(p_sale_id uuid) returns smallint
language sql
immutable
parallel safe
as $$
  select (abs(pg_catalog.hashtext(p_sale_id::text)) % 4)::smallint
$$;
comment on function private.committed_stripe(uuid) is 'La fila de private.product_committed (0 a 3) en que cuenta una venta: siempre la misma para la misma venta.';

create or replace function private.keep_committed_lines() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- The statement's lines of pending sales, one row per product and stripe, in product order: two
  -- orders placed at once lock their rows in the same order, so they cannot deadlock each other.
  insert into private.product_committed as c (product_id, stripe, units)
  select n.product_id, private.committed_stripe(n.sale_id), sum(n.quantity)
    from new_lines n
    join public.sales s on s.id = n.sale_id
   where s.status in ('Pendiente de Aprobación', 'Pendiente de Enrolamiento')
   group by 1, 2
   order by 1, 2
  on conflict (product_id, stripe) do update set units = c.units + excluded.units;
  return null;
end
$$;
comment on function private.keep_committed_lines() is 'Las líneas de ventas pendientes suman sus unidades a lo comprometido de cada producto.';
create trigger sale_items_keep_committed after insert on public.sale_items
  referencing new table as new_lines
  for each statement execute function private.keep_committed_lines();

create or replace function private.keep_committed_sales() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_sale public.sales := case when tg_op = 'DELETE' then old else new end;
  v_line record;
begin
  -- A sale only ever leaves the pending states (approved, rejected, cancelled) or, pending, is deleted.
  if old.status in ('Pendiente de Aprobación', 'Pendiente de Enrolamiento')
     and (tg_op = 'DELETE' or new.status not in ('Pendiente de Aprobación', 'Pendiente de Enrolamiento')) then
    -- In product order, as the lines were added (keep_committed_lines).
    for v_line in select i.product_id, sum(i.quantity)::integer as units from public.sale_items i
                   where i.sale_id = v_sale.id group by 1 order by 1 loop
      update private.product_committed c set units = c.units - v_line.units
       where c.product_id = v_line.product_id and c.stripe = private.committed_stripe(v_sale.id);
    end loop;
  end if;
  return old; -- the delete goes ahead (an AFTER UPDATE trigger's answer is ignored)
end
$$;
comment on function private.keep_committed_sales() is 'Una venta que deja de estar pendiente (o se borra pendiente) resta sus unidades de lo comprometido.';
create trigger sales_keep_committed after update of status on public.sales
  for each row when (old.status is distinct from new.status) execute function private.keep_committed_sales();

-- Before the delete: its lines, which the cascade removes, are still there to subtract.
create trigger sales_keep_committed_delete before delete on public.sales
  for each row execute function private.keep_committed_sales();

create or replace function private.product_committed_violations()
returns table (product_id uuid, kept bigint, counted bigint)
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(k.product_id, c.product_id), coalesce(k.units, 0), coalesce(c.units, 0)
    from (select pc.product_id, sum(pc.units) as units from private.product_committed pc group by pc.product_id having sum(pc.units) <> 0) k
    full join (select si.product_id, sum(si.quantity) as units
                 from public.sales s join public.sale_items si on si.sale_id = s.id
                where s.status in ('Pendiente de Aprobación', 'Pendiente de Enrolamiento')
                group by si.product_id) c on c.product_id = k.product_id
   where coalesce(k.units, 0) <> coalesce(c.units, 0)
$$;
comment on function private.product_committed_violations() is
  'Productos cuyo comprometido guardado difiere del calculado desde las ventas pendientes (debe estar vacío).';
revoke all on function private.committed_stripe(uuid), private.keep_committed_lines(), private.keep_committed_sales(),
  private.product_committed_violations() from public;
revoke all on private.product_committed from public, anon, authenticated, service_role;
