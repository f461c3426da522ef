-- The Supabase Auth hooks as functions, and the trigger that links a new auth user to their
-- invitation or member row. Supabase Auth calls the hooks as supabase_auth_admin, of which a
-- hosted postgres is no longer a member (nor of any role but the API ones), so this suite runs as
-- postgres, as `supabase test db` does: it proves what supabase_auth_admin may do from the catalog
-- and calls the hooks directly for what they answer. The integration tests sign in through the
-- auth emulator, which calls them as supabase_auth_admin.
begin;
\ir _helpers.psql
select plan(35);

-- What Supabase Auth needs, and nobody else gets.
select ok(has_schema_privilege('supabase_auth_admin', 'public', 'usage'), 'supabase_auth_admin entra en el esquema public');
select ok(has_function_privilege('supabase_auth_admin', 'public.custom_access_token_hook(jsonb)', 'execute'),
  'supabase_auth_admin ejecuta custom_access_token_hook');
select ok(has_function_privilege('supabase_auth_admin', 'public.before_user_created_hook(jsonb)', 'execute'),
  'supabase_auth_admin ejecuta before_user_created_hook');
select is_empty($$
  select r.role || ' ' || h.hook from (values ('anon'), ('authenticated'), ('service_role')) r(role)
   cross join (values ('public.custom_access_token_hook(jsonb)'), ('public.before_user_created_hook(jsonb)')) h(hook)
   where has_function_privilege(r.role, h.hook::regprocedure, 'execute')
$$, 'ningún rol de la API ejecuta los hooks');
select is_empty($$
  select p.oid::regprocedure::text from pg_proc p
   where p.oid in ('public.custom_access_token_hook(jsonb)'::regprocedure, 'public.before_user_created_hook(jsonb)'::regprocedure)
     and p.prosecdef
$$, 'los hooks corren con los privilegios de supabase_auth_admin (no son security definer)');
-- The tables the hooks read: readable by supabase_auth_admin, whose policies let it see every row.
select ok(has_table_privilege('supabase_auth_admin', t::regclass, 'select'), format('supabase_auth_admin lee %s', t))
  from unnest(array['public.users_roles', 'public.staff_invitations', 'public.clients']) t;
select is((
  select string_agg(format('%s: %s %s using (%s)', tablename, cmd, roles, qual), '; ' order by tablename)
    from pg_policies where schemaname = 'public' and 'supabase_auth_admin' = any(roles)),
  'clients: SELECT {supabase_auth_admin} using (true); staff_invitations: SELECT {supabase_auth_admin} using (true); '
  || 'users_roles: SELECT {supabase_auth_admin} using (true)',
  'supabase_auth_admin lee todas las filas de las tres tablas, y nada más');
select is_empty($$
  select privilege from unnest(array['insert', 'update', 'delete', 'truncate']) privilege
   cross join unnest(array['public.users_roles', 'public.staff_invitations', 'public.clients']) t
   where has_table_privilege('supabase_auth_admin', t::regclass, privilege)
$$, 'supabase_auth_admin no escribe esas tablas');

-- What the hooks answer. Called as postgres: their bodies do not depend on who calls them.
create function tests.as_auth_admin(p_hook text, p_event jsonb) returns jsonb language plpgsql as $$
declare
  v_result jsonb;
begin
  execute format('select public.%I($1)', p_hook) into v_result using p_event;
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
select is(tests.before_created('{"user":{"email":"leaf@tests.savia"}}'), '{}'::jsonb,
  'before_user_created: un enrolamiento pendiente crea su cuenta, sin rol (80_first_signin)');
select is(tests.before_created('{"user":{}}') -> 'error' ->> 'http_code', '403',
  'before_user_created: sin correo, rechazado');

update public.staff_invitations set status = 'revoked' where email = 'pendiente@tests.savia';
select is(tests.before_created('{"user":{"email":"pendiente@tests.savia"}}') -> 'error' ->> 'http_code', '403',
  'before_user_created: invitación revocada rechazada');

select is(tests.error_as('member_a', $$select public.custom_access_token_hook('{}')$$),
  'permission denied for function custom_access_token_hook', 'authenticated no puede ejecutar el hook de token');

-- The link trigger (security definer), exercised as Supabase Auth inserts a user.
insert into public.staff_invitations (email, role, finance) values ('Nueva.Fin@Tests.Savia', 'superadmin', true);
insert into public.clients (name, email, enroller_id, enrollment_status, joined_at)
  values ('Miembro Nuevo', 'Miembro.Nuevo@tests.savia', (select id from tests.fx where key = 'root'), 'registered', now());
insert into auth.users (id, aud, role, email) values
  ('aaaaaaaa-0000-4000-8000-000000000001', 'authenticated', 'authenticated', 'nueva.fin@tests.savia'),
  ('aaaaaaaa-0000-4000-8000-000000000002', 'authenticated', 'authenticated', 'miembro.nuevo@TESTS.savia'),
  ('aaaaaaaa-0000-4000-8000-000000000003', 'authenticated', 'authenticated', 'leaf@tests.savia');
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
