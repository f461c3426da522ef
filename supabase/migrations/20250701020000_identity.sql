-- Identity: staff roles and invitations, the access helpers every policy and function calls, the
-- rules on roles (finance, the last superadmin), the two Supabase Auth hooks, the trigger that links a
-- new auth user, the actions of Usuarios, and the audit log every business table writes to.

-- users_roles ------------------------------------------------------------------------------------
create table public.users_roles (
  user_id uuid primary key references auth.users (id) on delete cascade,
  role text not null
    constraint users_roles_rol_valido check (role in ('superadmin', 'admin', 'cliente')),
  finance boolean not null default false,
  granted_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint users_roles_finanzas_solo_superadmin check (not finance or role = 'superadmin')
);
create index users_roles_granted_by_idx on public.users_roles (granted_by);
create index users_roles_role_idx on public.users_roles (role);
comment on table public.users_roles is
  'Rol de cada usuario autenticado (sin fila = sin_rol). Las políticas lo leen en cada petición, así que revocar un rol surte efecto de inmediato, sin esperar a que caduque el token.';
comment on column public.users_roles.finance is 'Acceso a datos financieros (costes, márgenes, informes); solo tiene sentido para superadmin.';

create trigger users_roles_touch before update on public.users_roles
  for each row execute function private.touch_updated_at();
create trigger users_roles_stamp before insert or update on public.users_roles
  for each row execute function private.stamp_authorship('granted_by', 'created_at');

-- staff_invitations ------------------------------------------------------------------------------
create table public.staff_invitations (
  id uuid primary key default gen_random_uuid(),
  email text not null
    constraint staff_invitations_correo_valido check (private.is_email(email)),
  role text not null
    constraint staff_invitations_rol_valido check (role in ('superadmin', 'admin')),
  finance boolean not null default false,
  status text not null default 'pending'
    constraint staff_invitations_estado_valido check (status in ('pending', 'accepted', 'revoked')),
  invited_by uuid default auth.uid() references auth.users (id) on delete set null,
  accepted_user_id uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  accepted_at timestamptz,
  constraint staff_invitations_finanzas_solo_superadmin check (not finance or role = 'superadmin'),
  constraint staff_invitations_aceptada_con_fecha check ((status = 'accepted') = (accepted_at is not null))
);
create unique index staff_invitations_una_pendiente_por_correo on public.staff_invitations (lower(email)) where status = 'pending';
create index staff_invitations_email_idx on public.staff_invitations (lower(email));
create index staff_invitations_invited_by_idx on public.staff_invitations (invited_by);
create index staff_invitations_accepted_user_idx on public.staff_invitations (accepted_user_id);
comment on table public.staff_invitations is
  'Invitaciones de personal: permiten a ese correo crear su cuenta con Google; al crearse, el disparador copia el rol a users_roles y la marca aceptada.';
create trigger staff_invitations_stamp before insert or update on public.staff_invitations
  for each row execute function private.stamp_authorship('invited_by', 'created_at');

-- Access helpers --------------------------------------------------------------------------------
-- Helpers like these are PL/pgSQL even when one query would do: PostgreSQL (before 18) parses and
-- plans a SQL function that it cannot inline (security definer, SET search_path) again on every
-- call from PL/pgSQL or a policy, while a PL/pgSQL function keeps its plans for the session.
create or replace function private.user_role() returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (select ur.role from public.users_roles ur where ur.user_id = auth.uid());
end
$$;
comment on function private.user_role() is 'Rol actual del usuario según users_roles (null = sin_rol). Se lee en cada petición.';

create or replace function private.has_role() returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (select 1 from public.users_roles ur where ur.user_id = auth.uid());
end
$$;
comment on function private.has_role() is 'Verdadero si el usuario tiene algún rol (personal o cliente); sin_rol no ve nada.';

create or replace function private.is_staff() returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (select 1 from public.users_roles ur where ur.user_id = auth.uid() and ur.role in ('admin', 'superadmin'));
end
$$;
comment on function private.is_staff() is 'Verdadero para admin y superadmin (el back office).';

create or replace function private.is_superadmin() returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (select 1 from public.users_roles ur where ur.user_id = auth.uid() and ur.role = 'superadmin');
end
$$;
comment on function private.is_superadmin() is 'Verdadero solo para superadmin.';

create or replace function private.has_finance() returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (
      select 1 from public.users_roles ur
       where ur.user_id = auth.uid() and ur.role = 'superadmin' and ur.finance
    );
end
$$;
comment on function private.has_finance() is 'Verdadero para superadmin con finance = true: costes, márgenes e informes financieros.';

create or replace function private.my_client_id() returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (select c.id
      from public.clients c
      join public.users_roles ur on ur.user_id = c.auth_uid and ur.role = 'cliente'
     where c.auth_uid = auth.uid());
end
$$;
comment on function private.my_client_id() is
  'Ficha de miembro del usuario, solo si su rol sigue siendo cliente: un miembro con el rol revocado deja de ver sus filas.';

-- The helpers that policies and the guard triggers call as the signed-in caller.
grant execute on function private.has_role(), private.is_staff(), private.is_superadmin(), private.has_finance(),
  private.my_client_id() to authenticated;

-- Who is calling -----------------------------------------------------------------------------------
create or replace function private.require_staff() returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if auth.uid() is null or not private.is_staff() then
    perform private.refuse('forbidden', 'Solo el personal (admin o superadmin) puede realizar esta acción.');
  end if;
  return auth.uid();
end
$$;
comment on function private.require_staff() is 'Exige rol admin o superadmin (leído de users_roles en cada llamada) y devuelve el usuario.';

create or replace function private.require_member() returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_id uuid := private.my_client_id();
begin
  if v_id is null then
    perform private.refuse('forbidden', 'Solo un miembro con su ficha vinculada puede realizar esta acción.');
  end if;
  return v_id;
end
$$;
comment on function private.require_member() is 'Exige rol cliente con ficha de miembro vinculada y devuelve el id del miembro.';

create or replace function private.member_in_reach(p_client_id uuid, p_missing text, p_forbidden text) returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  -- Staff read any member's figures but must say whose; a member reads only their own.
  if private.is_staff() then
    if p_client_id is null then
      perform private.refuse('client_required', p_missing);
    end if;
    return p_client_id;
  end if;
  if p_client_id is not null and p_client_id <> private.require_member() then
    perform private.refuse('forbidden', p_forbidden);
  end if;
  return private.require_member();
end
$$;
comment on function private.member_in_reach(uuid, text, text) is
  'El miembro cuyos datos (saldo, libro, red) puede leer quien llama: el personal, el que indique (si no indica ninguno, p_missing); un miembro, solo el suyo (si pide otro, p_forbidden).';

create or replace function private.is_service() returns boolean
language plpgsql
stable
set search_path = ''
as $$
begin
  return coalesce(auth.jwt() ->> 'role', '') = 'service_role';
end
$$;
comment on function private.is_service() is 'Verdadero cuando llama la clave service_role (planificadores externos, función close-period).';

-- Every superadmin-only screen (Proveedores, Usuarios, the plan, the close, the audit log, Análisis de
-- Salud) refuses anyone else with its own sentence, through this one check.
create or replace function private.require_superadmin(p_refusal text) returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.is_superadmin() then
    perform private.refuse('forbidden', p_refusal, null, '42501');
  end if;
  return auth.uid();
end
$$;
comment on function private.require_superadmin(text) is
  'Exige rol superadmin (leído de users_roles en cada llamada; sin sesión no lo es) y devuelve el usuario; si no, rechaza (42501) con la frase de la pantalla que llama.';
create or replace function private.require_finance() returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.has_finance() then
    perform private.refuse('forbidden', 'Solo un superadmin con acceso a finanzas puede ver los informes financieros.', null, '42501');
  end if;
  return auth.uid();
end
$$;
comment on function private.require_finance() is 'Solo un superadmin con el permiso de finanzas lee Finanzas: rechaza a cualquier otro; devuelve su id.';
-- Finance (costs, margins, the month's money) is a circle its members manage: a superadmin without
-- it can neither let someone in (an accomplice, or themselves through one) nor push the holders out,
-- which could not be undone, since only a holder grants it. users_roles and staff_invitations are
-- written only by the functions of Usuarios below (the API roles may only read them), and each of
-- them applies this rule through private.require_finance_if; acceptance of an invitation is a fact
-- the link trigger records when the person first signs in.
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
  'El círculo de finanzas, en las funciones de Usuarios (las únicas que escriben roles e invitaciones): si el cambio da o quita finanzas, solo un superadmin con finanzas. Ni se da ese acceso a un cómplice ni se le quita a quien lo tiene.';
revoke all on function private.require_superadmin(text), private.require_finance() from public, anon, authenticated;

-- The two rules on users_roles ---------------------------------------------------------------------
-- Access is read from users_roles on every request (private.is_staff and friends), so a change of role
-- is effective on the person's very next request, whatever their token still says. Two rules hold for
-- every path, an operator's SQL included, in a trigger: nobody leaves the company without a
-- superadmin, and nobody takes away their own superadmin role. The finance circle's rule is applied by
-- the functions of Usuarios (private.require_finance_if), the only writers of the table.
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
  'Nadie quita su propio rol de superadmin y nunca se quita el último superadmin (bajo un candado, para que dos cambios simultáneos no lo dejen en cero). Vale para cualquier camino: las funciones de Usuarios y un operador en SQL.';
create trigger users_roles_superadmins before update of role or delete on public.users_roles
  for each row execute function private.guard_superadmins();
revoke all on function private.guard_superadmins(), private.require_finance_if(boolean) from public, anon, authenticated;

-- Supabase Auth hooks ----------------------------------------------------------------------------
create or replace function public.before_user_created_hook(event jsonb) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  v_email text := lower(btrim(event -> 'user' ->> 'email'));
begin
  if v_email is not null and v_email <> '' and (
       (exists (select 1 from public.staff_invitations i where lower(i.email) = v_email and i.status = 'pending')
        and not exists (select 1 from public.clients c where lower(c.email) = v_email))
    -- A pending, rejected or cancelled enrolment also gets its account, without a role: signed in, the person
    -- reads where their enrolment stands (get_my_enrolment) instead of a refusal that calls their
    -- address unknown. Approval links that account (private.link_approved_member). Never an address
    -- a staff member chose and nobody else confirmed yet (issue 23 §2).
    or exists (select 1 from public.clients c
                where lower(c.email) = v_email and c.enrollment_status in ('registered', 'pending', 'rejected', 'cancelled')
                  and c.auth_uid is null and c.email_set_by is null)
  ) then
    return '{}'::jsonb;
  end if;
  return jsonb_build_object('error', jsonb_build_object(
    'http_code', 403,
    'message', 'Este correo de Google no está registrado. Inicia sesión con el correo que usaste al enrolarte.'
  ));
end
$$;
comment on function public.before_user_created_hook(jsonb) is
  'Hook before_user_created de Supabase Auth: solo pueden crear cuenta el personal invitado, los miembros aprobados aún sin cuenta (link_new_auth_user les da su rol) y quien tiene un enrolamiento pendiente o rechazado (cuenta sin rol: solo lee su enrolamiento con get_my_enrolment; la aprobación la vincula), en ambos casos si su correo no espera la confirmación de otra persona del personal; el resto recibe un 403 con mensaje en español.';

create or replace function public.custom_access_token_hook(event jsonb) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  v_claims jsonb := coalesce(event -> 'claims', '{}'::jsonb);
  v_role text;
  v_finance boolean;
begin
  select ur.role, ur.finance into v_role, v_finance
    from public.users_roles ur
   where ur.user_id = (event ->> 'user_id')::uuid;
  -- The `role` claim is PostgREST's database role: never touched here.
  v_claims := v_claims
    || jsonb_build_object('user_role', coalesce(v_role, 'sin_rol'),
                          'finance', coalesce(v_role = 'superadmin' and v_finance, false));
  return jsonb_set(event, '{claims}', v_claims);
end
$$;
comment on function public.custom_access_token_hook(jsonb) is
  'Hook custom_access_token de Supabase Auth: añade user_role (superadmin|admin|cliente|sin_rol) y finance al token, para la navegación de la app. La autorización real la hacen las políticas.';

revoke execute on function public.before_user_created_hook(jsonb), public.custom_access_token_hook(jsonb)
  from public, anon, authenticated;

-- As Supabase's documentation for Postgres hooks asks: Auth runs them as supabase_auth_admin.
grant usage on schema public to supabase_auth_admin;
grant execute on function public.before_user_created_hook(jsonb), public.custom_access_token_hook(jsonb)
  to supabase_auth_admin;
grant select on public.users_roles, public.staff_invitations to supabase_auth_admin;

-- Linking a new auth user ------------------------------------------------------------------------
create or replace function private.link_new_auth_user() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email text := lower(btrim(new.email));
  v_invitation public.staff_invitations%rowtype;
  v_client_id uuid;
begin
  if v_email is null or v_email = '' then
    return new;
  end if;
  -- An invitation never wins over a member's address (invite_staff and update_client_contact refuse
  -- to make them meet; this holds for whatever got around them): the member's account stays theirs.
  select * into v_invitation
    from public.staff_invitations i
   where lower(i.email) = v_email and i.status = 'pending'
     and not exists (select 1 from public.clients c where lower(c.email) = v_email)
   for update;
  if found then
    insert into public.users_roles (user_id, role, finance, granted_by)
    values (new.id, v_invitation.role, v_invitation.finance, v_invitation.invited_by)
    on conflict (user_id) do update set role = excluded.role, finance = excluded.finance;
    update public.staff_invitations
       set status = 'accepted', accepted_at = now(), accepted_user_id = new.id
     where id = v_invitation.id;
    return new;
  end if;
  -- An approval of this person's enrolment may be under way: its row is locked and still reads
  -- «pending» to this statement, which an update filtered on «registered» would skip without waiting,
  -- and the approval looked for this account before it existed. Waiting for the row first, the update
  -- below reads what the approval decided (private.link_approved_member covers the other order).
  perform 1 from public.clients c where lower(c.email) = v_email for no key update;
  -- Issue 23 §2: an address a staff member chose (clients.email_set_by) opens the account only once
  -- someone else confirmed it (approving the enrolment, or confirm_client_email).
  update public.clients c
     set auth_uid = new.id
   where lower(c.email) = v_email and c.enrollment_status = 'registered' and c.auth_uid is null
     and c.email_set_by is null
  returning c.id into v_client_id;
  if v_client_id is not null then
    insert into public.users_roles (user_id, role, finance) values (new.id, 'cliente', false)
    on conflict (user_id) do nothing;
  end if;
  return new;
end
$$;
comment on function private.link_new_auth_user() is
  'Al crearse un usuario en auth.users: una invitación pendiente pasa a users_roles (y queda aceptada); si no, un miembro aprobado con ese correo (que ninguna persona del personal cambió sin que otra lo confirmara) queda vinculado y recibe el rol cliente.';

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.link_new_auth_user();

-- A pending enrolment's person may already have signed in (an account without a role, see
-- before_user_created_hook): link_new_auth_user will not run for them again, so the approval links
-- that account, by the address the member has when approved, as a first sign-in would.
create or replace function private.link_approved_member(p_client_id uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid;
begin
  select u.id into v_user
    from public.clients c
    join auth.users u on lower(btrim(u.email)) = lower(btrim(c.email))
   where c.id = p_client_id and c.enrollment_status = 'registered' and c.auth_uid is null
     -- Never an account that is someone's already: staff, or another member's login.
     and not exists (select 1 from public.users_roles ur where ur.user_id = u.id)
     and not exists (select 1 from public.clients o where o.auth_uid = u.id)
   order by u.created_at
   limit 1;
  if v_user is null then
    return;
  end if;
  update public.clients c set auth_uid = v_user where c.id = p_client_id;
  insert into public.users_roles (user_id, role, finance) values (v_user, 'cliente', false);
end
$$;
comment on function private.link_approved_member(uuid) is
  'Al aprobarse un enrolamiento: si la persona ya entró con Google mientras estaba pendiente (cuenta sin rol con el correo del miembro), la vincula y le da el rol cliente; si no, no hace nada (link_new_auth_user lo hará en su primer ingreso).';
revoke all on function private.link_approved_member(uuid) from public, anon, authenticated;

-- The first superadmin ------------------------------------------------------------------------------
-- A project fresh from `supabase db push` lets nobody in: the hook above admits only invited staff
-- and approved members, and only a superadmin invites. The owner names the first superadmin, with
-- finance, once, connected as postgres (`npm run bootstrap-owner`, README «Deploying»); the person
-- then signs in with Google and the invitation does the rest. From then on the last superadmin can
-- never be removed (guard_superadmins), so this never opens again.
create or replace function private.bootstrap_owner(p_email text) returns text
language plpgsql
set search_path = ''
as $$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_pending text;
  v_user uuid;
  v_role text;
begin
  -- Two runs at once (or an invitation being accepted meanwhile) wait here: the second sees the first.
  lock table public.users_roles, public.staff_invitations in share row exclusive mode;
  if not private.is_email(v_email) then
    perform private.refuse('invalid_email',
      format('«%s» no es un correo válido: escribe el de la cuenta de Google con la que entrará la primera persona superadmin.', btrim(coalesce(p_email, ''))),
      'email');
  end if;
  if exists (select 1 from public.users_roles ur where ur.role = 'superadmin') then
    perform private.refuse('owner_exists',
      'Savia ya tiene superadmin: este comando solo nombra al primero. A las demás personas las invita un superadmin desde Usuarios.');
  end if;
  -- A pending superadmin invitation is an owner on the way: a second one would be a second owner
  -- nobody approved. A wrong address is revoked first (README «Deploying»).
  select i.email into v_pending from public.staff_invitations i where i.status = 'pending' and i.role = 'superadmin' order by i.created_at limit 1;
  if v_pending is not null then
    perform private.refuse('owner_pending',
      format('Ya hay una invitación de superadmin pendiente para %s: falta que entre con Google. Si ese correo está mal, revoca esa invitación y vuelve a ejecutar el comando.', v_pending));
  end if;
  select u.id, ur.role into v_user, v_role
    from auth.users u left join public.users_roles ur on ur.user_id = u.id
   where lower(u.email) = v_email;
  if v_role = 'cliente' or exists (select 1 from public.clients c where lower(c.email) = v_email) then
    perform private.refuse('member_email',
      format('%s es el correo de un miembro: la primera persona superadmin necesita un correo que no sea de un miembro.', v_email), 'email');
  end if;
  if v_user is not null then
    -- Their account exists (staff whose role was taken away): Google sign-in will not create it
    -- again for an invitation to be accepted, so the role is given at once.
    insert into public.users_roles (user_id, role, finance) values (v_user, 'superadmin', true)
    on conflict (user_id) do update set role = excluded.role, finance = excluded.finance;
    return format('Listo: %s ya tenía cuenta y ahora es superadmin con acceso a finanzas; lo verá al volver a entrar a Savia.', v_email);
  end if;
  insert into public.staff_invitations (email, role, finance) values (v_email, 'superadmin', true);
  return format('Listo: invitamos a %s como superadmin con acceso a finanzas. Que entre a Savia con «Continuar con Google» usando ese correo.', v_email);
end
$$;
comment on function private.bootstrap_owner(text) is
  'Primera persona superadmin (con finanzas) de un proyecto nuevo, solo como postgres (npm run bootstrap-owner): la invita, o le da el rol si su cuenta ya existe. Se niega con una frase en español si ya hay superadmin o una invitación de superadmin pendiente, si el correo está mal escrito o es de un miembro. La bitácora guarda la invitación o el rol con el rol de base de datos que lo ejecutó.';
revoke all on function private.bootstrap_owner(text) from public, anon, authenticated, service_role;

-- Usuarios: the superadmins invite, change a role or the finance flag, revoke an account, revoke an
-- invitation (their list is read through public.get_staff_members, in the configuration reads).
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
  if not private.is_email(v_email) then
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
revoke all on function public.invite_staff(text, text, boolean), public.set_staff_role(uuid, text, boolean),
  public.revoke_staff_access(uuid), public.revoke_staff_invitation(uuid) from public, anon;
grant execute on function public.invite_staff(text, text, boolean), public.set_staff_role(uuid, text, boolean),
  public.revoke_staff_access(uuid), public.revoke_staff_invitation(uuid) to authenticated;

-- Audit log: one row per change of every business table, written by triggers, never rewritten. Each
-- table's «audit» trigger is created next to the table.
create table public.audit_logs (
  id bigint generated always as identity primary key,
  occurred_at timestamptz not null default now(),
  actor_id uuid,
  actor_role text,
  db_role text not null default current_user,
  action text not null constraint audit_logs_accion_valida check (action in ('INSERT', 'UPDATE', 'DELETE')),
  table_name text not null,
  row_id text,
  old_values jsonb,
  new_values jsonb
);

-- A filtered page of the log (get_audit_log) reads newest first: by table through audit_logs_table_idx,
-- by record (with or without its table) through audit_logs_record_idx, by person through
-- audit_logs_actor_idx, unfiltered or by dates alone through audit_logs_occurred_idx
-- (bench/audit-log.mjs). Each ends in (occurred_at, id), the page's order, so the page and its count
-- are index-only scans of the log's keys (an append-only table stays all-visible); only the page's 25
-- rows are read from the heap. The record index does not start with the table, so that a search by
-- record alone can use it; a member's history (get_client_audit) reads it as well, its few rows
-- filtered by table.
create index audit_logs_table_idx on public.audit_logs (table_name, occurred_at desc, id desc);
create index audit_logs_record_idx on public.audit_logs (row_id, occurred_at desc, id desc);
create index audit_logs_occurred_idx on public.audit_logs (occurred_at desc, id desc);

-- The table is included so that a person's changes to one table are filtered inside the index (a
-- BitmapAnd of the person's and the table's entries read all 62,500 of the table's: 178 ms).
create index audit_logs_actor_idx on public.audit_logs (actor_id, occurred_at desc, id desc) include (table_name);
comment on table public.audit_logs is
  'Bitácora de solo anexado: quién (usuario y rol), qué (tabla, fila, acción) y valores antes y después. Sin clave foránea a auth.users a propósito: el rastro sobrevive aunque se borre el usuario.';
comment on column public.audit_logs.db_role is
  'Rol de base de datos por el que llegó el cambio: el de la petición de PostgREST (authenticated, service_role) o, en una sesión directa, el rol con que se conectó (postgres, supabase_auth_admin).';
comment on column public.audit_logs.actor_role is 'Rol de negocio del actor en ese momento (superadmin, admin, cliente, sin_rol) o el rol de base de datos si no hay usuario (motor, tareas).';

create or replace function private.audit_row() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_old jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) end;
  v_new jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) end;
  v_actor uuid := auth.uid();
  v_ignored text[] := array['updated_at'] || tg_argv[1:];
begin
  if tg_op = 'UPDATE' and v_old - v_ignored = v_new - v_ignored then
    return null; -- nothing really changed, or only columns another ledger already records
  end if;
  insert into public.audit_logs (actor_id, actor_role, db_role, action, table_name, row_id, old_values, new_values)
  values (
    v_actor,
    case when v_actor is null then session_user::text
         else coalesce((select ur.role from public.users_roles ur where ur.user_id = v_actor), 'sin_rol') end,
    -- The role the change came through: PostgREST's per-request SET LOCAL ROLE (authenticated,
    -- anon, service_role), else the login role of a direct session (an operator as postgres, the
    -- auth service's supabase_auth_admin, the scheduler's). current_user would name this
    -- function's owner; session_user alone, PostgREST's authenticator for every request.
    coalesce(nullif(current_setting('role', true), 'none'), session_user::text),
    tg_op,
    tg_table_name,
    coalesce(v_new, v_old) ->> coalesce(tg_argv[0], 'id'),
    v_old,
    v_new
  );
  return null;
end
$$;
comment on function private.audit_row() is
  'Disparador AFTER de auditoría. Argumentos opcionales: la columna que identifica la fila (por defecto id) y columnas cuyo cambio, si es el único, no se anota porque otro libro ya lo registra.';

create trigger audit_logs_append_only before update or delete on public.audit_logs
  for each row execute function private.forbid_change();
create trigger audit_logs_no_truncate before truncate on public.audit_logs
  for each statement execute function private.forbid_change();

alter table public.audit_logs enable row level security;
grant select on public.audit_logs to authenticated;

-- Read by superadmin (Configuración); no insert, update or delete policy: only the trigger writes.
-- A product's cost is finance's (product_costs' own policy): its changes, which copy the cost, too.
create policy audit_logs_select_superadmin on public.audit_logs for select to authenticated
  using ((select private.is_superadmin()) and (table_name <> 'product_costs' or (select private.has_finance())));

-- The ledgers (reward_transactions, stock_movements, plan_versions) are append-only and explain
-- themselves, so they are not copied here: that would double the busiest writes for no new fact.
create trigger audit after insert or update or delete on public.users_roles for each row execute function private.audit_row('user_id');
create trigger audit after insert or update or delete on public.staff_invitations for each row execute function private.audit_row();

-- Row level security --------------------------------------------------------------------------------
alter table public.users_roles enable row level security;
alter table public.staff_invitations enable row level security;

-- Read through the API; written only by the functions of Usuarios (invite_staff, set_staff_role,
-- revoke_staff_access, revoke_staff_invitation) and the link trigger, where the rules are (issue 23 §4:
-- a table write would skip them, e.g. a member made admin or a member's address invited as staff).
grant select on public.users_roles, public.staff_invitations to authenticated;

create policy users_roles_select_own on public.users_roles for select to authenticated
  using (user_id = (select auth.uid()));
create policy users_roles_select_superadmin on public.users_roles for select to authenticated
  using ((select private.is_superadmin()));

create policy users_roles_auth_hook on public.users_roles for select to supabase_auth_admin
  using (true);

create policy staff_invitations_superadmin on public.staff_invitations for select to authenticated
  using ((select private.is_superadmin()));
create policy staff_invitations_auth_hook on public.staff_invitations for select to supabase_auth_admin
  using (true);
