-- Proveedores (issue 12, superadmin): who supplies what, restocks with their unit cost, the restock
-- history and the products a restock should bring back.
--   * supplier_products: what each supplier supplies (a link table, superadmin's).
--   * Suppliers are validated field by field with Spanish refusals (a trigger, so a direct table write
--     meets the same rules as save_supplier), and one with restocks is deactivated, never deleted.
--   * restocks + restock_lines: a restock as a header (supplier, note, who, when) and its lines
--     (product, quantity, unit cost, stock before and after), append-only, written only by
--     register_restock in one transaction with one stock movement per line and the product's last cost.
--   * The unit cost of a line is finance data: the API roles may read every column of restock_lines
--     but unit_cost (a column grant), and get_restocks hands the cost only to private.has_finance().
--   * get_restock_suggestions: active products at or under the settings' low-stock threshold, with
--     the supplier they last came from (and, for finance, the last unit cost).

-- What each supplier supplies -------------------------------------------------------------------------
create table public.supplier_products (
  supplier_id uuid not null references public.suppliers (id) on delete cascade,
  product_id uuid not null references public.products (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (supplier_id, product_id)
);
create index supplier_products_product_idx on public.supplier_products (product_id);
comment on table public.supplier_products is
  'Qué productos surte cada proveedor (Proveedores, solo superadmin). Se edita como una lista con save_supplier.';

alter table public.supplier_products enable row level security;
grant select, insert, delete on public.supplier_products to authenticated;
create policy supplier_products_superadmin on public.supplier_products for all to authenticated
  using ((select private.is_superadmin())) with check ((select private.is_superadmin()));

-- Restocks: a header and its lines ---------------------------------------------------------------------
create table public.restocks (
  id bigint generated always as identity primary key,
  supplier_id uuid not null references public.suppliers (id) on delete restrict,
  note text constraint restocks_nota_valida check (char_length(note) <= 500),
  created_by uuid, -- who, as a fact (like stock_movements.created_by): the row is append-only
  created_at timestamptz not null default now()
);
create index restocks_created_idx on public.restocks (created_at desc, id desc);
create index restocks_supplier_idx on public.restocks (supplier_id, created_at desc, id desc);
comment on table public.restocks is
  'Reposiciones de inventario: proveedor, nota, quién y cuándo. Solo las escribe register_restock; de solo anexado.';

create table public.restock_lines (
  restock_id bigint not null references public.restocks (id) on delete restrict,
  product_id uuid not null references public.products (id) on delete restrict,
  quantity integer not null constraint restock_lines_cantidad_valida check (quantity between 1 and 100000),
  unit_cost numeric(12,2) not null constraint restock_lines_costo_valido check (unit_cost between 0 and 10000000),
  stock_before integer not null,
  stock_after integer not null,
  movement_id bigint not null references public.stock_movements (id) on delete restrict,
  primary key (restock_id, product_id),
  constraint restock_lines_stock_coherente check (stock_after = stock_before + quantity)
);
create index restock_lines_product_idx on public.restock_lines (product_id, restock_id desc);
create index restock_lines_movement_idx on public.restock_lines (movement_id);
comment on table public.restock_lines is
  'Líneas de una reposición: producto, unidades, costo unitario (dato de finanzas: la API no puede leer la columna unit_cost; get_restocks la da solo a finanzas) y el stock antes y después.';
comment on column public.restock_lines.unit_cost is
  'Costo unitario pagado al proveedor. Solo finanzas lo ve (get_restocks); también queda como último costo en product_costs.';

create trigger restocks_append_only before update or delete on public.restocks
  for each row execute function private.forbid_change();
create trigger restocks_no_truncate before truncate on public.restocks
  for each statement execute function private.forbid_change();
create trigger restock_lines_append_only before update or delete on public.restock_lines
  for each row execute function private.forbid_change();
create trigger restock_lines_no_truncate before truncate on public.restock_lines
  for each statement execute function private.forbid_change();

alter table public.restocks enable row level security;
alter table public.restock_lines enable row level security;
-- Read-only through the API (register_restock writes them), and the lines without their cost: a policy
-- filters rows, the cost is a column of every row, so a column grant keeps it from the API roles.
grant select on public.restocks to authenticated;
grant select (restock_id, product_id, quantity, stock_before, stock_after, movement_id) on public.restock_lines to authenticated;
create policy restocks_superadmin on public.restocks for select to authenticated
  using ((select private.is_superadmin()));
create policy restock_lines_superadmin on public.restock_lines for select to authenticated
  using ((select private.is_superadmin()));

-- Suppliers: Spanish refusals field by field, and history kept -----------------------------------------
create or replace function private.suppliers_validate() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_other text;
begin
  new.name := btrim(coalesce(new.name, ''));
  new.tax_id := nullif(btrim(new.tax_id), '');
  new.contact_name := nullif(btrim(new.contact_name), '');
  new.email := nullif(lower(btrim(new.email)), '');
  new.phone := nullif(btrim(new.phone), '');
  new.notes := nullif(btrim(new.notes), '');
  if char_length(new.name) not between 2 and 120 then
    perform private.refuse('invalid_name', 'El nombre del proveedor debe tener entre 2 y 120 caracteres.', 'name');
  end if;
  -- Security definer: the check must see every supplier, whatever the caller may read.
  select s.name into v_other from public.suppliers s where lower(s.name) = lower(new.name) and s.id <> new.id;
  if found then
    perform private.refuse('duplicate_supplier', format('Ya existe un proveedor llamado «%s».', v_other), 'name');
  end if;
  if char_length(new.tax_id) > 40 then
    perform private.refuse('text_too_long', 'El NIT o identificación tributaria admite hasta 40 caracteres.', 'tax_id');
  end if;
  if char_length(new.contact_name) > 120 then
    perform private.refuse('text_too_long', 'El nombre del contacto admite hasta 120 caracteres.', 'contact_name');
  end if;
  if new.email is not null and (new.email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or char_length(new.email) > 254) then
    perform private.refuse('invalid_email', 'El correo del proveedor no es válido (por ejemplo: ventas@empresa.com).', 'email');
  end if;
  if new.phone is not null and (new.phone !~ '^[+0-9 ()./-]+$' or char_length(new.phone) > 40 or new.phone !~ '[0-9]{3}') then
    perform private.refuse('invalid_phone', 'El teléfono admite números, espacios, +, -, paréntesis y puntos (hasta 40 caracteres).', 'phone');
  end if;
  if char_length(new.notes) > 2000 then
    perform private.refuse('text_too_long', 'Las notas admiten hasta 2000 caracteres.', 'notes');
  end if;
  return new;
end
$$;
comment on function private.suppliers_validate() is
  'Normaliza un proveedor (espacios, correo en minúsculas, vacíos a null) y rechaza en español, campo por campo (DETAIL = la columna), lo que el formulario no debe dejar pasar: nombre, nombre repetido, correo, teléfono, longitudes.';
create trigger suppliers_validate before insert or update on public.suppliers
  for each row execute function private.suppliers_validate();

create or replace function private.suppliers_keep_history() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.restocks r where r.supplier_id = old.id)
     or exists (select 1 from public.stock_movements m where m.supplier_id = old.id) then
    perform private.refuse('supplier_in_use',
      format('«%s» tiene reposiciones registradas: desactívalo en lugar de eliminarlo, para conservar su historial.', old.name));
  end if;
  return old;
end
$$;
comment on function private.suppliers_keep_history() is
  'Un proveedor con reposiciones o movimientos de inventario no se elimina (perdería su historial): se desactiva.';
create trigger suppliers_keep_history before delete on public.suppliers
  for each row execute function private.suppliers_keep_history();

-- Every superadmin-only screen (Proveedores, Usuarios, the plan, the close, the audit log, Análisis de
-- Salud) refuses anyone else with its own sentence, through this one check.
create or replace function private.require_superadmin(p_refusal text) returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.is_superadmin() then
    perform private.refuse('forbidden', p_refusal, null, '42501');
  end if;
  return auth.uid();
end
$$;
comment on function private.require_superadmin(text) is
  'Exige rol superadmin (leído de users_roles en cada llamada; sin sesión no lo es) y devuelve el usuario; si no, rechaza (42501) con la frase de la pantalla que llama.';

-- Saving a supplier and what it supplies, in one transaction ---------------------------------------------
create or replace function public.save_supplier(
  p_id uuid, p_name text, p_tax_id text, p_contact_name text, p_email text, p_phone text, p_notes text,
  p_is_active boolean, p_product_ids uuid[])
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid := p_id;
  v_products uuid[] := coalesce(p_product_ids, '{}');
begin
  perform private.require_superadmin('Solo un superadmin puede gestionar proveedores y reposiciones.');
  if cardinality(v_products) > 500 then
    perform private.refuse('invalid_product', 'Un proveedor puede surtir hasta 500 productos.', 'products');
  end if;
  if exists (select 1 from unnest(v_products) x(id) where x.id is null or not exists (select 1 from public.products p where p.id = x.id)) then
    perform private.refuse('unknown_product', 'Alguno de los productos elegidos ya no existe: recarga la lista.', 'products');
  end if;
  if v_id is null then
    insert into public.suppliers (name, tax_id, contact_name, email, phone, notes, is_active)
    values (p_name, p_tax_id, p_contact_name, p_email, p_phone, p_notes, coalesce(p_is_active, true))
    returning id into v_id;
  else
    update public.suppliers
       set name = p_name, tax_id = p_tax_id, contact_name = p_contact_name, email = p_email, phone = p_phone,
           notes = p_notes, is_active = coalesce(p_is_active, is_active)
     where id = v_id;
    if not found then
      perform private.refuse('unknown_supplier', 'Ese proveedor ya no existe: recarga la lista.');
    end if;
  end if;
  delete from public.supplier_products sp where sp.supplier_id = v_id and sp.product_id <> all (v_products);
  insert into public.supplier_products (supplier_id, product_id)
  select distinct v_id, x.id from unnest(v_products) x(id)
  on conflict do nothing;
  return v_id;
end
$$;
comment on function public.save_supplier(uuid, text, text, text, text, text, text, boolean, uuid[]) is
  'Crea (p_id null) o edita un proveedor y deja exactamente p_product_ids como lo que surte, todo o nada. Solo superadmin; las reglas de cada campo las aplica private.suppliers_validate.';
revoke all on function public.save_supplier(uuid, text, text, text, text, text, text, boolean, uuid[]) from public, anon;
grant execute on function public.save_supplier(uuid, text, text, text, text, text, text, boolean, uuid[]) to authenticated;

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

-- Registering a restock -------------------------------------------------------------------------------------
create or replace function public.register_restock(p_supplier_id uuid, p_lines jsonb, p_note text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := private.require_superadmin('Solo un superadmin puede gestionar proveedores y reposiciones.');
  v_supplier record;
  v_note text := nullif(btrim(coalesce(p_note, '')), '');
  v_line jsonb;
  v_product record;
  v_after record;
  v_product_id uuid;
  v_quantity numeric;
  v_cost numeric;
  v_seen uuid[] := '{}';
  v_restock bigint;
  v_movement bigint;
  v_stock integer;
  v_result jsonb := '[]'::jsonb;
  v_line_no integer := 0;
begin
  -- FOR SHARE: the supplier cannot be deactivated or deleted while its restock is being written.
  select s.id, s.name, s.is_active into v_supplier from public.suppliers s where s.id = p_supplier_id for share;
  if not found then
    perform private.refuse('unknown_supplier', 'Elige un proveedor: ese ya no existe.', 'supplier');
  end if;
  if not v_supplier.is_active then
    perform private.refuse('inactive_supplier',
      format('«%s» está inactivo: actívalo en su ficha antes de registrarle una reposición.', v_supplier.name), 'supplier');
  end if;
  if char_length(v_note) > 500 then
    perform private.refuse('text_too_long', 'La nota de la reposición admite hasta 500 caracteres.', 'note');
  end if;
  -- Two checks, not one OR: SQL does not promise to test the type before taking the length.
  if p_lines is null or jsonb_typeof(p_lines) <> 'array' then
    perform private.refuse('empty_restock', 'Agrega al menos un producto con su cantidad y costo unitario.', 'lines');
  end if;
  if jsonb_array_length(p_lines) = 0 then
    perform private.refuse('empty_restock', 'Agrega al menos un producto con su cantidad y costo unitario.', 'lines');
  end if;
  if jsonb_array_length(p_lines) > 100 then
    perform private.refuse('empty_restock', 'Una reposición admite hasta 100 productos: divídela en varias.', 'lines');
  end if;

  -- Every line is checked before anything is written, so a refusal names the line a person must fix
  -- (DETAIL = its position from 1) and nothing is half-written.
  for v_line in select l from jsonb_array_elements(p_lines) l loop
    v_line_no := v_line_no + 1;
    if jsonb_typeof(v_line) <> 'object' or jsonb_typeof(v_line -> 'product_id') is distinct from 'string'
       or (v_line ->> 'product_id') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      perform private.refuse('unknown_product', format('Línea %s: elige un producto.', v_line_no), v_line_no::text);
    end if;
    v_product_id := (v_line ->> 'product_id')::uuid;
    select p.name, p.is_active into v_product from public.products p where p.id = v_product_id;
    if not found then
      perform private.refuse('unknown_product', format('Línea %s: ese producto ya no existe.', v_line_no), v_line_no::text);
    end if;
    if not v_product.is_active then
      perform private.refuse('inactive_product',
        format('«%s» está inactivo: actívalo en Productos antes de reponerlo.', v_product.name), v_line_no::text);
    end if;
    if v_product_id = any (v_seen) then
      perform private.refuse('duplicate_product',
        format('«%s» está dos veces en la reposición: junta sus unidades en una sola línea.', v_product.name), v_line_no::text);
    end if;
    v_seen := v_seen || v_product_id;
    v_quantity := case when jsonb_typeof(v_line -> 'quantity') = 'number' then (v_line ->> 'quantity')::numeric end;
    if v_quantity is null or v_quantity <> trunc(v_quantity) or v_quantity < 1 then
      perform private.refuse('invalid_quantity',
        format('«%s»: la cantidad debe ser un número entero de unidades mayor que cero.', v_product.name), v_line_no::text);
    end if;
    if v_quantity > 100000 then
      perform private.refuse('invalid_quantity',
        format('«%s»: %s unidades en una reposición no es creíble; el máximo por línea es 100.000.', v_product.name, v_quantity), v_line_no::text);
    end if;
    v_cost := case when jsonb_typeof(v_line -> 'unit_cost') = 'number' then (v_line ->> 'unit_cost')::numeric end;
    if v_cost is null or v_cost < 0 then
      perform private.refuse('invalid_cost',
        format('«%s»: el costo unitario debe ser un importe de cero o más.', v_product.name), v_line_no::text);
    end if;
    if v_cost > 10000000 or v_cost <> round(v_cost, 2) then
      perform private.refuse('invalid_cost',
        format('«%s»: el costo unitario admite hasta 10.000.000 con dos decimales.', v_product.name), v_line_no::text);
    end if;
  end loop;

  insert into public.restocks (supplier_id, note, created_by, created_at)
  values (p_supplier_id, v_note, v_actor, now())
  returning id into v_restock;

  -- Lines in product order: two restocks of the same products lock them in the same order.
  for v_line in
    select l from jsonb_array_elements(p_lines) l order by (l ->> 'product_id')::uuid
  loop
    v_product_id := (v_line ->> 'product_id')::uuid;
    -- The movement's trigger locks the product row and adds the units; its stock after is read here.
    insert into public.stock_movements (product_id, quantity, kind, supplier_id, note, created_by, created_at)
    values (v_product_id, (v_line ->> 'quantity')::integer, 'restock', p_supplier_id,
            format('Reposición n.º %s', v_restock), v_actor, now())
    returning id into v_movement;
    select p.stock, p.name, p.sku into v_after from public.products p where p.id = v_product_id;
    v_stock := v_after.stock;
    insert into public.restock_lines (restock_id, product_id, quantity, unit_cost, stock_before, stock_after, movement_id)
    values (v_restock, v_product_id, (v_line ->> 'quantity')::integer, (v_line ->> 'unit_cost')::numeric,
            v_stock - (v_line ->> 'quantity')::integer, v_stock, v_movement);
    -- The last cost is the product's cost (Productos shows it, with the margin, to finance).
    insert into public.product_costs (product_id, unit_cost, supplier_id, updated_by, updated_at)
    values (v_product_id, (v_line ->> 'unit_cost')::numeric, p_supplier_id, v_actor, now())
    on conflict (product_id) do update
      set unit_cost = excluded.unit_cost, supplier_id = excluded.supplier_id, updated_by = excluded.updated_by, updated_at = excluded.updated_at;
    v_result := v_result || jsonb_build_object('product_id', v_product_id, 'sku', v_after.sku, 'name', v_after.name,
      'quantity', (v_line ->> 'quantity')::integer, 'stock_before', v_stock - (v_line ->> 'quantity')::integer, 'stock_after', v_stock);
  end loop;

  return jsonb_build_object('restock_id', v_restock, 'supplier_name', v_supplier.name,
    'lines', (select jsonb_agg(x order by x ->> 'name', x ->> 'product_id') from jsonb_array_elements(v_result) x));
end
$$;
comment on function public.register_restock(uuid, jsonb, text) is
  'Registra una reposición (solo superadmin), todo o nada: la cabecera, sus líneas, un movimiento de stock «restock» por línea con el proveedor, y el costo unitario de cada línea como último costo del producto (product_costs). p_lines = [{product_id, quantity, unit_cost}]. Rechaza en español un proveedor inactivo o inexistente, ninguna línea, un producto repetido o inactivo, cantidades no enteras, de cero o absurdas y costos negativos o absurdos (DETAIL = el número de línea). Devuelve el stock antes y después de cada producto.';
revoke all on function public.register_restock(uuid, jsonb, text) from public, anon;
grant execute on function public.register_restock(uuid, jsonb, text) to authenticated;

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

revoke all on function private.suppliers_validate(), private.suppliers_keep_history(), private.require_superadmin(text)
  from public, anon, authenticated;
