-- Reads of the back office (staff) on the catalogue and the sales, screen by screen: Productos, Ventas,
-- Proveedores and Recetario. Each function checks the caller itself (security definer) and answers only
-- what that caller may see (costs and margins only with finance).

-- Productos (issue 12): the back office's catalogue.
--   * list_products / get_product: every product for staff, with what is committed in pending orders,
--     the low-stock flag and, for finance only, the cost, the margin and the margin after the most the
--     plan can pay on it. The money columns are computed here and are null for anyone else: no grant
--     or screen decides it.
--   * get_product_categories: the categories for the filter.
--   * get_product_movements: a product's inventory history, newest first, with who and the sale.

-- The figures of every product as the caller may see them -------------------------------------------
create or replace function private.products_for_staff()
returns table (
  id uuid, sku text, name text, description text, category text, benefits text[], components text[], price numeric,
  commissionable_amount numeric, points integer, stock integer, is_kit boolean, is_active boolean,
  image_path text, created_at timestamptz, updated_at timestamptz,
  committed integer, over_committed boolean, low_stock boolean,
  unit_cost numeric, margin numeric, plan_max_payout numeric, margin_after_plan numeric
)
language sql
stable
security definer
set search_path = ''
as $$
  with threshold as (
    select coalesce((select m.low_stock_threshold from public.metadata m where m.id = 'app_settings'), 20) as units
  ),
  -- The most the plan can pay on one unit: its base × every generation rate of the deepest star
  -- level (the level that pays the most generations), from the plan in force now.
  plan as (
    select coalesce((select sum(r.rate) from public.star_level_configs s cross join unnest(s.commission_rates) r(rate)
                      where s.level = (select max(x.level) from public.star_level_configs x)), 0) as rate
  ),
  -- Materialised: asked once per call, not once per product and column (2,000 calls were 40 ms).
  finance as materialized (select private.has_finance() as yes),
  committed as (
    select pc.product_id, sum(pc.units)::integer as units from private.product_committed pc group by pc.product_id
  )
  select p.id, p.sku, p.name, p.description, p.category, p.benefits, p.components, p.price, p.commissionable_amount, p.points,
         p.stock, p.is_kit, p.is_active, p.image_path, p.created_at, p.updated_at,
         coalesce(c.units, 0), coalesce(c.units, 0) > p.stock, p.stock <= t.units,
         case when f.yes then pc.unit_cost end,
         case when f.yes then p.price - pc.unit_cost end,
         case when f.yes then round(p.commissionable_amount * pl.rate, 2) end,
         case when f.yes then p.price - pc.unit_cost - round(p.commissionable_amount * pl.rate, 2) end
    from public.products p
    cross join threshold t
    cross join plan pl
    cross join finance f
    left join committed c on c.product_id = p.id
    left join public.product_costs pc on pc.product_id = p.id
$$;
comment on function private.products_for_staff() is
  'Cada producto con lo comprometido en pedidos pendientes (Pendiente de Aprobación o de Enrolamiento), si supera el stock, si está en stock bajo (≤ umbral de la configuración) y, solo para finanzas (private.has_finance), coste unitario, margen (precio − coste), lo máximo que el plan puede pagar por unidad (base × suma de las tasas del nivel más profundo, redondeado a centavos) y el margen tras el plan. Para cualquier otro, esas cuatro columnas son nulas.';

create or replace function public.list_products(
  p_query text default null, p_category text default null, p_low_stock boolean default false, p_kit boolean default null,
  p_status text default 'activos', p_sort text default 'nombre', p_desc boolean default false,
  p_page integer default 1, p_page_size integer default 20)
returns table (
  id uuid, sku text, name text, description text, category text, benefits text[], components text[], price numeric,
  commissionable_amount numeric, points integer, stock integer, is_kit boolean, is_active boolean,
  image_path text, created_at timestamptz, updated_at timestamptz,
  committed integer, over_committed boolean, low_stock boolean,
  unit_cost numeric, margin numeric, plan_max_payout numeric, margin_after_plan numeric,
  total bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_query text := nullif(btrim(coalesce(p_query, '')), '');
  v_category text := nullif(btrim(coalesce(p_category, '')), '');
  v_words text[];
begin
  perform private.require_staff();
  if p_page is null or p_page < 1 or p_page > 10000 or p_page_size is null or p_page_size not between 1 and 100
     or char_length(v_query) > 100 or char_length(v_category) > 60 then
    perform private.refuse('invalid_page', 'Búsqueda no válida: página de 1 a 10.000, tamaño de 1 a 100, texto de hasta 100 caracteres.');
  end if;
  if coalesce(p_status, '') not in ('activos', 'inactivos', 'todos') then
    perform private.refuse('invalid_filter', 'Filtro no válido: el estado es activos, inactivos o todos.');
  end if;
  if coalesce(p_sort, '') not in ('nombre', 'sku', 'precio', 'stock', 'puntos') then
    perform private.refuse('invalid_filter', 'Orden no válido: usa nombre, sku, precio, stock o puntos.');
  end if;
  -- Every word must appear in the SKU or the name, without accents or capitals; %, _ are letters.
  v_words := array(select '%' || private.like_escape(w) || '%'
                     from unnest(pg_catalog.regexp_split_to_array(private.unaccent_lower(coalesce(v_query, '')), '\s+')) w
                    where w <> '' limit 8);

  -- A catalogue has hundreds of products, not millions: the figures are computed for all of them
  -- (what is committed is kept, private.product_committed) and filtered, sorted and paged here.
  return query
    select v.*, count(*) over ()
      from private.products_for_staff() v
     where (p_status = 'todos' or v.is_active = (p_status = 'activos'))
       and (v_category is null or v.category = v_category)
       and (not coalesce(p_low_stock, false) or v.low_stock)
       and (p_kit is null or v.is_kit = p_kit)
       -- unaccent costs ≈ 10 µs a row: only when there is something to search.
       and (cardinality(v_words) = 0 or private.unaccent_lower(v.sku || ' ' || v.name) like all (v_words))
     order by
       case when p_sort = 'precio' and not p_desc then v.price end asc,
       case when p_sort = 'precio' and p_desc then v.price end desc,
       case when p_sort = 'stock' and not p_desc then v.stock end asc,
       case when p_sort = 'stock' and p_desc then v.stock end desc,
       case when p_sort = 'puntos' and not p_desc then v.points end asc,
       case when p_sort = 'puntos' and p_desc then v.points end desc,
       case when p_sort = 'sku' and not p_desc then pg_catalog.lower(v.sku) end asc,
       case when p_sort = 'sku' and p_desc then pg_catalog.lower(v.sku) end desc,
       -- By name as Clientes sorts its members: in the database's collation, which orders accented
       -- letters with their plain ones.
       case when p_desc then v.name end desc,
       v.name, v.id
     limit p_page_size offset (p_page - 1) * p_page_size;
end
$$;
comment on function public.list_products(text, text, boolean, boolean, text, text, boolean, integer, integer) is
  'Productos (personal): busca por SKU o nombre sin tildes ni mayúsculas (cada palabra debe aparecer), filtra por categoría, stock bajo (≤ umbral), kit y estado (activos, inactivos, todos), ordena por nombre, sku, precio, stock o puntos y pagina; total es el número de filas filtradas. Cada fila trae comprometido, si lo comprometido supera el stock y stock bajo; coste, margen, pago máximo del plan y margen tras el plan solo para finanzas (nulos para los demás).';

create or replace function public.get_product(p_product_id uuid) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_product jsonb;
begin
  perform private.require_staff();
  select to_jsonb(v) into v_product from private.products_for_staff() v where v.id = p_product_id;
  if v_product is null then
    perform private.refuse('unknown_product', 'El producto no existe.');
  end if;
  return v_product;
end
$$;
comment on function public.get_product(uuid) is
  'Un producto para el personal, con las mismas columnas que una fila de list_products (sin total): coste y márgenes solo para finanzas.';

create or replace function public.get_product_categories()
returns table (category text, products bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_staff();
  return query
    select p.category, count(*) from public.products p where p.category is not null group by p.category order by p.category;
end
$$;
comment on function public.get_product_categories() is 'Las categorías del catálogo, con cuántos productos tiene cada una, para el filtro de Productos.';

create or replace function public.get_product_movements(p_product_id uuid, p_page integer default 1, p_page_size integer default 20)
returns table (
  id bigint, created_at timestamptz, kind text, quantity integer, stock_after integer, note text,
  sale_id uuid, sale_no bigint, supplier_name text, actor_name text, total bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_stock integer;
begin
  perform private.require_staff();
  if p_page is null or p_page < 1 or p_page > 10000 or p_page_size is null or p_page_size not between 1 and 100 then
    perform private.refuse('invalid_page', 'Página no válida: página de 1 a 10.000, tamaño de 1 a 100.');
  end if;
  select p.stock into v_stock from public.products p where p.id = p_product_id;
  if not found then
    perform private.refuse('unknown_product', 'El producto no existe.');
  end if;
  -- Newest first in the order the movements were applied to the stock (their id: a movement dated in
  -- the past, as the seed's history, was still applied when it was inserted). The stock after each
  -- one is today's stock minus every later movement, read only as far as the page asked for.
  return query
    with newest as (
      select m.*, v_stock - coalesce(sum(m.quantity) over (order by m.id desc
                                                             rows between unbounded preceding and 1 preceding), 0) as after
        from public.stock_movements m
       where m.product_id = p_product_id
       order by m.id desc
       limit p_page * p_page_size
    )
    select n.id, n.created_at, n.kind, n.quantity, n.after::integer, n.note, n.sale_id, s.sale_no, sp.name,
           coalesce(ac.name, u.email::text, case when n.created_by is null then 'Sistema' end),
           (select count(*) from public.stock_movements c where c.product_id = p_product_id)
      from newest n
      left join public.sales s on s.id = n.sale_id
      left join public.suppliers sp on sp.id = n.supplier_id
      left join public.clients ac on ac.auth_uid = n.created_by
      left join auth.users u on u.id = n.created_by
     order by n.id desc
    offset (p_page - 1) * p_page_size;
end
$$;
comment on function public.get_product_movements(uuid, integer, integer) is
  'Personal: los movimientos de inventario de un producto, del más reciente al más antiguo (en el orden en que se aplicaron al stock), paginados: tipo, cantidad con signo, stock después del movimiento, nota o motivo, la venta (número) o el proveedor cuando los hay y quién lo registró (nombre o correo; Sistema si nadie).';
revoke all on function private.products_for_staff() from public;
revoke all on function public.list_products(text, text, boolean, boolean, text, text, boolean, integer, integer),
  public.get_product(uuid), public.get_product_categories(), public.get_product_movements(uuid, integer, integer) from public, anon;
grant execute on function public.list_products(text, text, boolean, boolean, text, text, boolean, integer, integer),
  public.get_product(uuid), public.get_product_categories(), public.get_product_movements(uuid, integer, integer) to authenticated;

-- Ventas (issue 12): staff find any sale, open it, and see before cancelling what the cancellation
-- will reverse.
--   * search_sales: filters (states, kind, sale date in the company's time zone, member), sort (date,
--     total, number), pages, and a count that stops a few pages past the one asked for; each call
--     builds its statement for the filters given (as search_members does), so each is planned for its
--     own predicates (its indexes: sales and stock migration).
--   * export_sales: the same filters, page after page by sale number (keyset), for the CSV export:
--     an OFFSET read of page 1,000 would skip 100,000 rows every time.
--   * get_sales_totals: count, amount and points of the filtered sales, from the kept daily aggregate
--     (private.sales_daily) unless a member is chosen.
--   * get_sale_detail: the sale, its member, its payment, its timeline (who and why at each step) and
--     the ledger entries it produced, with the fields their «why» is said from.
--   * preview_sale_cancellation: exactly what cancel_sale would reverse now (it reads the same
--     private.sale_cancellation_reversals) and the stock that would come back.

-- The list's filters ----------------------------------------------------------------------------------------
create or replace function private.sales_filter_sql(
  p_statuses text[], p_kind text, p_from date, p_to date, p_client_id uuid)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_where text[] := array['true'];
  v_tz text := private.company_timezone();
begin
  if exists (select 1 from unnest(p_statuses) s
              where s is null or s not in ('Pagada', 'Cancelada', 'Rechazado', 'Pendiente de Aprobación', 'Pendiente de Enrolamiento', 'Entregada')) then
    perform private.refuse('invalid_filter', 'Filtro no válido: el estado es Pagada, Cancelada, Rechazado, Pendiente de Aprobación, Pendiente de Enrolamiento o Entregada.');
  end if;
  if p_kind is not null and p_kind not in ('order', 'enrollment', 'direct') then
    perform private.refuse('invalid_filter', 'Filtro no válido: el tipo es order, enrollment o direct.');
  end if;
  if p_from > p_to then
    perform private.refuse('invalid_filter', 'Filtro no válido: la fecha «desde» es posterior a la fecha «hasta».');
  end if;
  if p_from < date '2000-01-01' or p_to > date '2100-12-31' then
    perform private.refuse('invalid_filter', 'Filtro no válido: las fechas van de 2000 a 2100.');
  end if;
  if cardinality(p_statuses) > 0 then
    v_where := v_where || format('s.status = any (%L::text[])', p_statuses);
  end if;
  if p_kind is not null then v_where := v_where || format('s.kind = %L', p_kind); end if;
  -- A sale's date is its day in the company's time zone: the range is the instants from the start
  -- of «desde» to the start of the day after «hasta» there, which the created_at index answers.
  if p_from is not null then
    v_where := v_where || format('s.created_at >= (%L::date::timestamp at time zone %L)', p_from, v_tz);
  end if;
  if p_to is not null then
    v_where := v_where || format('s.created_at < ((%L::date + 1)::timestamp at time zone %L)', p_to, v_tz);
  end if;
  if p_client_id is not null then v_where := v_where || format('s.client_id = %L', p_client_id); end if;
  return array_to_string(v_where, ' and ');
end
$$;
comment on function private.sales_filter_sql(text[], text, date, date, uuid) is
  'La condición SQL de los filtros de Ventas (estados, tipo, fecha de venta desde / hasta inclusive en la zona horaria de la empresa, miembro), con los valores ya citados; rechaza valores fuera de los conjuntos cerrados y un rango al revés.';

create or replace function public.search_sales(
  p_statuses text[] default null, p_kind text default null, p_from date default null, p_to date default null,
  p_client_id uuid default null, p_sort text default 'fecha', p_desc boolean default true,
  p_page integer default 1, p_page_size integer default 20)
returns table (
  id uuid, sale_no bigint, created_at timestamptz, client_id uuid, client_name text, client_email text, kind text,
  status text, total numeric, points_total integer, payment_method text, payment_reference text,
  row_count bigint, row_count_capped boolean
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_where text;
  v_order text;
  v_cap integer;
begin
  perform private.require_staff();
  if p_page < 1 or p_page > 10000 or p_page_size not between 1 and 100 then
    perform private.refuse('invalid_page', 'Página no válida: página de 1 a 10.000 y tamaño de 1 a 100.');
  end if;
  if p_sort is null or p_sort not in ('fecha', 'total', 'numero') then
    perform private.refuse('invalid_filter', 'Orden no válido: usa fecha, total o numero.');
  end if;
  v_where := private.sales_filter_sql(p_statuses, p_kind, p_from, p_to, p_client_id);
  -- Numbers grow with the date, which the planner does not know: for a date range it would walk the
  -- number index from the end looking for the range's sales (0.4 s for a January day among a
  -- million). With a range, the order by number is computed on the range's rows instead.
  v_order := format(case p_sort when 'fecha' then 's.created_at %1$s, s.id %1$s'
                                when 'total' then 's.total %1$s, s.id %1$s'
                                when 'numero' then case when p_from is null and p_to is null then 's.sale_no %1$s' else '(s.sale_no + 0) %1$s' end
                                end,
                    case when p_desc then 'desc' else 'asc' end);
  -- Counting stops four pages past this one: «más de N» is all a pager needs.
  v_cap := (p_page + 4) * p_page_size;

  -- The filter is written twice on purpose (as in search_members): a CTE read by both would be
  -- materialised whole before either the page or the count could stop early.
  return query execute format($q$
    with counted as (
      select count(*) as n from (select 1 from public.sales s where %1$s limit %4$s + 1) x
    ),
    page as (
      -- Only the page's ids, from the index that serves the order; the rows are read for those alone.
      select s.id from public.sales s where %1$s order by %2$s limit %3$s offset %5$s
    )
    select s.id, s.sale_no, s.created_at, s.client_id, coalesce(c.name, s.buyer_name), coalesce(c.email, s.buyer_email),
           s.kind, s.status, s.total, s.points_total,
           s.payment_method, s.payment_reference, least(k.n, %4$s)::bigint, k.n > %4$s
      from page p
      join public.sales s on s.id = p.id
      cross join counted k
      -- A walk-in buyer has no member: their name and e-mail are the sale's own (client_id stays empty).
      left join public.clients c on c.id = s.client_id
     order by %2$s
  $q$, v_where, v_order, p_page_size, v_cap, (p_page - 1) * p_page_size);
end
$$;
comment on function public.search_sales(text[], text, date, date, uuid, text, boolean, integer, integer) is
  'Ventas (personal): las ventas con filtros por estados, tipo (order, enrollment, direct), fecha de venta desde / hasta (inclusive, en la zona horaria de la empresa) y miembro; client_id vacío es un cliente sin membresía (client_name y client_email, los de la venta); orden fecha / total / numero y páginas. row_count cuenta hasta cuatro páginas más allá de la pedida; row_count_capped dice que hay más.';

create or replace function public.export_sales(
  p_statuses text[] default null, p_kind text default null, p_from date default null, p_to date default null,
  p_client_id uuid default null, p_before_no bigint default null, p_limit integer default 1000)
returns table (
  id uuid, sale_no bigint, created_at timestamptz, client_id uuid, client_name text, client_email text, kind text,
  status text, total numeric, points_total integer, payment_method text, payment_reference text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_where text;
  v_low bigint;
  v_high bigint;
begin
  perform private.require_staff();
  if p_limit not between 1 and 1000 then
    perform private.refuse('invalid_page', 'Página no válida: de 1 a 1.000 ventas por página.');
  end if;
  v_where := private.sales_filter_sql(p_statuses, p_kind, p_from, p_to, p_client_id);
  if p_before_no is not null then v_where := v_where || format(' and s.sale_no < %L', p_before_no); end if;
  -- A date range's numbers, from the date index alone: the walk down the number index then starts
  -- and stops at the range instead of crossing every later or earlier sale (numbers grow with the
  -- date, which the planner does not know).
  if p_from is not null or p_to is not null then
    execute format('select min(s.sale_no), max(s.sale_no) from public.sales s where %s',
                   private.sales_filter_sql(null, null, p_from, p_to, null))
       into v_low, v_high;
    v_where := v_where || format(' and s.sale_no between %L and %L', coalesce(v_low, 0), coalesce(v_high, 0));
  end if;
  return query execute format($q$
    select s.id, s.sale_no, s.created_at, s.client_id, coalesce(c.name, s.buyer_name), coalesce(c.email, s.buyer_email),
           s.kind, s.status, s.total, s.points_total, s.payment_method, s.payment_reference
      from (select s.* from public.sales s where %1$s order by s.sale_no desc limit %2$s) s
      left join public.clients c on c.id = s.client_id -- a walk-in buyer has none
     order by s.sale_no desc
  $q$, v_where, p_limit);
end
$$;
comment on function public.export_sales(text[], text, date, date, uuid, bigint, integer) is
  'Ventas (personal): las ventas filtradas como en search_sales, de la más nueva a la más vieja por número, hasta p_limit (≤ 1.000) antes de p_before_no: la exportación CSV pide página tras página sin que ninguna salte filas ya leídas.';

create or replace function public.get_sales_totals(
  p_statuses text[] default null, p_kind text default null, p_from date default null, p_to date default null,
  p_client_id uuid default null)
returns table (sales_count bigint, total numeric, points_total bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_where text;
begin
  perform private.require_staff();
  v_where := private.sales_filter_sql(p_statuses, p_kind, p_from, p_to, p_client_id);
  if p_client_id is null then
    -- Dates, states and kinds: the kept daily aggregate (20250701080000_kept_sales_aggregates.sql), whose
    -- day is the sale's date in the company's time zone, as the list's filter: a few rows per day
    -- instead of every sale.
    return query
      select coalesce(sum(d.sales_count), 0)::bigint, coalesce(sum(d.total), 0)::numeric, coalesce(sum(d.points_total), 0)::bigint
        from private.sales_daily d
       where (p_from is null or d.day >= p_from) and (p_to is null or d.day <= p_to)
         and (coalesce(cardinality(p_statuses), 0) = 0 or d.status = any (p_statuses))
         and (p_kind is null or d.kind = p_kind);
    return;
  end if;
  -- One member's sales, through their index (sales_client_idx).
  return query execute format($q$
    select count(*), coalesce(sum(s.total), 0)::numeric, coalesce(sum(s.points_total), 0)::bigint from public.sales s where %1$s
  $q$, v_where);
end
$$;
comment on function public.get_sales_totals(text[], text, date, date, uuid) is
  'Ventas (personal): cuántas ventas, su importe y sus puntos, con los mismos filtros que search_sales. Sin miembro, de private.sales_daily (unas filas por día); con miembro, de sus ventas por su índice.';

-- One sale, explained --------------------------------------------------------------------------------------
create or replace function private.actor_name(p_user_id uuid) returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select c.name from public.clients c where c.auth_uid = p_user_id),
                  (select u.email::text from auth.users u where u.id = p_user_id))
$$;
comment on function private.actor_name(uuid) is 'Quién es un usuario para una persona del personal: el nombre de su ficha de miembro o su correo.';

create or replace function public.get_sale_detail(p_sale_id uuid) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_sale public.sales;
  v_delivery record;
begin
  perform private.require_staff();
  select * into v_sale from public.sales s where s.id = p_sale_id;
  if not found then
    perform private.refuse('sale_not_found', 'La venta no existe.');
  end if;
  -- The sale keeps who approved, rejected and cancelled it; who delivered it, the audit trail.
  select a.actor_id, a.occurred_at into v_delivery
    from public.audit_logs a
   where a.table_name = 'sales' and a.row_id = v_sale.id::text and a.action = 'UPDATE'
     and a.new_values ->> 'status' = 'Entregada' and a.old_values ->> 'status' = 'Pagada'
   order by a.occurred_at desc limit 1;
  return jsonb_build_object(
    'sale', jsonb_build_object(
      'id', v_sale.id, 'sale_no', v_sale.sale_no, 'client_id', v_sale.client_id, 'kind', v_sale.kind, 'status', v_sale.status,
      'total', v_sale.total, 'commissionable_total', v_sale.commissionable_total, 'points_total', v_sale.points_total,
      'period_month', v_sale.period_month, 'payment_method', v_sale.payment_method, 'payment_reference', v_sale.payment_reference,
      'voucher_path', v_sale.voucher_path, 'delivery_address', v_sale.delivery_address, 'notes', v_sale.notes,
      'rejection_reason', v_sale.rejection_reason, 'cancellation_reason', v_sale.cancellation_reason,
      'created_at', v_sale.created_at, 'approved_at', v_sale.approved_at, 'delivered_at', v_sale.delivered_at,
      'rejected_at', v_sale.rejected_at, 'cancelled_at', v_sale.cancelled_at),
    'member', (select jsonb_build_object('id', c.id, 'member_no', c.member_no, 'name', c.name, 'email', c.email, 'phone', c.phone,
                                         'document_number', c.document_number, 'enrollment_status', c.enrollment_status)
                 from public.clients c where c.id = v_sale.client_id),
    -- A walk-in buyer (no member): the name and contact data written on the sale.
    'walk_in_buyer', case when v_sale.client_id is null then jsonb_build_object(
                       'name', v_sale.buyer_name, 'document_number', v_sale.buyer_document_number,
                       'phone', v_sale.buyer_phone, 'email', v_sale.buyer_email) end,
    'period_closed', coalesce((select p.status = 'closed' from public.periods p where p.month = v_sale.period_month), false),
    'timeline', (
      select coalesce(jsonb_agg(jsonb_build_object('step', t.step, 'at', t.at, 'by', t.actor, 'reason', t.reason) order by t.at, t.ord), '[]'::jsonb)
        from (values
          (1, 'created', v_sale.created_at, private.actor_name(v_sale.created_by), null::text),
          (2, 'approved', v_sale.approved_at, private.actor_name(v_sale.approved_by), null),
          (3, 'rejected', v_sale.rejected_at, private.actor_name(v_sale.rejected_by), v_sale.rejection_reason),
          (4, 'delivered', v_sale.delivered_at, private.actor_name(v_delivery.actor_id), null),
          (5, 'cancelled', v_sale.cancelled_at, private.actor_name(v_sale.cancelled_by), v_sale.cancellation_reason)
        ) t(ord, step, at, actor, reason)
       where t.at is not null
         -- A direct sale is paid as it is made: its approval is its creation.
         and not (t.step = 'approved' and v_sale.kind = 'direct')),
    'entries', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'id', r.id, 'created_at', r.created_at, 'period_month', r.period_month, 'period_closed', p.status = 'closed',
               'type', r.type,
               'type_label', case r.type
                 when 'commission_enrollment' then 'Comisión de enrolamiento'
                 when 'commission_purchase' then 'Comisión por compra'
                 when 'points_purchase' then 'Puntos por compra'
                 when 'points_enroller' then 'Puntos de enrolamiento'
                 when 'bonus_starter' then 'Bono de inicio'
                 when 'bonus_volume' then 'Bono de volumen'
                 when 'reversal_commission' then 'Reverso de comisión'
                 when 'reversal_points' then 'Reverso de puntos' end,
               'amount', r.amount, 'points', r.points, 'generation', r.generation, 'base', r.base, 'rate', r.rate,
               'star_level', r.star_level, 'explanation', r.rule, 'reason', r.reason, 'plan_version', r.plan_version,
               'source_sale_id', r.source_sale_id, 'sale_no', v_sale.sale_no, 'source_client_name', sc.name,
               'reverses_id', r.reverses_id, 'reversed_by_id', x.id, 'reversed_by_explanation', x.rule, 'reversed_by_reason', x.reason,
               'state', case when x.id is not null then 'revertido' when r.reverses_id is not null then 'reverso'
                             when p.status = 'closed' then 'disponible' else 'pendiente' end,
               'beneficiary_id', r.beneficiary_id, 'beneficiary_name', b.name)
             order by coalesce(r.reverses_id, r.id), r.id), '[]'::jsonb)
        from (select o.* from public.reward_transactions o where o.source_sale_id = v_sale.id and o.reverses_id is null
              union all
              select v.* from public.reward_transactions o join public.reward_transactions v on v.reverses_id = o.id
               where o.source_sale_id = v_sale.id and o.reverses_id is null) r
        join public.periods p on p.month = r.period_month
        join public.clients b on b.id = r.beneficiary_id
        left join public.clients sc on sc.id = r.source_client_id
        left join public.reward_transactions x on x.reverses_id = r.id));
end
$$;
comment on function public.get_sale_detail(uuid) is
  'Ventas (personal): una venta con su miembro (o walk_in_buyer, el cliente sin membresía de una venta directa), su pago (medio, referencia, ruta del comprobante), si su mes está cerrado, su historia (creada, aprobada, rechazada, entregada, cancelada: cuándo, quién y el motivo; quién entregó, de la bitácora) y los asientos que produjo, cada original seguido de su reverso, con los campos de su explicación y su beneficiario.';

-- What a cancellation would reverse ------------------------------------------------------------------------
create or replace function public.preview_sale_cancellation(p_sale_id uuid) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_sale public.sales;
  v_paid boolean;
begin
  perform private.require_staff();
  select * into v_sale from public.sales s where s.id = p_sale_id;
  if not found then
    perform private.refuse('sale_not_found', 'La venta no existe.');
  end if;
  -- The same refusal, in the same words, as cancel_sale.
  if v_sale.status in ('Cancelada', 'Rechazado') then
    perform private.refuse('invalid_transition', format('La venta #%s ya está «%s».', v_sale.sale_no, v_sale.status));
  end if;
  -- A pending sale moved neither stock nor money: cancelling it reverses nothing.
  v_paid := v_sale.status in ('Pagada', 'Entregada');
  return jsonb_build_object(
    'sale_id', v_sale.id, 'sale_no', v_sale.sale_no, 'status', v_sale.status, 'paid', v_paid,
    'entries', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'reverses_id', l.reverses_id, 'beneficiary_id', l.beneficiary_id, 'beneficiary_name', c.name,
               'type', l.type, 'original_type', l.original_type,
               'type_label', case l.type when 'reversal_points' then 'Reverso de puntos' else 'Reverso de comisión' end,
               'original_label', case l.original_type
                 when 'commission_enrollment' then 'Comisión de enrolamiento'
                 when 'commission_purchase' then 'Comisión por compra'
                 when 'points_purchase' then 'Puntos por compra'
                 when 'points_enroller' then 'Puntos de enrolamiento'
                 when 'bonus_starter' then 'Bono de inicio'
                 when 'bonus_volume' then 'Bono de volumen' end,
               'amount', l.amount, 'points', l.points, 'generation', l.generation, 'period_month', l.period_month,
               'period_closed', p.status = 'closed')
             order by l.reverses_id), '[]'::jsonb)
        from private.sale_cancellation_reversals(v_sale.id) l
        join public.clients c on c.id = l.beneficiary_id
        join public.periods p on p.month = l.period_month
       where v_paid),
    'stock', (
      select coalesce(jsonb_agg(jsonb_build_object('product_id', i.product_id, 'name', pr.name, 'quantity', i.quantity,
                                                   'stock', pr.stock, 'stock_after', pr.stock + i.quantity)
             order by pr.name, i.product_id), '[]'::jsonb)
        from public.sale_items i join public.products pr on pr.id = i.product_id
       where i.sale_id = v_sale.id and v_paid),
    'amount', (select coalesce(sum(l.amount), 0) from private.sale_cancellation_reversals(v_sale.id) l where v_paid),
    'points', (select coalesce(sum(l.points), 0) from private.sale_cancellation_reversals(v_sale.id) l where v_paid),
    'closed_entries', (select count(*) from private.sale_cancellation_reversals(v_sale.id) l
                         join public.periods p on p.month = l.period_month where v_paid and p.status = 'closed'));
end
$$;
comment on function public.preview_sale_cancellation(uuid) is
  'Ventas (personal): lo que cancelar ahora esta venta revertiría, sin escribir nada: cada contraasiento (beneficiario, tipo, importe, puntos, su mes y si está cerrado, que es un reembolso del saldo disponible), el stock que vuelve y los totales. Lee los mismos datos que cancel_sale (private.sale_cancellation_reversals). Una venta pendiente no revierte nada; una cancelada o rechazada se rechaza como en cancel_sale.';

revoke all on function private.sales_filter_sql(text[], text, date, date, uuid), private.actor_name(uuid) from public;
revoke all on function public.search_sales(text[], text, date, date, uuid, text, boolean, integer, integer),
  public.export_sales(text[], text, date, date, uuid, bigint, integer), public.get_sales_totals(text[], text, date, date, uuid),
  public.get_sale_detail(uuid), public.preview_sale_cancellation(uuid) from public, anon;
grant execute on function public.search_sales(text[], text, date, date, uuid, text, boolean, integer, integer),
  public.export_sales(text[], text, date, date, uuid, bigint, integer), public.get_sales_totals(text[], text, date, date, uuid),
  public.get_sale_detail(uuid), public.preview_sale_cancellation(uuid) to authenticated;

-- Proveedores (issue 12, superadmin): the suppliers' list, the restock history and the products a
-- restock should bring back (active products at or under the settings' low-stock threshold, with the
-- supplier they last came from and, for finance, the last unit cost).

-- The suppliers' list ---------------------------------------------------------------------------------------
create or replace function public.search_suppliers(
  p_query text default null, p_active boolean default null, p_page integer default 1, p_page_size integer default 20)
returns table (
  id uuid, name text, tax_id text, contact_name text, email text, phone text, notes text, is_active boolean,
  products jsonb, restock_count bigint, last_restock_at timestamptz, total bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_query text := nullif(btrim(coalesce(p_query, '')), '');
  v_pattern text;
begin
  perform private.require_superadmin('Solo un superadmin puede gestionar proveedores y reposiciones.');
  if p_page not between 1 and 10000 or p_page_size not between 1 and 100 or char_length(v_query) > 100 then
    perform private.refuse('invalid_page', 'Búsqueda no válida: página de 1 a 10.000, tamaño de 1 a 100, texto de hasta 100 caracteres.');
  end if;
  v_pattern := '%' || private.like_escape(private.unaccent_lower(coalesce(v_query, ''))) || '%';
  -- A company has tens of suppliers, not thousands: a filter over the table is the whole cost.
  return query
  with matched as (
    select s.* from public.suppliers s
     where (v_query is null
            or private.unaccent_lower(s.name || ' ' || coalesce(s.tax_id, '') || ' ' || coalesce(s.contact_name, '') || ' ' || coalesce(s.email, ''))
               like v_pattern)
       and (p_active is null or s.is_active = p_active)
  ), counted as (select count(*) as n from matched)
  select s.id, s.name, s.tax_id, s.contact_name, s.email, s.phone, s.notes, s.is_active,
         coalesce((select jsonb_agg(jsonb_build_object('id', p.id, 'sku', p.sku, 'name', p.name, 'is_active', p.is_active) order by p.name)
                     from public.supplier_products sp join public.products p on p.id = sp.product_id
                    where sp.supplier_id = s.id), '[]'::jsonb),
         (select count(*) from public.restocks r where r.supplier_id = s.id),
         (select max(r.created_at) from public.restocks r where r.supplier_id = s.id),
         k.n
    from matched s cross join counted k
   order by s.is_active desc, s.name, s.id
   limit p_page_size offset (p_page - 1) * p_page_size;
end
$$;
comment on function public.search_suppliers(text, boolean, integer, integer) is
  'Proveedores (solo superadmin): búsqueda sin tildes por nombre, NIT, contacto o correo, filtro de activos, páginas; con lo que surte cada uno, cuántas reposiciones tiene y la última. Los activos primero, por nombre.';
revoke all on function public.search_suppliers(text, boolean, integer, integer) from public, anon;
grant execute on function public.search_suppliers(text, boolean, integer, integer) to authenticated;

-- The restock history --------------------------------------------------------------------------------------
create or replace function public.get_restocks(p_supplier_id uuid default null, p_page integer default 1, p_page_size integer default 20)
returns table (
  id bigint, supplier_id uuid, supplier_name text, note text, created_by_email text, created_at timestamptz,
  units bigint, total_cost numeric, lines jsonb, total bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_finance boolean;
begin
  perform private.require_superadmin('Solo un superadmin puede gestionar proveedores y reposiciones.');
  v_finance := private.has_finance();
  if p_page not between 1 and 10000 or p_page_size not between 1 and 100 then
    perform private.refuse('invalid_page', 'Página no válida: de 1 a 10.000, tamaño de 1 a 100.');
  end if;
  return query
  with page as (
    select r.* from public.restocks r
     where p_supplier_id is null or r.supplier_id = p_supplier_id
     order by r.created_at desc, r.id desc
     limit p_page_size offset (p_page - 1) * p_page_size
  )
  select r.id, r.supplier_id, s.name, r.note, u.email::text, r.created_at,
         (select sum(l.quantity) from public.restock_lines l where l.restock_id = r.id)::bigint,
         -- The cost is finance's: anyone else gets null, not a zero that would look like a fact.
         case when v_finance then (select sum(l.quantity * l.unit_cost) from public.restock_lines l where l.restock_id = r.id) end,
         (select jsonb_agg(jsonb_build_object('product_id', l.product_id, 'sku', p.sku, 'name', p.name, 'quantity', l.quantity,
                                              'unit_cost', case when v_finance then l.unit_cost end,
                                              'stock_before', l.stock_before, 'stock_after', l.stock_after) order by p.name)
            from public.restock_lines l join public.products p on p.id = l.product_id where l.restock_id = r.id),
         (select count(*) from public.restocks c where p_supplier_id is null or c.supplier_id = p_supplier_id)
    from page r
    join public.suppliers s on s.id = r.supplier_id
    left join auth.users u on u.id = r.created_by
   order by r.created_at desc, r.id desc;
end
$$;
comment on function public.get_restocks(uuid, integer, integer) is
  'Historial de reposiciones (solo superadmin), la más reciente primero, de un proveedor o de todos, por páginas: cabecera, quién, unidades y líneas con el stock antes y después. Los costos (unitario y total) solo para finanzas: null para cualquier otro superadmin.';
revoke all on function public.get_restocks(uuid, integer, integer) from public, anon;
grant execute on function public.get_restocks(uuid, integer, integer) to authenticated;

-- What to restock -------------------------------------------------------------------------------------------
create or replace function public.get_restock_suggestions()
returns table (
  product_id uuid, sku text, name text, stock integer, threshold integer,
  supplier_id uuid, supplier_name text, last_unit_cost numeric
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_finance boolean;
  v_threshold integer;
begin
  perform private.require_superadmin('Solo un superadmin puede gestionar proveedores y reposiciones.');
  v_finance := private.has_finance();
  v_threshold := coalesce((select m.low_stock_threshold from public.metadata m where m.id = 'app_settings'), 20);
  return query
  select p.id, p.sku, p.name, p.stock, v_threshold, s.id, s.name,
         case when v_finance then c.unit_cost end
    from public.products p
    left join public.product_costs c on c.product_id = p.id
    -- The supplier it last came from; else the one its cost names; else one that supplies it.
    left join lateral (
      select coalesce(
        (select r.supplier_id from public.restock_lines l join public.restocks r on r.id = l.restock_id
          where l.product_id = p.id order by l.restock_id desc limit 1),
        c.supplier_id,
        (select sp.supplier_id from public.supplier_products sp join public.suppliers x on x.id = sp.supplier_id
          where sp.product_id = p.id and x.is_active order by x.name limit 1)) as id
    ) last on true
    left join public.suppliers s on s.id = last.id
   where p.is_active and p.stock <= v_threshold
   order by p.stock, p.name, p.id
   limit 200;
end
$$;
comment on function public.get_restock_suggestions() is
  'Productos activos con stock en o bajo el umbral de la configuración (solo superadmin), del más escaso al menos, con el proveedor del que vinieron por última vez (o el de su costo, o uno que los surte) y, solo para finanzas, el último costo unitario.';
revoke all on function public.get_restock_suggestions() from public, anon;
grant execute on function public.get_restock_suggestions() to authenticated;

-- Recetario (issue 14): the back office's recipe book.
--   * list_recipes / get_recipe: every recipe for staff, with its products, each flagged by the database
--     as «agotado» (no stock) or «retirado» (inactive in the catalogue), and whether the recipe shows on
--     members' public pages (the same rule as get_public_page: every product active and not a kit).
-- Photos live in the recipe-images bucket (storage migration), public: it holds only recipe photos,
-- which members' public pages show; listing it and writing to it stay staff-only.

-- One recipe as the back office sees it ---------------------------------------------------------------
create or replace function private.recipes_for_staff()
returns table (
  id uuid, title text, description text, instructions text, benefits text[], image_path text,
  created_at timestamptz, updated_at timestamptz, products jsonb, unavailable integer, on_public_pages boolean,
  search_text text
)
language sql
stable
security definer
set search_path = ''
as $$
  select r.id, r.title, r.description, r.instructions, r.benefits, r.image_path, r.created_at, r.updated_at,
         coalesce(x.products, '[]'::jsonb),
         coalesce(x.unavailable, 0),
         coalesce(x.lines, 0) > 0 and coalesce(x.hidden, 0) = 0,
         private.unaccent_lower(concat_ws(' ', r.title, (select string_agg(b.label, ' ') from public.benefits b where b.key = any (r.benefits)), x.names))
    from public.recipes r
    left join lateral (
      select jsonb_agg(jsonb_build_object(
               'product_id', p.id, 'sku', p.sku, 'name', p.name, 'amount', rp.amount, 'stock', p.stock,
               'status', case when not p.is_active then 'retirado' when p.stock <= 0 then 'agotado' else 'disponible' end)
             order by p.name, p.id) as products,
             count(*) filter (where not p.is_active or p.stock <= 0)::integer as unavailable,
             count(*)::integer as lines,
             count(*) filter (where not p.is_active or p.is_kit)::integer as hidden,
             string_agg(p.name, ' ') as names
        from public.recipe_products rp
        join public.products p on p.id = rp.product_id
       where rp.recipe_id = r.id
    ) x on true
$$;
comment on function private.recipes_for_staff() is
  'Cada receta con sus productos (id, sku, nombre, cantidad, stock y estado: disponible, agotado si no hay stock, retirado si está inactivo en el catálogo), cuántos no están disponibles, si aparece en las páginas públicas (tiene productos y todos están activos y no son kits, como get_public_page) y el texto en que se busca (título, beneficios y productos, sin tildes ni mayúsculas).';

create or replace function public.list_recipes(p_query text default null, p_page integer default 1, p_page_size integer default 12)
returns table (
  id uuid, title text, description text, instructions text, benefits text[], image_path text,
  created_at timestamptz, updated_at timestamptz, products jsonb, unavailable integer, on_public_pages boolean,
  total bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_query text := nullif(btrim(coalesce(p_query, '')), '');
  v_words text[];
begin
  perform private.require_staff();
  if p_page is null or p_page < 1 or p_page > 10000 or p_page_size is null or p_page_size not between 1 and 100
     or char_length(v_query) > 100 then
    perform private.refuse('invalid_page', 'Búsqueda no válida: página de 1 a 10.000, tamaño de 1 a 100, texto de hasta 100 caracteres.');
  end if;
  -- Every word must appear in the title, a benefit or a product's name, without accents or capitals;
  -- %, _ are letters.
  v_words := array(select '%' || private.like_escape(w) || '%'
                     from unnest(pg_catalog.regexp_split_to_array(private.unaccent_lower(coalesce(v_query, '')), '\s+')) w
                    where w <> '' limit 8);
  -- A recipe book has hundreds of recipes: computed for all, filtered and paged here.
  return query
    select v.id, v.title, v.description, v.instructions, v.benefits, v.image_path, v.created_at, v.updated_at,
           v.products, v.unavailable, v.on_public_pages, count(*) over ()
      from private.recipes_for_staff() v
     where cardinality(v_words) = 0 or v.search_text like all (v_words)
     order by v.title, v.id
     limit p_page_size offset (p_page - 1) * p_page_size;
end
$$;
comment on function public.list_recipes(text, integer, integer) is
  'Recetario (personal): busca por título, beneficio o producto sin tildes ni mayúsculas (cada palabra debe aparecer), ordena por título y pagina; total es el número de recetas encontradas. Cada receta trae sus productos con su estado (disponible, agotado, retirado), cuántos no están disponibles y si aparece en las páginas públicas.';

create or replace function public.get_recipe(p_recipe_id uuid) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_recipe jsonb;
begin
  perform private.require_staff();
  select to_jsonb(v) - 'search_text' into v_recipe from private.recipes_for_staff() v where v.id = p_recipe_id;
  if v_recipe is null then
    perform private.refuse('unknown_recipe', 'La receta no existe: tal vez alguien la borró.');
  end if;
  return v_recipe;
end
$$;
comment on function public.get_recipe(uuid) is 'Una receta para el personal, con las mismas columnas que una fila de list_recipes (sin total).';
revoke all on function private.recipes_for_staff() from public;
revoke all on function public.list_recipes(text, integer, integer), public.get_recipe(uuid) from public, anon;
grant execute on function public.list_recipes(text, integer, integer), public.get_recipe(uuid) to authenticated;
