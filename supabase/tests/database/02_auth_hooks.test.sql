-- The Supabase Auth hooks as functions, called as supabase_auth_admin like Supabase Auth does,
-- and the trigger that links a new auth user to their invitation or member row.
begin;
\ir _helpers.psql
select plan(25);

-- Each hook call runs as supabase_auth_admin (the role Supabase Auth uses) and switches back.
create function tests.as_auth_admin(p_hook text, p_event jsonb) returns jsonb language plpgsql as $$
declare
  v_result jsonb;
begin
  perform set_config('role', 'supabase_auth_admin', true);
  execute format('select public.%I($1)', p_hook) into v_result using p_event;
  perform set_config('role', 'none', true);
  return v_result;
end
$$;

create function tests.claims_for(p_persona text) returns jsonb language sql as $$
  select tests.as_auth_admin('custom_access_token_hook', jsonb_build_object(
    'user_id', p.user_id, 'authentication_method', 'oauth',
    'claims', jsonb_build_object('aud', 'authenticated', 'sub', p.user_id, 'email', p.email, 'role', 'authenticated',
                                 'aal', 'aal1', 'session_id', 's-1', 'is_anonymous', false, 'exp', 1999999999, 'iat', 1)))
    -> 'claims'
  from tests.personas p where p.persona = p_persona
$$;

create function tests.before_created(p_event jsonb) returns jsonb language sql as $$
  select tests.as_auth_admin('before_user_created_hook', p_event)
$$;

select is(tests.claims_for('superadmin_fin') ->> 'user_role', 'superadmin', 'superadmin con finanzas: user_role');
select is(tests.claims_for('superadmin_fin') -> 'finance', 'true'::jsonb, 'superadmin con finanzas: finance true (booleano)');
select is(tests.claims_for('superadmin') ->> 'user_role', 'superadmin', 'superadmin: user_role');
select is(tests.claims_for('superadmin') -> 'finance', 'false'::jsonb, 'superadmin sin finanzas: finance false');
select is(tests.claims_for('admin') ->> 'user_role', 'admin', 'admin: user_role');
select is(tests.claims_for('admin') -> 'finance', 'false'::jsonb, 'admin: finance false');
select is(tests.claims_for('member_a') ->> 'user_role', 'cliente', 'miembro: user_role cliente');
select is(tests.claims_for('sin_rol') ->> 'user_role', 'sin_rol', 'sin fila en users_roles: sin_rol');
select is(tests.claims_for('sin_rol') -> 'finance', 'false'::jsonb, 'sin_rol: finance false');
select is(
  tests.claims_for('admin') - array['user_role', 'finance'],
  jsonb_build_object('aud', 'authenticated', 'sub', (select user_id from tests.personas where persona = 'admin'),
                     'email', 'admin@tests.savia', 'role', 'authenticated', 'aal', 'aal1', 'session_id', 's-1',
                     'is_anonymous', false, 'exp', 1999999999, 'iat', 1),
  'los claims obligatorios (role incluido) quedan intactos');

select is(tests.before_created('{"user":{"email":"Root@Tests.Savia"}}'), '{}'::jsonb,
  'before_user_created: miembro aprobado sin cuenta (sin distinguir mayúsculas) puede crear cuenta');
select is(tests.before_created('{"user":{"email":"a@tests.savia"}}') -> 'error' ->> 'http_code', '403',
  'before_user_created: el correo de un miembro que ya tiene cuenta no crea otra (nacería sin rol)');
select is(tests.before_created('{"user":{"email":"pendiente@tests.savia"}}'), '{}'::jsonb,
  'before_user_created: invitación de personal pendiente puede crear cuenta');
select is(tests.before_created('{"user":{"email":"desconocido@gmail.com"}}'),
  '{"error":{"http_code":403,"message":"Este correo de Google no está registrado. Inicia sesión con el correo que usaste al enrolarte."}}'::jsonb,
  'before_user_created: correo desconocido rechazado con 403 y mensaje en español');
select is(tests.before_created('{"user":{"email":"leaf@tests.savia"}}') -> 'error' ->> 'http_code', '403',
  'before_user_created: enrolamiento pendiente de aprobación rechazado');
select is(tests.before_created('{"user":{}}') -> 'error' ->> 'http_code', '403',
  'before_user_created: sin correo, rechazado');

update public.staff_invitations set status = 'revoked' where email = 'pendiente@tests.savia';
select is(tests.before_created('{"user":{"email":"pendiente@tests.savia"}}') -> 'error' ->> 'http_code', '403',
  'before_user_created: invitación revocada rechazada');

select is(tests.error_as('member_a', $$select public.custom_access_token_hook('{}')$$),
  'permission denied for function custom_access_token_hook', 'authenticated no puede ejecutar el hook de token');

-- The link trigger, exercised as Supabase Auth inserts: as supabase_auth_admin.
insert into public.staff_invitations (email, role, finance) values ('Nueva.Fin@Tests.Savia', 'superadmin', true);
insert into public.clients (name, email, enroller_id, enrollment_status, joined_at)
  values ('Miembro Nuevo', 'Miembro.Nuevo@tests.savia', (select id from tests.fx where key = 'root'), 'registered', now());
set local role supabase_auth_admin;
insert into auth.users (id, aud, role, email) values
  ('aaaaaaaa-0000-4000-8000-000000000001', 'authenticated', 'authenticated', 'nueva.fin@tests.savia'),
  ('aaaaaaaa-0000-4000-8000-000000000002', 'authenticated', 'authenticated', 'miembro.nuevo@TESTS.savia'),
  ('aaaaaaaa-0000-4000-8000-000000000003', 'authenticated', 'authenticated', 'leaf@tests.savia');
reset role;
select row_eq($$ select role, finance from public.users_roles where user_id = 'aaaaaaaa-0000-4000-8000-000000000001' $$,
  row('superadmin'::text, true), 'la invitación pasa a users_roles con rol y finanzas');
select is((select status from public.staff_invitations where lower(email) = 'nueva.fin@tests.savia'), 'accepted',
  'la invitación queda aceptada');
select is((select accepted_user_id from public.staff_invitations where lower(email) = 'nueva.fin@tests.savia'),
  'aaaaaaaa-0000-4000-8000-000000000001'::uuid, 'la invitación guarda el usuario que la aceptó');
select is((select auth_uid from public.clients where email = 'Miembro.Nuevo@tests.savia'),
  'aaaaaaaa-0000-4000-8000-000000000002'::uuid, 'el miembro aprobado queda vinculado por correo');
select is((select role from public.users_roles where user_id = 'aaaaaaaa-0000-4000-8000-000000000002'), 'cliente',
  'el miembro vinculado recibe el rol cliente');
select is((select auth_uid from public.clients where email = 'leaf@tests.savia'), null,
  'un enrolamiento pendiente no se vincula');
select is_empty($$ select 1 from public.users_roles where user_id = 'aaaaaaaa-0000-4000-8000-000000000003' $$,
  'ni recibe rol');

select * from finish();
rollback;
