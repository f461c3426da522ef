-- Identity: roles, staff invitations, members (clients) with their network, the access helpers,
-- the two Supabase Auth hooks and the trigger that links a new auth user.

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
    constraint staff_invitations_correo_valido check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and char_length(email) <= 254),
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

-- clients (members) and the network ---------------------------------------------------------------
create table public.clients (
  id uuid primary key default gen_random_uuid(),
  member_no bigint generated always as identity unique,
  auth_uid uuid unique references auth.users (id) on delete set null,
  name text not null
    constraint clients_nombre_valido check (char_length(btrim(name)) between 2 and 120),
  email text not null
    constraint clients_correo_valido check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and char_length(email) <= 254),
  phone text constraint clients_telefono_valido check (char_length(phone) <= 40),
  document_number text constraint clients_documento_valido check (char_length(document_number) <= 40),
  address text constraint clients_direccion_valida check (char_length(address) <= 300),
  city text constraint clients_ciudad_valida check (char_length(city) <= 100),
  slug text constraint clients_slug_valido check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) between 3 and 60),
  landing_message text constraint clients_mensaje_valido check (char_length(landing_message) <= 1000),
  enroller_id uuid references public.clients (id) on delete restrict,
  path extensions.ltree not null,
  star_level smallint not null default 1 references public.star_level_configs (level) on update cascade,
  is_active boolean not null default false,
  enrollment_status text not null default 'pending'
    constraint clients_estado_enrolamiento_valido check (enrollment_status in ('pending', 'registered', 'rejected', 'cancelled')),
  joined_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint clients_no_se_patrocina_a_si_mismo check (enroller_id <> id),
  constraint clients_ruta_coherente check ((enroller_id is null) = (extensions.nlevel(path) = 1)),
  constraint clients_registrado_con_fecha check (enrollment_status <> 'registered' or joined_at is not null)
) with (fillfactor = 50);
-- Half of each page stays free because the engine rewrites most rows every month (activity off at
-- the close, on again with the month's points): with room on the page, and no index on is_active,
-- each rewrite is a HOT update that leaves the indexes (the GiST path index above all) untouched.
create unique index clients_email_unico on public.clients (lower(email));
create unique index clients_slug_unico on public.clients (lower(slug));
create index clients_enroller_idx on public.clients (enroller_id);
create index clients_path_gist on public.clients using gist (path);
create index clients_star_level_idx on public.clients (star_level);
comment on table public.clients is
  'Miembros (rol cliente). path es la ruta ltree de member_no desde la raíz de la red: responde «toda la línea ascendente» (ancestros de path) y «toda la descendencia con profundidad» (path <@ …, nlevel) con el índice GiST.';
comment on column public.clients.path is 'Ruta de la red (member_no separados por puntos). La mantienen los disparadores; no se escribe a mano.';
comment on column public.clients.enrollment_status is
  'pending: enrolamiento pendiente de aprobación; registered: aprobado (puede iniciar sesión); rejected / cancelled: la venta de enrolamiento fue rechazada o cancelada.';
comment on column public.clients.is_active is 'Activo en el mes en curso (100 puntos personales); lo mantiene el motor de recompensas.';

create or replace function private.clients_maintain_path() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_parent_path extensions.ltree;
begin
  if tg_op = 'UPDATE' and new.enroller_id is not distinct from old.enroller_id then
    -- Depth 1 is a direct UPDATE from a caller; deeper levels are the cascade below.
    if new.path::text is distinct from old.path::text and pg_catalog.pg_trigger_depth() < 2 then
      perform private.refuse('network_path', 'La ruta de la red se calcula a partir del patrocinador; no se puede escribir.');
    end if;
    return new;
  end if;
  if tg_op = 'UPDATE' then
    -- Moves are rare; serialising them makes two crossing moves unable to build a cycle.
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('savia.network.move'));
  end if;
  if new.enroller_id is null then
    new.path := extensions.text2ltree(new.member_no::text);
  else
    select c.path into v_parent_path from public.clients c where c.id = new.enroller_id;
    if not found then
      perform private.refuse('unknown_enroller', 'El patrocinador indicado no existe.');
    end if;
    if tg_op = 'UPDATE' and v_parent_path operator(extensions.<@) old.path then
      perform private.refuse('network_cycle', 'Un miembro no puede quedar bajo su propia red descendente.');
    end if;
    new.path := extensions.text2ltree(extensions.ltree2text(v_parent_path) || '.' || new.member_no::text);
  end if;
  return new;
end
$$;
comment on function private.clients_maintain_path() is
  'Calcula path desde el patrocinador y rechaza colocar a un miembro bajo su propia descendencia. Security definer porque debe leer la ruta del patrocinador aunque quien escribe no pueda verlo (la política decide después si la fila entra).';

create or replace function private.clients_cascade_path() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  update public.clients c
     set path = new.path operator(extensions.||) extensions.subpath(c.path, extensions.nlevel(old.path))
   where c.path operator(extensions.<@) old.path
     and c.id <> new.id;
  return null;
end
$$;
comment on function private.clients_cascade_path() is 'Al mover a un miembro, arrastra toda su descendencia a la nueva rama.';

create trigger clients_path
  before insert or update of enroller_id, path on public.clients
  for each row execute function private.clients_maintain_path();
create trigger clients_path_cascade
  after update of enroller_id on public.clients
  for each row when (old.path::text is distinct from new.path::text)
  execute function private.clients_cascade_path();
create trigger clients_touch before update on public.clients
  for each row execute function private.touch_updated_at();
create trigger clients_stamp before insert or update on public.clients
  for each row execute function private.stamp_authorship('created_at');

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

create or replace function private.in_my_downline(p_client_id uuid) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
      from public.clients me
      join public.users_roles ur on ur.user_id = me.auth_uid and ur.role = 'cliente'
      join public.clients c on c.path operator(extensions.<@) me.path and c.id <> me.id
     where me.auth_uid = auth.uid() and c.id = p_client_id
  )
$$;
comment on function private.in_my_downline(uuid) is 'Verdadero si el miembro indicado está en la descendencia (cualquier generación) del miembro actual.';

-- The helpers that policies and the guard triggers call as the signed-in caller.
grant execute on function private.has_role(), private.is_staff(), private.is_superadmin(), private.has_finance(),
  private.my_client_id() to authenticated;

-- Members may edit their contact data and public page only; the rest belongs to staff or the engine.
create or replace function private.clients_guard() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_free text[] := array['name', 'phone', 'address', 'city', 'landing_message', 'updated_at'];
  v_engine text[] := array['star_level', 'is_active', 'enrollment_status', 'joined_at'];
begin
  -- Security-definer RPCs (the engine) run as their owner and are trusted; only API roles are checked.
  if current_user not in ('authenticated', 'anon') then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if new.star_level <> 1 or new.is_active or new.enrollment_status <> 'pending' or new.joined_at is not null then
      perform private.refuse('forbidden', 'Un miembro nuevo empieza en estrella 1, inactivo y pendiente de aprobación.', null, '42501');
    end if;
    if new.auth_uid is not null and not private.is_superadmin() then
      perform private.refuse('forbidden', 'Solo un superadmin puede vincular una cuenta a un miembro.', null, '42501');
    end if;
    return new;
  end if;
  if not private.is_staff() then
    if (to_jsonb(new) - v_free) is distinct from (to_jsonb(old) - v_free) then
      perform private.refuse('forbidden', 'Solo puedes modificar tus datos de contacto y tu página pública.', null, '42501');
    end if;
    return new;
  end if;
  if (to_jsonb(new) -> 'star_level', to_jsonb(new) -> 'is_active',
      to_jsonb(new) -> 'enrollment_status', to_jsonb(new) -> 'joined_at')
     is distinct from
     (to_jsonb(old) -> 'star_level', to_jsonb(old) -> 'is_active',
      to_jsonb(old) -> 'enrollment_status', to_jsonb(old) -> 'joined_at') then
    perform private.refuse('engine_fields', 'El nivel, la actividad y el estado de enrolamiento los calcula el sistema; no se editan a mano.', array_to_string(v_engine, ', '), '42501');
  end if;
  if (new.enroller_id is distinct from old.enroller_id or new.auth_uid is distinct from old.auth_uid)
     and not private.is_superadmin() then
    perform private.refuse('forbidden', 'Solo un superadmin puede cambiar el patrocinador o la cuenta vinculada de un miembro.', null, '42501');
  end if;
  -- A move is made only through public.change_enroller (security definer, so not checked here),
  -- which asks for the reason, refuses a cycle with the names and records the move.
  if new.enroller_id is distinct from old.enroller_id then
    perform private.refuse('forbidden', 'El enrolador se cambia con «Cambiar enrolador», que pide el motivo y deja registrado el cambio.', null, '42501');
  end if;
  -- An approved member's e-mail is what Google sign-in is matched on (before_user_created_hook and
  -- link_new_auth_user): whoever changes it while no login is linked chooses who gets the account
  -- and its balance, so that is a superadmin's decision, as linking an account is. It stays so
  -- once a login is linked, because a link comes undone when its auth user is deleted, and an
  -- address changed meanwhile would then take the account. We rejected «the link requires the
  -- original address»: a corrected address could then never be used to sign in. Before approval
  -- nobody can sign in with the address, so staff correct a pending enrolment's typo freely.
  if new.email is distinct from old.email and old.enrollment_status = 'registered' and not private.is_superadmin() then
    perform private.refuse('forbidden', 'Solo un superadmin puede cambiar el correo de un miembro aprobado: es con el que entra a Savia.', null, '42501');
  end if;
  return new;
end
$$;
comment on function private.clients_guard() is
  'Protege las columnas de clients que no debe tocar quien edita: el miembro solo sus datos de contacto; nadie por la API el nivel, la actividad o el estado de enrolamiento; el patrocinador solo por change_enroller (superadmin); solo superadmin la cuenta vinculada o el correo de un miembro aprobado.';

create trigger clients_guard
  before insert or update on public.clients
  for each row execute function private.clients_guard();

-- Finance (costs, margins, the month's money) is a circle its members manage: a superadmin without
-- it can neither let someone in (an accomplice, or themselves through one) nor push the holders out,
-- which could not be undone, since only a holder grants it. So every row that has or gets finance,
-- a role or an invitation, is written or deleted only by a holder.
create or replace function private.guard_finance() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('authenticated', 'anon')
     and ((tg_op <> 'INSERT' and old.finance) or (tg_op <> 'DELETE' and new.finance))
     and not private.has_finance() then
    perform private.refuse('forbidden', 'Solo un superadmin con acceso a finanzas puede dar o quitar ese acceso.', null, '42501');
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end
$$;
comment on function private.guard_finance() is
  'Solo un superadmin con finanzas crea, cambia o borra un rol o una invitación que tiene o recibe finance: ni da ese acceso ni se lo quita a quien lo tiene.';

create trigger users_roles_finance before insert or update or delete on public.users_roles
  for each row execute function private.guard_finance();
create trigger staff_invitations_finance before insert or update or delete on public.staff_invitations
  for each row execute function private.guard_finance();

create or replace function private.staff_invitations_guard() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- Acceptance is a fact the link trigger records when the person first signs in.
  if current_user in ('authenticated', 'anon')
     and (new.status = 'accepted' or new.accepted_user_id is not null or new.accepted_at is not null)
     and (tg_op = 'INSERT' or (new.status, new.accepted_user_id, new.accepted_at) is distinct from (old.status, old.accepted_user_id, old.accepted_at)) then
    perform private.refuse('forbidden', 'Una invitación queda aceptada sola, cuando la persona entra por primera vez.', null, '42501');
  end if;
  return new;
end
$$;
comment on function private.staff_invitations_guard() is
  'Por la API una invitación nace pendiente y solo se revoca o se reabre: aceptarla (y con quién) lo anota el disparador que vincula la cuenta nueva.';

create trigger staff_invitations_guard before insert or update on public.staff_invitations
  for each row execute function private.staff_invitations_guard();

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
       exists (select 1 from public.staff_invitations i where lower(i.email) = v_email and i.status = 'pending')
    or exists (select 1 from public.clients c
                where lower(c.email) = v_email and c.enrollment_status = 'registered' and c.auth_uid is null)
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
  'Hook before_user_created de Supabase Auth: solo pueden crear cuenta el personal invitado y los miembros aprobados aún sin cuenta (los mismos que vincula link_new_auth_user, así no nacen cuentas sin rol); el resto recibe un 403 con mensaje en español.';

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
grant select on public.users_roles, public.staff_invitations, public.clients to supabase_auth_admin;

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
  select * into v_invitation
    from public.staff_invitations i
   where lower(i.email) = v_email and i.status = 'pending'
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
  update public.clients c
     set auth_uid = new.id
   where lower(c.email) = v_email and c.enrollment_status = 'registered' and c.auth_uid is null
  returning c.id into v_client_id;
  if v_client_id is not null then
    insert into public.users_roles (user_id, role, finance) values (new.id, 'cliente', false)
    on conflict (user_id) do nothing;
  end if;
  return new;
end
$$;
comment on function private.link_new_auth_user() is
  'Al crearse un usuario en auth.users: una invitación pendiente pasa a users_roles (y queda aceptada); si no, un miembro aprobado con ese correo queda vinculado y recibe el rol cliente.';

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.link_new_auth_user();

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
  if v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or char_length(v_email) > 254 then
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

-- Row level security --------------------------------------------------------------------------------
alter table public.users_roles enable row level security;
alter table public.staff_invitations enable row level security;
alter table public.clients enable row level security;
-- Superadmin manages roles and invitations; staff manage members, a member edits their own contact
-- data (clients_guard keeps the rest); only superadmin deletes.
grant select, insert, update, delete on public.users_roles, public.staff_invitations, public.clients to authenticated;

create policy users_roles_select_own on public.users_roles for select to authenticated
  using (user_id = (select auth.uid()));
create policy users_roles_select_superadmin on public.users_roles for select to authenticated
  using ((select private.is_superadmin()));
-- A superadmin manages everyone's role but their own, so nobody can lock themselves out by accident.
create policy users_roles_insert_superadmin on public.users_roles for insert to authenticated
  with check ((select private.is_superadmin()) and user_id <> (select auth.uid()));
create policy users_roles_update_superadmin on public.users_roles for update to authenticated
  using ((select private.is_superadmin()) and user_id <> (select auth.uid()))
  with check ((select private.is_superadmin()) and user_id <> (select auth.uid()));
create policy users_roles_delete_superadmin on public.users_roles for delete to authenticated
  using ((select private.is_superadmin()) and user_id <> (select auth.uid()));
create policy users_roles_auth_hook on public.users_roles for select to supabase_auth_admin
  using (true);

create policy staff_invitations_superadmin on public.staff_invitations for all to authenticated
  using ((select private.is_superadmin()))
  with check ((select private.is_superadmin()));
create policy staff_invitations_auth_hook on public.staff_invitations for select to supabase_auth_admin
  using (true);

create policy clients_select_own on public.clients for select to authenticated
  using (id = (select private.my_client_id()));
create policy clients_select_staff on public.clients for select to authenticated
  using ((select private.is_staff()));
create policy clients_update_own on public.clients for update to authenticated
  using (id = (select private.my_client_id()))
  with check (id = (select private.my_client_id()));
create policy clients_insert_staff on public.clients for insert to authenticated
  with check ((select private.is_staff()));
create policy clients_update_staff on public.clients for update to authenticated
  using ((select private.is_staff()))
  with check ((select private.is_staff()));
create policy clients_delete_superadmin on public.clients for delete to authenticated
  using ((select private.is_superadmin()));
create policy clients_auth_hook on public.clients for select to supabase_auth_admin
  using (true);

-- Settings and plan (their tables come from the previous migration; the helpers from this one).
create policy metadata_select_everyone on public.metadata for select to anon, authenticated
  using (true);
create policy metadata_insert_superadmin on public.metadata for insert to authenticated
  with check ((select private.is_superadmin()));
create policy metadata_update_superadmin on public.metadata for update to authenticated
  using ((select private.is_superadmin()))
  with check ((select private.is_superadmin()));

create policy star_level_configs_select on public.star_level_configs for select to authenticated
  using ((select private.has_role()));
create policy star_level_configs_write_superadmin on public.star_level_configs for all to authenticated
  using ((select private.is_superadmin()))
  with check ((select private.is_superadmin()));

create policy plan_versions_select on public.plan_versions for select to authenticated
  using ((select private.has_role()));
