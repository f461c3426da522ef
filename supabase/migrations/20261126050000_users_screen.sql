-- Usuarios (issue 13): the superadmins' list of staff accounts and invitations, and the four things
-- they do there: invite, change a role or the finance flag, revoke an account, revoke an invitation.
--
-- Access is read from users_roles on every request (private.is_staff and friends), so a change here
-- is effective on the caller's very next request, whatever the person's token still says. Two rules
-- hold for every path, the API's tables included, in a trigger: nobody leaves the company without a
-- superadmin, and nobody takes away their own superadmin role. The finance circle keeps its own rule
-- (private.guard_finance: only a holder gives or takes finance); these definer functions apply it
-- themselves, since that trigger checks API callers only.

-- The two rules on users_roles ---------------------------------------------------------------------
create or replace function private.guard_superadmins() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.role <> 'superadmin' or (tg_op = 'UPDATE' and new.role = 'superadmin') then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  if old.user_id = auth.uid() then
    perform private.refuse('own_role', 'No puedes quitarte tu propio rol de superadmin: pídeselo a otro superadmin.', null, '42501');
  end if;
  -- Two superadmins demoting each other at once would each still see the other: the second waits
  -- here for the first to commit, and its next statement (a new snapshot) counts what is left.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('savia.superadmins'));
  if not exists (select 1 from public.users_roles ur where ur.role = 'superadmin' and ur.user_id <> old.user_id) then
    perform private.refuse('last_superadmin', 'Es el último superadmin: nombra antes a otra persona superadmin, o la empresa se queda sin quien la administre.');
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end
$$;
comment on function private.guard_superadmins() is
  'Nadie quita su propio rol de superadmin y nunca se quita el último superadmin (bajo un candado, para que dos cambios simultáneos no lo dejen en cero). Vale para cualquier camino: la API, las funciones y un operador en SQL.';
create trigger users_roles_superadmins before update of role or delete on public.users_roles
  for each row execute function private.guard_superadmins();

create or replace function private.require_finance_if(p_involved boolean) returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if p_involved and not private.has_finance() then
    perform private.refuse('forbidden', 'Solo un superadmin con acceso a finanzas puede dar o quitar ese acceso.', null, '42501');
  end if;
end
$$;
comment on function private.require_finance_if(boolean) is
  'La regla de private.guard_finance para las funciones de Usuarios (que no corren como el que llama): si el cambio da o quita finanzas, solo un superadmin con finanzas.';

-- The list ------------------------------------------------------------------------------------------
create or replace function public.get_staff_members() returns table (
  user_id uuid, invitation_id uuid, email text, role text, finance boolean, state text,
  invited_at timestamptz, last_sign_in_at timestamptz, is_me boolean
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_me uuid := private.require_superadmin('Solo un superadmin administra el personal.');
begin
  return query
  with accounts as (
    select ur.user_id, u.email::text as email, ur.role, ur.finance, u.last_sign_in_at,
           (select max(i.created_at) from public.staff_invitations i where i.accepted_user_id = ur.user_id) as invited_at
      from public.users_roles ur join auth.users u on u.id = ur.user_id
     where ur.role in ('admin', 'superadmin')
  ),
  -- An account that signed in and lost its role, or an invitation withdrawn before use: the last
  -- invitation of each such address, unless the address is staff again or invited again.
  revoked as (
    select distinct on (lower(i.email)) i.accepted_user_id, i.id, i.email, i.role, i.finance, i.created_at, u.last_sign_in_at
      from public.staff_invitations i left join auth.users u on u.id = i.accepted_user_id
     where (i.status = 'revoked' or (i.status = 'accepted' and not exists (
              select 1 from public.users_roles ur where ur.user_id = i.accepted_user_id and ur.role in ('admin', 'superadmin'))))
       and not exists (select 1 from accounts a where lower(a.email) = lower(i.email))
       and not exists (select 1 from public.staff_invitations p where lower(p.email) = lower(i.email) and p.status = 'pending')
       and not exists (select 1 from public.clients c where c.auth_uid is not null and c.auth_uid = i.accepted_user_id)
     order by lower(i.email), i.created_at desc
  )
  select a.user_id, null::uuid, a.email, a.role, a.finance, 'activo', a.invited_at, a.last_sign_in_at, a.user_id = v_me
    from accounts a
  union all
  select null, i.id, i.email, i.role, i.finance, 'pendiente', i.created_at, null, false
    from public.staff_invitations i where i.status = 'pending'
  union all
  select r.accepted_user_id, r.id, r.email, r.role, r.finance, 'revocado', r.created_at, r.last_sign_in_at, false
    from revoked r
  order by 6, 3;
end
$$;
comment on function public.get_staff_members() is
  'Superadmin: el personal con su rol, finanzas y último ingreso (activo), las invitaciones pendientes y quienes perdieron el acceso (revocado). Los miembros no aparecen: se administran en Clientes.';

-- The actions ----------------------------------------------------------------------------------------
create or replace function public.invite_staff(p_email text, p_role text, p_finance boolean default false) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me uuid := private.require_superadmin('Solo un superadmin administra el personal.');
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_finance boolean := coalesce(p_finance, false);
  v_user uuid;
begin
  if v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or char_length(v_email) > 254 then
    perform private.refuse('invalid_email', 'Escribe un correo válido, el de la cuenta de Google con la que entrará.', 'email');
  end if;
  if p_role is null or p_role not in ('admin', 'superadmin') then
    perform private.refuse('invalid_role', 'Elige el rol: admin o superadmin.', 'role');
  end if;
  if v_finance and p_role <> 'superadmin' then
    perform private.refuse('invalid_role', 'El acceso a finanzas es solo para superadmin.', 'finance');
  end if;
  perform private.require_finance_if(v_finance);
  if exists (select 1 from public.clients c where lower(c.email) = v_email) then
    perform private.refuse('member_email', 'Ese correo es de un miembro: los miembros se administran en Clientes, no aquí.', 'email');
  end if;
  select u.id into v_user from auth.users u where lower(u.email) = v_email;
  if exists (select 1 from public.users_roles ur where ur.user_id = v_user) then
    perform private.refuse('already_staff', 'Esa persona ya tiene acceso: cambia su rol en la lista.', 'email');
  end if;
  if exists (select 1 from public.staff_invitations i where lower(i.email) = v_email and i.status = 'pending') then
    perform private.refuse('invitation_pending', 'Ya hay una invitación pendiente para ese correo.', 'email');
  end if;
  if v_user is not null then
    -- Someone who was staff before (their account exists, without a role): the access is back at once,
    -- since Google sign-in will not create their account again for the invitation to be accepted.
    insert into public.users_roles (user_id, role, finance) values (v_user, p_role, v_finance);
    return jsonb_build_object('state', 'activo', 'email', v_email);
  end if;
  insert into public.staff_invitations (email, role, finance) values (v_email, p_role, v_finance);
  return jsonb_build_object('state', 'pendiente', 'email', v_email);
end
$$;
comment on function public.invite_staff(text, text, boolean) is
  'Superadmin: invita a un correo con un rol (y finanzas, solo superadmin, solo si quien invita la tiene). Rechaza el correo de un miembro, de alguien con acceso o con una invitación pendiente. A quien ya tuvo cuenta le devuelve el acceso al instante.';

create or replace function public.set_staff_role(p_user_id uuid, p_role text, p_finance boolean default false) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me uuid := private.require_superadmin('Solo un superadmin administra el personal.');
  v_old public.users_roles;
  v_finance boolean := coalesce(p_finance, false);
begin
  if p_user_id = v_me then
    perform private.refuse('own_role', 'No puedes cambiar tu propio rol: pídeselo a otro superadmin.', null, '42501');
  end if;
  if p_role is null or p_role not in ('admin', 'superadmin') then
    perform private.refuse('invalid_role', 'Elige el rol: admin o superadmin.', 'role');
  end if;
  if v_finance and p_role <> 'superadmin' then
    perform private.refuse('invalid_role', 'El acceso a finanzas es solo para superadmin.', 'finance');
  end if;
  select * into v_old from public.users_roles ur where ur.user_id = p_user_id and ur.role in ('admin', 'superadmin') for update;
  if not found then
    perform private.refuse('unknown_staff', 'Esa persona ya no tiene acceso: invítala de nuevo.');
  end if;
  perform private.require_finance_if(v_old.finance <> v_finance);
  update public.users_roles set role = p_role, finance = v_finance where user_id = p_user_id;
  return jsonb_build_object('user_id', p_user_id, 'role', p_role, 'finance', v_finance);
end
$$;
comment on function public.set_staff_role(uuid, text, boolean) is
  'Superadmin: cambia el rol o finanzas de otra persona del personal; vale desde su siguiente petición. Ni el propio rol, ni dejar sin superadmin, ni tocar finanzas sin tenerla.';

create or replace function public.revoke_staff_access(p_user_id uuid) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me uuid := private.require_superadmin('Solo un superadmin administra el personal.');
  v_old public.users_roles;
begin
  if p_user_id = v_me then
    perform private.refuse('own_role', 'No puedes quitarte tu propio acceso: pídeselo a otro superadmin.', null, '42501');
  end if;
  select * into v_old from public.users_roles ur where ur.user_id = p_user_id and ur.role in ('admin', 'superadmin') for update;
  if not found then
    perform private.refuse('unknown_staff', 'Esa persona ya no tiene acceso.');
  end if;
  perform private.require_finance_if(v_old.finance);
  delete from public.users_roles where user_id = p_user_id;
  return jsonb_build_object('user_id', p_user_id, 'state', 'revocado');
end
$$;
comment on function public.revoke_staff_access(uuid) is
  'Superadmin: quita el acceso de otra persona del personal; su siguiente petición ya se rechaza aunque su token diga otra cosa (las políticas leen users_roles). Queda en la bitácora.';

create or replace function public.revoke_staff_invitation(p_invitation_id uuid) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me uuid := private.require_superadmin('Solo un superadmin administra el personal.');
  v_old public.staff_invitations;
begin
  select * into v_old from public.staff_invitations i where i.id = p_invitation_id and i.status = 'pending' for update;
  if not found then
    perform private.refuse('unknown_staff', 'Esa invitación ya no está pendiente: quizá ya entró con ella.');
  end if;
  perform private.require_finance_if(v_old.finance);
  update public.staff_invitations set status = 'revoked' where id = p_invitation_id;
  return jsonb_build_object('invitation_id', p_invitation_id, 'state', 'revocado');
end
$$;
comment on function public.revoke_staff_invitation(uuid) is
  'Superadmin: retira una invitación pendiente; ese correo ya no puede crear su cuenta.';

revoke all on function private.guard_superadmins(), private.require_finance_if(boolean) from public, anon, authenticated;
revoke all on function public.get_staff_members(), public.invite_staff(text, text, boolean),
  public.set_staff_role(uuid, text, boolean), public.revoke_staff_access(uuid), public.revoke_staff_invitation(uuid)
  from public, anon;
grant execute on function public.get_staff_members(), public.invite_staff(text, text, boolean),
  public.set_staff_role(uuid, text, boolean), public.revoke_staff_access(uuid), public.revoke_staff_invitation(uuid)
  to authenticated;
