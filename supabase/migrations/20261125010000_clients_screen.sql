-- Clientes (issue 11): staff find any member and open their record.
--   * search_members: name, e-mail, document or slug, without accents or capitals, with %, _ and
--     quotes as plain letters; filters (active this month, star level, enrolment state, city), sort,
--     pages, and a count that stops counting past what the pager needs.
--   * get_client_profile: the record, the enroller and the whole upline.
--   * update_client_contact: contact data, document, address and slug, validated field by field and
--     written in one update (the audit trigger keeps the before and after).
--   * get_client_audit: the audit trail of the record, for staff (audit_logs is superadmin-only).
--
-- How a search stays fast at 100,000 members: one trigram GIN index over the member's searchable
-- text (lower-cased and unaccented by the unaccent dictionary, which is cheap to recheck). A search word of three characters or more is a contains-search (LIKE '%word%',
-- served by the trigrams inside the word); a shorter word matches the start of a word (LIKE '% wo%',
-- served by the padded trigrams pg_trgm keeps for each word's start), which is what someone typing
-- «ma» expects and what an index can answer. The statement is built for the filters given, so each
-- call is planned for its own predicates instead of one generic plan with every «or is null».

create extension if not exists pg_trgm with schema extensions;
create extension if not exists unaccent with schema extensions;

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

create or replace function private.like_escape(p_text text) returns text
language sql
immutable
parallel safe
as $$
  select pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(p_text, '\', '\\'), '%', '\%'), '_', '\_')
$$;
comment on function private.like_escape(text) is
  'Escapa \, % y _ para LIKE (escape por defecto \): el texto se busca tal cual, sin comodines.';

create or replace function public.search_members(
  p_query text default null, p_active boolean default null, p_star_level smallint default null,
  p_status text default null, p_city text default null, p_sort text default 'nombre', p_desc boolean default false,
  p_page integer default 1, p_page_size integer default 25)
returns table (
  id uuid, member_no bigint, name text, email text, phone text, document_number text, city text, slug text,
  star_level smallint, is_active boolean, enrollment_status text, joined_at timestamptz, enroller_name text,
  total bigint, total_capped boolean
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_query text := nullif(btrim(coalesce(p_query, '')), '');
  v_city text := nullif(btrim(coalesce(p_city, '')), '');
  v_words text[];
  v_where text[] := array['true'];
  v_order text;
  v_cap integer;
  v_word text;
begin
  perform private.require_staff();
  if p_page < 1 or p_page > 10000 or p_page_size not between 1 and 100
     or char_length(v_query) > 100 or char_length(v_city) > 100 then
    perform private.refuse('invalid_page', 'Búsqueda no válida: página de 1 a 10.000, tamaño de 1 a 100, texto y ciudad de hasta 100 caracteres.');
  end if;
  if p_status is not null and p_status not in ('pending', 'registered', 'rejected', 'cancelled') then
    perform private.refuse('invalid_filter', 'Filtro no válido: el estado de enrolamiento es pending, registered, rejected o cancelled.');
  end if;
  if p_sort not in ('nombre', 'ingreso', 'nivel', 'numero') then
    perform private.refuse('invalid_filter', 'Orden no válido: usa nombre, ingreso, nivel o numero.');
  end if;

  -- Each word narrows the list (all must match), in any of the four fields. A word without a letter
  -- or a digit gives the trigram index nothing to look up: it only filters what the other words
  -- found (strpos, which the planner cannot send to the index), and alone it finds nobody (every
  -- name, e-mail, document and slug has letters or digits).
  v_words := array(select distinct w from unnest(pg_catalog.regexp_split_to_array(private.unaccent_lower(coalesce(v_query, '')), '\s+')) w
                    where w <> '' limit 8);
  if v_query is not null and not exists (select 1 from unnest(v_words) w where w ~ '[[:alnum:]]') then
    return;
  end if;
  foreach v_word in array v_words loop
    v_where := v_where || case
      when v_word !~ '[[:alnum:]]' then
        format('strpos(private.member_search_text(c.name, c.email, c.document_number, c.slug), %L) > 0', v_word)
      else
        format('private.member_search_text(c.name, c.email, c.document_number, c.slug) like %L',
          case when char_length(v_word) >= 3 then '%' || private.like_escape(v_word) || '%'
               else '% ' || private.like_escape(v_word) || '%' end)
      end;
  end loop;
  if p_active is not null then v_where := v_where || format('c.is_active = %L', p_active); end if;
  if p_star_level is not null then v_where := v_where || format('c.star_level = %L', p_star_level); end if;
  if p_status is not null then v_where := v_where || format('c.enrollment_status = %L', p_status); end if;
  if v_city is not null then v_where := v_where || format('private.unaccent_lower(c.city) = private.unaccent_lower(%L)', v_city); end if;

  v_order := case p_sort
    when 'nombre' then 'c.name %1$s, c.id %1$s'
    -- Nulls where the index has them either way it is read: pending members (no date yet) come
    -- last from the oldest, first from the newest, which is what they are.
    when 'ingreso' then 'c.joined_at %1$s, c.id %1$s'
    when 'nivel' then 'c.star_level %1$s, c.name, c.id'
    else 'c.member_no %1$s' end;
  v_order := format(v_order, case when p_desc then 'desc' else 'asc' end);
  -- Counting stops four pages past this one: «más de N» is all a pager needs, and neither a common
  -- letter nor a filter without an index makes the database count the whole table.
  v_cap := (p_page + 4) * p_page_size;

  -- The filter is written twice on purpose: a CTE read by both would be materialised whole (every
  -- match of a common letter) before either the page or the count could stop early.
  return query execute format($q$
    with counted as (
      select count(*) as n from (select 1 from public.clients c where %1$s limit %4$s + 1) x
    ),
    page as (
      select c.* from public.clients c where %1$s order by %2$s limit %3$s offset %5$s
    )
    select c.id, c.member_no, c.name, c.email, c.phone, c.document_number, c.city, c.slug, c.star_level, c.is_active,
           c.enrollment_status, c.joined_at, e.name, least(k.n, %4$s)::bigint, k.n > %4$s
      from page c
      cross join counted k
      left join public.clients e on e.id = c.enroller_id
     order by %2$s
  $q$, array_to_string(v_where, ' and '), v_order, p_page_size, v_cap, (p_page - 1) * p_page_size);
end
$$;
comment on function public.search_members(text, boolean, smallint, text, text, text, boolean, integer, integer) is
  'Clientes (personal): busca miembros por nombre, correo, documento o slug sin tildes ni mayúsculas (cada palabra debe aparecer; de 3 letras o más, en cualquier parte; más corta, al inicio de una palabra; %, _ y comillas son letras), con filtros activo en el mes, nivel, estado de enrolamiento y ciudad, orden nombre / ingreso / nivel / numero y páginas. total cuenta hasta cuatro páginas más allá de la pedida; total_capped dice que hay más. Un texto sin letras ni números no halla a nadie.';

create or replace function private.client_for_staff(p_client_id uuid) returns public.clients
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_client public.clients;
begin
  perform private.require_staff();
  select * into v_client from public.clients c where c.id = p_client_id;
  if not found then
    perform private.refuse('unknown_client', 'El miembro no existe.');
  end if;
  return v_client;
end
$$;
comment on function private.client_for_staff(uuid) is 'La ficha de un miembro para el personal: exige admin o superadmin y que el miembro exista.';

create or replace function public.get_client_profile(p_client_id uuid) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_client public.clients := private.client_for_staff(p_client_id);
begin
  return jsonb_build_object(
    'id', v_client.id, 'member_no', v_client.member_no, 'name', v_client.name, 'email', v_client.email,
    'phone', v_client.phone, 'document_number', v_client.document_number, 'address', v_client.address,
    'city', v_client.city, 'slug', v_client.slug, 'star_level', v_client.star_level,
    'star_name', (select s.name from public.star_level_configs s where s.level = v_client.star_level),
    'is_active', v_client.is_active, 'enrollment_status', v_client.enrollment_status,
    'joined_at', v_client.joined_at, 'created_at', v_client.created_at, 'has_login', v_client.auth_uid is not null,
    'depth', extensions.nlevel(v_client.path),
    'direct_enrollees', (select count(*) from public.clients k where k.enroller_id = v_client.id and k.enrollment_status = 'registered'),
    -- From the root down to the enroller: path's labels are member numbers, one unique-index probe each.
    'upline', coalesce((
      select jsonb_agg(jsonb_build_object('id', a.id, 'name', a.name, 'member_no', a.member_no, 'depth', l.depth) order by l.depth)
        from unnest((pg_catalog.string_to_array(extensions.ltree2text(v_client.path), '.'))[:extensions.nlevel(v_client.path) - 1])
             with ordinality l(member_no, depth)
        join public.clients a on a.member_no = l.member_no::bigint), '[]'::jsonb));
end
$$;
comment on function public.get_client_profile(uuid) is
  'Ficha de un miembro para el personal: datos de contacto, documento, dirección, slug, nivel y su nombre, actividad, estado de enrolamiento, si tiene cuenta vinculada, profundidad en la red, enrolados directos y la línea ascendente completa (de la raíz al enrolador, upline[-1]).';

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
  if v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or char_length(v_email) > 254 then
    perform private.refuse('invalid_email', 'El correo no parece válido: revisa que tenga la forma nombre@dominio.com.', 'email');
  end if;
  if v_phone is not null and (v_phone !~ '^\+?[0-9 ()./-]+$'
                              or char_length(pg_catalog.regexp_replace(v_phone, '\D', '', 'g')) not between 7 and 15
                              or char_length(v_phone) > 40) then
    perform private.refuse('invalid_phone', 'El teléfono debe tener entre 7 y 15 dígitos; puede llevar +, espacios, guiones y paréntesis.', 'phone');
  end if;
  if v_document is not null and (char_length(v_document) not between 4 and 40 or v_document !~ '^[A-Za-z0-9 .-]+$') then
    perform private.refuse('invalid_document', 'El documento debe tener entre 4 y 40 letras o números (puede llevar puntos y guiones).', 'document_number');
  end if;
  if char_length(v_address) > 300 then
    perform private.refuse('text_too_long', 'La dirección admite hasta 300 caracteres.', 'address');
  end if;
  if char_length(v_city) > 100 then
    perform private.refuse('text_too_long', 'La ciudad admite hasta 100 caracteres.', 'city');
  end if;
  if v_slug is not null and (v_slug !~ '^[a-z0-9]+(-[a-z0-9]+)*$' or char_length(v_slug) not between 3 and 60) then
    perform private.refuse('invalid_slug', 'El enlace de la página debe tener de 3 a 60 letras sin tildes, números y guiones entre ellos (por ejemplo, ana-torres).', 'slug');
  end if;
  -- This function runs as its owner, so clients_guard trusts it: its rule for approved members'
  -- e-mails (what Google sign-in is matched on) is applied here.
  if v_email is distinct from pg_catalog.lower(v_client.email) and v_client.enrollment_status = 'registered' and not private.is_superadmin() then
    perform private.refuse('forbidden', 'Solo un superadmin puede cambiar el correo de un miembro aprobado: es con el que entra a Savia.', 'email', '42501');
  end if;

  begin
    update public.clients c
       set name = v_name,
           email = case when v_email = pg_catalog.lower(c.email) then c.email else v_email end,
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
  'Personal: cambia nombre, correo, teléfono, documento, dirección, ciudad y slug de un miembro, validando cada campo (la negativa dice en DETAIL qué campo) y en una sola actualización, que la auditoría anota con quién y antes / después. El correo de un miembro aprobado, solo un superadmin. Devuelve la ficha (get_client_profile).';

create or replace function public.get_client_audit(p_client_id uuid, p_page integer default 1, p_page_size integer default 20)
returns table (
  id bigint, occurred_at timestamptz, action text, actor_name text, actor_role text, changes jsonb, total bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_client public.clients := private.client_for_staff(p_client_id);
begin
  if p_page < 1 or p_page_size not between 1 and 100 then
    perform private.refuse('invalid_page', 'Página no válida: página desde 1, tamaño de 1 a 100.');
  end if;
  return query
    select a.id, a.occurred_at, a.action,
           coalesce(ac.name, u.email::text, case when a.actor_id is null then 'Sistema' end),
           a.actor_role,
           -- What changed, field by field: {"phone": {"antes": …, "despues": …}}. The path follows
           -- the enroller and updated_at every change: neither is a fact of its own.
           case when a.action = 'UPDATE' then (
             select jsonb_object_agg(k.key, jsonb_build_object('antes', a.old_values -> k.key, 'despues', a.new_values -> k.key))
               from jsonb_object_keys(a.new_values) k(key)
              where k.key not in ('updated_at', 'path')
                and (a.old_values -> k.key) is distinct from (a.new_values -> k.key))
           end,
           count(*) over ()
      from public.audit_logs a
      left join public.clients ac on ac.auth_uid = a.actor_id
      left join auth.users u on u.id = a.actor_id
     where a.table_name = 'clients' and a.row_id = v_client.id::text
     order by a.occurred_at desc, a.id desc
     limit p_page_size offset (p_page - 1) * p_page_size;
end
$$;
comment on function public.get_client_audit(uuid, integer, integer) is
  'Personal: la bitácora de la ficha de un miembro, de lo más reciente a lo más antiguo, con quién (nombre o correo y rol) y, en cada cambio, los campos con su valor antes y después.';

revoke all on function private.unaccent_lower(text), private.member_search_text(text, text, text, text), private.like_escape(text),
  private.client_for_staff(uuid) from public;
-- The indexes' expressions run as whoever writes a member (staff and members editing their own
-- contact data through the API): pure text functions, safe for them to call.
grant execute on function private.unaccent_lower(text), private.member_search_text(text, text, text, text) to authenticated;
revoke all on function public.search_members(text, boolean, smallint, text, text, text, boolean, integer, integer),
  public.get_client_profile(uuid), public.update_client_contact(uuid, text, text, text, text, text, text, text),
  public.get_client_audit(uuid, integer, integer) from public, anon;
grant execute on function public.search_members(text, boolean, smallint, text, text, text, boolean, integer, integer),
  public.get_client_profile(uuid), public.update_client_contact(uuid, text, text, text, text, text, text, text),
  public.get_client_audit(uuid, integer, integer) to authenticated;
