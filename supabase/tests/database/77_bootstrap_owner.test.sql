-- The first superadmin (private.bootstrap_owner, 20250701000300_identity.sql): on a project fresh
-- from `supabase db push` nobody may sign in until the owner, connected as postgres, names the first
-- superadmin with finance (`npm run bootstrap-owner`). Every rule of it, then the person's first
-- Google sign-in through the real hook and link trigger, and the refusal of a second run.
-- The seeded database's superadmins and superadmin invitations are set aside inside the transaction
-- (the rule that keeps the last superadmin is switched off for that alone), so it runs bare and seeded.
begin;
\ir _helpers.psql
select plan(20);

create function pg_temp.fresh_project() returns void language plpgsql as $$
begin
  alter table public.users_roles disable trigger users_roles_superadmins;
  delete from public.users_roles where role = 'superadmin';
  alter table public.users_roles enable trigger users_roles_superadmins;
  update public.staff_invitations set status = 'revoked' where status = 'pending' and role = 'superadmin';
end
$$;
create function pg_temp.role_of(p_email text) returns table (role text, finance boolean) language sql as $$
  select ur.role, ur.finance from public.users_roles ur join auth.users u on u.id = ur.user_id where lower(u.email) = p_email
$$;
select pg_temp.fresh_project();

-- Who may run it -------------------------------------------------------------------------------------
select results_eq(
  $$select r from unnest(array['anon', 'authenticated', 'service_role', 'supabase_auth_admin']) r
     where has_function_privilege(r, 'private.bootstrap_owner(text)', 'execute')$$,
  $$select null::text where false$$,
  'solo postgres nombra a la primera persona superadmin: ningún rol de la API ni el servicio de Auth');

-- Malformed addresses and members' addresses ---------------------------------------------------------
select throws_ok($$select private.bootstrap_owner('no es un correo')$$, 'P0001',
  '«no es un correo» no es un correo válido: escribe el de la cuenta de Google con la que entrará la primera persona superadmin.',
  'un correo mal escrito');
select throws_ok($$select private.bootstrap_owner(null)$$, 'P0001',
  '«» no es un correo válido: escribe el de la cuenta de Google con la que entrará la primera persona superadmin.',
  'sin correo');
select throws_ok($$select private.bootstrap_owner('duena@empresa')$$, 'P0001',
  '«duena@empresa» no es un correo válido: escribe el de la cuenta de Google con la que entrará la primera persona superadmin.',
  'un dominio sin punto');

insert into public.clients (name, email, enrollment_status, joined_at) values ('Socia Prueba', 'socia@tests.savia', 'registered', now());
select throws_ok($$select private.bootstrap_owner(' Socia@Tests.savia ')$$, 'P0001',
  'socia@tests.savia es el correo de un miembro: la primera persona superadmin necesita un correo que no sea de un miembro.',
  'el correo de un miembro, con mayúsculas y espacios');
-- A member who changed the contact e-mail keeps the account's: that one is a member's too.
select tests.create_auth_user('socia@tests.savia');
update public.clients set email = 'socia.nueva@tests.savia' where email = 'socia@tests.savia';
select throws_ok($$select private.bootstrap_owner('socia@tests.savia')$$, 'P0001',
  'socia@tests.savia es el correo de un miembro: la primera persona superadmin necesita un correo que no sea de un miembro.',
  'la cuenta de un miembro aunque su correo de contacto sea otro');

-- Someone whose account exists (staff whose role was taken away) gets the role at once ---------------
insert into public.staff_invitations (email, role) values ('antes@tests.savia', 'admin');
select tests.create_auth_user('antes@tests.savia');
delete from public.users_roles where user_id = (select id from auth.users where email = 'antes@tests.savia');
select is(private.bootstrap_owner('antes@tests.savia'),
  'Listo: antes@tests.savia ya tenía cuenta y ahora es superadmin con acceso a finanzas; lo verá al volver a entrar a Savia.',
  'a una cuenta que ya existe le da el rol y lo dice');
select results_eq($$select * from pg_temp.role_of('antes@tests.savia')$$, $$values ('superadmin', true)$$,
  'esa cuenta queda superadmin con finanzas');
select results_eq(
  $$select actor_id is null, actor_role, db_role, action, new_values ->> 'role', (new_values ->> 'finance')::boolean from public.audit_logs
     where table_name = 'users_roles' and row_id = (select id::text from auth.users where email = 'antes@tests.savia') order by id desc limit 1$$,
  $$values (true, 'postgres', 'postgres', 'INSERT', 'superadmin', true)$$,
  'la bitácora guarda el rol dado y quién lo dio: postgres');

-- A project created today: the invitation --------------------------------------------------------------
select pg_temp.fresh_project();
select is(private.bootstrap_owner(' Duena@Empresa.test '),
  'Listo: invitamos a duena@empresa.test como superadmin con acceso a finanzas. Que entre a Savia con «Continuar con Google» usando ese correo.',
  'invita a la primera persona superadmin y lo dice');
select results_eq($$select email, role, finance, status from public.staff_invitations where email = 'duena@empresa.test'$$,
  $$values ('duena@empresa.test', 'superadmin', true, 'pending')$$,
  'una invitación pendiente de superadmin con finanzas, con el correo normalizado');
select results_eq(
  $$select actor_id is null, actor_role, db_role, action, new_values ->> 'role', (new_values ->> 'finance')::boolean from public.audit_logs
     where table_name = 'staff_invitations' and new_values ->> 'email' = 'duena@empresa.test'$$,
  $$values (true, 'postgres', 'postgres', 'INSERT', 'superadmin', true)$$,
  'la bitácora guarda la invitación y quién la hizo: postgres');
select throws_ok($$select private.bootstrap_owner('otra@empresa.test')$$, 'P0001',
  'Ya hay una invitación de superadmin pendiente para duena@empresa.test: falta que entre con Google. Si ese correo está mal, revoca esa invitación y vuelve a ejecutar el comando.',
  'mientras esa invitación espera, no nombra a otra persona');
select throws_ok($$select private.bootstrap_owner('duena@empresa.test')$$, 'P0001',
  'Ya hay una invitación de superadmin pendiente para duena@empresa.test: falta que entre con Google. Si ese correo está mal, revoca esa invitación y vuelve a ejecutar el comando.',
  'ni invita dos veces a la misma');

-- Her first Google sign-in: the real hook admits her, the link trigger gives superadmin and finance ----
select is(public.before_user_created_hook('{"user": {"email": "Duena@empresa.test"}}'), '{}'::jsonb,
  'el hook before_user_created deja crear su cuenta');
select is(public.before_user_created_hook('{"user": {"email": "otra@empresa.test"}}') -> 'error' ->> 'http_code', '403',
  'y sigue negando a cualquier otro correo');
select tests.create_auth_user('duena@empresa.test');
select results_eq($$select * from pg_temp.role_of('duena@empresa.test')$$, $$values ('superadmin', true)$$,
  'al crearse su cuenta es superadmin con finanzas');
select is((select status from public.staff_invitations where email = 'duena@empresa.test'), 'accepted', 'y la invitación queda aceptada');
select is(public.custom_access_token_hook(jsonb_build_object('user_id', (select id from auth.users where email = 'duena@empresa.test'), 'claims', '{}'::jsonb))
            -> 'claims',
  '{"user_role": "superadmin", "finance": true}'::jsonb, 'su token dice superadmin y finanzas: la app le muestra Finanzas');

-- Once a superadmin exists it never runs again -------------------------------------------------------
select throws_ok($$select private.bootstrap_owner('otra@empresa.test')$$, 'P0001',
  'Savia ya tiene superadmin: este comando solo nombra al primero. A las demás personas las invita un superadmin desde Usuarios.',
  'una segunda ejecución se niega');

select * from finish();
rollback;
