-- Productos (20250701050000_catalogue.sql, 20250701092000_reads_catalogue_and_sales.sql) on the
-- engine's fixture, whose catalogue is known:
--   Té de moringa 33.33 (base 33.33, stock 100), Cápsulas de cúrcuma 20.00 (base 15.00, stock 3),
--   Aceite de lavanda 10.00 (base 10.00, stock 100), Kit de inicio 100.00 (kit, stock 10),
--   Producto retirado 5.00 (inactive, stock 10).
-- Figures counted by hand. The plan's deepest level (★5) pays 0.10 + 0.05 + 0.04 + 0.03 + 0.02 = 0.24 of
-- the base, so at most: Té 33.33 × 0.24 = 7.9992 → 8.00; Cúrcuma 15.00 × 0.24 = 3.60; Lavanda 2.40.
-- Costs: Té 12.50 → margin 20.83, after the plan 12.83; Cúrcuma 9.00 → 11.00 and 7.40; Lavanda has none.
-- Pending orders: Amparo 2 Cúrcuma + 1 Té, Bruno 2 Cúrcuma (approved later), an enrolment with 1 Kit.
begin;
\ir 50_engine_fixture.psql
select plan(78);

do $$
declare
  v_id uuid;
begin
  update public.metadata set low_stock_threshold = 10 where id = 'app_settings';
  insert into public.staff_invitations (email, role, finance) values ('motor.sa@tests.savia', 'superadmin', false);
  insert into engine_tests.ids values ('sa', gen_random_uuid(), engine_tests.user_for('motor.sa@tests.savia'));
  insert into public.product_costs (product_id, unit_cost) values (engine_tests.id('te'), 12.50), (engine_tests.id('curcuma'), 9.00);
  update public.products set category = 'Infusiones' where id = engine_tests.id('te');
  update public.products set category = 'Suplementos' where id in (engine_tests.id('curcuma'), engine_tests.id('retirado'));
  -- A pending enrolment with its kit (the enrolment's own function is not what is tested here).
  insert into public.clients (name, email, enroller_id) values ('Nueva Pendiente', 'motor.nueva@tests.savia', engine_tests.id('amparo'))
  returning id into v_id;
  insert into public.sales (client_id, kind, status, total, commissionable_total, points_total)
  values (v_id, 'enrollment', 'Pendiente de Enrolamiento', 100, 100, 40) returning id into v_id;
  insert into public.sale_items (sale_id, product_id, quantity, unit_price, unit_commissionable, unit_points)
  values (v_id, engine_tests.id('kit'), 1, 100, 100, 40);
end
$$;

select engine_tests.order_as('amparo', engine_tests.items('curcuma', '2', 'te', '1')) as order_a \gset
select engine_tests.order_as('bruno', engine_tests.items('curcuma', '2')) as order_b \gset

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

create function engine_tests.products(p_as text, p_extra text default '') returns setof record language plpgsql as $$
begin
  perform engine_tests.act_as(p_as);
  return query execute format('select sku, unit_cost, margin, plan_max_payout, margin_after_plan from public.list_products(p_status => ''todos''%s) order by sku', p_extra);
end
$$;

-- The figures: finance sees them, nobody else ---------------------------------------------------------
select results_eq($$select * from engine_tests.products('super') as (sku text, c numeric, m numeric, p numeric, a numeric)$$,
  $$values ('M-CURCUMA'::text, 9.00::numeric, 11.00::numeric, 3.60::numeric, 7.40::numeric),
           ('M-KIT', null, null, 24.00, null),
           ('M-LAVANDA', null, null, 2.40, null),
           ('M-RETIRADO', null, null, 1.20, null),
           ('M-TE', 12.50, 20.83, 8.00, 12.83)$$,
  'finanzas: coste, margen, pago máximo del plan (base × 0,24) y margen tras el plan, a mano');
select is((select count(*) from engine_tests.products('admin') as (sku text, c numeric, m numeric, p numeric, a numeric)
            where c is not null or m is not null or p is not null or a is not null), 0::bigint,
  'admin: ninguna fila trae coste ni margen');
select is((select count(*) from engine_tests.products('sa') as (sku text, c numeric, m numeric, p numeric, a numeric)
            where c is not null or m is not null or p is not null or a is not null), 0::bigint,
  'superadmin sin finanzas: ninguna fila trae coste ni margen');
select engine_tests.act_as('admin');
select ok((select public.get_product(engine_tests.id('te')) ->> 'unit_cost') is null
          and (public.get_product(engine_tests.id('te')) ->> 'margin_after_plan') is null
          and (public.get_product(engine_tests.id('te')) ->> 'name') = 'Té de moringa',
  'admin: get_product trae el producto pero no su coste');
select engine_tests.act_as('sa');
select ok((select public.get_product(engine_tests.id('te')) ->> 'unit_cost') is null, 'superadmin sin finanzas: get_product sin coste');
select engine_tests.act_as('super');
select is((public.get_product(engine_tests.id('te')) ->> 'margin_after_plan')::numeric, 12.83, 'finanzas: get_product con el margen tras el plan');
-- And the table itself, through the API role: the policy hides every cost from the others.
select engine_tests.act_as('admin');
set local role authenticated;
select is((select count(*) from public.product_costs), 0::bigint, 'admin: product_costs no le muestra ninguna fila');
reset role;
select engine_tests.act_as('sa');
set local role authenticated;
select is((select count(*) from public.product_costs), 0::bigint, 'superadmin sin finanzas: product_costs tampoco');
reset role;
select engine_tests.act_as('super');
set local role authenticated;
select is((select count(*) from public.product_costs), 2::bigint, 'finanzas: product_costs sí');
reset role;

-- The plan in force now decides: a sixth generation at ★5 (0.25 in all) moves the Té's figures.
update public.star_level_configs set commission_rates = '{0.10,0.05,0.04,0.03,0.02,0.01}' where level = 5;
select results_eq($$select p, a from engine_tests.products('super') as (sku text, c numeric, m numeric, p numeric, a numeric) where sku = 'M-TE'$$,
  $$values (8.33::numeric, 12.50::numeric)$$, 'con el plan cambiado: 33.33 × 0,25 = 8,3325 → 8,33; 20,83 − 8,33 = 12,50');
update public.star_level_configs set commission_rates = '{0.10,0.05,0.04,0.03,0.02}' where level = 5;

-- Committed, over-committed, low stock ------------------------------------------------------------------
select engine_tests.act_as('admin');
select results_eq($$select sku, stock, committed, over_committed, low_stock from public.list_products(p_status => 'todos') order by sku$$,
  $$values ('M-CURCUMA'::text, 3, 4, true, true), ('M-KIT', 10, 1, false, true), ('M-LAVANDA', 100, 0, false, false),
           ('M-RETIRADO', 10, 0, false, true), ('M-TE', 100, 1, false, false)$$,
  'comprometido = unidades en pedidos pendientes (de aprobación y de enrolamiento); 4 de Cúrcuma superan su stock de 3; stock bajo ≤ 10');
select engine_tests.approve(:'order_b');
select engine_tests.act_as('admin');
select results_eq($$select stock, committed, over_committed from public.list_products(p_query => 'curcuma')$$,
  $$values (1, 2, true)$$, 'aprobado el pedido de Bruno: stock 1, quedan 2 comprometidos (los de Amparo), aún por encima');
select is_empty($$select * from private.product_committed_violations()$$, 'lo comprometido que se guarda coincide con el cálculo desde las ventas pendientes');
delete from public.sales where client_id = (select id from public.clients where email = 'motor.nueva@tests.savia');
select results_eq($$select committed from public.list_products(p_kit => true)$$, $$values (0)$$, 'borrada la venta pendiente del enrolamiento, el kit ya no está comprometido');
select is_empty($$select * from private.product_committed_violations()$$, 'y sigue coincidiendo');
select engine_tests.act_as('admin');

-- Search, filters, sort, pages --------------------------------------------------------------------------------
select results_eq($$select sku from public.list_products(p_query => 'CÚRCUMA')$$, $$values ('M-CURCUMA'::text)$$, 'busca sin tildes ni mayúsculas');
select results_eq($$select sku from public.list_products(p_query => 'm-te')$$, $$values ('M-TE'::text)$$, 'busca por SKU');
select results_eq($$select sku from public.list_products(p_query => 'aceite lav')$$, $$values ('M-LAVANDA'::text)$$, 'cada palabra debe aparecer');
select is_empty($$select sku from public.list_products(p_query => '%')$$, '% no es comodín');
select results_eq($$select sku from public.list_products() order by sku$$,
  $$values ('M-CURCUMA'::text), ('M-KIT'), ('M-LAVANDA'), ('M-TE')$$, 'por defecto, solo los activos');
select results_eq($$select sku from public.list_products(p_status => 'inactivos')$$, $$values ('M-RETIRADO'::text)$$, 'solo los inactivos');
select results_eq($$select sku from public.list_products(p_category => 'Suplementos', p_status => 'todos') order by sku$$,
  $$values ('M-CURCUMA'::text), ('M-RETIRADO')$$, 'por categoría');
select results_eq($$select sku from public.list_products(p_low_stock => true) order by sku$$,
  $$values ('M-CURCUMA'::text), ('M-KIT')$$, 'stock bajo (activos)');
select results_eq($$select sku from public.list_products(p_kit => true)$$, $$values ('M-KIT'::text)$$, 'solo kits');
select results_eq($$select count(*)::integer from public.list_products(p_kit => false)$$, $$values (3)$$, 'sin kits');
select results_eq($$select sku from public.list_products(p_sort => 'precio', p_desc => true)$$,
  $$values ('M-KIT'::text), ('M-TE'), ('M-CURCUMA'), ('M-LAVANDA')$$, 'por precio, de mayor a menor');
select results_eq($$select sku from public.list_products(p_sort => 'stock')$$,
  $$values ('M-CURCUMA'::text), ('M-KIT'), ('M-LAVANDA'), ('M-TE')$$, 'por stock (empates por nombre)');
select results_eq($$select sku, total::integer from public.list_products(p_page => 2, p_page_size => 3)$$,
  $$values ('M-TE'::text, 4)$$, 'segunda página por nombre, con el total filtrado');
select results_eq($$select category, products::integer from public.get_product_categories()$$,
  $$values ('Infusiones'::text, 1), ('Suplementos', 2)$$, 'las categorías con cuántos productos');
select throws_ok($$select * from public.list_products(p_status => 'borrados')$$, 'P0001', 'Filtro no válido: el estado es activos, inactivos o todos.', 'estado desconocido');
select throws_ok($$select * from public.list_products(p_sort => 'coste')$$, 'P0001', 'Orden no válido: usa nombre, sku, precio, stock o puntos.', 'orden desconocido');

-- Members and anyone without a role get nothing ------------------------------------------------------
select is(engine_tests.refusal('amparo', $$select * from public.list_products()$$),
  'savia:forbidden [] Solo el personal (admin o superadmin) puede realizar esta acción.', 'un miembro no lista productos del back office');
select is(engine_tests.refusal('amparo', format('select public.get_product(%L)', engine_tests.id('te'))),
  'savia:forbidden [] Solo el personal (admin o superadmin) puede realizar esta acción.', 'ni abre uno');
select is(engine_tests.refusal('sinrol', format('select * from public.get_product_movements(%L)', engine_tests.id('te'))),
  'savia:forbidden [] Solo el personal (admin o superadmin) puede realizar esta acción.', 'sin rol, tampoco el historial');
select is(engine_tests.refusal('amparo', format('select public.adjust_stock(%L, ''entrada'', 5, ''Regalo'')', engine_tests.id('te'))),
  'savia:forbidden [] Solo el personal (admin o superadmin) puede realizar esta acción.', 'un miembro no ajusta stock');
select is(engine_tests.refusal('amparo', $$select public.save_product(null, 'X-1', 'Pirata', 1, 1, 0)$$),
  'savia:forbidden [] Solo el personal (admin o superadmin) puede realizar esta acción.', 'ni crea productos');

-- Saving a product: every refusal names its field, and nothing is written -----------------------------
create function engine_tests.save(p_sku text, p_name text, p_price numeric, p_base numeric, p_points integer,
  p_id uuid default null, p_image text default null, p_stock integer default 0, p_benefits text[] default '{}') returns text language sql as $$
  select engine_tests.refusal('admin', format('select public.save_product(%L, %L, %L, %L, %L, %L, p_image_path => %L, p_initial_stock => %L, p_benefits => %L)',
    p_id, p_sku, p_name, p_price, p_base, p_points, p_image, p_stock, p_benefits))
$$;
select is(engine_tests.save('m-te', 'Otro té', 10, 5, 1), 'savia:sku_taken [sku] Ya existe un producto con el SKU m-te: usa otro.',
  'SKU repetido, sin importar las mayúsculas');
select is(engine_tests.save('M TE!', 'Otro té', 10, 5, 1),
  'savia:invalid_sku [sku] El SKU debe tener de 2 a 40 letras sin tildes, números, guiones o guiones bajos, y empezar por una letra o un número.', 'SKU con espacios');
select is(engine_tests.save('N-1', 'X', 10, 5, 1), 'savia:invalid_name [name] El nombre debe tener entre 2 y 120 caracteres.', 'nombre corto');
select is(engine_tests.save('N-1', 'Nuevo', 0, 0, 1), 'savia:invalid_price [price] El precio debe ser mayor que 0 y de hasta 100.000.000, con 2 decimales como máximo.', 'precio 0');
select is(engine_tests.save('N-1', 'Nuevo', -5, 0, 1), 'savia:invalid_price [price] El precio debe ser mayor que 0 y de hasta 100.000.000, con 2 decimales como máximo.', 'precio negativo');
select is(engine_tests.save('N-1', 'Nuevo', 100000000.01, 0, 1), 'savia:invalid_price [price] El precio debe ser mayor que 0 y de hasta 100.000.000, con 2 decimales como máximo.', 'precio absurdo');
select is(engine_tests.save('N-1', 'Nuevo', 10.001, 0, 1), 'savia:invalid_price [price] El precio debe ser mayor que 0 y de hasta 100.000.000, con 2 decimales como máximo.', 'precio con tres decimales');
select is(engine_tests.save('N-1', 'Nuevo', 10, 10.01, 1), 'savia:invalid_price [commissionable_amount] La base comisionable (10.01) no puede superar el precio (10).', 'base mayor que el precio');
select is(engine_tests.save('N-1', 'Nuevo', 10, -1, 1), 'savia:invalid_price [commissionable_amount] La base comisionable debe ser 0 o más, con 2 decimales como máximo.', 'base negativa');
select is(engine_tests.save('N-1', 'Nuevo', 10, 5, -1), 'savia:invalid_points [points] Los puntos deben ser un número entero de 0 a 1.000.000.', 'puntos negativos');
select is(engine_tests.save('N-1', 'Nuevo', 10, 5, 1, p_benefits => array_fill('piel'::text, array[31]) || array['energia']),
  null, '31 veces el mismo beneficio son uno solo (y se guarda)');
select is(engine_tests.save('N-2', 'Nuevo 2', 10, 5, 1, p_benefits => array['sueno']),
  'savia:invalid_benefits [benefits] Hay un beneficio que no está en la lista: elígelo entre los que ofrece el formulario.', 'un beneficio fuera de la lista');
select is(engine_tests.save('N-2', 'Nuevo 2', 10, 5, 1, p_id => '00000000-0000-4000-8000-000000000001', p_image => '00000000-0000-4000-8000-000000000001/foto.jpg'),
  'savia:invalid_image [image] No encontramos la foto subida para este producto: vuelve a elegirla.', 'una foto que no se subió');
-- Storage keeps a key with «..» as it comes (storage-api accepts it), and a browser resolves it into another folder.
insert into storage.objects (bucket_id, name) values ('product-images', '00000000-0000-4000-8000-000000000001/../00000000-0000-4000-8000-000000000002/foto.jpg');
select is(engine_tests.save('N-2', 'Nuevo 2', 10, 5, 1, p_id => '00000000-0000-4000-8000-000000000001',
                            p_image => '00000000-0000-4000-8000-000000000001/../00000000-0000-4000-8000-000000000002/foto.jpg'),
  'savia:invalid_image [image] No encontramos la foto subida para este producto: vuelve a elegirla.', 'ni una ruta que sale de su carpeta con «..»');
select is(engine_tests.refusal('admin', $$select public.save_product(null, 'N-2', 'Nuevo 2', 10, 5, 1, p_components => array['gluten', 'plomo'])$$),
  'savia:invalid_components [components] Elige lo que contiene el producto de la lista (gluten, lactosa, soya, frutos secos, maní, productos de las abejas, cafeína, origen animal).',
  'un componente fuera del conjunto cerrado');
select is(engine_tests.save('N-2', 'Nuevo 2', 10, 5, 1, p_stock => -1),
  'savia:invalid_quantity [initial_stock] El stock inicial debe ser un número entero de 0 a 1.000.000.', 'stock inicial negativo');
select is(engine_tests.save('M-TE', 'Té de moringa', 33.33, 33.33, 50, p_id => engine_tests.id('te'), p_stock => 5),
  'savia:stock_not_editable [initial_stock] El stock de un producto existente no se edita: usa «Ajustar stock».', 'al editar, el stock no se toca');
select is((select count(*) from public.products where sku like 'N-%'), 1::bigint, 'de todo eso solo quedó N-1 (el de los beneficios repetidos)');
select is((select benefits from public.products where sku = 'N-1'), array['energia', 'piel'], 'sus beneficios, sin repetir y en el orden de la lista');

-- A new product with its photo and opening stock, then edited.
insert into storage.objects (bucket_id, name) values ('product-images', '00000000-0000-4000-8000-0000000000aa/foto.jpg');
select engine_tests.act_as('admin');
select is(public.save_product('00000000-0000-4000-8000-0000000000aa', ' N-FOTO ', ' Jarabe de saúco ', 12.50, 10, 20,
            p_category => ' Jarabes ', p_benefits => array['piel', 'defensas', 'piel'], p_image_path => '00000000-0000-4000-8000-0000000000aa/foto.jpg',
            p_initial_stock => 7) ->> 'stock', '7', 'creado con su foto y 7 unidades iniciales');
select row_eq($$select sku, name, category, benefits, price, commissionable_amount, points, image_path, is_kit from public.products where id = '00000000-0000-4000-8000-0000000000aa'$$,
  row('N-FOTO'::text, 'Jarabe de saúco'::text, 'Jarabes'::text, array['defensas', 'piel'], 12.50::numeric(12,2), 10.00::numeric(12,2), 20,
      '00000000-0000-4000-8000-0000000000aa/foto.jpg'::text, false),
  'guardado recortado, con los beneficios sin repetir');
select is(public.save_product('00000000-0000-4000-8000-0000000000aa', 'N-FOTO', 'Jarabe de saúco y miel', 14, 14, 25, p_is_kit => false,
            p_components => array['cafeina', 'abejas', 'cafeina']) ->> 'price', '14.00',
  'editado: precio nuevo (y sin foto)');
select is((select components from public.products where id = '00000000-0000-4000-8000-0000000000aa'), array['abejas', 'cafeina'],
  'lo que contiene, cada cosa una vez y en el orden del conjunto');
select is(public.get_product('00000000-0000-4000-8000-0000000000aa') -> 'components', '["abejas", "cafeina"]'::jsonb, 'y la ficha lo lee');
select is((select stock from public.products where id = '00000000-0000-4000-8000-0000000000aa'), 7, 'editarlo no cambió el stock');

-- Ajustar stock ---------------------------------------------------------------------------------------------------
select is(engine_tests.refusal('admin', format('select public.adjust_stock(%L, ''salida'', 8, ''Merma por rotura'')', '00000000-0000-4000-8000-0000000000aa')),
  'savia:insufficient_stock [quantity] No puedes sacar 8 unidades de «Jarabe de saúco y miel»: solo hay 7 en stock.', 'una salida mayor que el stock');
select is(engine_tests.refusal('admin', format('select public.adjust_stock(%L, ''entrada'', 0, ''Conteo'')', engine_tests.id('te'))),
  'savia:invalid_quantity [quantity] La cantidad debe ser un número entero de 1 a 1.000.000.', 'cantidad 0');
select is(engine_tests.refusal('admin', format('select public.adjust_stock(%L, ''entrada'', 3, ''  a '')', engine_tests.id('te'))),
  'savia:reason_required [reason] Escribe el motivo del ajuste (de 3 a 500 caracteres).', 'sin motivo');
select engine_tests.act_as('admin');
select is(public.adjust_stock('00000000-0000-4000-8000-0000000000aa', 'salida', 7, 'Merma por vencimiento') ->> 'stock', '0', 'sacar todo deja 0');
select is(public.adjust_stock('00000000-0000-4000-8000-0000000000aa', 'entrada', 4, 'Conteo físico') ->> 'stock', '4', 'y una entrada suma');
select results_eq($$select kind, quantity, stock_after, note, actor_name, total::integer
                      from public.get_product_movements('00000000-0000-4000-8000-0000000000aa', 1, 2)$$,
  $$values ('adjustment'::text, 4, 4, 'Conteo físico'::text, 'motor.admin@tests.savia'::text, 3),
           ('adjustment', -7, 0, 'Merma por vencimiento', 'motor.admin@tests.savia', 3)$$,
  'el historial, lo más reciente primero, con el stock después, el motivo y quién');
select results_eq($$select kind, quantity, stock_after from public.get_product_movements('00000000-0000-4000-8000-0000000000aa', 2, 2)$$,
  $$values ('initial'::text, 7, 7)$$, 'la segunda página: el stock inicial');
select results_eq(format('select kind, quantity, stock_after, sale_no from public.get_product_movements(%L, 1, 1)', engine_tests.id('curcuma')),
  $$select 'sale'::text, -2, 1, sale_no from public.sales where client_id = engine_tests.id('bruno')$$, 'una venta, con su número');

-- Activate, deactivate, delete ------------------------------------------------------------------------------------
select is(public.set_product_active(engine_tests.id('te'), false) ->> 'is_active', 'false', '«Desactivar»');
select is(public.set_product_active(engine_tests.id('te'), true) ->> 'is_active', 'true', '«Activar»');
select is(engine_tests.refusal('admin', format('select public.delete_product(%L)', engine_tests.id('curcuma'))),
  'savia:product_in_use [] «Cápsulas de cúrcuma» ya se vendió y no se puede borrar: desactívalo para que deje de ofrecerse.', 'un producto vendido no se borra');
select is(engine_tests.refusal('admin', format('delete from public.products where id = %L', engine_tests.id('curcuma'))),
  'savia:product_in_use [] «Cápsulas de cúrcuma» ya se vendió y no se puede borrar: desactívalo para que deje de ofrecerse.', 'ni con un DELETE directo');
select is(engine_tests.refusal('admin', $$select public.delete_product('00000000-0000-4000-8000-0000000000aa')$$),
  'savia:product_in_use [] «Jarabe de saúco y miel» ya tiene movimientos de inventario además de su stock inicial y no se puede borrar: desactívalo.',
  'uno con ajustes tampoco');
select is(engine_tests.refusal('admin', format('delete from public.stock_movements where product_id = %L', engine_tests.id('lavanda'))),
  'savia:append_only [] La tabla stock_movements es de solo anexado: sus filas no se pueden modificar ni borrar; registra un movimiento o asiento compensatorio.',
  'el movimiento inicial de un producto que sigue existiendo no se borra');
select engine_tests.act_as('admin');
select lives_ok(format('select public.delete_product(%L)', engine_tests.id('lavanda')), 'uno sin ventas ni más movimientos que el inicial se borra');
select is((select count(*) from public.stock_movements where product_id = engine_tests.id('lavanda')), 0::bigint, 'con su movimiento inicial');
select is(engine_tests.refusal('admin', format('select public.delete_product(%L)', engine_tests.id('lavanda'))),
  'savia:unknown_product [] El producto no existe.', 'borrar lo que no existe');

select * from finish();
rollback;
