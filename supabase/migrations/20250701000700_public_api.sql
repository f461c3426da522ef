-- RPCs that are part of the access model: the public page's contact form (the page's read,
-- get_public_page, is in the public page migration).

create or replace function public.submit_lead(p_slug text, p_name text, p_email text default null,
                                              p_phone text default null, p_message text default null,
                                              p_consent boolean default false)
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
  if p_consent is not true then
    perform private.refuse('consent_required', 'Para enviar tu mensaje, marca la casilla de autorización de datos.');
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
  insert into public.leads (client_id, name, email, phone, message, consented_at)
  values (v_client_id, v_name, v_email, v_phone, v_message, now());
end
$$;
comment on function public.submit_lead(text, text, text, text, text, boolean) is
  'Formulario de contacto de la página pública: con la autorización de datos marcada (p_consent, se guarda su momento en consented_at) deja un contacto (lead) para el miembro del slug, como mucho 20 por página y hora también con envíos simultáneos. Cada rechazo es P0001 con mensaje en español y código savia:<código>. Ejecutable por anon.';

grant execute on function public.submit_lead(text, text, text, text, text, boolean) to anon, authenticated;
