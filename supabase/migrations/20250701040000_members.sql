-- Members (role cliente) and their network: the clients table and its path, who may edit what, the
-- indexes of the screens that find members, and the change of a member's enroller with its record.

-- clients (members) and the network ---------------------------------------------------------------
create table public.clients (
  id uuid primary key default gen_random_uuid(),
  member_no bigint generated always as identity unique,
  auth_uid uuid unique references auth.users (id) on delete set null,
  name text not null
    constraint clients_nombre_valido check (char_length(btrim(name)) between 2 and 120),
  email text not null
    constraint clients_correo_valido check (private.is_email(email)),
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
  email_set_by uuid, -- who, as a fact (like audit_logs.actor_id): no foreign key, so it outlives the account
  email_set_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint clients_no_se_patrocina_a_si_mismo check (enroller_id <> id),
  constraint clients_cambio_de_correo_con_fecha check ((email_set_by is null) = (email_set_at is null)),
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
-- No index on star_level: the close raises tens of thousands of members' levels at once, and a
-- change of an indexed column rewrites every index of the row (the trigram and path ones too), where
-- an unindexed one stays in its page (fillfactor 50, a HOT update). Clientes sorts and filters by
-- level through the name index (search_members); deleting a level, which the plan allows only when
-- nobody holds it, reads the table once to check its foreign key.
comment on table public.clients is
  'Miembros (rol cliente). path es la ruta ltree de member_no desde la raíz de la red: responde «toda la línea ascendente» (ancestros de path) y «toda la descendencia con profundidad» (path <@ …, nlevel) con el índice GiST.';
comment on column public.clients.path is 'Ruta de la red (member_no separados por puntos). La mantienen los disparadores; no se escribe a mano.';
comment on column public.clients.enrollment_status is
  'pending: enrolamiento pendiente de aprobación; registered: aprobado (puede iniciar sesión); rejected / cancelled: la venta de enrolamiento fue rechazada o cancelada.';
comment on column public.clients.is_active is 'Activo en el mes en curso (100 puntos personales); lo mantiene el motor de recompensas.';
comment on column public.clients.email_set_by is
  'La persona del personal que cambió el correo (update_client_contact), mientras otra no lo confirme: quien elige a quién llega la cuenta no es quien la abre (issue 23 §2). Mientras tenga valor, nadie entra con ese correo, y esa persona no aprueba el enrolamiento ni confirma el correo; aprobar el enrolamiento o confirm_client_email, por otra persona, lo vacía.';
comment on column public.clients.email_set_at is 'Cuándo cambió el correo la persona de email_set_by.';

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
-- What members and staff type about a person reaches the exports and the bank's file (foundation).
create trigger clients_refuse_formulas before insert or update of name, email, document_number, address, city on public.clients
  for each row execute function private.refuse_formula_columns(
    'name', 'el nombre', 'email', 'el correo', 'document_number', 'el documento', 'address', 'la dirección', 'city', 'la ciudad');
create trigger clients_stamp before insert or update on public.clients
  for each row execute function private.stamp_authorship('created_at');

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

-- Clientes' search (search_members) stays fast at 100,000 members: one trigram GIN index over the
-- member's searchable text (lower-cased and unaccented by the unaccent dictionary, which is cheap to
-- recheck). A search word of three characters or more is a contains-search (LIKE '%word%', served by
-- the trigrams inside the word); a shorter word matches the start of a word (LIKE '% wo%', served by
-- the padded trigrams pg_trgm keeps for each word's start), which is what someone typing «ma» expects
-- and what an index can answer.

-- unaccent() is stable (its dictionary could be reloaded); with the dictionary named, its answer for
-- a text never changes here, so this wrapper is declared immutable to be indexed, the usual way.
-- translate() with a list of accented letters was 40 µs a row on this host: too slow for a recheck.
create or replace function private.unaccent_lower(p_text text) returns text
language sql
immutable
parallel safe
strict
-- No SET clause (every name is qualified): a SET makes each call save and restore settings, which a
-- recheck of thousands of rows would pay for.
as $$
  select pg_catalog.lower(extensions.unaccent('extensions.unaccent'::regdictionary, p_text))
$$;
comment on function private.unaccent_lower(text) is
  'Texto sin tildes ni mayúsculas («Peña Núñez» → «pena nunez»), con el diccionario unaccent: el mismo para lo buscado y lo indexado.';

create or replace function private.member_search_text(p_name text, p_email text, p_document text, p_slug text) returns text
language sql
immutable
parallel safe
as $$
  select ' ' || private.unaccent_lower(p_name || ' ' || p_email || ' ' || coalesce(p_document, '') || ' ' || coalesce(p_slug, ''))
$$;
comment on function private.member_search_text(text, text, text, text) is
  'Texto en que se busca a un miembro: nombre, correo, documento y slug, en minúsculas y sin tildes, precedido de un espacio (cada palabra empieza tras un espacio). Lo indexa clients_search_trgm.';

create index clients_search_trgm on public.clients
  using gin (private.member_search_text(name, email, document_number, slug) extensions.gin_trgm_ops);
comment on index public.clients_search_trgm is
  'Búsqueda de Clientes: trigramas del texto de búsqueda (nombre, correo, documento, slug), para LIKE ''%palabra%'' y ''% pa%''.';
create index clients_city_idx on public.clients (private.unaccent_lower(city));
comment on index public.clients_city_idx is 'El filtro por ciudad de Clientes, sin tildes ni mayúsculas.';
create index clients_name_idx on public.clients (name, id);
comment on index public.clients_name_idx is 'Clientes ordenados por nombre, página a página.';
create index clients_joined_idx on public.clients (joined_at, id);
comment on index public.clients_joined_idx is 'Clientes ordenados por fecha de ingreso (los pendientes, sin fecha, al final; al revés, primero).';
create index clients_enrollment_idx on public.clients (enrollment_status, name, id);
comment on index public.clients_enrollment_idx is 'El filtro por estado de enrolamiento de Clientes (pocos pendientes entre 100.000 aprobados), ya en orden de nombre.';

revoke all on function private.unaccent_lower(text), private.member_search_text(text, text, text, text) from public;

-- The indexes' expressions run as whoever writes a member (staff and members editing their own
-- contact data through the API): pure text functions, safe for them to call.
grant execute on function private.unaccent_lower(text), private.member_search_text(text, text, text, text) to authenticated;

-- Mi Red's pages (get_network_page) cost as little below a member with 100,000 people as below one
-- with 10:
--   * a node's direct enrollees come from clients_enroller_idx (enroller_id = node);
--   * a generation comes from clients_generation_idx (nlevel(path), path): the descendants of P are
--     exactly the paths Q with P < Q < P || '0' in ltree order (labels compare byte by byte, then
--     by length, and '0' is the smallest byte a label can hold), so «generation g of P» is one range
--     of that index, as long as that generation and never the whole subtree.
create index clients_generation_idx on public.clients (extensions.nlevel(path), path);
comment on index public.clients_generation_idx is
  'Una generación de la red de un miembro como un rango: nlevel = el suyo + g y path entre su ruta y su ruta || ''0''.';

-- Before approving a sale (get_sale_checks): the same document number on another member.
create index if not exists clients_document_idx on public.clients (lower(btrim(document_number)))
  where document_number is not null;
-- The estimate's statistics for that expression (a partial index's are not used; see sales_payment_reference_stats).
create statistics if not exists public.clients_document_stats on (lower(btrim(document_number))) from public.clients;

-- Activity is the engine's reading of the month's points, which the ledger already explains; it
-- flips for most members at every month's start, so a change of it alone is not copied here. Nor is
-- a change of path alone: it is the trace of a move of an upline, which enroller_changes and the
-- moved member's own row (its enroller_id) record once, instead of one row per descendant.
-- So an update fires it only when it sets a column that is copied: every column but those two and
-- updated_at (pgTAP 04 holds the list to the table's columns). The month's activity flip, up to every
-- member at the close (bench/README.md), then queues no trigger at all.
create trigger audit after insert or delete or update of
    id, member_no, auth_uid, name, email, phone, document_number, address, city, slug, landing_message,
    enroller_id, star_level, enrollment_status, joined_at, email_set_by, email_set_at, created_at
  on public.clients for each row execute function private.audit_row('id', 'is_active', 'path');

-- Row level security --------------------------------------------------------------------------------
alter table public.clients enable row level security;
-- Read through the API. A member is written only by functions, each with its rules: enrol_member and
-- the engine (the person, their status, level and activity), update_client_contact (staff's
-- corrections, the e-mail rules below), confirm_client_email, change_enroller (issue 23 §4: a direct
-- PATCH skipped them, and a member's own name reached the exports unchecked).
grant select on public.clients to authenticated;
create policy clients_select_own on public.clients for select to authenticated
  using (id = (select private.my_client_id()));
create policy clients_select_staff on public.clients for select to authenticated
  using ((select private.is_staff()));
create policy clients_auth_hook on public.clients for select to supabase_auth_admin
  using (true);
-- Auth's hooks (identity migration) read it as supabase_auth_admin.
grant select on public.clients to supabase_auth_admin;

-- A person's contact data as staff type it, for a member (update_client_contact) and for a walk-in
-- buyer of a direct sale (private.walk_in_buyer): each refusal names its field in DETAIL, the field's
-- name after p_field_prefix («buyer_» for the walk-in buyer). Only what is given is checked; the rules
-- are the foundation's (private.is_email, is_phone, is_document_number), which the tables' checks use too.
create or replace function private.refuse_bad_contact(p_email text, p_phone text, p_document_number text, p_field_prefix text default '')
returns void
language plpgsql
set search_path = ''
as $$
begin
  if not private.is_email(p_email) then
    perform private.refuse('invalid_email', 'El correo no parece válido: revisa que tenga la forma nombre@dominio.com.', p_field_prefix || 'email');
  end if;
  if not private.is_phone(p_phone) then
    perform private.refuse('invalid_phone', 'El teléfono debe tener entre 7 y 15 dígitos; puede llevar +, espacios, guiones y paréntesis.',
                           p_field_prefix || 'phone');
  end if;
  if not private.is_document_number(p_document_number) then
    perform private.refuse('invalid_document', 'El documento debe tener entre 4 y 40 letras o números (puede llevar puntos y guiones).',
                           p_field_prefix || 'document_number');
  end if;
end
$$;
comment on function private.refuse_bad_contact(text, text, text, text) is
  'Rechaza, en español y con el campo en DETAIL, un correo, teléfono o documento mal escrito (los de un miembro o los de un cliente sin membresía).';
revoke all on function private.refuse_bad_contact(text, text, text, text) from public;

-- Clientes: staff correct a member's contact data, document, address and slug, validated field by field
-- and written in one update (the audit trigger keeps the before and after).
create or replace function public.update_client_contact(
  p_client_id uuid, p_name text, p_email text, p_phone text default null, p_document_number text default null,
  p_address text default null, p_city text default null, p_slug text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_client public.clients := private.client_for_staff(p_client_id);
  v_name text := btrim(coalesce(p_name, ''));
  v_email text := pg_catalog.lower(btrim(coalesce(p_email, '')));
  v_phone text := nullif(btrim(coalesce(p_phone, '')), '');
  v_document text := nullif(btrim(coalesce(p_document_number, '')), '');
  v_address text := nullif(btrim(coalesce(p_address, '')), '');
  v_city text := nullif(btrim(coalesce(p_city, '')), '');
  v_slug text := nullif(pg_catalog.lower(btrim(coalesce(p_slug, ''))), '');
  v_constraint text;
begin
  -- The field a refusal concerns goes in DETAIL, so the screen shows it beside that field.
  if char_length(v_name) not between 2 and 120 then
    perform private.refuse('invalid_name', 'El nombre debe tener entre 2 y 120 caracteres.', 'name');
  end if;
  perform private.refuse_bad_contact(v_email, v_phone, v_document); -- the e-mail is required: '' is refused
  if char_length(v_address) > 300 then
    perform private.refuse('text_too_long', 'La dirección admite hasta 300 caracteres.', 'address');
  end if;
  if char_length(v_city) > 100 then
    perform private.refuse('text_too_long', 'La ciudad admite hasta 100 caracteres.', 'city');
  end if;
  if v_slug is not null and (v_slug !~ '^[a-z0-9]+(-[a-z0-9]+)*$' or char_length(v_slug) not between 3 and 60) then
    perform private.refuse('invalid_slug', 'El enlace de la página debe tener de 3 a 60 letras sin tildes, números y guiones entre ellos (por ejemplo, ana-torres).', 'slug');
  end if;
  -- The e-mail is what Google sign-in is matched on (before_user_created_hook, link_new_auth_user):
  -- whoever changes it chooses who gets the account and its balance.
  --   * An approved member's, only a superadmin (a link comes undone when its auth user is deleted,
  --     so this holds once a login is linked too). A pending enrolment's typo any staff member fixes.
  --   * Whoever changed it does not open the account (issue 23 §2): email_set_by marks the change,
  --     nobody signs in with the address and that person neither approves the enrolment nor confirms
  --     the address until someone else does (approve_sale, confirm_client_email).
  --   * Never staff's address or a pending invitation's: the invitation would win at sign-in.
  if v_email is distinct from pg_catalog.lower(v_client.email) then
    if v_client.enrollment_status = 'registered' and not private.is_superadmin() then
      perform private.refuse('forbidden', 'Solo un superadmin puede cambiar el correo de un miembro aprobado: es con el que entra a Savia.', 'email', '42501');
    end if;
    if private.is_staff_email(v_email) then
      perform private.refuse('staff_email',
        format('El correo %s es de una cuenta o una invitación del personal: un miembro no puede usarlo.', v_email), 'email');
    end if;
  end if;

  begin
    update public.clients c
       set name = v_name,
           email = case when v_email = pg_catalog.lower(c.email) then c.email else v_email end,
           email_set_by = case when v_email = pg_catalog.lower(c.email) then c.email_set_by else auth.uid() end,
           email_set_at = case when v_email = pg_catalog.lower(c.email) then c.email_set_at else now() end,
           phone = v_phone, document_number = v_document, address = v_address, city = v_city, slug = v_slug
     where c.id = v_client.id;
  exception when unique_violation then
    get stacked diagnostics v_constraint = constraint_name;
    if v_constraint = 'clients_slug_unico' then
      perform private.refuse('slug_taken', format('El enlace %s ya es de otro miembro: elige otro.', v_slug), 'slug');
    end if;
    perform private.refuse('email_taken', format('Ya existe un miembro con el correo %s.', v_email), 'email');
  end;
  return public.get_client_profile(v_client.id);
end
$$;
comment on function public.update_client_contact(uuid, text, text, text, text, text, text, text) is
  'Personal: cambia nombre, correo, teléfono, documento, dirección, ciudad y slug de un miembro, validando cada campo (la negativa dice en DETAIL qué campo) y en una sola actualización, que la auditoría anota con quién y antes / después. El correo de un miembro aprobado, solo un superadmin; nunca el de una cuenta o invitación del personal; un correo cambiado espera la confirmación de otra persona del personal (email_set_by). Devuelve la ficha (get_client_profile).';
revoke all on function public.update_client_contact(uuid, text, text, text, text, text, text, text) from public, anon;
grant execute on function public.update_client_contact(uuid, text, text, text, text, text, text, text) to authenticated;

-- The second pair of eyes on an address a staff member chose (issue 23 §2): someone else confirms it
-- (or approves the enrolment), and only then can a login be linked to it.
create or replace function private.email_check_json(p_set_by uuid, p_set_at timestamptz) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if p_set_by is null then
    return null;
  end if;
  -- The e-mail, not user_metadata's name: a person edits their own metadata.
  return jsonb_build_object('set_by_email', (select u.email from auth.users u where u.id = p_set_by),
                            'set_by_me', p_set_by = auth.uid(), 'set_at', p_set_at);
end
$$;
revoke all on function private.email_check_json(uuid, timestamptz) from public;
comment on function private.email_check_json(uuid, timestamptz) is
  'El cambio de correo que espera a otra persona del personal (clients.email_set_by/at) como lo leen Clientes y Aprobaciones: quién lo cambió (su correo), si fue quien pregunta y cuándo; null si no hay nada por confirmar.';

create or replace function public.confirm_client_email(p_client_id uuid) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := private.require_staff();
  v_client public.clients;
begin
  select * into v_client from public.clients c where c.id = p_client_id for update;
  if not found then
    perform private.refuse('unknown_client', 'El miembro no existe.');
  end if;
  if v_client.email_set_by is null then
    perform private.refuse('invalid_transition', 'El correo de este miembro no tiene un cambio por confirmar.');
  end if;
  if v_client.email_set_by = v_actor then
    perform private.refuse('second_approver_required', 'Tú cambiaste este correo: debe confirmarlo otra persona del personal.', null, '42501');
  end if;
  update public.clients c set email_set_by = null, email_set_at = null where c.id = p_client_id;
  return public.get_client_profile(p_client_id);
end
$$;
comment on function public.confirm_client_email(uuid) is
  'Personal: confirma el correo que otra persona del personal le cambió a un miembro; desde ese momento se puede entrar con él (y vincular la cuenta). Quien lo cambió no puede confirmarlo (savia:second_approver_required, 42501). Queda en la bitácora del miembro. Devuelve la ficha.';
revoke all on function public.confirm_client_email(uuid) from public, anon;
grant execute on function public.confirm_client_email(uuid) to authenticated;

-- The change of a member's enroller is a superadmin's decision, made only through change_enroller
-- (the API roles cannot write clients), which asks for a reason, refuses a cycle before anything is written and records the move in enroller_changes.

-- The record of enroller changes -----------------------------------------------------------------------
create table public.enroller_changes (
  id bigint generated always as identity primary key,
  client_id uuid not null references public.clients (id) on delete restrict,
  old_enroller_id uuid references public.clients (id) on delete restrict,
  new_enroller_id uuid not null references public.clients (id) on delete restrict,
  reason text not null constraint enroller_changes_motivo_valido check (char_length(btrim(reason)) between 3 and 500),
  moved_members integer not null constraint enroller_changes_movidos_validos check (moved_members >= 1),
  open_month date not null,
  changed_by uuid not null, -- a fact of the past, like audit_logs.actor_id: no foreign key
  changed_at timestamptz not null default now()
);
create index enroller_changes_client_idx on public.enroller_changes (client_id, changed_at desc);
create index enroller_changes_old_enroller_idx on public.enroller_changes (old_enroller_id);
create index enroller_changes_new_enroller_idx on public.enroller_changes (new_enroller_id);
comment on table public.enroller_changes is
  'Cambios de enrolador (solo anexado): a quién se movió, de qué enrolador a cuál, cuántas personas se movieron con él (él incluido), el motivo, quién y cuándo, y el mes abierto en que ocurrió. Lo escribe solo change_enroller; la fila de clients queda además en audit_logs.';
comment on column public.enroller_changes.open_month is 'Mes de negocio en curso al moverse: sus puntos de grupo y los de los meses aún abiertos siguieron a la red; los meses cerrados quedaron como estaban.';

create trigger enroller_changes_append_only before update or delete on public.enroller_changes
  for each row execute function private.forbid_change();
create trigger enroller_changes_no_truncate before truncate on public.enroller_changes
  for each statement execute function private.forbid_change();

alter table public.enroller_changes enable row level security;
revoke all on public.enroller_changes from public, anon, authenticated, service_role;
grant select on public.enroller_changes to authenticated;
revoke all on sequence public.enroller_changes_id_seq from public, anon, authenticated, service_role;
create policy enroller_changes_select_staff on public.enroller_changes for select to authenticated
  using ((select private.is_staff()));

-- The change -------------------------------------------------------------------------------------------
create or replace function private.enroller_change_target(p_client_id uuid, p_new_enroller_id uuid)
returns public.clients
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_member public.clients;
  v_new public.clients;
begin
  if not private.is_superadmin() then
    perform private.refuse('forbidden', 'Solo un superadmin puede cambiar el enrolador de un miembro.');
  end if;
  select * into v_member from public.clients c where c.id = p_client_id;
  if not found then
    perform private.refuse('unknown_client', 'El miembro no existe.');
  end if;
  if p_new_enroller_id = p_client_id then
    perform private.refuse('network_cycle', format('%s no puede ser su propio enrolador.', v_member.name));
  end if;
  select * into v_new from public.clients c where c.id = p_new_enroller_id;
  if not found then
    perform private.refuse('unknown_enroller', 'Elige el nuevo enrolador entre los miembros.');
  end if;
  if v_new.enrollment_status <> 'registered' then
    perform private.refuse('invalid_enroller',
      format('%s aún no es un miembro aprobado: solo un miembro aprobado puede ser enrolador.', v_new.name));
  end if;
  if v_member.enroller_id = p_new_enroller_id then
    perform private.refuse('same_enroller', format('%s ya es el enrolador de %s.', v_new.name, v_member.name));
  end if;
  if v_new.path operator(extensions.<@) v_member.path then
    perform private.refuse('network_cycle',
      format('%s no puede quedar debajo de %s: %s está en su propia red y se formaría un ciclo.', v_member.name, v_new.name, v_new.name));
  end if;
  return v_member;
end
$$;
comment on function private.enroller_change_target(uuid, uuid) is
  'Valida un cambio de enrolador y devuelve la fila del miembro: solo superadmin; rechaza a sí mismo, a alguien de su propia red (un ciclo), a quien no está aprobado y al enrolador que ya tiene.';

create or replace function private.upline_of(p_path extensions.ltree) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  -- Nearest first, from the path's labels (member numbers): one unique-index probe each.
  select coalesce(jsonb_agg(jsonb_build_object('id', a.id, 'name', a.name) order by l.pos desc), '[]'::jsonb)
    from unnest(pg_catalog.string_to_array(extensions.ltree2text(p_path), '.')) with ordinality l(member_no, pos)
    join public.clients a on a.member_no = l.member_no::bigint
   where l.pos < extensions.nlevel(p_path)
$$;
comment on function private.upline_of(extensions.ltree) is 'La línea ascendente de una ruta (sin el propio miembro), del más cercano a la raíz, con id y nombre.';

create or replace function public.preview_enroller_change(p_client_id uuid, p_new_enroller_id uuid) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_member public.clients;
  v_new public.clients;
  v_old_name text;
begin
  v_member := private.enroller_change_target(p_client_id, p_new_enroller_id);
  select * into v_new from public.clients c where c.id = p_new_enroller_id;
  select c.name into v_old_name from public.clients c where c.id = v_member.enroller_id;
  return jsonb_build_object(
    'client_id', v_member.id, 'client_name', v_member.name,
    'old_enroller_id', v_member.enroller_id, 'old_enroller_name', v_old_name,
    'new_enroller_id', v_new.id, 'new_enroller_name', v_new.name,
    -- Who moves: the member and everyone below them, the first page by generation then name.
    'moved_members', (select count(*) from public.clients c where c.path operator(extensions.<@) v_member.path),
    'first_moved', (select coalesce(jsonb_agg(jsonb_build_object('id', f.id, 'name', f.name, 'generation', f.generation)
                                              order by f.generation, f.name, f.id), '[]'::jsonb)
                      from (select c.id, c.name, extensions.nlevel(c.path) - extensions.nlevel(v_member.path) as generation
                              from public.clients c
                             where c.path operator(extensions.<@) v_member.path
                             order by extensions.nlevel(c.path), c.name, c.id
                             limit 20) f),
    'old_upline', private.upline_of(v_member.path),
    -- After the move the new enroller is the nearest ancestor.
    'new_upline', jsonb_build_array(jsonb_build_object('id', v_new.id, 'name', v_new.name)) || private.upline_of(v_new.path),
    'open_month', private.current_period());
end
$$;
comment on function public.preview_enroller_change(uuid, uuid) is
  'Superadmin: lo que haría change_enroller, sin escribir nada: cuántas personas se mueven (el miembro y toda su red), las 20 primeras por generación, el enrolador y la línea ascendente de antes y de después. Rechaza lo mismo que el cambio (un ciclo, a sí mismo, un enrolador no aprobado, el mismo enrolador).';

create or replace function public.change_enroller(p_client_id uuid, p_new_enroller_id uuid, p_reason text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_reason text := nullif(btrim(p_reason), '');
  v_member public.clients;
  v_new public.clients;
  v_moved integer;
  v_change public.enroller_changes;
begin
  -- The member's row first: two changes of the same member wait for each other and the second
  -- validates against the first's result.
  perform 1 from public.clients c where c.id = p_client_id for update;
  v_member := private.enroller_change_target(p_client_id, p_new_enroller_id);
  select * into v_new from public.clients c where c.id = p_new_enroller_id;
  if char_length(coalesce(v_reason, '')) not between 3 and 500 then
    perform private.refuse('reason_required', 'Indica el motivo del cambio de enrolador (entre 3 y 500 caracteres).');
  end if;

  -- What follows the enroller, and what does not (the triggers on clients do the moving):
  --   * clients.path of the member and of the whole subtree (clients_path, clients_path_cascade),
  --     serialised with every other move by an advisory lock, with a last cycle check under it;
  --   * the open months' group points (clients_path_regroup): the subtree's points of every month
  --     not yet closed leave the old upline and reach the new one. So the month in course — and an
  --     ended month still waiting for its close — is closed on the network as it stands at the close:
  --     the new upline's group points, downline sales and volume bonus count the subtree for the
  --     whole month, exactly as a month's figures are computed everywhere else (from the paths);
  --   * the ledger does not move: commissions already written stay with whoever the network paid
  --     when the sale was approved (the ledger is append-only and each entry was right when
  --     written); sales approved from now on pay the new upline;
  --   * closed months stay as they were: their activity, group points, downline sales and levels are
  --     frozen in private.member_period_totals, their entries in the ledger and their totals in
  --     periods.summary, and nothing here writes any of them. (The network pages list a closed
  --     month's people where they stand now, with that month's frozen figures.)
  --
  -- A close computes its month from the paths and group points this move rewrites, so the two never
  -- overlap: a move holds every month still open in KEY SHARE (as an approval holds its month), so a
  -- close that starts meanwhile waits for the move to commit, and is refused while a close runs. The
  -- lock comes first: a close's first step, still running, holds its month until it commits, and the
  -- check after the wait then sees that the close began (checked before it, the move would go ahead
  -- on a month whose close had started). Each month is closed on the network before the move or on
  -- the one after it, never on a mix.
  perform 1 from public.periods p where p.status = 'open' order by p.month for key share;
  if exists (select 1 from public.periods p where p.status = 'open' and p.close_started_at is not null) then
    perform private.refuse('close_in_progress', 'Hay un cierre de mes en marcha: cambia el enrolador cuando termine.');
  end if;

  update public.clients c set enroller_id = p_new_enroller_id where c.id = p_client_id;
  select count(*) into v_moved from public.clients c
   where c.path operator(extensions.<@) (select m.path from public.clients m where m.id = p_client_id);

  insert into public.enroller_changes (client_id, old_enroller_id, new_enroller_id, reason, moved_members, open_month, changed_by, changed_at)
  values (p_client_id, v_member.enroller_id, p_new_enroller_id, v_reason, v_moved, private.current_period(), auth.uid(), now())
  returning * into v_change;

  return jsonb_build_object('change_id', v_change.id, 'client_id', p_client_id, 'client_name', v_member.name,
                            'old_enroller_id', v_member.enroller_id, 'new_enroller_id', p_new_enroller_id,
                            'new_enroller_name', v_new.name, 'moved_members', v_moved);
end
$$;
comment on function public.change_enroller(uuid, uuid, text) is
  'Superadmin: cambia el enrolador de un miembro, con motivo, en una transacción: se mueve con toda su red (rutas y puntos de grupo de los meses abiertos), los meses cerrados y el libro no cambian, y queda registrado en enroller_changes (y la fila del miembro en audit_logs). Rechaza un ciclo, a sí mismo, un enrolador no aprobado y el mismo enrolador.';
revoke all on function private.enroller_change_target(uuid, uuid), private.upline_of(extensions.ltree) from public;
revoke all on function public.preview_enroller_change(uuid, uuid), public.change_enroller(uuid, uuid, text) from public, anon;
grant execute on function public.preview_enroller_change(uuid, uuid), public.change_enroller(uuid, uuid, text) to authenticated;
