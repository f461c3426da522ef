-- Proveedores (20250701050000_catalogue.sql, restocks in 20250701060000_sales_and_stock.sql): who may
-- see suppliers, their products and restocks;
-- save_supplier and the suppliers' own refusals; register_restock (one transaction, the stock, the
-- movements, the last cost, every refusal with nothing written); the history with the cost for finance
-- only; the low-stock suggestions. Every figure counted by hand from the fixture of _helpers.psql:
--   T-VENDIDO stock 100, cost 4.00 from «Proveedor Prueba»; T-SINVENTA stock 0, cost 5.00 (no supplier);
--   T-SINCOSTE stock 0, no cost. Added here: T-BAJO stock 3 (no cost), T-RETIRADO inactive;
--   «Semillas del Sur» (active) and «Proveedor Dormido» (inactive). Threshold 20.
-- Only the fixture's rows are counted (SKUs «T-…», its suppliers), so the file passes on the seeded database.
begin;
\ir _helpers.psql
select plan(86);

update public.metadata set low_stock_threshold = 20 where id = 'app_settings';
insert into public.products (sku, name, price, points, stock) values ('T-BAJO', 'Producto escaso', 10, 10, 3);
insert into public.products (sku, name, price, points, is_active) values ('T-RETIRADO', 'Producto retirado', 10, 10, false);
insert into public.suppliers (name, is_active) values ('Proveedor Dormido', false);
insert into tests.fx select 'bajo', id from public.products where sku = 'T-BAJO';
insert into tests.fx select 'retirado', id from public.products where sku = 'T-RETIRADO';
insert into tests.fx select 'dormido', id from public.suppliers where name = 'Proveedor Dormido';

-- The refusal a statement raises as a persona: «savia:<code> <message>», or null; always rolled back.
create function pg_temp.refusal(p_persona text, p_sql text) returns text language plpgsql as $$
declare
  v_hint text;
  v_message text;
begin
  begin
    perform tests.authenticate_as(p_persona);
    execute tests.sql(p_sql);
    raise exception using errcode = 'PT999', message = 'sin error';
  exception when others then
    if sqlstate = 'PT999' then
      return null;
    end if;
    get stacked diagnostics v_hint = pg_exception_hint, v_message = message_text;
    return v_hint || ' ' || v_message;
  end;
end
$$;

-- A restock line as JSON.
create function pg_temp.line(p_key text, p_quantity jsonb, p_cost jsonb) returns jsonb language sql as $$
  select jsonb_build_object('product_id', (select id from tests.fx where key = p_key), 'quantity', p_quantity, 'unit_cost', p_cost)
$$;

grant execute on function pg_temp.line(text, jsonb, jsonb) to authenticated;

-- What the fixture holds right now, to prove a refusal wrote nothing.
create function pg_temp.snapshot() returns text language sql as $$
  select format('stock %s/%s/%s · reposiciones %s · movimientos %s · costos %s',
    (select stock from public.products where sku = 'T-BAJO'), (select stock from public.products where sku = 'T-VENDIDO'),
    (select stock from public.products where sku = 'T-SINVENTA'),
    (select count(*) from public.restocks), (select count(*) from public.stock_movements),
    (select string_agg(c.unit_cost::text, ',' order by p.sku) from public.product_costs c join public.products p on p.id = c.product_id where p.sku like 'T-%'))
$$;

-- Who gets in -----------------------------------------------------------------------------------------------
select is(pg_temp.refusal(p, 'select * from public.search_suppliers()'),
          'savia:forbidden Solo un superadmin puede gestionar proveedores y reposiciones.', p || ' no lista proveedores')
  from unnest(array['admin', 'member_a', 'sin_rol']) p;
select is(pg_temp.refusal(p, 'select * from public.get_restocks()'),
          'savia:forbidden Solo un superadmin puede gestionar proveedores y reposiciones.', p || ' no lee el historial de reposiciones')
  from unnest(array['admin', 'member_a', 'sin_rol']) p;
select is(pg_temp.refusal(p, 'select * from public.get_restock_suggestions()'),
          'savia:forbidden Solo un superadmin puede gestionar proveedores y reposiciones.', p || ' no lee las sugerencias')
  from unnest(array['admin', 'member_a', 'sin_rol']) p;
select is(pg_temp.refusal('admin', $$select public.register_restock({supplier}, jsonb_build_array(pg_temp.line('bajo', '1', '1')))$$),
          'savia:forbidden Solo un superadmin puede gestionar proveedores y reposiciones.', 'admin no registra reposiciones');
select is(pg_temp.refusal('admin', $$select public.save_supplier(null, 'Proveedor Admin', null, null, null, null, null, true, '{}')$$),
          'savia:forbidden Solo un superadmin puede gestionar proveedores y reposiciones.', 'admin no crea proveedores');
select is(pg_temp.snapshot(), 'stock 3/100/0 · reposiciones ' || (select count(*) from public.restocks) || ' · movimientos '
          || (select count(*) from public.stock_movements) || ' · costos 5.00,4.00', 'el punto de partida');

-- What each supplies: save_supplier --------------------------------------------------------------------------
select tests.authenticate_as('superadmin');
select public.save_supplier(null, '  Semillas del Sur ', '900.111.222-3', 'Marta Ríos', ' Ventas@Semillas.test ', '+57 (604) 555-0101',
                            'Semillas y hojas secas.', true, array[(select id from tests.fx where key = 'bajo'), (select id from tests.fx where key = 'product')]) as sur \gset
select tests.clear_authentication();
insert into tests.fx values ('sur', :'sur');
select is((select format('%s|%s|%s|%s', name, email, phone, is_active) from public.suppliers where id = :'sur'),
          'Semillas del Sur|ventas@semillas.test|+57 (604) 555-0101|t', 'crea el proveedor con el nombre sin espacios de más y el correo en minúsculas');
select is((select array_agg(p.sku order by p.sku) from public.supplier_products sp join public.products p on p.id = sp.product_id where sp.supplier_id = :'sur'),
          array['T-BAJO', 'T-VENDIDO'], 'y lo que surte: los dos productos elegidos');
select tests.authenticate_as('superadmin');
select is(public.save_supplier(:'sur', 'Semillas del Sur', '900.111.222-3', 'Marta Ríos', 'ventas@semillas.test', null, null, true,
                               array[(select id from tests.fx where key = 'bajo'), (select id from tests.fx where key = 'product_unsold')]),
          :'sur'::uuid, 'editarlo devuelve el mismo proveedor');
select tests.clear_authentication();
select is((select array_agg(p.sku order by p.sku) from public.supplier_products sp join public.products p on p.id = sp.product_id where sp.supplier_id = :'sur'),
          array['T-BAJO', 'T-SINVENTA'], 'la lista queda exactamente como se guardó: sale T-VENDIDO, entra T-SINVENTA');
select is((select phone from public.suppliers where id = :'sur'), null, 'un teléfono borrado queda vacío');

select is(pg_temp.refusal('superadmin', $$select public.save_supplier(null, 'SEMILLAS DEL SUR', null, null, null, null, null, true, '{}')$$),
          'savia:duplicate_supplier Ya existe un proveedor llamado «Semillas del Sur».', 'un nombre repetido (sin distinguir mayúsculas) se rechaza');
select is(pg_temp.refusal('superadmin', $$select public.save_supplier(null, 'Otro Proveedor', null, null, 'ventas@', null, null, true, '{}')$$),
          'savia:invalid_email El correo del proveedor no es válido (por ejemplo: ventas@empresa.com).', 'un correo sin dominio se rechaza');
select is(pg_temp.refusal('superadmin', $$select public.save_supplier(null, 'X', null, null, null, null, null, true, '{}')$$),
          'savia:invalid_name El nombre del proveedor debe tener entre 2 y 120 caracteres.', 'un nombre de una letra se rechaza');
select is(pg_temp.refusal('superadmin', $$select public.save_supplier(null, 'Otro Proveedor', null, null, null, 'llámame', null, true, '{}')$$),
          'savia:invalid_phone El teléfono admite números, espacios, +, -, paréntesis y puntos (hasta 40 caracteres).', 'un teléfono con letras se rechaza');
select is(pg_temp.refusal('superadmin', $$select public.save_supplier(null, 'Otro Proveedor', null, null, null, null, null, true, array[gen_random_uuid()])$$),
          'savia:unknown_product Alguno de los productos elegidos ya no existe: recarga la lista.', 'un producto que no existe se rechaza');
select is(pg_temp.refusal('superadmin', $$select public.save_supplier(gen_random_uuid(), 'Otro Proveedor', null, null, null, null, null, true, '{}')$$),
          'savia:unknown_supplier Ese proveedor ya no existe: recarga la lista.', 'editar un proveedor que no existe se rechaza');
select is(pg_temp.refusal('postgres', $$insert into public.suppliers (name, email) values ('Directo', 'no-es-correo')$$),
          'savia:invalid_email El correo del proveedor no es válido (por ejemplo: ventas@empresa.com).',
          'la tabla aplica las mismas reglas que save_supplier (un correo malo en SQL directo también)');
select is(tests.try_as('superadmin', 'insert', $$insert into public.suppliers (name) values ('Directo')$$), 'denied',
          'por la API un proveedor solo se crea o edita con save_supplier');
select is((select count(*)::integer from public.suppliers where name in ('Otro Proveedor', 'Directo', 'X')), 0, 'ningún rechazo dejó un proveedor');

-- The list ------------------------------------------------------------------------------------------------------
select tests.authenticate_as('superadmin');
select is((select format('%s|%s|%s', name, jsonb_array_length(products), restock_count) from public.search_suppliers('SÚR')),
          'Semillas del Sur|2|0', 'la búsqueda no distingue tildes ni mayúsculas y trae lo que surte');
select is((select string_agg(name, ',' order by name) from public.search_suppliers('900.111')), 'Semillas del Sur', 'busca por NIT');
select is((select count(*)::integer from public.search_suppliers(p_active => false) where name = 'Proveedor Dormido'), 1, 'el filtro de inactivos halla al dormido');
select is((select count(*)::integer from public.search_suppliers(p_active => true) where name = 'Proveedor Dormido'), 0, 'y el de activos no');
select is((select total::integer from public.search_suppliers('100%')), null, '% se busca tal cual: no halla a nadie');
select tests.clear_authentication();

-- Suggestions before the restock ------------------------------------------------------------------------------
select tests.authenticate_as('superadmin');
select results_eq($$select sku, stock, threshold, supplier_name, last_unit_cost from public.get_restock_suggestions() where sku like 'T-%' order by sku$$,
  $$values ('T-BAJO'::text, 3, 20, 'Semillas del Sur'::text, null::numeric), ('T-SINCOSTE', 0, 20, null, null), ('T-SINVENTA', 0, 20, 'Semillas del Sur', null)$$,
  'sugerencias: los activos en o bajo 20 (no T-VENDIDO con 100, no el retirado), con quien los surte; sin costo para un superadmin sin finanzas');
select tests.clear_authentication();
select tests.authenticate_as('superadmin_fin');
select results_eq($$select sku, last_unit_cost from public.get_restock_suggestions() where sku like 'T-%' order by sku$$,
  $$values ('T-BAJO'::text, null::numeric), ('T-SINCOSTE', null), ('T-SINVENTA', 5.00)$$, 'finanzas ve el último costo (T-SINVENTA: 5.00)');
select tests.clear_authentication();

-- register_restock: every refusal, nothing written ---------------------------------------------------------------
create temp table before_refusals on commit drop as select pg_temp.snapshot() as s;
select is(pg_temp.refusal('superadmin', format($$select public.register_restock(%L, jsonb_build_array(pg_temp.line('bajo', '5', '1')))$$, gen_random_uuid())),
          'savia:unknown_supplier Elige un proveedor: ese ya no existe.', 'un proveedor que no existe');
select is(pg_temp.refusal('superadmin', $$select public.register_restock({dormido}, jsonb_build_array(pg_temp.line('bajo', '5', '1')))$$),
          'savia:inactive_supplier «Proveedor Dormido» está inactivo: actívalo en su ficha antes de registrarle una reposición.', 'un proveedor inactivo');
select is(pg_temp.refusal('superadmin', $$select public.register_restock({sur}, '[]')$$),
          'savia:empty_restock Agrega al menos un producto con su cantidad y costo unitario.', 'sin líneas');
select is(pg_temp.refusal('superadmin', $$select public.register_restock({sur}, null)$$),
          'savia:empty_restock Agrega al menos un producto con su cantidad y costo unitario.', 'líneas nulas');
select is(pg_temp.refusal('superadmin', $$select public.register_restock({sur}, '{"product_id": "x"}')$$),
          'savia:empty_restock Agrega al menos un producto con su cantidad y costo unitario.', 'líneas que no son una lista');
select is(pg_temp.refusal('superadmin', $$select public.register_restock({sur}, jsonb_build_array(pg_temp.line('bajo', '5', '1'), pg_temp.line('bajo', '2', '1')))$$),
          'savia:duplicate_product «Producto escaso» está dos veces en la reposición: junta sus unidades en una sola línea.', 'un producto dos veces');
select is(pg_temp.refusal('superadmin', $$select public.register_restock({sur}, jsonb_build_array(pg_temp.line('bajo', '5', '1'), pg_temp.line('product', '0', '1')))$$),
          'savia:invalid_quantity «Producto vendido»: la cantidad debe ser un número entero de unidades mayor que cero.',
          'cantidad 0 en la segunda línea (la primera era buena)');
select is(pg_temp.refusal('superadmin', $$select public.register_restock({sur}, jsonb_build_array(pg_temp.line('bajo', '-3', '1')))$$),
          'savia:invalid_quantity «Producto escaso»: la cantidad debe ser un número entero de unidades mayor que cero.', 'cantidad negativa');
select is(pg_temp.refusal('superadmin', $$select public.register_restock({sur}, jsonb_build_array(pg_temp.line('bajo', '2.5', '1')))$$),
          'savia:invalid_quantity «Producto escaso»: la cantidad debe ser un número entero de unidades mayor que cero.', 'media unidad');
select is(pg_temp.refusal('superadmin', $$select public.register_restock({sur}, jsonb_build_array(pg_temp.line('bajo', '"5"', '1')))$$),
          'savia:invalid_quantity «Producto escaso»: la cantidad debe ser un número entero de unidades mayor que cero.', 'una cantidad en texto');
select is(pg_temp.refusal('superadmin', $$select public.register_restock({sur}, jsonb_build_array(pg_temp.line('bajo', '100001', '1')))$$),
          'savia:invalid_quantity «Producto escaso»: 100001 unidades en una reposición no es creíble; el máximo por línea es 100.000.', 'una cantidad absurda');
select is(pg_temp.refusal('superadmin', $$select public.register_restock({sur}, jsonb_build_array(pg_temp.line('bajo', '5', '-0.01')))$$),
          'savia:invalid_cost «Producto escaso»: el costo unitario debe ser un importe de cero o más.', 'un costo negativo');
select is(pg_temp.refusal('superadmin', $$select public.register_restock({sur}, jsonb_build_array(pg_temp.line('bajo', '5', 'null')))$$),
          'savia:invalid_cost «Producto escaso»: el costo unitario debe ser un importe de cero o más.', 'sin costo');
select is(pg_temp.refusal('superadmin', $$select public.register_restock({sur}, jsonb_build_array(pg_temp.line('bajo', '5', '10000000.01')))$$),
          'savia:invalid_cost «Producto escaso»: el costo unitario admite hasta 10.000.000 con dos decimales.', 'un costo absurdo');
select is(pg_temp.refusal('superadmin', $$select public.register_restock({sur}, jsonb_build_array(pg_temp.line('bajo', '5', '1.234')))$$),
          'savia:invalid_cost «Producto escaso»: el costo unitario admite hasta 10.000.000 con dos decimales.', 'tres decimales');
select is(pg_temp.refusal('superadmin', $$select public.register_restock({sur}, jsonb_build_array(pg_temp.line('retirado', '5', '1')))$$),
          'savia:inactive_product «Producto retirado» está inactivo: actívalo en Productos antes de reponerlo.', 'un producto inactivo');
select is(pg_temp.refusal('superadmin', format($$select public.register_restock({sur}, jsonb_build_array(jsonb_build_object('product_id', %L, 'quantity', 1, 'unit_cost', 1)))$$, gen_random_uuid())),
          'savia:unknown_product Línea 1: ese producto ya no existe.', 'un producto que no existe');
select is(pg_temp.refusal('superadmin', $$select public.register_restock({sur}, '[{"quantity": 1, "unit_cost": 1}]')$$),
          'savia:unknown_product Línea 1: elige un producto.', 'una línea sin producto');
select is(pg_temp.refusal('superadmin', $$select public.register_restock({sur}, jsonb_build_array(pg_temp.line('bajo', '5', '1')), repeat('n', 501))$$),
          'savia:text_too_long La nota de la reposición admite hasta 500 caracteres.', 'una nota de más de 500 caracteres');
select is(pg_temp.snapshot(), (select s from before_refusals), 'ningún rechazo escribió nada: ni stock, ni reposición, ni movimiento, ni costo');

-- register_restock: 30 × T-BAJO at 2.50 and 5 × T-VENDIDO at 4.25, by the superadmin without finance ---------------
select count(*)::integer as movements_before from public.stock_movements \gset
select tests.authenticate_as('superadmin');
select public.register_restock(:'sur', jsonb_build_array(pg_temp.line('product', '5', '4.25'), pg_temp.line('bajo', '30', '2.5')), '  Factura 118  ') as result \gset
select tests.clear_authentication();
create temp table rr on commit drop as select :'result'::jsonb as r;
select is((:'result'::jsonb) -> 'lines',
  jsonb_build_array(
    jsonb_build_object('product_id', (select id from tests.fx where key = 'bajo'), 'sku', 'T-BAJO', 'name', 'Producto escaso', 'quantity', 30, 'stock_before', 3, 'stock_after', 33),
    jsonb_build_object('product_id', (select id from tests.fx where key = 'product'), 'sku', 'T-VENDIDO', 'name', 'Producto vendido', 'quantity', 5, 'stock_before', 100, 'stock_after', 105)),
  'la respuesta dice el stock antes y después de cada producto');
select is((select array_agg(stock order by sku) from public.products where sku in ('T-BAJO', 'T-VENDIDO')), array[33, 105], 'el stock subió: 3 + 30 = 33, 100 + 5 = 105');
select is((select count(*)::integer from public.stock_movements), :movements_before + 2, 'dos movimientos nuevos, uno por línea');
select results_eq(
  format($$select p.sku, m.quantity, m.kind, m.supplier_id, m.created_by, m.note from public.stock_movements m join public.products p on p.id = m.product_id
            where m.note = 'Reposición n.º %s' order by p.sku$$, (:'result'::jsonb) ->> 'restock_id'),
  $$values ('T-BAJO'::text, 30, 'restock'::text, (select id from tests.fx where key = 'sur'), (select user_id from tests.personas where persona = 'superadmin'), 'Reposición n.º ' || (select r ->> 'restock_id' from rr)),
           ('T-VENDIDO', 5, 'restock', (select id from tests.fx where key = 'sur'), (select user_id from tests.personas where persona = 'superadmin'), 'Reposición n.º ' || (select r ->> 'restock_id' from rr))$$,
  'cada movimiento: «restock», con el proveedor, quien lo registró y el número de la reposición');
select is((select format('%s|%s|%s', s.name, r.note, r.created_by = (select user_id from tests.personas where persona = 'superadmin'))
             from public.restocks r join public.suppliers s on s.id = r.supplier_id where r.id = (:'result'::jsonb ->> 'restock_id')::bigint),
          'Semillas del Sur|Factura 118|t', 'la cabecera: proveedor, nota sin espacios de más, quién');
select results_eq($$select p.sku, c.unit_cost, c.supplier_id from public.product_costs c join public.products p on p.id = c.product_id where p.sku in ('T-BAJO', 'T-VENDIDO') order by p.sku$$,
  $$values ('T-BAJO'::text, 2.50::numeric, (select id from tests.fx where key = 'sur')), ('T-VENDIDO', 4.25, (select id from tests.fx where key = 'sur'))$$,
  'el último costo queda en product_costs con el proveedor: T-BAJO nuevo (2.50), T-VENDIDO de 4.00 a 4.25');
select is((select updated_by from public.product_costs where product_id = (select id from tests.fx where key = 'bajo')),
          (select user_id from tests.personas where persona = 'superadmin'), 'y quién lo cambió');

-- The history: the cost for finance only ---------------------------------------------------------------------------
select tests.authenticate_as('superadmin');
select is((select format('%s|%s|%s|%s', supplier_name, note, units, coalesce(total_cost::text, 'sin costo')) from public.get_restocks(:'sur')),
          'Semillas del Sur|Factura 118|35|sin costo', 'el superadmin sin finanzas lee la reposición: 35 unidades, sin costo total');
select is((select jsonb_agg(l -> 'unit_cost') from public.get_restocks(:'sur'), jsonb_array_elements(lines) l), '[null, null]'::jsonb,
          'ni costo unitario en las líneas');
select is((select jsonb_agg(jsonb_build_array(l ->> 'sku', l -> 'stock_before', l -> 'stock_after')) from public.get_restocks(:'sur'), jsonb_array_elements(lines) l),
          '[["T-BAJO", 3, 33], ["T-VENDIDO", 100, 105]]'::jsonb, 'las líneas con el stock antes y después, por nombre de producto');
select is((select created_by_email from public.get_restocks(:'sur')), 'sa@tests.savia', 'con el correo de quien la registró');
select is((select format('%s|%s', restock_count, last_restock_at is not null) from public.search_suppliers('semillas')), '1|t', 'la lista cuenta la reposición');
select tests.clear_authentication();
select is(tests.try_as('superadmin', 'select', 'select unit_cost from public.restock_lines'), 'denied', 'el costo de las líneas no se lee por la tabla (superadmin)');
select is(tests.try_as('superadmin_fin', 'select', 'select unit_cost from public.restock_lines'), 'denied', 'ni siquiera finanzas: lo lee por get_restocks');
select is(tests.try_as('superadmin', 'select', 'select restock_id, quantity from public.restock_lines where restock_id = ' || (:'result'::jsonb ->> 'restock_id')), 'rows:2',
          'el resto de la línea sí (superadmin)');
select tests.authenticate_as('superadmin_fin');
select is((select total_cost from public.get_restocks(:'sur')), 96.25::numeric, 'finanzas lee el costo total: 30 × 2.50 + 5 × 4.25 = 75.00 + 21.25 = 96.25');
select is((select jsonb_agg(l -> 'unit_cost') from public.get_restocks(:'sur'), jsonb_array_elements(lines) l), '[2.50, 4.25]'::jsonb, 'y el costo de cada línea');
select is((select count(*)::integer from public.get_restocks(:'sur', 2, 20)), 0, 'la página 2 de un proveedor con una reposición está vacía');
select tests.clear_authentication();

-- Nobody but superadmin reads the new tables ---------------------------------------------------------------------------
select is(tests.try_as(p, 'select', 'select * from public.restocks where supplier_id = {sur}'), 'rows:0', p || ' no ve reposiciones')
  from unnest(array['admin', 'member_a', 'sin_rol']) p;
select is(tests.try_as(p, 'select', 'select * from public.supplier_products where supplier_id = {sur}'), 'rows:0', p || ' no ve qué surte cada proveedor')
  from unnest(array['admin', 'member_a', 'sin_rol']) p;
select is(tests.try_as('anon', 'select', 'select * from public.restocks'), 'denied', 'anon no tiene acceso a las reposiciones');
select is(tests.try_as('superadmin', 'update', 'update public.restocks set note = ''otra'''), 'denied', 'las reposiciones no se editan por la API');

-- After the restock ---------------------------------------------------------------------------------------------------
select tests.authenticate_as('superadmin');
select is((select string_agg(sku || ':' || coalesce(supplier_name, '—'), ',' order by sku) from public.get_restock_suggestions() where sku like 'T-%'),
          'T-SINCOSTE:—,T-SINVENTA:Semillas del Sur', 'T-BAJO (33) ya no se sugiere con el umbral en 20');
select tests.clear_authentication();
update public.metadata set low_stock_threshold = 33 where id = 'app_settings';
select tests.authenticate_as('superadmin');
select is((select string_agg(sku || ':' || stock || ':' || supplier_name, ',' order by sku) from public.get_restock_suggestions() where sku in ('T-BAJO')),
          'T-BAJO:33:Semillas del Sur', 'con el umbral en 33, T-BAJO (33, justo en el umbral) vuelve, del proveedor de su última reposición');
select tests.clear_authentication();

-- Units received free (cost 0) are stock, not the product's cost: sales after would count no cost of goods
-- in Finanzas. And a whole quantity written 5.0 is 5 units, not an error in English.
select tests.authenticate_as('superadmin');
select (public.register_restock(:'sur', jsonb_build_array(pg_temp.line('bajo', '5.0', '0')), 'Unidades de regalo') ->> 'restock_id') is not null as ok \gset
select tests.clear_authentication();
select is((select stock from public.products where sku = 'T-BAJO'), 38, '5.0 unidades son 5: 33 + 5 = 38');
select is((select unit_cost from public.product_costs where product_id = (select id from tests.fx where key = 'bajo')), 2.50::numeric,
          'unidades de costo 0 no cambian el último costo: sigue 2.50');

-- A supplier with restocks is deactivated, never deleted ----------------------------------------------------------------
select is(pg_temp.refusal('superadmin', 'delete from public.suppliers where id = {sur}'),
          'savia:supplier_in_use «Semillas del Sur» tiene reposiciones registradas: desactívalo en lugar de eliminarlo, para conservar su historial.',
          'un proveedor con reposiciones no se elimina');
select is(tests.try_as('superadmin', 'delete', 'delete from public.suppliers where id = {dormido}'), 'ok:1', 'uno sin reposiciones sí');
select is(tests.try_as('superadmin', 'update', $$select public.save_supplier(s.id, s.name, s.tax_id, s.contact_name, s.email, s.phone, s.notes, false,
                                                  array(select sp.product_id from public.supplier_products sp where sp.supplier_id = s.id))
                                             from public.suppliers s where s.id = {sur}$$), 'ok:1', 'y el que tiene reposiciones se desactiva');

select * from finish();
rollback;
