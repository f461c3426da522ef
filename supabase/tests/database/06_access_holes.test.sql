-- The holes an outside review found (issue 15 §3), closed in the database: a member's e-mail, the
-- finance circle, the month's company-wide figures, authorship nobody writes, voucher paths, the
-- lead form's refusals and the audit's database role. The integration tests attack the same
-- through PostgREST; these pin each rule down persona by persona.
begin;
\ir _helpers.psql
select plan(37);

-- A member's e-mail: staff correct a pending enrolment's; an approved member's is a superadmin's;
-- whoever changed it waits for someone else before anyone signs in with it (issue 23 §2). The API
-- roles do not write clients at all (issue 23 §4): every change goes through update_client_contact.
select is(tests.error_as('admin', $$select public.update_client_contact({root}, 'Raíz Prueba', 'mio@tests.savia')$$),
  'Solo un superadmin puede cambiar el correo de un miembro aprobado: es con el que entra a Savia.',
  'un admin no cambia el correo de un miembro aprobado sin cuenta');
select is(tests.try_as('admin', 'update', $$select public.update_client_contact({a}, 'Ana Prueba', 'mio@tests.savia')$$),
  'denied', 'ni el de uno con cuenta (se desvincula si se borra su usuario)');
select is(tests.try_as('admin', 'update', $$select public.update_client_contact({leaf}, (select name from public.clients where id = {leaf}), 'hoja.corregida@tests.savia')$$),
  'ok:1', 'un admin corrige el correo de un enrolamiento pendiente');
select is(tests.try_as('admin', 'update', $$select public.update_client_contact({root}, 'Raíz Prueba', (select email from public.clients where id = {root}), '+57 300 123 4567')$$),
  'ok:1', 'un admin sigue editando el resto de los datos de contacto');
select is(tests.try_as('superadmin', 'update', $$select public.update_client_contact({root}, 'Raíz Prueba', 'raiz.nueva@tests.savia')$$),
  'ok:1', 'un superadmin cambia el correo de un miembro aprobado');

-- Finance: only a holder gives it, takes it, or touches a row that carries it; Usuarios' functions are
-- the only writers of roles and invitations (the tables are read-only through the API).
select is(tests.error_as('superadmin', $$select public.invite_staff('fin@tests.savia', 'superadmin', true)$$),
  'Solo un superadmin con acceso a finanzas puede dar o quitar ese acceso.', 'un superadmin sin finanzas no invita con finanzas');
select is(tests.try_as('superadmin', 'update',
  $$select public.set_staff_role((select user_id from tests.personas where persona = 'superadmin_fin'), 'superadmin', false)$$),
  'denied', 'ni quita finanzas a quien las tiene');
select is(tests.try_as('superadmin', 'delete',
  $$select public.revoke_staff_access((select user_id from tests.personas where persona = 'superadmin_fin'))$$),
  'denied', 'ni quita el acceso a quien las tiene');
select is(tests.try_as('superadmin', 'insert', $$insert into public.staff_invitations (email, role, finance) values ('fin@tests.savia', 'superadmin', true)$$),
  'denied', 'ni invita con finanzas por la tabla');
select is(tests.try_as('superadmin', 'update', $$update public.staff_invitations set finance = true, role = 'superadmin' where id = {invitation_pending}$$),
  'denied', 'ni da finanzas a una invitación pendiente');
select is(tests.try_as('superadmin', 'insert', $$select public.invite_staff('nuevo.super@tests.savia', 'superadmin', false)$$),
  'ok:1', 'un superadmin sin finanzas sí invita a un superadmin sin finanzas');
select is(tests.try_as('superadmin', 'update', $$select public.revoke_staff_invitation({invitation_pending})$$),
  'ok:1', 'y revoca una invitación sin finanzas');
select is(tests.try_as('superadmin_fin', 'update', $$select public.set_staff_role({admin_user}, 'superadmin', true)$$),
  'ok:1', 'un superadmin con finanzas da finanzas');
select is(tests.try_as('superadmin_fin', 'insert', $$select public.invite_staff('fin@tests.savia', 'superadmin', true)$$),
  'ok:1', 'e invita con finanzas');
select is(tests.try_as('superadmin', 'insert', $$insert into public.staff_invitations (email, role, status, accepted_at) values ('hecha@tests.savia', 'admin', 'accepted', now())$$),
  'denied', 'nadie marca aceptada una invitación por la API');

-- The month's company-wide figures: members see months and their state; staff the counts; finance the money.
insert into public.periods (month, status, closed_at, summary) values
  ('2001-01-01', 'closed', now(), '{"month": "2001-01-01", "members": 3, "active": 2, "forfeits": 1, "forfeited_amount": 4.5, "income_available": 90.25, "nueva_cifra": 1}');
select is(tests.try_as('member_a', 'select', $$select summary from public.periods$$), 'denied', 'un miembro no lee el resumen del cierre');
select is(tests.try_as('member_a', 'select', $$select closed_by from public.periods$$), 'denied', 'ni quién cerró');
select is(tests.try_as('member_a', 'select', $$select month, status, closed_at from public.periods where month = '2001-01-01' and status = 'closed'$$),
  'rows:1', 'pero sí qué meses están cerrados');
select is(tests.error_as('member_a', $$select * from public.get_period_summaries()$$),
  'Solo el personal (admin o superadmin) puede realizar esta acción.', 'ni pide los resúmenes');
create temp table seen (persona text, summary jsonb) on commit drop;
grant insert on seen to authenticated;
select tests.authenticate_as('admin');
insert into seen select 'admin', summary from public.get_period_summaries() where month = '2001-01-01';
select tests.authenticate_as('superadmin');
insert into seen select 'superadmin', summary from public.get_period_summaries() where month = '2001-01-01';
select tests.authenticate_as('superadmin_fin');
insert into seen select 'superadmin_fin', summary from public.get_period_summaries() where month = '2001-01-01';
select tests.clear_authentication();
select is((select summary from seen where persona = 'admin'),
  '{"month": "2001-01-01", "members": 3, "active": 2, "forfeits": 1}'::jsonb, 'un admin ve los recuentos, sin importes ni cifras nuevas');
select is((select summary from seen where persona = 'superadmin') ? 'income_available', false,
  'un superadmin sin finanzas tampoco ve importes');
select is((select summary ->> 'income_available' from seen where persona = 'superadmin_fin'), '90.25',
  'un superadmin con finanzas ve los importes');

-- Authorship: the database writes who and when for API callers.
select tests.authenticate_as('admin');
select public.adjust_stock((select id from tests.fx where key = 'product'), 'entrada', 3, 'Reposición firmada por otro') is not null as moved \gset
select tests.clear_authentication();
select row_eq($$ select created_by, created_at > now() - interval '1 minute' from public.stock_movements where note = 'Reposición firmada por otro' $$,
  row((select user_id from tests.personas where persona = 'admin'), true), 'un movimiento de stock lleva a su autor y la hora real');
select tests.authenticate_as('superadmin');
-- Analyses are never edited (20250701051000_health_and_leads.sql), not even by a superadmin.
select throws_ok($$ update public.health_analyses set created_by = (select user_id from tests.personas where persona = 'admin'), created_at = '2001-01-01' where id = (select id from tests.fx where key = 'analysis') $$,
  '42501', null, 'un superadmin no reescribe un análisis guardado');
select tests.clear_authentication();
select row_eq($$ select created_by is distinct from (select user_id from tests.personas where persona = 'admin'), created_at > '2001-01-02'
                  from public.health_analyses where id = (select id from tests.fx where key = 'analysis') $$,
  row(true, true), 'quién escribió un análisis y cuándo no se reescriben');
insert into public.stock_movements (product_id, quantity, kind, note, created_at)
  values ((select id from tests.fx where key = 'product'), 1, 'restock', 'Historia de la semilla', '2001-01-01');
select is((select created_at from public.stock_movements where note = 'Historia de la semilla'), '2001-01-01'::timestamptz,
  'una sesión directa (la semilla) sí escribe su historia');

-- Voucher paths: inside the folder, segment by segment.
select ok(private.is_file_in_folder('f/pago.png', 'f') and private.is_file_in_folder('f/2026/pago 1.pdf', 'f'),
  'un archivo de la carpeta, también en una subcarpeta');
select ok(not private.is_file_in_folder('f/../g/pago.png', 'f'), '«..» sale de la carpeta');
select ok(not private.is_file_in_folder('f/%2E%2e/g/pago.png', 'f'), '«..» codificado también');
select ok(not private.is_file_in_folder('f//pago.png', 'f') and not private.is_file_in_folder('f/./pago.png', 'f'),
  'ni segmentos vacíos ni «.»');
select ok(not private.is_file_in_folder('f', 'f') and not private.is_file_in_folder('f/', 'f') and not private.is_file_in_folder('/f/pago.png', 'f'),
  'la carpeta sola, con barra final o con barra inicial no es un archivo');
select ok(not private.is_file_in_folder('ff/pago.png', 'f') and not private.is_file_in_folder('f/a\b.png', 'f')
          and not private.is_file_in_folder(E'f/pa\ngo.png', 'f'),
  'ni otra carpeta que empieza igual, ni barras invertidas, ni caracteres de control');

-- The lead form refuses with codes, not constraint errors.
select throws_ok($$ select public.submit_lead('no-existe', 'Visitante', 'v@correo.test') $$,
  'P0001', 'Esta página no existe.', 'página desconocida: P0001');
select throws_ok(format($$ select public.submit_lead('ana-prueba', %L, 'v@correo.test', p_consent => true) $$, repeat('x', 121)),
  'P0001', 'Escribe tu nombre (entre 2 y 120 caracteres).', 'nombre demasiado largo: P0001, no una restricción');

-- The audit's database role: the request's role through PostgREST, the login role directly.
update public.suppliers set notes = 'por un operador' where id = (select id from tests.fx where key = 'supplier');
select is((select actor_id from public.audit_logs where table_name = 'suppliers' order by id desc limit 1),
  null, 'un cambio en una sesión directa no tiene actor');
select is((select db_role from public.audit_logs where table_name = 'suppliers' order by id desc limit 1),
  session_user::text, 'y lleva el rol con que se conectó (no «none»)');
select tests.authenticate_as('superadmin');
select public.save_supplier(s.id, s.name, s.tax_id, s.contact_name, s.email, s.phone, 'por la API', s.is_active,
                            array(select sp.product_id from public.supplier_products sp where sp.supplier_id = s.id)) is not null as saved
  from public.suppliers s where s.id = (select id from tests.fx where key = 'supplier') \gset
select tests.clear_authentication();
select row_eq($$ select actor_id, db_role from public.audit_logs where table_name = 'suppliers' order by id desc limit 1 $$,
  row((select user_id from tests.personas where persona = 'superadmin'), 'authenticated'::text), 'un cambio por la API (una función del personal) lleva authenticated y su actor');

select * from finish();
rollback;
