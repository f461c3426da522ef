-- The public page /p/{slug}: what get_public_page shows an anonymous visitor (and nothing more), which
-- slugs it answers, which recipes it lists, and that a lead with markup is refused and never stored.
begin;
\ir _helpers.psql
select plan(22);

-- Fixture: a kit, a recipe whose every product is on sale, one using a withdrawn product, one using
-- the kit, one without products; a pending and a rejected member with slugs.
update public.recipe_products set amount = '2 cucharadas' where recipe_id = (select id from tests.fx where key = 'recipe');
insert into public.products (sku, name, price, points, is_kit) values ('T-KIT', 'Kit de prueba', 50, 100, true);
update public.products set is_active = false where id = (select id from tests.fx where key = 'product_unsold');
insert into public.recipes (title) values ('Receta con retirado'), ('Receta con kit'), ('Receta sin productos');
insert into public.recipe_products (recipe_id, product_id)
select r.id, p.id
  from (values ('Receta con retirado', 'T-VENDIDO'), ('Receta con retirado', 'T-SINVENTA'), ('Receta con kit', 'T-KIT')) x(title, sku)
  join public.recipes r on r.title = x.title
  join public.products p on p.sku = x.sku;
insert into public.clients (name, email, slug, enroller_id, enrollment_status)
values ('Pablo Pendiente', 'pablo@tests.savia', 'pablo-pendiente', (select id from tests.fx where key = 'root'), 'pending'),
       ('Rita Rechazada', 'rita@tests.savia', 'rita-rechazada', (select id from tests.fx where key = 'root'), 'rejected');

create temp table page on commit drop as select public.get_public_page('ana-prueba') as p;
grant select on page to anon;

-- What the page holds -------------------------------------------------------------------------------
select is(tests.try_as('anon', 'select', $$select 1 from page where public.get_public_page('Ana-Prueba') = (select p from page)$$),
  'rows:1', 'anon lee la página, sin distinguir mayúsculas en el slug');
select is((select array_agg(k order by k) from page, jsonb_object_keys(p) k), array['company', 'member', 'products', 'recipes'],
  'la página: miembro, empresa, catálogo y recetas');
select is((select p -> 'member' from page), '{"name": "Ana Prueba", "slug": "ana-prueba", "city": null}'::jsonb,
  'del miembro solo nombre, slug y ciudad');
select ok((select position('a@tests.savia' in p::text) = 0 and position('+57 300 111 0001' in p::text) = 0 from page),
  'ni su correo ni su teléfono aparecen en ninguna parte de la página');
select is((select p -> 'company' from page),
  (select jsonb_build_object('name', company_name, 'contact_info', contact_info, 'currency', currency) from public.metadata where id = 'app_settings'),
  'de la empresa: nombre, contacto y moneda de la configuración');
select is((select jsonb_array_length(p -> 'products') from page), (select count(*)::int from public.products where is_active and not is_kit),
  'el catálogo: todos los productos activos que no son kits');
select ok((select not (p -> 'products') @> '[{"name": "Kit de prueba"}]' and not (p -> 'products') @> '[{"name": "Producto sin ventas"}]' from page),
  'ni el kit ni el producto retirado');
select is((select array_agg(k order by k) from page, jsonb_object_keys(p -> 'products' -> 0) k),
  array['benefits', 'category', 'description', 'id', 'image_path', 'name', 'price'],
  'de cada producto lo que el visitante ve: ni stock, ni puntos, ni base comisionable, ni SKU');
select is((select r from page, jsonb_array_elements(p -> 'recipes') r where r ->> 'title' like 'Receta %'),
  jsonb_build_object('id', (select id from tests.fx where key = 'recipe'), 'title', 'Receta de prueba', 'description', null,
                     'instructions', '', 'benefits', '[]'::jsonb, 'image_path', null,
                     'products', jsonb_build_array(jsonb_build_object('product_id', (select id from tests.fx where key = 'product'),
                                                                      'name', 'Producto vendido', 'amount', '2 cucharadas'))),
  'solo la receta cuyos productos están todos a la venta, con sus productos y cantidades (no la del retirado, la del kit ni la vacía)');

-- Which slugs answer ----------------------------------------------------------------------------------
select is(public.get_public_page('pablo-pendiente'), null, 'un enrolamiento pendiente no tiene página');
select is(public.get_public_page('rita-rechazada'), null, 'un enrolamiento rechazado tampoco');
select is((select count(*)::int from unnest(array['no-existe', '%', 'ana%', 'ana_prueba', 'ana-prueba''--', ' ana-prueba', 'ana-prueba/', '',
                                                  '../ana-prueba', 'ána-prueba', repeat('a', 1000000)]) s
            where public.get_public_page(s) is not null) + (case when public.get_public_page(null) is null then 0 else 1 end),
  0, 'un slug desconocido o con caracteres raros (comodines, comillas, barras, espacios, tildes, 1 MB, null): nada');

-- Anon reads the page through the function only ---------------------------------------------------------
select is(tests.try_as('anon', 'select', 'select * from public.clients'), 'denied', 'anon no lee miembros');
select is(tests.try_as('anon', 'select', 'select * from public.leads'), 'denied', 'anon no lee contactos');
select is(tests.try_as('anon', 'insert', $$insert into public.leads (client_id, name, email) values ({a}, 'Alguien', 'x@correo.test')$$),
  'denied', 'anon no escribe contactos sino por submit_lead');
select is(tests.try_as('anon', 'select', 'select * from public.products'), 'denied', 'anon no lee el catálogo directamente');

-- A lead is plain text ----------------------------------------------------------------------------------------
create temp table leads_before on commit drop as select count(*)::int as n from public.leads;
select is(tests.error_as('anon', $$select public.submit_lead('ana-prueba', 'Visitante', 'v@correo.test', null, '<script>alert(1)</script>', true)$$),
  'Escribe solo texto, sin etiquetas HTML (como <b> o <script>).', 'un mensaje con <script> se rechaza');
select is(tests.error_as('anon', $$select public.submit_lead('ana-prueba', '<b>Visitante</b>', 'v@correo.test', p_consent => true)$$),
  'Escribe solo texto, sin etiquetas HTML (como <b> o <script>).', 'un nombre con etiquetas también');
select is(tests.error_as('anon', $$select public.submit_lead('ana-prueba', 'Visitante', null, '<img src=x onerror=alert(1)>', p_consent => true)$$),
  'Escribe solo texto, sin etiquetas HTML (como <b> o <script>).', 'y un teléfono con una imagen');
select is(tests.try_as('anon', 'insert', $$select public.submit_lead('ana-prueba', 'Visitante', 'v@correo.test', null, 'Busco algo de 10 < precio < 30 y 5>4', true)$$),
  'ok:1', 'los signos < y > sueltos no son etiquetas: se aceptan');
select public.submit_lead('ana-prueba', 'Visitante Consentida', 'vc@correo.test', null, 'Hola', true) is null as sent \gset
select is((select l.consent_text from public.leads l where l.email = 'vc@correo.test'),
  format('Autorizo a %s y a %s a usar estos datos solo para responderme, según la ley de protección de datos personales (Ley 1581 de 2012).',
         (select c.name from public.clients c where c.slug = 'ana-prueba'), (select m.company_name from public.metadata m)),
  'el contacto guarda la autorización que aceptó, palabra por palabra, con el miembro y la empresa');
select is(tests.try_as('admin', 'update', $$update public.leads set message = '<a href="x">pulsa</a>' where id = {lead_a}$$),
  'denied', 'ni el personal reescribe lo que escribió el visitante: por la API solo cambia el estado');

select finish();
rollback;
