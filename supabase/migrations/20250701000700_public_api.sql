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

grant execute on function public.get_landing(text), public.submit_lead(text, text, text, text, text) to anon, authenticated;
