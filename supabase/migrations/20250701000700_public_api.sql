-- RPCs that are part of the access model: the public landing page, its contact form, and the
-- limited downline view for members.

create or replace function public.get_landing(p_slug text) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'member', jsonb_build_object(
      'name', c.name,
      'slug', c.slug,
      'city', c.city,
      'message', c.landing_message,
      'star_level', c.star_level),
    'company', (select jsonb_build_object('name', m.company_name, 'contact_info', m.contact_info, 'currency', m.currency)
                  from public.metadata m where m.id = 'app_settings'),
    'products', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', p.id, 'name', p.name, 'description', p.description, 'category', p.category,
               'benefits', to_jsonb(p.benefits), 'price', p.price, 'image_path', p.image_path)
             order by p.name)
        from public.products p
       where p.is_active and not p.is_kit), '[]'::jsonb))
    from public.clients c
   where lower(c.slug) = lower(btrim(p_slug))
     and c.enrollment_status = 'registered'
$$;
comment on function public.get_landing(text) is
  'Página pública /p/{slug}: solo los campos públicos del miembro (nombre, ciudad, mensaje, nivel), los datos de la empresa y el catálogo activo. Null si el slug no existe o el miembro no está aprobado. Ejecutable por anon.';

create or replace function public.submit_lead(p_slug text, p_name text, p_email text default null,
                                              p_phone text default null, p_message text default null)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_client_id uuid;
  v_name text := btrim(p_name);
  v_email text := nullif(btrim(p_email), '');
  v_phone text := nullif(btrim(p_phone), '');
  v_message text := nullif(btrim(p_message), '');
begin
  -- Anyone calls this: every refusal is a P0001 (HTTP 400) with a Spanish message and a code, and
  -- the input is checked here so that no constraint answers in English.
  select c.id into v_client_id
    from public.clients c
   where lower(c.slug) = lower(btrim(p_slug)) and c.enrollment_status = 'registered';
  if v_client_id is null then
    perform private.refuse('page_not_found', 'Esta página no existe.');
  end if;
  if v_email is null and v_phone is null then
    perform private.refuse('contact_required', 'Déjanos un correo o un teléfono para poder contactarte.');
  end if;
  if char_length(coalesce(v_name, '')) not between 2 and 120 then
    perform private.refuse('invalid_name', 'Escribe tu nombre (entre 2 y 120 caracteres).');
  end if;
  if v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or char_length(v_email) > 254 then
    perform private.refuse('invalid_email', 'El correo no parece válido.');
  end if;
  if char_length(v_phone) > 40 then
    perform private.refuse('invalid_phone', 'El teléfono admite hasta 40 caracteres.');
  end if;
  if char_length(v_message) > 2000 then
    perform private.refuse('message_too_long', 'El mensaje admite hasta 2.000 caracteres.');
  end if;
  -- A cheap brake on form spam: at most 20 leads per page and hour. Calls for the same page take
  -- turns (a lock per page until commit), so each one counts the leads of those before it: without
  -- it a burst counts the same 19 and stores more than 20.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('savia.submit_lead'), pg_catalog.hashtext(v_client_id::text));
  if (select count(*) from public.leads l where l.client_id = v_client_id and l.created_at > now() - interval '1 hour') >= 20 then
    perform private.refuse('too_many_leads', 'Recibimos demasiados mensajes para esta página; inténtalo más tarde.');
  end if;
  insert into public.leads (client_id, name, email, phone, message)
  values (v_client_id, v_name, v_email, v_phone, v_message);
end
$$;
comment on function public.submit_lead(text, text, text, text, text) is
  'Formulario de contacto de la página pública: deja un contacto (lead) para el miembro del slug, como mucho 20 por página y hora también con envíos simultáneos. Cada rechazo es P0001 con mensaje en español y código savia:<código>. Ejecutable por anon.';

create or replace function public.get_downline(p_root uuid default null, p_max_depth integer default 5,
                                               p_limit integer default 50, p_offset integer default 0)
returns table (
  id uuid, name text, generation integer, enroller_id uuid, star_level smallint, is_active boolean,
  enrollment_status text, joined_at timestamptz, month_points integer, email text, phone text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_root uuid := coalesce(p_root, private.my_client_id());
  v_root_path extensions.ltree;
  v_month date := private.business_month(now());
begin
  if v_root is null then
    perform private.refuse('forbidden', 'Solo los miembros y el personal pueden ver una red.', null, '42501');
  end if;
  if not private.is_staff() and v_root is distinct from private.my_client_id() then
    perform private.refuse('forbidden', 'Solo puedes ver tu propia red.', null, '42501');
  end if;
  if p_max_depth not between 1 and 50 or p_limit not between 1 and 500 or p_offset < 0 then
    perform private.refuse('invalid_page', 'Parámetros de página no válidos (profundidad 1-50, límite 1-500).');
  end if;
  select c.path into v_root_path from public.clients c where c.id = v_root;
  return query
    select c.id, c.name,
           extensions.nlevel(c.path) - extensions.nlevel(v_root_path) as generation,
           c.enroller_id, c.star_level, c.is_active, c.enrollment_status, c.joined_at,
           coalesce((select sum(r.points)::integer from public.reward_transactions r
                      where r.beneficiary_id = c.id and r.period_month = v_month
                        and r.type in ('points_purchase', 'points_enroller', 'reversal_points')), 0),
           -- Contact data only for direct enrollees (or for staff).
           case when c.enroller_id = v_root or private.is_staff() then c.email end,
           case when c.enroller_id = v_root or private.is_staff() then c.phone end
      from public.clients c
     where c.path operator(extensions.<@) v_root_path
       and c.id <> v_root
       and extensions.nlevel(c.path) - extensions.nlevel(v_root_path) <= p_max_depth
     order by extensions.nlevel(c.path), c.name, c.id
     limit p_limit offset p_offset;
end
$$;
comment on function public.get_downline(uuid, integer, integer, integer) is
  'Vista limitada de la red descendente: nombre, generación, nivel, actividad y puntos del mes; correo y teléfono solo de los enrolados directos. Un miembro solo consulta la suya; el personal, la de cualquiera.';

grant execute on function public.get_landing(text), public.submit_lead(text, text, text, text, text) to anon, authenticated;
grant execute on function public.get_downline(uuid, integer, integer, integer) to authenticated;
