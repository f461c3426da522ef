-- Recetario (issue 14): the back office's recipe book.
--   * list_recipes / get_recipe: every recipe for staff, with its products, each flagged by the database
--     as «agotado» (no stock) or «retirado» (inactive in the catalogue), and whether the recipe shows on
--     members' public pages (the same rule as get_public_page: every product active and not a kit).
--   * save_recipe: create or edit a recipe and its products in one statement, each refusal a Spanish
--     sentence naming its field (DETAIL), so nothing is half-written.
--   * delete_recipe.
-- A product used by a recipe cannot be deleted (private.products_guard_delete refuses it and the foreign
-- key is «on delete restrict»); withdrawing it from the catalogue (is_active = false) keeps the recipe,
-- flags the ingredient «retirado» here and hides the recipe from public pages until the product returns
-- or the recipe drops it. An edit may keep a withdrawn product it already had, never add one.
-- Photos live in the recipe-images bucket, public since this issue (20250701000800_storage.sql): it holds
-- only recipe photos, which members' public pages show; listing it and writing to it stay staff-only.

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
         private.unaccent_lower(concat_ws(' ', r.title, array_to_string(r.benefits, ' '), x.names))
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

-- Saving a recipe ----------------------------------------------------------------------------------------
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
  v_benefits := private.clean_tags(p_benefits);
  if cardinality(v_benefits) > 30 or exists (select 1 from unnest(v_benefits) b where char_length(b) > 40) then
    perform private.refuse('invalid_benefits', 'Los beneficios son hasta 30 etiquetas de hasta 40 caracteres cada una.', 'benefits');
  end if;

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
  if v_image is not null and (v_image not like v_id::text || '/%' or char_length(v_image) > 500
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
  'Personal: crea (si p_id es nulo o no existe: la pantalla elige el id para subir antes la foto a su carpeta) o edita una receta y sus productos en una sola transacción. p_products es una lista [{product_id, amount}] de 1 a 30 productos del catálogo, sin repetir, cada uno con su cantidad (1 a 60 caracteres); un producto que no existe se rechaza, uno retirado (inactivo) solo puede quedarse si la receta ya lo tenía. Valida título (2 a 120), descripción (≤ 2.000), preparación (≤ 10.000), beneficios (etiquetas) y la foto (subida a recipe-images/<id>/); cada negativa dice en DETAIL su campo (title, description, instructions, benefits, products, image) y nada queda a medias. Devuelve la receta (get_recipe).';

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

-- Access ---------------------------------------------------------------------------------------------------
revoke all on function private.recipes_for_staff() from public;
revoke all on function public.list_recipes(text, integer, integer), public.get_recipe(uuid),
  public.save_recipe(uuid, text, jsonb, text, text, text[], text), public.delete_recipe(uuid) from public, anon;
grant execute on function public.list_recipes(text, integer, integer), public.get_recipe(uuid),
  public.save_recipe(uuid, text, jsonb, text, text, text[], text), public.delete_recipe(uuid) to authenticated;
