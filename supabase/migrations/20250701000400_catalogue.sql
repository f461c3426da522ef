-- Catalogue: suppliers, products, their costs (finance only), recipes, health analyses, leads.

-- suppliers (superadmin) -------------------------------------------------------------------------
create table public.suppliers (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint suppliers_nombre_valido check (char_length(btrim(name)) between 2 and 120),
  tax_id text constraint suppliers_nit_valido check (char_length(tax_id) <= 40),
  contact_name text constraint suppliers_contacto_valido check (char_length(contact_name) <= 120),
  email text constraint suppliers_correo_valido check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and char_length(email) <= 254),
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
comment on column public.products.benefits is 'Beneficios etiquetados (p. ej. digestión, sueño) que usa el Análisis de Salud para recomendar.';
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

-- health_analyses (superadmin) ------------------------------------------------------------------------
create table public.health_analyses (
  id uuid primary key default gen_random_uuid(),
  client_id uuid not null references public.clients (id) on delete cascade,
  answers jsonb not null default '{}' constraint health_analyses_respuestas_objeto check (jsonb_typeof(answers) = 'object'),
  recommendations jsonb not null default '[]' constraint health_analyses_recomendaciones_lista check (jsonb_typeof(recommendations) = 'array'),
  notes text constraint health_analyses_notas_validas check (char_length(notes) <= 4000),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index health_analyses_client_idx on public.health_analyses (client_id);
create index health_analyses_created_by_idx on public.health_analyses (created_by);
comment on table public.health_analyses is
  'Cuestionarios de Análisis de Salud por miembro y los productos y recetas recomendados con su porqué. Datos sensibles: solo superadmin. No es consejo médico.';
create trigger health_analyses_stamp before insert or update on public.health_analyses
  for each row execute function private.stamp_authorship('created_by', 'created_at');

-- leads (contact form of the public page) -------------------------------------------------------------
create table public.leads (
  id uuid primary key default gen_random_uuid(),
  client_id uuid not null references public.clients (id) on delete cascade,
  name text not null constraint leads_nombre_valido check (char_length(btrim(name)) between 2 and 120),
  email text constraint leads_correo_valido check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and char_length(email) <= 254),
  phone text constraint leads_telefono_valido check (char_length(phone) <= 40),
  message text constraint leads_mensaje_valido check (char_length(message) <= 2000),
  status text not null default 'new' constraint leads_estado_valido check (status in ('new', 'contacted', 'closed')),
  -- Colombian data-protection law wants consent prior, express and informed: a lead exists only with
  -- the moment the visitor ticked the authorisation (submit_lead refuses without it).
  consented_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint leads_con_forma_de_contacto check (email is not null or phone is not null)
);
create index leads_client_idx on public.leads (client_id, created_at desc);
comment on table public.leads is
  'Contactos que deja un visitante en la página pública de un miembro (vía public.submit_lead). El miembro ve y gestiona los suyos.';
create trigger leads_touch before update on public.leads for each row execute function private.touch_updated_at();
create trigger leads_stamp before insert or update on public.leads
  for each row execute function private.stamp_authorship('created_at');

create or replace function private.leads_guard() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('authenticated', 'anon') and not private.is_staff()
     and (to_jsonb(new) - array['status', 'updated_at']) is distinct from (to_jsonb(old) - array['status', 'updated_at']) then
    perform private.refuse('forbidden', 'Solo puedes cambiar el estado de tus contactos.', null, '42501');
  end if;
  return new;
end
$$;
comment on function private.leads_guard() is 'El miembro solo cambia el estado de seguimiento de sus contactos, no lo que escribió el visitante.';
create trigger leads_guard before update on public.leads for each row execute function private.leads_guard();

-- Row level security ----------------------------------------------------------------------------------
alter table public.suppliers enable row level security;
alter table public.products enable row level security;
alter table public.product_costs enable row level security;
alter table public.recipes enable row level security;
alter table public.recipe_products enable row level security;
alter table public.health_analyses enable row level security;
alter table public.leads enable row level security;
-- The back office edits the catalogue (costs with finance, suppliers and analyses as superadmin);
-- leads arrive through public.submit_lead, so nobody inserts them through the API.
grant select, insert, update, delete on public.suppliers, public.products, public.product_costs, public.recipes,
  public.recipe_products, public.health_analyses to authenticated;
grant select, update, delete on public.leads to authenticated;

create policy suppliers_superadmin on public.suppliers for all to authenticated
  using ((select private.is_superadmin())) with check ((select private.is_superadmin()));

-- Members order from the active catalogue; staff manage all of it.
create policy products_select_member on public.products for select to authenticated
  using (is_active and (select private.my_client_id()) is not null);
create policy products_select_staff on public.products for select to authenticated
  using ((select private.is_staff()));
create policy products_insert_staff on public.products for insert to authenticated
  with check ((select private.is_staff()));
create policy products_update_staff on public.products for update to authenticated
  using ((select private.is_staff())) with check ((select private.is_staff()));
create policy products_delete_staff on public.products for delete to authenticated
  using ((select private.is_staff()));

create policy product_costs_finance on public.product_costs for all to authenticated
  using ((select private.has_finance())) with check ((select private.has_finance()));

create policy recipes_staff on public.recipes for all to authenticated
  using ((select private.is_staff())) with check ((select private.is_staff()));
create policy recipe_products_staff on public.recipe_products for all to authenticated
  using ((select private.is_staff())) with check ((select private.is_staff()));

create policy health_analyses_superadmin on public.health_analyses for all to authenticated
  using ((select private.is_superadmin())) with check ((select private.is_superadmin()));

create policy leads_select_own on public.leads for select to authenticated
  using (client_id = (select private.my_client_id()));
create policy leads_update_own on public.leads for update to authenticated
  using (client_id = (select private.my_client_id())) with check (client_id = (select private.my_client_id()));
create policy leads_select_staff on public.leads for select to authenticated
  using ((select private.is_staff()));
create policy leads_update_staff on public.leads for update to authenticated
  using ((select private.is_staff())) with check ((select private.is_staff()));
create policy leads_delete_superadmin on public.leads for delete to authenticated
  using ((select private.is_superadmin()));
