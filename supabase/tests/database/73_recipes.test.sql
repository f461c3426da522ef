-- Recetario (20250701050000_catalogue.sql, 20250701092000_reads_catalogue_and_sales.sql) on the
-- engine's fixture, whose catalogue is known:
--   Té de moringa (stock 100), Cápsulas de cúrcuma (stock 3), Aceite de lavanda (stock 100),
--   Kit de inicio (kit), Producto retirado (inactive).
-- Who may read and write recipes, what save_recipe refuses (each at its field, nothing half-written),
-- the flags the database computes, the search, what withdrawing a product does to a recipe, and that
-- making recipe photos public made nothing else public.
begin;
\ir 50_engine_fixture.psql
select plan(50);

-- The demo's recipes (on a seeded database) lost their products with the fixture's truncate.
delete from public.recipes;
update public.clients set slug = 'amparo-ruiz' where id = engine_tests.id('amparo');
insert into storage.objects (bucket_id, name) values
  ('recipe-images', 'aaaaaaaa-0000-4000-8000-000000000001/foto.jpg'),
  ('recipe-images', 'aaaaaaaa-0000-4000-8000-000000000099/otra.jpg'),
  ('payment-vouchers', engine_tests.id('amparo')::text || '/pago.jpg');

create function engine_tests.refusal(p_as text, p_sql text) returns text language plpgsql as $$
declare
  v_hint text;
  v_detail text;
begin
  perform engine_tests.act_as(p_as);
  execute p_sql;
  return null;
exception when others then
  get stacked diagnostics v_hint = pg_exception_hint, v_detail = pg_exception_detail;
  return v_hint || ' [' || v_detail || '] ' || sqlerrm;
end
$$;

-- Runs save_recipe as admin for the fixed recipe id …0001 with the given products (and title, image).
create function engine_tests.save(p_products jsonb, p_title text default 'Batido de moringa',
                                  p_image text default null, p_id uuid default 'aaaaaaaa-0000-4000-8000-000000000001')
returns jsonb language plpgsql as $$
begin
  perform engine_tests.act_as('admin');
  return public.save_recipe(p_id, p_title, p_products, 'Un batido verde.', 'Licúa todo.', array['digestion', 'energia', 'energia'], p_image);
end
$$;

create function engine_tests.line(p_key text, p_amount text) returns jsonb language sql stable as $$
  select jsonb_build_object('product_id', engine_tests.id(p_key), 'amount', p_amount)
$$;

-- Only staff ---------------------------------------------------------------------------------------------
select is(engine_tests.refusal('amparo', $$select * from public.list_recipes()$$),
  'savia:forbidden [] Solo el personal (admin o superadmin) puede realizar esta acción.', 'un miembro no lista recetas');
select is(engine_tests.refusal('sinrol', $$select public.save_recipe(null, 'Receta', '[]')$$),
  'savia:forbidden [] Solo el personal (admin o superadmin) puede realizar esta acción.', 'una cuenta sin rol no guarda recetas');
select is(engine_tests.refusal('nadie', $$select public.delete_recipe(gen_random_uuid())$$),
  'savia:forbidden [] Solo el personal (admin o superadmin) puede realizar esta acción.', 'sin sesión no se borra nada');

-- Refusals, each at its field, nothing written -------------------------------------------------------------
select is(engine_tests.refusal('admin', $$select engine_tests.save(null)$$),
  'savia:recipe_without_products [products] Agrega al menos un producto del catálogo a la receta.', 'sin productos (nulo)');
select is(engine_tests.refusal('admin', $$select engine_tests.save('[]')$$),
  'savia:recipe_without_products [products] Agrega al menos un producto del catálogo a la receta.', 'sin productos (lista vacía)');
select is(engine_tests.refusal('admin', $$select engine_tests.save('{"product_id": "x"}')$$),
  'savia:recipe_without_products [products] Agrega al menos un producto del catálogo a la receta.', 'productos que no son una lista');
select is(engine_tests.refusal('admin', $$select engine_tests.save(jsonb_build_array(engine_tests.line('te', '1 taza'),
                                           jsonb_build_object('product_id', gen_random_uuid(), 'amount', '1')))$$),
  'savia:unknown_product [products] Uno de los productos de la receta no existe en el catálogo: quítalo y elige otro.', 'un producto que no existe');
select is(engine_tests.refusal('admin', $$select engine_tests.save('[{"product_id": "no-es-un-id", "amount": "1"}]')$$),
  'savia:unknown_product [products] Uno de los productos de la receta no existe en el catálogo: quítalo y elige otro.', 'un id que no es un uuid');
select is(engine_tests.refusal('admin', $$select engine_tests.save(jsonb_build_array(engine_tests.line('retirado', '1')))$$),
  'savia:inactive_product [products] «Producto retirado» está retirado del catálogo: elige otro producto.', 'un producto retirado no se agrega');
select is(engine_tests.refusal('admin', $$select engine_tests.save(jsonb_build_array(engine_tests.line('te', '  ')))$$),
  'savia:invalid_amount [products] Escribe la cantidad de «Té de moringa» (hasta 60 caracteres, por ejemplo «2 cucharadas»).', 'sin cantidad');
select is(engine_tests.refusal('admin', $$select engine_tests.save(jsonb_build_array(engine_tests.line('te', repeat('x', 61))))$$),
  'savia:invalid_amount [products] Escribe la cantidad de «Té de moringa» (hasta 60 caracteres, por ejemplo «2 cucharadas»).', 'cantidad de 61 caracteres');
select is(engine_tests.refusal('admin', $$select engine_tests.save(jsonb_build_array(engine_tests.line('te', '1'),
                                           jsonb_build_object('product_id', upper(engine_tests.id('te')::text), 'amount', '2')))$$),
  'savia:duplicate_product [products] «Té de moringa» está dos veces en la receta: déjalo una sola vez.', 'el mismo producto dos veces (aunque en mayúsculas)');
select is(engine_tests.refusal('admin', $$select engine_tests.save(jsonb_build_array(engine_tests.line('te', '1')), ' x ')$$),
  'savia:invalid_recipe [title] El título debe tener de 2 a 120 caracteres.', 'título de 1 letra');
select is(engine_tests.refusal('admin', $$select engine_tests.save(jsonb_build_array(engine_tests.line('te', '1')), p_image => 'aaaaaaaa-0000-4000-8000-000000000001/nada.jpg')$$),
  'savia:invalid_image [image] No encontramos la foto subida para esta receta: vuelve a tomarla o elegirla.', 'una foto que no se subió');
select is(engine_tests.refusal('admin', $$select engine_tests.save(jsonb_build_array(engine_tests.line('te', '1')), p_image => 'aaaaaaaa-0000-4000-8000-000000000099/otra.jpg')$$),
  'savia:invalid_image [image] No encontramos la foto subida para esta receta: vuelve a tomarla o elegirla.', 'la foto de otra receta');
select is(engine_tests.refusal('admin', $$select public.save_recipe(null, 'Receta', jsonb_build_array(engine_tests.line('te', '1')), repeat('d', 2001))$$),
  'savia:invalid_recipe [description] La descripción puede tener hasta 2.000 caracteres.', 'descripción demasiado larga');
select is(engine_tests.refusal('admin', $$select public.save_recipe(null, 'Receta', jsonb_build_array(engine_tests.line('te', '1')), null, '', array['Energía'])$$),
  'savia:invalid_benefits [benefits] Hay un beneficio que no está en la lista: elígelo entre los que ofrece el formulario.', 'un beneficio fuera de la lista (el nombre no es la clave)');
select is((select count(*)::int from public.recipes) + (select count(*)::int from public.recipe_products), 0, 'ninguna negativa dejó nada escrito');

-- Create, with its flags -----------------------------------------------------------------------------------
insert into public.stock_movements (product_id, quantity, kind, note) values (engine_tests.id('curcuma'), -3, 'adjustment', 'Sin stock para la prueba');
select is(engine_tests.save(jsonb_build_array(engine_tests.line('te', ' 1 cucharada '), engine_tests.line('curcuma', '2 cápsulas')),
                            p_image => 'aaaaaaaa-0000-4000-8000-000000000001/foto.jpg')
          - 'created_at' - 'updated_at',
  jsonb_build_object('id', 'aaaaaaaa-0000-4000-8000-000000000001', 'title', 'Batido de moringa', 'description', 'Un batido verde.',
    'instructions', 'Licúa todo.', 'benefits', jsonb_build_array('energia', 'digestion'),
    'image_path', 'aaaaaaaa-0000-4000-8000-000000000001/foto.jpg',
    'products', jsonb_build_array(
       jsonb_build_object('product_id', engine_tests.id('curcuma'), 'sku', 'M-CURCUMA', 'name', 'Cápsulas de cúrcuma', 'amount', '2 cápsulas', 'stock', 0, 'status', 'agotado'),
       jsonb_build_object('product_id', engine_tests.id('te'), 'sku', 'M-TE', 'name', 'Té de moringa', 'amount', '1 cucharada', 'stock', 100, 'status', 'disponible')),
    'unavailable', 1, 'on_public_pages', true),
  'crea la receta con sus productos (cantidades recortadas, beneficios sin repetir, en el orden de la lista) y marca la cúrcuma sin stock como agotada');
select is((select r.created_by from public.recipes r where r.title = 'Batido de moringa'), (select user_id from engine_tests.ids where key = 'admin'),
  'firmada por quien la creó');
select is((select count(*)::int from public.audit_logs a where a.table_name = 'recipe_products' and a.action = 'INSERT'
                                           and a.row_id = 'aaaaaaaa-0000-4000-8000-000000000001'), 2,
  'cada producto de la receta queda en la bitácora');

-- Edit: products replaced as a whole ----------------------------------------------------------------------
select is(jsonb_path_query_array(engine_tests.save(jsonb_build_array(engine_tests.line('te', '2 cucharadas'), engine_tests.line('lavanda', '3 gotas')),
                                                   'Batido de moringa y lavanda') -> 'products', '$[*].amount'),
  '["3 gotas", "2 cucharadas"]'::jsonb, 'editar cambia cantidades, agrega la lavanda y quita la cúrcuma');
select is((select array_agg(p.sku order by p.sku) from public.recipe_products rp join public.products p on p.id = rp.product_id),
  array['M-LAVANDA', 'M-TE'], 'en la tabla quedan exactamente los productos enviados');
select is((select r.image_path from public.recipes r), null, 'editar sin foto quita la foto');
select is(engine_tests.refusal('admin', $$select engine_tests.save('[]')$$),
  'savia:recipe_without_products [products] Agrega al menos un producto del catálogo a la receta.', 'una edición tampoco deja la receta sin productos');
select is((select count(*)::int from public.recipe_products), 2, 'y la receta conserva sus productos');

-- A second recipe, for the search ---------------------------------------------------------------------------
select is(engine_tests.save(jsonb_build_array(engine_tests.line('curcuma', '1 cápsula')), 'Leche dorada', null,
                            'aaaaaaaa-0000-4000-8000-000000000002') ->> 'title', 'Leche dorada', 'una segunda receta');
update public.recipes set benefits = array['descanso'] where title = 'Leche dorada';
select engine_tests.act_as('admin');
select is((select array_agg(title order by title) from public.list_recipes('CURCUMA')), array['Leche dorada'], 'busca por producto, sin tildes ni mayúsculas');
select is((select array_agg(title order by title) from public.list_recipes('ENERGÍA')), array['Batido de moringa y lavanda'], 'busca por el nombre del beneficio, sin tildes ni mayúsculas');
select is((select array_agg(title order by title) from public.list_recipes('LECHE dorada')), array['Leche dorada'], 'busca por título, cada palabra');
select is((select array_agg(title order by title) from public.list_recipes('leche lavanda')), null, 'cada palabra debe aparecer');
select is((select array_agg(title order by title) from public.list_recipes('%')), null, '% es una letra, no un comodín');
select results_eq($$select title, total from public.list_recipes(null, 2, 1)$$, $$values ('Leche dorada'::text, 2::bigint)$$,
  'pagina en el servidor, por título, con el total');
select is(engine_tests.refusal('admin', $$select * from public.list_recipes(null, 1, 101)$$),
  'savia:invalid_page [] Búsqueda no válida: página de 1 a 10.000, tamaño de 1 a 100, texto de hasta 100 caracteres.', 'tamaño de página 101');

-- A product withdrawn later -----------------------------------------------------------------------------------
select is((select p -> 'recipes' -> 0 ->> 'title' from public.get_public_page('amparo-ruiz') p), 'Batido de moringa y lavanda',
  'antes: la receta está en la página pública');
update public.products set is_active = false where id = engine_tests.id('lavanda');
select engine_tests.act_as('admin');
select is((select jsonb_path_query_array(products, '$[*].status') || to_jsonb(unavailable) || to_jsonb(on_public_pages)
             from public.list_recipes('moringa')),
  '["retirado", "disponible", 1, false]'::jsonb, 'la receta sigue en el Recetario con la lavanda marcada como retirada');
select is((select count(*)::int from public.get_public_page('amparo-ruiz') p, jsonb_array_elements(p -> 'recipes') r
            where r ->> 'title' like 'Batido%'), 0,
  'y deja de mostrarse en las páginas públicas');
select is(engine_tests.save(jsonb_build_array(engine_tests.line('te', '2 cucharadas'), engine_tests.line('lavanda', '4 gotas')),
                            'Batido de moringa y lavanda') -> 'products' -> 0 ->> 'amount', '4 gotas',
  'editarla puede conservar el producto retirado que ya tenía');
select is(engine_tests.refusal('admin', $$select public.delete_product(engine_tests.id('lavanda'))$$),
  'savia:product_in_use [] «Aceite de lavanda» aparece en recetas del Recetario y no se puede borrar: quítalo de ellas o desactívalo.',
  'un producto de una receta no se borra del catálogo');
select is(engine_tests.refusal('admin', $$delete from public.products where id = engine_tests.id('lavanda')$$),
  'savia:product_in_use [] «Aceite de lavanda» aparece en recetas del Recetario y no se puede borrar: quítalo de ellas o desactívalo.',
  'ni siquiera con un DELETE directo');
select is(engine_tests.save(jsonb_build_array(engine_tests.line('te', '2 cucharadas')), 'Batido de moringa y lavanda',
                            'aaaaaaaa-0000-4000-8000-000000000001/foto.jpg') -> 'on_public_pages', 'true'::jsonb,
  'quitarle el producto retirado (y ponerle foto)');
select is((select p -> 'recipes' -> 0 ->> 'image_path' from public.get_public_page('amparo-ruiz') p),
  'aaaaaaaa-0000-4000-8000-000000000001/foto.jpg', 'sin el retirado vuelve a la página pública, con la ruta de su foto');

-- Delete -------------------------------------------------------------------------------------------------------
select is(engine_tests.refusal('admin', $$select public.delete_recipe('aaaaaaaa-0000-4000-8000-000000000002')$$), null, 'borrar una receta');
select is((select count(*)::int from public.recipe_products rp where rp.recipe_id = 'aaaaaaaa-0000-4000-8000-000000000002'), 0,
  'se van sus productos');
select is(engine_tests.refusal('admin', $$select public.delete_recipe('aaaaaaaa-0000-4000-8000-000000000002')$$),
  'savia:unknown_recipe [] La receta no existe: tal vez alguien la borró.', 'una receta que no existe');
select is(engine_tests.refusal('admin', $$select public.get_recipe(gen_random_uuid())$$),
  'savia:unknown_recipe [] La receta no existe: tal vez alguien la borró.', 'get_recipe de una receta que no existe');

-- Recipe photos are public; nothing else became so ----------------------------------------------------------
select is((select array_agg(id::text order by id) from storage.buckets where public), array['product-images', 'recipe-images'],
  'solo las fotos de productos y de recetas son públicas');
set local role anon;
select is((select count(*)::int from storage.objects where bucket_id in ('recipe-images', 'payment-vouchers')), 0,
  'anon no lista fotos de recetas ni comprobantes');
select throws_ok($$insert into storage.objects (bucket_id, name) values ('recipe-images', 'x/y.jpg')$$, '42501', null,
  'anon no sube fotos de recetas');
reset role;
select is((select count(*)::int from public.recipes), 1, 'al final queda una receta');

select * from finish();
rollback;
