-- Usuarios (20250701020000_identity.sql, its list in 20250701093000_reads_configuration.sql): the staff
-- list and its four actions, the rule that the
-- company never runs out of superadmins and nobody demotes themselves (for every path, an operator's
-- SQL included), and the finance circle's rule applied by these definer functions.
--
-- People: «super» (superadmin with finance) and «admin» come from the engine's fixture; Diego is a
-- superadmin without finance. The demo's superadmins are set aside inside the transaction, so the
-- fixture's two are the only ones.
begin;
\ir 50_engine_fixture.psql
select plan(28);

insert into public.staff_invitations (email, role, finance) values ('us.diego@tests.savia', 'superadmin', false);
insert into engine_tests.ids values ('diego', gen_random_uuid(), engine_tests.user_for('us.diego@tests.savia'));
select engine_tests.at('2026-03-02 09:00:00-05');
delete from public.users_roles where role = 'superadmin'
   and user_id not in ((select user_id from engine_tests.ids where key = 'super'), (select user_id from engine_tests.ids where key = 'diego'));
create function pg_temp.uid(p_key text) returns uuid language sql as $$ select user_id from engine_tests.ids where key = p_key $$;
create function pg_temp.staff() returns table (email text, role text, finance boolean, state text, is_me boolean) language sql as $$
  select email, role, finance, state, is_me from public.get_staff_members() where email like '%@tests.savia' order by email
$$;

-- Reading the list ---------------------------------------------------------------------------------
select engine_tests.act_as('admin');
select throws_ok('select * from public.get_staff_members()', '42501', 'Solo un superadmin administra el personal.',
  'un admin no lee la lista del personal');
select engine_tests.act_as('gala');
select throws_ok('select * from public.invite_staff(''x@tests.savia'', ''admin'')', '42501', 'Solo un superadmin administra el personal.',
  'un miembro no invita');
select engine_tests.act_as('super');
select results_eq('select * from pg_temp.staff()',
  $$values ('motor.admin@tests.savia', 'admin', false, 'activo', false),
           ('motor.super@tests.savia', 'superadmin', true, 'activo', true),
           ('us.diego@tests.savia', 'superadmin', false, 'activo', false)$$,
  'el superadmin ve el personal con su rol y finanzas, y se reconoce');

-- Inviting -------------------------------------------------------------------------------------------
select throws_ok('select public.invite_staff(''no es un correo'', ''admin'')', 'P0001',
  'Escribe un correo válido, el de la cuenta de Google con la que entrará.', 'un correo mal escrito');
select throws_ok('select public.invite_staff(''MOTOR.GALA@tests.savia'', ''admin'')', 'P0001',
  'Ese correo es de un miembro: los miembros se administran en Clientes, no aquí.', 'el correo de un miembro, en mayúsculas');
select throws_ok('select public.invite_staff(''motor.admin@tests.savia'', ''superadmin'')', 'P0001',
  'Esa persona ya tiene acceso: cambia su rol en la lista.', 'alguien que ya tiene acceso');
select throws_ok('select public.invite_staff(''us.nueva@tests.savia'', ''admin'', true)', 'P0001',
  'El acceso a finanzas es solo para superadmin.', 'finanzas para un admin');
select throws_ok('select public.invite_staff(''us.nueva@tests.savia'', ''cliente'')', 'P0001',
  'Elige el rol: admin o superadmin.', 'un rol que no es de personal');
select is(public.invite_staff(' Us.Nueva@tests.savia ', 'admin') ->> 'state', 'pendiente', 'invitación pendiente, con el correo normalizado');
select throws_ok('select public.invite_staff(''us.nueva@tests.savia'', ''superadmin'')', 'P0001',
  'Ya hay una invitación pendiente para ese correo.', 'una segunda invitación al mismo correo');
select engine_tests.act_as('diego');
select throws_ok('select public.invite_staff(''us.otra@tests.savia'', ''superadmin'', true)', '42501',
  'Solo un superadmin con acceso a finanzas puede dar o quitar ese acceso.', 'sin finanzas no se da finanzas');

-- Changing roles ------------------------------------------------------------------------------------
select is(public.set_staff_role(pg_temp.uid('admin'), 'superadmin') ->> 'role', 'superadmin', 'Diego nombra superadmin al admin');
select throws_ok(format('select public.set_staff_role(%L, ''superadmin'', true)', pg_temp.uid('admin')), '42501',
  'Solo un superadmin con acceso a finanzas puede dar o quitar ese acceso.', 'Diego no le da finanzas');
select throws_ok(format('select public.set_staff_role(%L, ''admin'', false)', pg_temp.uid('super')), '42501',
  'Solo un superadmin con acceso a finanzas puede dar o quitar ese acceso.', 'ni se la quita a quien la tiene');
select engine_tests.act_as('super');
select throws_ok(format('select public.set_staff_role(%L, ''admin'')', pg_temp.uid('super')), '42501',
  'No puedes cambiar tu propio rol: pídeselo a otro superadmin.', 'nadie cambia su propio rol');
select throws_ok(format('update public.users_roles set role = ''admin'', finance = false where user_id = %L', pg_temp.uid('super')), '42501',
  'No puedes quitarte tu propio rol de superadmin: pídeselo a otro superadmin.', 'ni con un UPDATE directo de la tabla');
select is(public.revoke_staff_access(pg_temp.uid('diego')) ->> 'state', 'revocado', 'Sofía quita el acceso a Diego');
select engine_tests.act_as('diego');
select is(private.is_staff(), false, 'con el mismo token, la siguiente petición de Diego ya no es de personal');
select engine_tests.act_as('super');
select is(public.set_staff_role(pg_temp.uid('admin'), 'admin') ->> 'role', 'admin', 'el admin vuelve a ser admin');

-- The last superadmin, for every path ---------------------------------------------------------------
select engine_tests.act_as('nadie');
select throws_ok(format('delete from public.users_roles where user_id = %L', pg_temp.uid('super')), 'P0001',
  'Es el último superadmin: nombra antes a otra persona superadmin, o la empresa se queda sin quien la administre.',
  'un operador en SQL tampoco borra al último superadmin');
select throws_ok(format('update public.users_roles set role = ''admin'', finance = false where user_id = %L', pg_temp.uid('super')), 'P0001',
  'Es el último superadmin: nombra antes a otra persona superadmin, o la empresa se queda sin quien la administre.',
  'ni lo degrada');
select lives_ok(format('update public.users_roles set finance = false where user_id = %L', pg_temp.uid('super')),
  'quitarle finanzas no le quita el rol: se permite al operador');
update public.users_roles set finance = true where user_id = pg_temp.uid('super');

-- The list after the changes, and inviting back --------------------------------------------------------
select engine_tests.act_as('super');
select results_eq('select * from pg_temp.staff()',
  $$values ('motor.admin@tests.savia', 'admin', false, 'activo', false),
           ('motor.super@tests.savia', 'superadmin', true, 'activo', true),
           ('us.diego@tests.savia', 'superadmin', false, 'revocado', false),
           ('us.nueva@tests.savia', 'admin', false, 'pendiente', false)$$,
  'Diego aparece revocado y la invitación pendiente');
select is(public.invite_staff('us.diego@tests.savia', 'admin') ->> 'state', 'activo',
  'a quien ya tuvo cuenta, invitarlo le devuelve el acceso al instante');
select is((select role from public.users_roles where user_id = pg_temp.uid('diego')), 'admin', 'con el rol elegido');
select is(public.revoke_staff_invitation((select id from public.staff_invitations where email = 'us.nueva@tests.savia')) ->> 'state',
  'revocado', 'se retira la invitación pendiente');
select throws_ok(format('select public.revoke_staff_invitation(%L)', (select id from public.staff_invitations where email = 'us.nueva@tests.savia')),
  'P0001', 'Esa invitación ya no está pendiente: quizá ya entró con ella.', 'retirarla dos veces se rechaza');
select is((select count(*)::integer from public.audit_logs
            where table_name = 'users_roles' and action = 'DELETE' and row_id = pg_temp.uid('diego')::text and actor_id = pg_temp.uid('super')),
  1, 'la bitácora guarda quién quitó el acceso');

select * from finish();
rollback;
