-- The public page /p/{slug} (issue 11): the one read an anonymous visitor makes, and the rule that a
-- lead is plain text. get_public_page returns what the page shows and nothing more (not the member's own
-- message nor star level), so anon reads nothing more than the page.

create function public.get_public_page(p_slug text) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  -- A slug that cannot exist (odd characters, any length) is answered without touching the table.
  with member as (
    select c.name, c.slug, c.city
      from public.clients c
     where p_slug ~ '^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$' and char_length(p_slug) between 3 and 60
       and lower(c.slug) = lower(p_slug)
       and c.enrollment_status = 'registered'
  ), catalogue as (
    select p.id, p.name, p.description, p.category, p.benefits, p.price, p.image_path
      from public.products p
     where p.is_active and not p.is_kit
  ), recipes as (
    -- A recipe is shown when the visitor can buy every product it uses from this catalogue.
    select r.id, r.title, r.description, r.instructions, r.benefits, r.image_path
      from public.recipes r
     where exists (select 1 from public.recipe_products rp where rp.recipe_id = r.id)
       and not exists (select 1 from public.recipe_products rp
                        where rp.recipe_id = r.id and rp.product_id not in (select k.id from catalogue k))
     order by r.title, r.id
     limit 24
  )
  select jsonb_build_object(
    'member', jsonb_build_object('name', m.name, 'slug', m.slug, 'city', m.city),
    'company', (select jsonb_build_object('name', s.company_name, 'contact_info', s.contact_info, 'currency', s.currency)
                  from public.metadata s where s.id = 'app_settings'),
    'products', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', k.id, 'name', k.name, 'description', k.description, 'category', k.category,
               'benefits', to_jsonb(k.benefits), 'price', k.price, 'image_path', k.image_path)
             order by k.name, k.id)
        from catalogue k), '[]'::jsonb),
    'recipes', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', r.id, 'title', r.title, 'description', r.description, 'instructions', r.instructions,
               'benefits', to_jsonb(r.benefits), 'image_path', r.image_path,
               'products', (select jsonb_agg(jsonb_build_object('product_id', k.id, 'name', k.name, 'amount', rp.amount)
                                     order by k.name, k.id)
                              from public.recipe_products rp join catalogue k on k.id = rp.product_id
                             where rp.recipe_id = r.id))
             order by r.title, r.id)
        from recipes r), '[]'::jsonb))
    from member m
$$;
comment on function public.get_public_page(text) is
  'Página pública /p/{slug}: nombre, ciudad y slug del miembro aprobado (nada más de él: ni correo, ni teléfono, ni documento), nombre, contacto y moneda de la empresa, el catálogo activo sin kits y las recetas cuyos productos están todos en ese catálogo (hasta 24, con la ruta de su foto en el bucket público recipe-images). Null si el slug no existe, tiene caracteres imposibles o el miembro no está aprobado. Ejecutable por anon.';

revoke all on function public.get_public_page(text) from public;
grant execute on function public.get_public_page(text) to anon, authenticated;

-- A lead is read by its member and staff in the app: refuse markup at the door rather than trusting
-- every screen (and every export) to escape it.
create function private.leads_refuse_markup() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if concat_ws(' ', new.name, new.email, new.phone, new.message) ~* '</?[a-z!?][^<>]*>' then
    perform private.refuse('markup_not_allowed', 'Escribe solo texto, sin etiquetas HTML (como <b> o <script>).');
  end if;
  return new;
end
$$;
comment on function private.leads_refuse_markup() is
  'Un contacto es texto llano: un nombre, correo, teléfono o mensaje con etiquetas HTML se rechaza (savia:markup_not_allowed) y no se guarda.';
revoke all on function private.leads_refuse_markup() from public;
create trigger leads_refuse_markup before insert or update of name, email, phone, message on public.leads
  for each row execute function private.leads_refuse_markup();
