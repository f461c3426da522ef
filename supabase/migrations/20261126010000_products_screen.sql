-- Productos (issue 12): the back office's catalogue.
--   * list_products / get_product: every product for staff, with what is committed in pending orders,
--     the low-stock flag and, for finance only, the cost, the margin and the margin after the most the
--     plan can pay on it. The money columns are computed here and are null for anyone else: no grant
--     or screen decides it.
--   * get_product_categories: the categories for the filter.
--   * save_product: create or edit, each refusal a Spanish sentence naming its field (DETAIL), in one
--     statement, so nothing is half-written.
--   * adjust_stock: «Ajustar stock» as an adjustment movement with its reason, never below zero.
--   * get_product_movements: a product's inventory history, newest first, with who and the sale.
--   * set_product_active / delete_product: a product that was sold or moved is deactivated; only one
--     that never moved beyond its opening stock can be deleted (a trigger says so for any DELETE).

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

insert into private.product_committed (product_id, stripe, units)
select si.product_id, private.committed_stripe(s.id), sum(si.quantity)
  from public.sales s join public.sale_items si on si.sale_id = s.id
 where s.status in ('Pendiente de Aprobación', 'Pendiente de Enrolamiento')
 group by 1, 2;

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

-- Benefit tags, of products and recipes alike: trimmed, without empties or repeats (whatever their
-- capitals: the first spelling stays), in the order given.
create or replace function private.clean_tags(p_tags text[]) returns text[]
language sql
immutable
set search_path = ''
as $$
  select array(select b.tag from (
                 select distinct on (pg_catalog.lower(btrim(t.tag))) btrim(t.tag) as tag, t.n
                   from unnest(coalesce(p_tags, '{}')) with ordinality t(tag, n)
                  where btrim(coalesce(t.tag, '')) <> ''
                  order by pg_catalog.lower(btrim(t.tag)), t.n) b
               order by b.n)
$$;
comment on function private.clean_tags(text[]) is
  'Etiquetas (beneficios de productos y recetas) recortadas, sin vacías ni repetidas sin importar mayúsculas (queda la primera escritura), en el orden dado.';

-- Saving a product -------------------------------------------------------------------------------------
create or replace function public.save_product(
  p_id uuid, p_sku text, p_name text, p_price numeric, p_commissionable_amount numeric, p_points integer,
  p_description text default null, p_category text default null, p_benefits text[] default '{}',
  p_is_kit boolean default false, p_image_path text default null, p_initial_stock integer default 0,
  p_components text[] default '{}')
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid := coalesce(p_id, gen_random_uuid());
  v_exists boolean;
  v_sku text := btrim(coalesce(p_sku, ''));
  v_name text := btrim(coalesce(p_name, ''));
  v_description text := nullif(btrim(coalesce(p_description, '')), '');
  v_category text := nullif(btrim(coalesce(p_category, '')), '');
  v_image text := nullif(btrim(coalesce(p_image_path, '')), '');
  v_benefits text[];
  v_known_components constant text[] := array['gluten', 'lactosa', 'soya', 'frutos_secos', 'mani', 'abejas', 'cafeina', 'origen_animal'];
  v_components text[];
begin
  perform private.require_staff();
  select true into v_exists from public.products p where p.id = v_id for update;
  v_exists := coalesce(v_exists, false);

  -- The field a refusal concerns goes in DETAIL, so the form shows it beside that field.
  if v_sku !~ '^[A-Za-z0-9][A-Za-z0-9_-]{1,39}$' then
    perform private.refuse('invalid_sku', 'El SKU debe tener de 2 a 40 letras sin tildes, números, guiones o guiones bajos, y empezar por una letra o un número.', 'sku');
  end if;
  if exists (select 1 from public.products p where pg_catalog.lower(p.sku) = pg_catalog.lower(v_sku) and p.id <> v_id) then
    perform private.refuse('sku_taken', format('Ya existe un producto con el SKU %s: usa otro.', v_sku), 'sku');
  end if;
  if char_length(v_name) not between 2 and 120 then
    perform private.refuse('invalid_name', 'El nombre debe tener entre 2 y 120 caracteres.', 'name');
  end if;
  if char_length(v_description) > 2000 then
    perform private.refuse('text_too_long', 'La descripción admite hasta 2.000 caracteres.', 'description');
  end if;
  if char_length(v_category) > 60 then
    perform private.refuse('text_too_long', 'La categoría admite hasta 60 caracteres.', 'category');
  end if;
  v_benefits := private.clean_tags(p_benefits);
  if cardinality(v_benefits) > 30 or exists (select 1 from unnest(v_benefits) b where char_length(b) > 40) then
    perform private.refuse('invalid_benefits', 'Los beneficios son hasta 30 etiquetas de hasta 40 caracteres cada una.', 'benefits');
  end if;
  -- What the product contains: the closed set the Análisis de Salud excludes by, each once, in its order.
  if not (coalesce(p_components, '{}') <@ v_known_components) then
    perform private.refuse('invalid_components', 'Elige lo que contiene el producto de la lista (gluten, lactosa, soya, frutos secos, maní, productos de las abejas, cafeína, origen animal).', 'components');
  end if;
  v_components := array(select c from unnest(v_known_components) with ordinality k(c, n) where c = any (p_components) order by n);
  -- Prices are money of the company's currency: positive, in cents, and below what a typo looks like
  -- (100 millones fits a kit priced in Colombian pesos).
  if p_price is null or p_price <= 0 or p_price > 100000000 or p_price <> round(p_price, 2) then
    perform private.refuse('invalid_price', 'El precio debe ser mayor que 0 y de hasta 100.000.000, con 2 decimales como máximo.', 'price');
  end if;
  if p_commissionable_amount is null or p_commissionable_amount < 0 or p_commissionable_amount <> round(p_commissionable_amount, 2) then
    perform private.refuse('invalid_price', 'La base comisionable debe ser 0 o más, con 2 decimales como máximo.', 'commissionable_amount');
  end if;
  if p_commissionable_amount > p_price then
    perform private.refuse('invalid_price', format('La base comisionable (%s) no puede superar el precio (%s).', p_commissionable_amount, p_price), 'commissionable_amount');
  end if;
  if p_points is null or p_points not between 0 and 1000000 then
    perform private.refuse('invalid_points', 'Los puntos deben ser un número entero de 0 a 1.000.000.', 'points');
  end if;
  -- The photo is one already uploaded to this product's folder of product-images (the screen uploads
  -- it first): a path to nothing would show a broken image on the member's catalogue.
  if v_image is not null and (v_image not like v_id::text || '/%' or char_length(v_image) > 500
     or not exists (select 1 from storage.objects o where o.bucket_id = 'product-images' and o.name = v_image)) then
    perform private.refuse('invalid_image', 'No encontramos la foto subida para este producto: vuelve a elegirla.', 'image');
  end if;
  if v_exists and coalesce(p_initial_stock, 0) <> 0 then
    perform private.refuse('stock_not_editable', 'El stock de un producto existente no se edita: usa «Ajustar stock».', 'initial_stock');
  end if;
  if p_initial_stock is null or p_initial_stock not between 0 and 1000000 then
    perform private.refuse('invalid_quantity', 'El stock inicial debe ser un número entero de 0 a 1.000.000.', 'initial_stock');
  end if;

  begin
    if v_exists then
      update public.products p
         set sku = v_sku, name = v_name, description = v_description, category = v_category, benefits = v_benefits,
             components = v_components, price = p_price, commissionable_amount = p_commissionable_amount, points = p_points, is_kit = coalesce(p_is_kit, false),
             image_path = v_image
       where p.id = v_id;
    else
      -- The opening stock becomes its 'initial' movement (products_opening_stock).
      insert into public.products (id, sku, name, description, category, benefits, components, price, commissionable_amount, points, stock, is_kit, image_path)
      values (v_id, v_sku, v_name, v_description, v_category, v_benefits, v_components, p_price, p_commissionable_amount, p_points,
              p_initial_stock, coalesce(p_is_kit, false), v_image);
    end if;
  exception when unique_violation then
    -- Two people saving the same new SKU at once: the index decides, with the same sentence.
    perform private.refuse('sku_taken', format('Ya existe un producto con el SKU %s: usa otro.', v_sku), 'sku');
  end;
  return public.get_product(v_id);
end
$$;
comment on function public.save_product(uuid, text, text, numeric, numeric, integer, text, text, text[], boolean, text, integer, text[]) is
  'Personal: crea (si p_id es nulo o no existe: la pantalla elige el id para subir antes la foto a su carpeta) o edita un producto. Valida SKU (formato y único sin mayúsculas), nombre, descripción, categoría, beneficios (etiquetas), lo que contiene (conjunto cerrado, para las exclusiones del Análisis de Salud), precio (> 0 y ≤ 100.000.000), base comisionable (≤ precio), puntos, la foto (subida a product-images/<id>/) y el stock inicial (solo al crear, como movimiento initial); cada negativa dice en DETAIL su campo y nada queda a medias. Devuelve el producto (get_product).';

-- Stock --------------------------------------------------------------------------------------------------
create or replace function public.adjust_stock(p_product_id uuid, p_direction text, p_quantity integer, p_reason text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_product public.products;
  v_reason text := btrim(coalesce(p_reason, ''));
  v_movement bigint;
begin
  perform private.require_staff();
  if coalesce(p_direction, '') not in ('entrada', 'salida') then
    perform private.refuse('invalid_quantity', 'Elige si el ajuste es una entrada o una salida.', 'direction');
  end if;
  if p_quantity is null or p_quantity not between 1 and 1000000 then
    perform private.refuse('invalid_quantity', 'La cantidad debe ser un número entero de 1 a 1.000.000.', 'quantity');
  end if;
  if char_length(v_reason) not between 3 and 500 then
    perform private.refuse('reason_required', 'Escribe el motivo del ajuste (de 3 a 500 caracteres).', 'reason');
  end if;
  -- Locked, so the stock read here is the one the movement will change.
  select * into v_product from public.products p where p.id = p_product_id for update;
  if not found then
    perform private.refuse('unknown_product', 'El producto no existe.');
  end if;
  if p_direction = 'salida' and p_quantity > v_product.stock then
    perform private.refuse('insufficient_stock',
      format('No puedes sacar %s unidades de «%s»: solo hay %s en stock.', p_quantity, v_product.name, v_product.stock), 'quantity');
  end if;
  insert into public.stock_movements (product_id, quantity, kind, note, created_by)
  values (v_product.id, case when p_direction = 'salida' then -p_quantity else p_quantity end, 'adjustment', v_reason, auth.uid())
  returning id into v_movement;
  return jsonb_build_object('movement_id', v_movement, 'stock', (select p.stock from public.products p where p.id = v_product.id));
end
$$;
comment on function public.adjust_stock(uuid, text, integer, text) is
  'Personal: «Ajustar stock» de un producto: una entrada o salida de 1 a 1.000.000 unidades con su motivo (3 a 500 caracteres), registrada como movimiento adjustment firmado por quien llama. Una salida mayor que el stock se rechaza (savia:insufficient_stock, DETAIL quantity). Devuelve el movimiento y el stock resultante.';

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

-- Active, inactive, deleted ----------------------------------------------------------------------------
create or replace function public.set_product_active(p_product_id uuid, p_active boolean) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_staff();
  if p_active is null then
    perform private.refuse('invalid_product', 'Indica si el producto queda activo o inactivo.');
  end if;
  update public.products p set is_active = p_active where p.id = p_product_id;
  if not found then
    perform private.refuse('unknown_product', 'El producto no existe.');
  end if;
  return public.get_product(p_product_id);
end
$$;
comment on function public.set_product_active(uuid, boolean) is
  'Personal: «Desactivar» / «Activar» un producto. Inactivo deja de ofrecerse a los miembros; su historia queda. Devuelve el producto.';

create or replace function private.products_guard_delete() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.sale_items si where si.product_id = old.id) then
    perform private.refuse('product_in_use',
      format('«%s» ya se vendió y no se puede borrar: desactívalo para que deje de ofrecerse.', old.name));
  end if;
  if exists (select 1 from public.stock_movements m where m.product_id = old.id and m.kind <> 'initial') then
    perform private.refuse('product_in_use',
      format('«%s» ya tiene movimientos de inventario además de su stock inicial y no se puede borrar: desactívalo.', old.name));
  end if;
  if exists (select 1 from public.recipe_products r where r.product_id = old.id) then
    perform private.refuse('product_in_use',
      format('«%s» aparece en recetas del Recetario y no se puede borrar: quítalo de ellas o desactívalo.', old.name));
  end if;
  return old;
end
$$;
comment on function private.products_guard_delete() is
  'Un producto vendido, con movimientos más allá del stock inicial o en recetas no se borra (se desactiva), dicho en español a quien lo intente por la API o por delete_product.';
create trigger products_guard_delete before delete on public.products
  for each row execute function private.products_guard_delete();

-- stock_movements stays append-only, with one exception: the opening movement of a product that is
-- being deleted (never sold nor moved, products_guard_delete) goes with it through the foreign key's
-- cascade, which runs after the product row is gone.
create or replace function private.stock_movements_guard() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' and old.kind = 'initial' and pg_catalog.pg_trigger_depth() > 1
     and not exists (select 1 from public.products p where p.id = old.product_id) then
    return old;
  end if;
  perform private.refuse('append_only',
    'La tabla stock_movements es de solo anexado: sus filas no se pueden modificar ni borrar; registra un movimiento o asiento compensatorio.',
    null, '42501');
  return null;
end
$$;
comment on function private.stock_movements_guard() is
  'Movimientos de inventario de solo anexado (como private.forbid_change), salvo el movimiento inicial de un producto que se borra en cascada.';
drop trigger stock_movements_append_only on public.stock_movements;
create trigger stock_movements_append_only before update or delete on public.stock_movements
  for each row execute function private.stock_movements_guard();

create or replace function public.delete_product(p_product_id uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_staff();
  delete from public.products p where p.id = p_product_id;
  if not found then
    perform private.refuse('unknown_product', 'El producto no existe.');
  end if;
end
$$;
comment on function public.delete_product(uuid) is
  'Personal: borra un producto que nunca se vendió ni se movió más allá de su stock inicial; si no, products_guard_delete lo rechaza pidiendo desactivarlo.';

-- Access ---------------------------------------------------------------------------------------------------
revoke all on function private.products_for_staff(), private.products_guard_delete(), private.stock_movements_guard(),
  private.committed_stripe(uuid), private.keep_committed_lines(), private.keep_committed_sales(), private.product_committed_violations() from public;
revoke all on private.product_committed from public, anon, authenticated, service_role;
revoke all on function public.list_products(text, text, boolean, boolean, text, text, boolean, integer, integer),
  public.get_product(uuid), public.get_product_categories(),
  public.save_product(uuid, text, text, numeric, numeric, integer, text, text, text[], boolean, text, integer, text[]),
  public.adjust_stock(uuid, text, integer, text), public.get_product_movements(uuid, integer, integer),
  public.set_product_active(uuid, boolean), public.delete_product(uuid) from public, anon;
grant execute on function public.list_products(text, text, boolean, boolean, text, text, boolean, integer, integer),
  public.get_product(uuid), public.get_product_categories(),
  public.save_product(uuid, text, text, numeric, numeric, integer, text, text, text[], boolean, text, integer, text[]),
  public.adjust_stock(uuid, text, integer, text), public.get_product_movements(uuid, integer, integer),
  public.set_product_active(uuid, boolean), public.delete_product(uuid) to authenticated;
