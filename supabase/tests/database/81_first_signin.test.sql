-- The first sign-in of a pending or rejected enrolment (issue 25 §1; before_user_created_hook and
-- private.link_approved_member in 20250701020000_identity.sql, get_my_enrolment in
-- 20250701090000_reads_member_portal.sql, the link in approve_sale): such a person gets an account
-- without a role and reads only their own enrolment, found by the address Auth confirmed; an
-- unknown address is still refused by the hook; approval links the account they already have.
begin;
\ir 50_engine_fixture.psql
select plan(26);

select engine_tests.at('2026-03-10 10:00:00-05');
create function pg_temp.before_created(p_email text) returns jsonb language sql as $$
  select public.before_user_created_hook(jsonb_build_object('user', jsonb_build_object('email', p_email)))
$$;
-- Claims as PostgREST would set them, for a user that is not in engine_tests.ids.
create function pg_temp.claims_of(p_user uuid, p_email text) returns text language plpgsql as $$
begin
  perform set_config('request.jwt.claims', jsonb_build_object('sub', p_user, 'role', 'authenticated', 'email', p_email)::text, true);
  return '# actúa: ' || p_email;
end
$$;

-- Who may ask -------------------------------------------------------------------------------------------
select is((select pronargs::integer from pg_proc where oid = 'public.get_my_enrolment()'::regprocedure), 0,
  'get_my_enrolment no recibe correo ni id: nadie puede preguntar por la dirección de otra persona');
select ok(not has_function_privilege('anon', 'public.get_my_enrolment()', 'execute'), 'anon no ejecuta get_my_enrolment');
select ok(has_function_privilege('authenticated', 'public.get_my_enrolment()', 'execute'), 'authenticated ejecuta get_my_enrolment');
select ok(not has_function_privilege('authenticated', 'private.link_approved_member(uuid)', 'execute'),
  'authenticated no ejecuta private.link_approved_member');

-- A pending enrolment signs in ---------------------------------------------------------------------------
select engine_tests.act_as('dario');
select (public.enrol_member('Ricardo Prueba', 'motor.ricardo@tests.savia', engine_tests.id('kit'))).id as ricardo_sale \gset
select is(pg_temp.before_created('Motor.Ricardo@tests.savia'), '{}'::jsonb,
  'before_user_created: un enrolamiento pendiente puede crear su cuenta');
select is(pg_temp.before_created('motor.desconocido@gmail.com'),
  '{"error":{"http_code":403,"message":"Este correo de Google no está registrado. Inicia sesión con el correo que usaste al enrolarte."}}'::jsonb,
  'before_user_created: un correo que nadie registró sigue rechazado igual (la página /auth-error)');
select engine_tests.user_for('motor.ricardo@tests.savia') as ricardo_user \gset
insert into engine_tests.ids values ('ricardo', (select client_id from public.sales where id = :'ricardo_sale'), :'ricardo_user');
select is_empty(format($$select 1 from public.users_roles where user_id = %L$$, :'ricardo_user'), 'su cuenta nace sin rol');
select is((select auth_uid from public.clients where id = engine_tests.id('ricardo')), null, 'y sin vincular a su ficha');
select is(public.custom_access_token_hook(jsonb_build_object('user_id', :'ricardo_user', 'claims', '{}'::jsonb)) -> 'claims' ->> 'user_role',
  'sin_rol', 'su token dice sin_rol: no entra a ninguna sección');

select engine_tests.act_as('ricardo');
select is(public.get_my_enrolment() - 'submitted_at',
  jsonb_build_object('status', 'pending', 'name', 'Ricardo Prueba', 'enroller_name', 'Darío León', 'rejection_reason', null,
                     'rejected_at', null, 'company_name', (select company_name from public.metadata),
                     'contact_info', (select contact_info from public.metadata)),
  'Ricardo lee su enrolamiento: pendiente, quién lo enroló y el contacto de la empresa');
select is((public.get_my_enrolment() ->> 'submitted_at')::timestamptz, (select created_at from public.sales where id = :'ricardo_sale'),
  'y desde cuándo espera (la venta de enrolamiento)');

-- Nobody else learns anything -------------------------------------------------------------------------------
select engine_tests.act_as('sinrol');
select is(public.get_my_enrolment(), null, 'una cuenta con un correo que nadie enroló no recibe nada');
select engine_tests.act_as('amparo');
select is(public.get_my_enrolment(), null, 'un miembro aprobado no recibe nada');
select engine_tests.act_as('admin');
select is(public.get_my_enrolment(), null, 'el personal no recibe nada');
select engine_tests.act_as('nadie');
select is(public.get_my_enrolment(), null, 'sin sesión, nada');
select pg_temp.claims_of(engine_tests.user_for('motor.otro@tests.savia'), 'motor.ricardo@tests.savia');
select is(public.get_my_enrolment(), null,
  'el correo del token no cuenta: quien no es Ricardo no lee su enrolamiento aunque su token diga su correo');
update auth.users set email_confirmed_at = null where id = :'ricardo_user';
select engine_tests.act_as('ricardo');
select is(public.get_my_enrolment(), null, 'una cuenta cuyo correo Auth no confirmó no recibe nada');
update auth.users set email_confirmed_at = now() where id = :'ricardo_user';

-- Approval links the account he already has ------------------------------------------------------------------
select engine_tests.approve(:'ricardo_sale');
select is((select auth_uid from public.clients where id = engine_tests.id('ricardo')), :'ricardo_user'::uuid,
  'al aprobarse, su cuenta queda vinculada a su ficha');
select is((select role from public.users_roles where user_id = :'ricardo_user'), 'cliente', 'y recibe el rol cliente');
select engine_tests.act_as('ricardo');
select is(public.get_my_enrolment(), null, 'ya aprobado, no hay enrolamiento que mostrar');
select is(pg_temp.before_created('motor.ricardo@tests.savia') -> 'error' ->> 'http_code', '403',
  'ni se crea una segunda cuenta con su correo');

-- A rejected enrolment ------------------------------------------------------------------------------------
select engine_tests.act_as('dario');
select (public.enrol_member('Sara Prueba', 'motor.sara@tests.savia', engine_tests.id('kit'))).id as sara_sale \gset
select engine_tests.act_as('admin');
select public.reject_sale(:'sara_sale', 'El pago no llegó a la cuenta.') is not null as rejected \gset
select is(pg_temp.before_created('motor.sara@tests.savia'), '{}'::jsonb, 'before_user_created: un enrolamiento rechazado puede crear su cuenta');
insert into engine_tests.ids values ('sara', (select client_id from public.sales where id = :'sara_sale'), engine_tests.user_for('motor.sara@tests.savia'));
select engine_tests.act_as('sara');
select is((select concat_ws(' | ', e ->> 'status', e ->> 'rejection_reason', e ->> 'enroller_name') from (select public.get_my_enrolment() as e) x),
  'rejected | El pago no llegó a la cuenta. | Darío León', 'Sara lee que su enrolamiento fue rechazado, el motivo y quién la enroló');
select isnt(public.get_my_enrolment() ->> 'rejected_at', null, 'y cuándo');

-- A cancelled enrolment: its person reads that, and why, as a rejected one does.
select engine_tests.act_as('dario');
select (public.enrol_member('Tomás Prueba', 'motor.tomas@tests.savia', engine_tests.id('kit'))).id as tomas_sale \gset
select public.cancel_sale(:'tomas_sale', 'Se enroló con otra persona.') is not null as cancelled \gset
select is(pg_temp.before_created('motor.tomas@tests.savia'), '{}'::jsonb, 'before_user_created: un enrolamiento cancelado puede crear su cuenta');
insert into engine_tests.ids values ('tomas', (select client_id from public.sales where id = :'tomas_sale'), engine_tests.user_for('motor.tomas@tests.savia'));
select engine_tests.act_as('tomas');
select is((select concat_ws(' | ', e ->> 'status', e ->> 'rejection_reason', e ->> 'enroller_name', (e ->> 'rejected_at') is not null)
             from (select public.get_my_enrolment() as e) x),
  'cancelled | Se enroló con otra persona. | Darío León | t', 'Tomás lee que su enrolamiento se canceló, el motivo, cuándo y quién lo enroló');

select * from finish();
rollback;
