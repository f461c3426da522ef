-- The public page RPC, the lead form, the limited downline view, and Storage policies.
begin;
\ir _helpers.psql
select plan(23);

-- Landing: anon reads only public fields of an approved member.
select is(tests.try_as('anon', 'select', $$select public.get_public_page('ana-prueba') where public.get_public_page('ana-prueba') is not null$$),
  'rows:1', 'anon lee la página pública de un miembro aprobado');
select is((select jsonb_object_keys_agg from (select array_agg(k order by k) as jsonb_object_keys_agg
             from jsonb_object_keys(public.get_public_page('ANA-PRUEBA') -> 'member') k) x),
  array['city', 'name', 'slug'], 'la página pública no expone correo, teléfono ni documento');
select is(public.get_public_page('no-existe'), null, 'slug desconocido: nada');
update public.products set is_active = false where id = (select id from tests.fx where key = 'product_unsold');
select ok((public.get_public_page('ana-prueba') -> 'products') @> '[{"name":"Producto vendido"}]'::jsonb
          and not (public.get_public_page('ana-prueba') -> 'products') @> '[{"name":"Producto sin ventas"}]'::jsonb,
  'la página pública muestra el catálogo activo, no los productos retirados');
select is(tests.try_as('anon', 'insert', $$select public.submit_lead('ana-prueba', 'Visitante', 'v@correo.test', null, 'Hola', true)$$),
  'ok:1', 'anon deja un contacto en la página pública');
select is(tests.error_as('anon', $$select public.submit_lead('ana-prueba', 'Visitante', 'v@correo.test', null, 'Hola')$$),
  'Para enviar tu mensaje, marca la casilla de autorización de datos.', 'sin la autorización de datos no se guarda nada');
select is(tests.error_as('anon', $$select public.submit_lead('ana-prueba', 'Visitante', 'v@correo.test', null, 'Hola', null)$$),
  'Para enviar tu mensaje, marca la casilla de autorización de datos.', 'una autorización nula tampoco vale');
select public.submit_lead('ana-prueba', 'Visitante autorizado', 'v2@correo.test', p_consent => true);
select is((select consented_at from public.leads where name = 'Visitante autorizado'), now(),
  'el contacto guarda el momento en que se autorizó el uso de los datos');
select is(tests.error_as('anon', $$select public.submit_lead('ana-prueba', 'Visitante', null, null, 'Hola', true)$$),
  'Déjanos un correo o un teléfono para poder contactarte.', 'un contacto necesita correo o teléfono');
select is(tests.error_as('anon', $$select public.submit_lead('no-existe', 'Visitante', 'v@correo.test')$$),
  'Esta página no existe.', 'contacto a una página inexistente rechazado');
select is(tests.error_as('anon', $$select * from public.get_network_page()$$),
  'permission denied for function get_network_page', 'anon no ve redes');

-- The network: A sees A1 and A2 with their generation; contact data only of direct enrollees.
select is(tests.try_as('member_a', 'select', $$select * from public.get_network_summary() where generation is not null$$), 'rows:2', 'A ve dos generaciones');
select tests.authenticate_as('member_a');
create temp table a_downline on commit drop as
  select * from public.get_network_page(p_generation => 1) union all select * from public.get_network_page(p_generation => 2);
select tests.clear_authentication();
select set_eq($$ select name, generation, email from a_downline $$,
  $$ values ('Alba Hija'::text, 1, 'a1@tests.savia'::text), ('Aurora Nieta', 2, null) $$,
  'generaciones correctas y correo solo del enrolado directo');
select is(tests.error_as('member_b', $$select * from public.get_network_page({a})$$),
  'Solo puedes ver tu propia red.', 'B no ve la red de A');
select is(tests.try_as('member_b', 'select', $$select * from public.get_network_page()$$), 'rows:0', 'B no ve a su enrolamiento pendiente');
select is(tests.error_as('sin_rol', $$select * from public.get_network_page()$$),
  'Solo un miembro con su ficha vinculada puede realizar esta acción.', 'sin_rol no ve redes');
select is(tests.try_as('admin', 'select', $$select * from public.get_network_summary({root}) where generation is null and members = 4$$), 'rows:1', 'el personal ve la red de cualquiera');

-- Storage: vouchers in the member's own folder; product images public; recipe images staff only.
select is(tests.try_as('member_a', 'insert',
  $$insert into storage.objects (bucket_id, name) values ('payment-vouchers', (select id::text from tests.fx where key = 'a') || '/pago.jpg')$$),
  'ok:1', 'A sube un comprobante a su carpeta');
select is(tests.try_as('member_a', 'insert',
  $$insert into storage.objects (bucket_id, name) values ('payment-vouchers', (select id::text from tests.fx where key = 'b') || '/pago.jpg')$$),
  'denied', 'A no sube a la carpeta de B');
insert into storage.objects (bucket_id, name) values
  ('payment-vouchers', (select id::text from tests.fx where key = 'a') || '/v1.jpg'),
  ('payment-vouchers', (select id::text from tests.fx where key = 'b') || '/v1.jpg'),
  ('product-images', 'p/foto.jpg'),
  ('recipe-images', 'r/foto.jpg');
select is(tests.try_as('member_b', 'select', $$select * from storage.objects where bucket_id = 'payment-vouchers' and name like '%/v1.jpg'$$),
  'rows:1', 'B solo ve su comprobante');
select is(tests.try_as('admin', 'select', $$select * from storage.objects where bucket_id = 'payment-vouchers' and name like '%/v1.jpg'$$),
  'rows:2', 'el personal ve todos los comprobantes');
select is(tests.try_as('anon', 'select', $$select * from storage.objects where bucket_id in ('product-images', 'recipe-images', 'payment-vouchers') and name like '%/%.jpg' and name not like '%pago%'$$),
  'rows:1', 'anon solo ve imágenes de productos');
select is(tests.try_as('member_a', 'insert', $$insert into storage.objects (bucket_id, name) values ('recipe-images', 'r/otra.jpg')$$),
  'denied', 'un miembro no sube imágenes de recetas');

select * from finish();
rollback;
