-- Catalogue: suppliers and what they supply, products and their costs (finance only), recipes, and the
-- back office's actions on them (Proveedores, Productos, Recetario). Stock moves only through
-- stock_movements (sales and stock migration), restocks included.

-- suppliers (superadmin) -------------------------------------------------------------------------
create table public.suppliers (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint suppliers_nombre_valido check (char_length(btrim(name)) between 2 and 120),
  tax_id text constraint suppliers_nit_valido check (char_length(tax_id) <= 40),
  contact_name text constraint suppliers_contacto_valido check (char_length(contact_name) <= 120),
  email text constraint suppliers_correo_valido check (private.is_email(email)),
  phone text constraint suppliers_telefono_valido check (char_length(phone) <= 40),
  notes text constraint suppliers_notas_validas check (char_length(notes) <= 2000),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index suppliers_nombre_unico on public.suppliers (lower(name));
comment on table public.suppliers is 'Proveedores de la empresa. Solo superadmin (la especificación reserva Proveedores a ese rol).';
create trigger suppliers_touch before update on public.suppliers for each row execute function private.touch_updated_at();
create trigger suppliers_stamp before insert or update on public.suppliers
  for each row execute function private.stamp_authorship('created_at');
create trigger suppliers_refuse_formulas before insert or update of name, tax_id, contact_name on public.suppliers
  for each row execute function private.refuse_formula_columns('name', 'el nombre del proveedor', 'tax_id', 'el NIT', 'contact_name', 'el contacto');

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
  if not private.is_email(new.email) then
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
revoke all on function private.suppliers_validate(), private.suppliers_keep_history() from public, anon, authenticated;

-- benefits ----------------------------------------------------------------------------------------
-- One vocabulary (issue 25 §4): what a product or a recipe is good for and what a person may want from
-- an Análisis de Salud are the same closed list, written here with its Spanish label. The list is fixed
-- by this migration, not edited by staff: each key is a goal of the health questionnaire and what the
-- analysis matches on, so a new one is a product decision (its wording, which items carry it) that
-- ships with the code, and a renamed key would silently orphan every tag and stored answer.
create table public.benefits (
  key text primary key constraint benefits_clave_valida check (key ~ '^[a-z][a-z_]{1,39}$'),
  label text not null constraint benefits_etiqueta_valida check (char_length(label) between 2 and 40),
  sort_order integer not null unique
);
comment on table public.benefits is
  'Lista cerrada de beneficios (clave y nombre en español): la comparten productos, recetas y los objetivos del Análisis de Salud. Fija por migración; nadie la cambia desde la API.';
insert into public.benefits (key, label, sort_order) values
  ('energia', 'Energía', 1),
  ('digestion', 'Digestión', 2),
  ('descanso', 'Descanso', 3),
  ('relajacion', 'Relajación', 4),
  ('defensas', 'Defensas', 5),
  ('piel', 'Piel', 6),
  ('cabello', 'Cabello', 7),
  ('articulaciones', 'Articulaciones', 8),
  ('inflamacion', 'Inflamación', 9),
  ('concentracion', 'Concentración', 10),
  ('nutricion', 'Nutrición', 11),
  ('antioxidante', 'Antioxidante', 12),
  ('hidratacion', 'Hidratación', 13);

alter table public.benefits enable row level security;
grant select on public.benefits to authenticated;
create policy benefits_read on public.benefits for select to authenticated using (true);

-- Products and recipes keep their benefits as a list of keys (the order the staff chose them in); every
-- key must be in public.benefits, whoever writes the row (the screens' functions, the seed, a migration).
create or replace function private.refuse_unknown_benefits() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if exists (select 1 from unnest(new.benefits) b(key) where not exists (select 1 from public.benefits k where k.key = b.key)) then
    perform private.refuse('invalid_benefits', 'Hay un beneficio que no está en la lista: elígelo entre los que ofrece el formulario.', 'benefits');
  end if;
  return new;
end
$$;
comment on function private.refuse_unknown_benefits() is
  'Un producto o una receta solo lleva beneficios de public.benefits (savia:invalid_benefits con el campo benefits).';
revoke all on function private.refuse_unknown_benefits() from public;

-- The benefits as people read them (a visitor's page has no list of keys to look them up in).
create or replace function private.benefit_labels(p_keys text[]) returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(b.label order by b.sort_order), '[]') from public.benefits b where b.key = any (p_keys)
$$;
comment on function private.benefit_labels(text[]) is 'Los nombres en español de unas claves de beneficio, en el orden de la lista.';

-- products ----------------------------------------------------------------------------------------
create table public.products (
  id uuid primary key default gen_random_uuid(),
  sku text not null constraint products_sku_valido check (sku ~ '^[A-Za-z0-9][A-Za-z0-9_-]{1,39}$'),
  name text not null constraint products_nombre_valido check (char_length(btrim(name)) between 2 and 120),
  description text constraint products_descripcion_valida check (char_length(description) <= 2000),
  category text constraint products_categoria_valida check (char_length(category) <= 60),
  benefits text[] not null default '{}'
    constraint products_beneficios_validos check (cardinality(benefits) <= 30 and array_position(benefits, null) is null),
  components text[] not null default '{}'
    constraint products_componentes_validos
      check (components <@ array['gluten', 'lactosa', 'soya', 'frutos_secos', 'mani', 'abejas', 'cafeina', 'origen_animal']),
  price numeric(12,2) not null constraint products_precio_positivo check (price > 0),
  commissionable_amount numeric(12,2) not null
    constraint products_comisionable_valido check (commissionable_amount >= 0 and commissionable_amount <= price),
  points integer not null default 0 constraint products_puntos_validos check (points >= 0),
  stock integer not null default 0 constraint products_stock_no_negativo check (stock >= 0),
  is_kit boolean not null default false,
  is_active boolean not null default true,
  image_path text constraint products_imagen_valida check (char_length(image_path) <= 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index products_sku_unico on public.products (lower(sku));
create index products_activos_idx on public.products (is_active) where is_active;

-- No index on stock: it changes with every approved sale, and an indexed column would turn each of
-- those updates into a non-HOT one that rewrites every index of the row (a catalogue is read whole).
comment on table public.products is
  'Catálogo. price es el precio de venta; commissionable_amount la base de comisiones por unidad; points los puntos por unidad. stock solo cambia a través de stock_movements.';
comment on column public.products.is_kit is 'Kit de inicio: el producto que se vende con cada enrolamiento.';
comment on column public.products.benefits is 'Claves de public.benefits (p. ej. digestion, descanso) que usa el Análisis de Salud para recomendar.';
create trigger products_benefits_known before insert or update of benefits on public.products
  for each row execute function private.refuse_unknown_benefits();
comment on column public.products.components is
  'Lo que contiene el producto y alguien puede tener que evitar (conjunto cerrado: gluten, lactosa, soya, frutos_secos, mani, abejas, cafeina, origen_animal). El Análisis de Salud excluye por esto.';

create or replace function private.products_prepare() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    -- The commissionable base defaults to the price, the common case.
    new.commissionable_amount := coalesce(new.commissionable_amount, new.price);
  elsif new.stock <> old.stock and pg_catalog.pg_trigger_depth() < 2 then
    perform private.refuse('stock_not_editable', 'El stock no se edita directamente: registra un movimiento de inventario (reposición o ajuste).', null, '42501');
  end if;
  if new.commissionable_amount > new.price then
    perform private.refuse('invalid_product', format('El importe comisionable (%s) no puede superar el precio (%s).', new.commissionable_amount, new.price));
  end if;
  return new;
end
$$;
comment on function private.products_prepare() is
  'Completa el importe comisionable y obliga a que el stock cambie solo mediante stock_movements, para que stock = suma de movimientos.';
create trigger products_prepare before insert or update on public.products
  for each row execute function private.products_prepare();
create trigger products_touch before update on public.products for each row execute function private.touch_updated_at();
create trigger products_stamp before insert or update on public.products
  for each row execute function private.stamp_authorship('created_at');
create trigger products_refuse_formulas before insert or update of name, category on public.products
  for each row execute function private.refuse_formula_columns('name', 'el nombre del producto', 'category', 'la categoría');

-- A product that was sold, moved beyond its opening stock or used in a recipe is deactivated, never
-- deleted: a trigger says so for any DELETE.
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

-- product_costs (finance) -------------------------------------------------------------------------------
create table public.product_costs (
  product_id uuid primary key references public.products (id) on delete cascade,
  unit_cost numeric(12,2) not null constraint product_costs_costo_valido check (unit_cost >= 0),
  supplier_id uuid references public.suppliers (id) on delete set null,
  updated_at timestamptz not null default now(),
  updated_by uuid default auth.uid() references auth.users (id) on delete set null
);
create index product_costs_supplier_idx on public.product_costs (supplier_id);
create index product_costs_updated_by_idx on public.product_costs (updated_by);
comment on table public.product_costs is
  'Coste unitario de cada producto, en su propia tabla para que una política de finanzas lo proteja: solo superadmin con finance.';
create trigger product_costs_touch before update on public.product_costs for each row execute function private.touch_updated_at();
create trigger product_costs_stamp before insert or update on public.product_costs
  for each row execute function private.stamp_authorship('updated_by', 'updated_at');

-- recipes (back office) --------------------------------------------------------------------------------
create table public.recipes (
  id uuid primary key default gen_random_uuid(),
  title text not null constraint recipes_titulo_valido check (char_length(btrim(title)) between 2 and 120),
  description text constraint recipes_descripcion_valida check (char_length(description) <= 2000),
  instructions text not null default '' constraint recipes_instrucciones_validas check (char_length(instructions) <= 10000),
  benefits text[] not null default '{}'
    constraint recipes_beneficios_validos check (cardinality(benefits) <= 30 and array_position(benefits, null) is null),
  image_path text constraint recipes_imagen_valida check (char_length(image_path) <= 500),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index recipes_created_by_idx on public.recipes (created_by);
comment on column public.recipes.benefits is 'Claves de public.benefits que cumple la receta; el Análisis de Salud las compara con los objetivos.';
create trigger recipes_benefits_known before insert or update of benefits on public.recipes
  for each row execute function private.refuse_unknown_benefits();
comment on table public.recipes is 'Recetario: preparaciones con productos del catálogo; la foto vive en el bucket recipe-images.';
create trigger recipes_touch before update on public.recipes for each row execute function private.touch_updated_at();
create trigger recipes_stamp before insert or update on public.recipes
  for each row execute function private.stamp_authorship('created_by', 'created_at');

create table public.recipe_products (
  recipe_id uuid not null references public.recipes (id) on delete cascade,
  product_id uuid not null references public.products (id) on delete restrict,
  amount text constraint recipe_products_cantidad_valida check (char_length(amount) <= 60),
  primary key (recipe_id, product_id)
);
create index recipe_products_product_idx on public.recipe_products (product_id);
comment on table public.recipe_products is 'Productos del catálogo que usa cada receta, con la cantidad en texto libre («2 cucharadas»).';

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

-- Audited (private.audit_row) ------------------------------------------------------------------------
create trigger audit after insert or update or delete on public.suppliers for each row execute function private.audit_row();

-- A change of stock alone is the trace of a stock movement, which already says who, when, how many
-- and why: copying it here would add a row to every approval for no new fact.
create trigger audit after insert or update or delete on public.products for each row execute function private.audit_row('id', 'stock');
create trigger audit after insert or update or delete on public.product_costs for each row execute function private.audit_row('product_id');
create trigger audit after insert or update or delete on public.recipes for each row execute function private.audit_row();
create trigger audit after insert or update or delete on public.recipe_products for each row execute function private.audit_row('recipe_id');

-- Row level security ----------------------------------------------------------------------------------
alter table public.suppliers enable row level security;
alter table public.products enable row level security;
alter table public.product_costs enable row level security;
alter table public.recipes enable row level security;
alter table public.recipe_products enable row level security;
alter table public.supplier_products enable row level security;

-- Read through the API; written only by the functions of the back office (save_supplier, save_product,
-- set_product_active, delete_product, save_recipe, delete_recipe, register_restock), each with its
-- rules (issue 23 §4). The one direct write a screen makes: Proveedores deletes a supplier never
-- restocked (suppliers_keep_history refuses the others).
grant select on public.suppliers, public.products, public.product_costs, public.recipes, public.recipe_products,
  public.supplier_products to authenticated;
grant delete on public.suppliers to authenticated;

create policy suppliers_select_superadmin on public.suppliers for select to authenticated
  using ((select private.is_superadmin()));
create policy suppliers_delete_superadmin on public.suppliers for delete to authenticated
  using ((select private.is_superadmin()));

-- Members order from the active catalogue; staff read all of it.
create policy products_select_member on public.products for select to authenticated
  using (is_active and (select private.my_client_id()) is not null);
create policy products_select_staff on public.products for select to authenticated
  using ((select private.is_staff()));

create policy product_costs_finance on public.product_costs for select to authenticated
  using ((select private.has_finance()));

create policy recipes_staff on public.recipes for select to authenticated
  using ((select private.is_staff()));
create policy recipe_products_staff on public.recipe_products for select to authenticated
  using ((select private.is_staff()));
create policy supplier_products_superadmin on public.supplier_products for select to authenticated
  using ((select private.is_superadmin()));

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

-- Productos (issue 12) ---------------------------------------------------------------------------------
--   * save_product: create or edit, each refusal a Spanish sentence naming its field (DETAIL), in one
--     statement, so nothing is half-written.
--   * set_product_active / delete_product: a product that was sold or moved is deactivated; only one
--     that never moved beyond its opening stock can be deleted (products_guard_delete).
-- «Ajustar stock» (adjust_stock) lives with the stock movements; the reads with the back office's.

-- Benefits, of products and recipes alike: keys of public.benefits, each once, in the list's order (so
-- every screen shows them alike); an unknown key is refused with the field, for the form to mark.
create or replace function private.clean_benefits(p_keys text[]) returns text[]
language plpgsql
stable
set search_path = ''
as $$
begin
  if exists (select 1 from unnest(coalesce(p_keys, '{}')) k(key) where not exists (select 1 from public.benefits b where b.key = k.key)) then
    perform private.refuse('invalid_benefits', 'Hay un beneficio que no está en la lista: elígelo entre los que ofrece el formulario.', 'benefits');
  end if;
  return array(select b.key from public.benefits b where b.key = any (p_keys) order by b.sort_order);
end
$$;
comment on function private.clean_benefits(text[]) is
  'Beneficios de un producto o una receta: claves de public.benefits sin repetir, en el orden de la lista; una clave desconocida se rechaza (savia:invalid_benefits, campo benefits).';

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
  v_benefits := private.clean_benefits(p_benefits);
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
  if v_image is not null and (not private.is_file_in_folder(v_image, v_id::text)
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
revoke all on function private.products_guard_delete() from public;
revoke all on function public.save_product(uuid, text, text, numeric, numeric, integer, text, text, text[], boolean, text, integer, text[]),
  public.set_product_active(uuid, boolean), public.delete_product(uuid) from public, anon;
grant execute on function public.save_product(uuid, text, text, numeric, numeric, integer, text, text, text[], boolean, text, integer, text[]),
  public.set_product_active(uuid, boolean), public.delete_product(uuid) to authenticated;

-- Recetario (issue 14): a recipe and its products saved in one statement, each refusal a Spanish
-- sentence naming its field (DETAIL), so nothing is half-written. A product used by a recipe cannot be
-- deleted (private.products_guard_delete refuses it and the foreign key is «on delete restrict»);
-- withdrawing it from the catalogue (is_active = false) keeps the recipe, flags the ingredient
-- «retirado» and hides the recipe from public pages until the product returns or the recipe drops
-- it. An edit may keep a withdrawn product it already had, never add one.
create or replace function public.save_recipe(
  p_id uuid, p_title text, p_products jsonb, p_description text default null, p_instructions text default '',
  p_benefits text[] default '{}', p_image_path text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid := coalesce(p_id, gen_random_uuid());
  v_title text := btrim(coalesce(p_title, ''));
  v_description text := nullif(btrim(coalesce(p_description, '')), '');
  v_instructions text := btrim(coalesce(p_instructions, ''));
  v_image text := nullif(btrim(coalesce(p_image_path, '')), '');
  v_exists boolean;
  v_benefits text[];
  v_line record;
  v_product public.products;
begin
  perform private.require_staff();
  -- Locked: two people saving the same recipe at once save one after the other, never mixing products.
  perform 1 from public.recipes r where r.id = v_id for update;
  v_exists := found;
  if char_length(v_title) not between 2 and 120 then
    perform private.refuse('invalid_recipe', 'El título debe tener de 2 a 120 caracteres.', 'title');
  end if;
  if char_length(v_description) > 2000 then
    perform private.refuse('invalid_recipe', 'La descripción puede tener hasta 2.000 caracteres.', 'description');
  end if;
  if char_length(v_instructions) > 10000 then
    perform private.refuse('invalid_recipe', 'La preparación puede tener hasta 10.000 caracteres.', 'instructions');
  end if;
  v_benefits := private.clean_benefits(p_benefits);

  if p_products is null or jsonb_typeof(p_products) <> 'array' or jsonb_array_length(p_products) = 0 then
    perform private.refuse('recipe_without_products', 'Agrega al menos un producto del catálogo a la receta.', 'products');
  end if;
  if jsonb_array_length(p_products) > 30 then
    perform private.refuse('invalid_product', 'Una receta usa hasta 30 productos.', 'products');
  end if;
  for v_line in
    select e.n,
           case when jsonb_typeof(e.value -> 'product_id') = 'string'
                 and (e.value ->> 'product_id') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                then (e.value ->> 'product_id')::uuid end as product_id,
           btrim(coalesce(e.value ->> 'amount', '')) as amount
      from jsonb_array_elements(p_products) with ordinality e(value, n)
  loop
    select * into v_product from public.products p where p.id = v_line.product_id;
    if not found then
      perform private.refuse('unknown_product', 'Uno de los productos de la receta no existe en el catálogo: quítalo y elige otro.', 'products');
    end if;
    -- A withdrawn product is not added to a recipe; one the recipe already had may stay (flagged).
    if not v_product.is_active and not exists (
         select 1 from public.recipe_products rp where rp.recipe_id = v_id and rp.product_id = v_product.id) then
      perform private.refuse('inactive_product', format('«%s» está retirado del catálogo: elige otro producto.', v_product.name), 'products');
    end if;
    if char_length(v_line.amount) not between 1 and 60 then
      perform private.refuse('invalid_amount',
        format('Escribe la cantidad de «%s» (hasta 60 caracteres, por ejemplo «2 cucharadas»).', v_product.name), 'products');
    end if;
    if (select count(*) from jsonb_array_elements(p_products) o where pg_catalog.lower(o ->> 'product_id') = v_line.product_id::text) > 1 then
      perform private.refuse('duplicate_product', format('«%s» está dos veces en la receta: déjalo una sola vez.', v_product.name), 'products');
    end if;
  end loop;

  -- The photo is one already uploaded to this recipe's folder of recipe-images (the screen uploads it
  -- first): a path to nothing would show a broken image on the member's public page.
  if v_image is not null and (not private.is_file_in_folder(v_image, v_id::text)
     or not exists (select 1 from storage.objects o where o.bucket_id = 'recipe-images' and o.name = v_image)) then
    perform private.refuse('invalid_image', 'No encontramos la foto subida para esta receta: vuelve a tomarla o elegirla.', 'image');
  end if;

  if v_exists then
    update public.recipes r
       set title = v_title, description = v_description, instructions = v_instructions, benefits = v_benefits, image_path = v_image
     where r.id = v_id;
  else
    insert into public.recipes (id, title, description, instructions, benefits, image_path)
    values (v_id, v_title, v_description, v_instructions, v_benefits, v_image);
  end if;
  -- The products are replaced as a whole: the audit log keeps what each one was.
  delete from public.recipe_products rp
   where rp.recipe_id = v_id
     and rp.product_id not in (select (e ->> 'product_id')::uuid from jsonb_array_elements(p_products) e);
  insert into public.recipe_products as rp (recipe_id, product_id, amount)
  select v_id, (e ->> 'product_id')::uuid, btrim(e ->> 'amount') from jsonb_array_elements(p_products) e
  on conflict (recipe_id, product_id) do update set amount = excluded.amount where rp.amount is distinct from excluded.amount;
  return public.get_recipe(v_id);
end
$$;
comment on function public.save_recipe(uuid, text, jsonb, text, text, text[], text) is
  'Personal: crea (si p_id es nulo o no existe: la pantalla elige el id para subir antes la foto a su carpeta) o edita una receta y sus productos en una sola transacción. p_products es una lista [{product_id, amount}] de 1 a 30 productos del catálogo, sin repetir, cada uno con su cantidad (1 a 60 caracteres); un producto que no existe se rechaza, uno retirado (inactivo) solo puede quedarse si la receta ya lo tenía. Valida título (2 a 120), descripción (≤ 2.000), preparación (≤ 10.000), beneficios (claves de public.benefits) y la foto (subida a recipe-images/<id>/); cada negativa dice en DETAIL su campo (title, description, instructions, benefits, products, image) y nada queda a medias. Devuelve la receta (get_recipe).';

create or replace function public.delete_recipe(p_recipe_id uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_staff();
  -- Its products go with it (on delete cascade); the audit log keeps both.
  delete from public.recipes r where r.id = p_recipe_id;
  if not found then
    perform private.refuse('unknown_recipe', 'La receta no existe: tal vez alguien la borró.');
  end if;
end
$$;
comment on function public.delete_recipe(uuid) is
  'Personal: borra una receta y sus productos (la pantalla quita después su foto de Storage). Una receta que no existe se rechaza (savia:unknown_recipe).';
revoke all on function public.save_recipe(uuid, text, jsonb, text, text, text[], text), public.delete_recipe(uuid) from public, anon;
grant execute on function public.save_recipe(uuid, text, jsonb, text, text, text[], text), public.delete_recipe(uuid) to authenticated;
