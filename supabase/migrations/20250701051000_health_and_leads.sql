-- What the company learns from people: the Análisis de Salud of a member (superadmin only) and the
-- leads a visitor leaves on a member's public page.

-- health_analyses (superadmin) ------------------------------------------------------------------------
-- Análisis de Salud (issue 14): the database computes and stores each analysis in one transaction.
-- Health answers are sensitive data: only a superadmin runs or reads an analysis, every write is audited
-- (its audit trigger below), and an analysis only exists with the consent it was given under (its text
-- and version, and when). Red flags (pregnancy, breastfeeding, a chronic illness, any medication) stop
-- the recommendations; otherwise active products and recipes whose benefits match the goals, minus what
-- the restrictions and allergies rule out, each with its reason. Never dosages or diagnoses: the
-- reasons only name the goals met.
-- What a product contains (public.products.components, edited in Productos) is what restrictions rule out.
create table public.health_analyses (
  id uuid primary key default gen_random_uuid(),
  client_id uuid not null references public.clients (id) on delete cascade,
  answers jsonb not null default '{}' constraint health_analyses_respuestas_objeto check (jsonb_typeof(answers) = 'object'),
  recommendations jsonb not null default '[]' constraint health_analyses_recomendaciones_lista check (jsonb_typeof(recommendations) = 'array'),
  notes text constraint health_analyses_notas_validas check (char_length(notes) <= 4000),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  -- The analysis keeps its consent, its red flags and what was left out.
  consent_version text not null constraint health_analyses_version_consentimiento check (char_length(consent_version) between 1 and 40),
  consent_text text not null constraint health_analyses_texto_consentimiento check (char_length(consent_text) between 20 and 2000),
  consented_at timestamptz not null,
  red_flags text[] not null default '{}',
  warning text constraint health_analyses_aviso_valido check (char_length(warning) <= 500),
  exclusions jsonb not null default '[]' constraint health_analyses_exclusiones_lista check (jsonb_typeof(exclusions) = 'array')
);

-- The member's history, newest first, paged with range().
create index health_analyses_client_created_idx on public.health_analyses (client_id, created_at desc, id);
create index health_analyses_created_by_idx on public.health_analyses (created_by);
comment on table public.health_analyses is
  'Cuestionarios de Análisis de Salud por miembro y los productos y recetas recomendados con su porqué. Datos sensibles: solo superadmin. No es consejo médico.';
create trigger health_analyses_stamp before insert or update on public.health_analyses
  for each row execute function private.stamp_authorship('created_by', 'created_at');
comment on column public.health_analyses.consent_version is 'Versión del texto de consentimiento que la persona aceptó.';
comment on column public.health_analyses.consent_text is 'El texto exacto del consentimiento aceptado: para qué son las respuestas y quién las ve.';
comment on column public.health_analyses.consented_at is 'Cuándo se dio el consentimiento (el momento en que se guardó el análisis).';
comment on column public.health_analyses.red_flags is 'Señales de alerta marcadas (embarazo, lactancia, enfermedad crónica, medicación): si hay alguna, no hay recomendaciones.';
comment on column public.health_analyses.warning is 'La frase que se muestra cuando hay señales de alerta; null si no las hay.';
comment on column public.health_analyses.exclusions is 'Productos y recetas que coincidían con los objetivos pero se excluyeron, cada uno con su porqué.';

-- leads (contact form of the public page) -------------------------------------------------------------
create table public.leads (
  id uuid primary key default gen_random_uuid(),
  client_id uuid not null references public.clients (id) on delete cascade,
  name text not null constraint leads_nombre_valido check (char_length(btrim(name)) between 2 and 120),
  email text constraint leads_correo_valido check (private.is_email(email)),
  phone text constraint leads_telefono_valido check (char_length(phone) <= 40),
  message text constraint leads_mensaje_valido check (char_length(message) <= 2000),
  status text not null default 'new' constraint leads_estado_valido check (status in ('new', 'contacted', 'closed')),
  -- Colombian data-protection law wants consent prior, express and informed: a lead exists only with
  -- the moment the visitor ticked the authorisation (submit_lead refuses without it).
  consented_at timestamptz not null,
  -- …and what they authorised, word for word, as the form showed it (the proof Decreto 1377 de 2013
  -- asks to keep): written by submit_lead; the demo's leads, inserted by hand, have none.
  consent_text text constraint leads_autorizacion_valida check (char_length(consent_text) <= 1000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint leads_con_forma_de_contacto check (email is not null or phone is not null)
);
create index leads_client_idx on public.leads (client_id, created_at desc);
comment on table public.leads is
  'Contactos que deja un visitante en la página pública de un miembro (vía public.submit_lead). El miembro ve y gestiona los suyos.';
create trigger leads_touch before update on public.leads for each row execute function private.touch_updated_at();
create trigger leads_stamp before insert or update on public.leads
  for each row execute function private.stamp_authorship('created_at');


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

-- Audited (private.audit_row) ------------------------------------------------------------------------
create trigger audit after insert or update or delete on public.health_analyses for each row execute function private.audit_row();
create trigger audit after insert or update or delete on public.leads for each row execute function private.audit_row();

-- Row level security ----------------------------------------------------------------------------------
alter table public.health_analyses enable row level security;
alter table public.leads enable row level security;

-- Analyses are written only by record_health_analysis (computed by the database, never typed in) and
-- never edited afterwards. No screen deletes one (issue 23 §4: no table write the screens do not
-- make): when a person asks to be forgotten, that will be a function that says what goes with it.
grant select on public.health_analyses to authenticated;

-- Leads arrive through public.submit_lead, so nobody inserts them through the API. Their member (and
-- staff) move the follow-up state, the one column the API may write: what the visitor wrote is theirs.
grant select, update (status) on public.leads to authenticated;

create policy health_analyses_superadmin on public.health_analyses for select to authenticated
  using ((select private.is_superadmin()));

create policy leads_select_own on public.leads for select to authenticated
  using (client_id = (select private.my_client_id()));
create policy leads_update_own on public.leads for update to authenticated
  using (client_id = (select private.my_client_id())) with check (client_id = (select private.my_client_id()));
create policy leads_select_staff on public.leads for select to authenticated
  using ((select private.is_staff()));
create policy leads_update_staff on public.leads for update to authenticated
  using ((select private.is_staff())) with check ((select private.is_staff()));

-- The public page's contact form (the page itself is read through public.get_public_page).
-- The authorisation the contact form shows beside its checkbox (src/features/public-page/messages.ts
-- says the same words; the e2e test compares the two).
create or replace function private.lead_consent_text(p_member text, p_company text) returns text
language sql
immutable
set search_path = ''
as $$
  select format('Autorizo a %s y a %s a usar estos datos solo para responderme, según la ley de protección de datos personales (Ley 1581 de 2012).',
                p_member, p_company)
$$;
revoke all on function private.lead_consent_text(text, text) from public;
comment on function private.lead_consent_text(text, text) is
  'La autorización de datos del formulario de contacto, con el nombre del miembro y el de la empresa: submit_lead la guarda en leads.consent_text.';

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
  if not private.is_email(v_email) then
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
  insert into public.leads (client_id, name, email, phone, message, consented_at, consent_text)
  values (v_client_id, v_name, v_email, v_phone, v_message, now(),
          private.lead_consent_text((select c.name from public.clients c where c.id = v_client_id),
                                    (select m.company_name from public.metadata m where m.id = 'app_settings')));
end
$$;
comment on function public.submit_lead(text, text, text, text, text, boolean) is
  'Formulario de contacto de la página pública: con la autorización de datos marcada (p_consent, se guarda su momento en consented_at) deja un contacto (lead) para el miembro del slug, como mucho 20 por página y hora también con envíos simultáneos. Cada rechazo es P0001 con mensaje en español y código savia:<código>. Ejecutable por anon.';

grant execute on function public.submit_lead(text, text, text, text, text, boolean) to anon, authenticated;

-- The questionnaire's closed sets -------------------------------------------------------------------------
create or replace function private.health_vocabulary()
returns table (kind text, key text, label text, matches text[], sort_order integer)
language sql
stable
set search_path = ''
as $$
  -- the goals are the benefits (one vocabulary, issue 25 §4): a goal is met by the items that carry it
  select 'goal', b.key, b.label, array[b.key], b.sort_order from public.benefits b
  union all
  select v.kind, v.key, v.label, v.matches, v.sort_order::integer
    from (values
      -- what a product may contain
      ('component', 'gluten', 'gluten', null, 1),
      ('component', 'lactosa', 'lactosa', null, 2),
      ('component', 'soya', 'soya', null, 3),
      ('component', 'frutos_secos', 'frutos secos', null, 4),
      ('component', 'mani', 'maní', null, 5),
      ('component', 'abejas', 'productos de las abejas', null, 6),
      ('component', 'cafeina', 'cafeína', null, 7),
      ('component', 'origen_animal', 'ingredientes de origen animal', null, 8),
      -- restrictions and allergies: the components each one rules out
      ('restriction', 'sin_gluten', 'sin gluten', array['gluten'], 1),
      ('restriction', 'sin_lactosa', 'sin lactosa', array['lactosa'], 2),
      ('restriction', 'sin_cafeina', 'sin cafeína', array['cafeina'], 3),
      ('restriction', 'vegana', 'alimentación vegana', array['origen_animal', 'lactosa', 'abejas'], 4),
      ('allergy', 'soya', 'soya', array['soya'], 1),
      ('allergy', 'frutos_secos', 'frutos secos', array['frutos_secos'], 2),
      ('allergy', 'mani', 'maní', array['mani'], 3),
      ('allergy', 'abejas', 'miel, propóleo o polen', array['abejas'], 4),
      -- habits (optional answers)
      ('activity', 'poca', 'Poca: casi nada de ejercicio', null, 1),
      ('activity', 'moderada', 'Moderada: 2 o 3 veces por semana', null, 2),
      ('activity', 'mucha', 'Mucha: casi todos los días', null, 3),
      ('sleep', 'menos_6', 'Menos de 6 horas', null, 1),
      ('sleep', 'entre_6_8', 'Entre 6 y 8 horas', null, 2),
      ('sleep', 'mas_8', 'Más de 8 horas', null, 3),
      ('water', 'menos_1', 'Menos de 1 litro al día', null, 1),
      ('water', 'entre_1_2', 'Entre 1 y 2 litros al día', null, 2),
      ('water', 'mas_2', 'Más de 2 litros al día', null, 3)
    ) v(kind, key, label, matches, sort_order)
$$;
comment on function private.health_vocabulary() is
  'Los conjuntos cerrados del cuestionario de salud con su texto en español: los objetivos (los beneficios de public.benefits), componentes, restricciones, alergias y hábitos.';

create or replace function private.health_consent(out version text, out text text)
language sql
immutable
set search_path = ''
as $$
  select '2026-11'::text,
         'La persona autoriza que Savia use estas respuestas de salud solo para sugerirle productos y recetas del catálogo. '
         || 'Solo los superadmins de Savia las ven, y quedan guardadas con su análisis.'::text
$$;
comment on function private.health_consent() is
  'El consentimiento vigente del Análisis de Salud: qué se hace con las respuestas y quién las ve. Cambiar el texto exige una versión nueva.';

-- «a», «a y b», «a, b y c».
create or replace function private.spanish_list(p_items text[]) returns text
language sql
immutable
set search_path = ''
as $$
  select case when cardinality(p_items) <= 1 then coalesce(p_items[1], '')
              else array_to_string(p_items[1:cardinality(p_items) - 1], ', ') || ' y ' || p_items[cardinality(p_items)] end
$$;
comment on function private.spanish_list(text[]) is 'Une palabras como se enumeran en español: «a, b y c».';

create or replace function private.distinct_in_order(p_items text[]) returns text[]
language sql
immutable
set search_path = ''
as $$
  select coalesce(array_agg(u.item order by u.first), '{}')
    from (select x.item, min(x.n) as first from unnest(p_items) with ordinality x(item, n) group by x.item) u
$$;
comment on function private.distinct_in_order(text[]) is 'Quita repetidos de una lista conservando el orden de su primera aparición.';

-- Answers: validated against the closed sets and stored in one shape ------------------------------------
create or replace function private.health_answers(p_answers jsonb) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  v_list text;
  v_field text;
  v_items jsonb;
  v_values text[];
  v_clean jsonb := '{}';
  v_habit text;
  v_medication text;
begin
  if p_answers is null or jsonb_typeof(p_answers) <> 'object' then
    perform private.refuse('invalid_answers', 'Las respuestas del cuestionario no llegaron completas: vuelve a intentarlo.');
  end if;
  -- goals, restrictions, allergies: lists of keys of their closed set, without repeats
  foreach v_list in array array['goal', 'restriction', 'allergy'] loop
    v_field := case v_list when 'goal' then 'goals' when 'restriction' then 'restrictions' else 'allergies' end;
    v_items := coalesce(p_answers -> v_field, '[]');
    if jsonb_typeof(v_items) <> 'array' then
      v_items := '[null]';
    end if;
    if exists (select 1 from jsonb_array_elements(v_items) e
                where not exists (select 1 from private.health_vocabulary() v where v.kind = v_list and to_jsonb(v.key) = e)) then
      perform private.refuse('invalid_answers',
        case v_list when 'goal' then 'Hay un objetivo que no está en la lista: elige entre los que muestra el cuestionario.'
                    when 'restriction' then 'Hay una restricción que no está en la lista: elige entre las que muestra el cuestionario.'
                    else 'Hay una alergia que no está en la lista: elige entre las que muestra el cuestionario.' end, v_field);
    end if;
    select coalesce(array_agg(v.key order by v.sort_order), '{}') into v_values
      from private.health_vocabulary() v
     where v.kind = v_list and v_items @> jsonb_build_array(v.key);
    v_clean := v_clean || jsonb_build_object(v_field, to_jsonb(v_values));
  end loop;
  if jsonb_array_length(v_clean -> 'goals') = 0 then
    perform private.refuse('invalid_answers', 'Marca al menos un objetivo.', 'goals');
  end if;
  -- habits: optional, one key of their set each
  foreach v_habit in array array['activity', 'sleep', 'water'] loop
    if jsonb_typeof(p_answers -> v_habit) is distinct from 'null' and p_answers -> v_habit is not null
       and not exists (select 1 from private.health_vocabulary() v where v.kind = v_habit and to_jsonb(v.key) = p_answers -> v_habit) then
      perform private.refuse('invalid_answers', 'Hay un hábito con una respuesta que no está en la lista.', v_habit);
    end if;
    v_clean := v_clean || jsonb_build_object(v_habit, p_answers -> v_habit);
  end loop;
  -- the red-flag questions are yes or no, never left out
  if jsonb_typeof(p_answers -> 'pregnancy') is distinct from 'boolean'
     or jsonb_typeof(p_answers -> 'breastfeeding') is distinct from 'boolean'
     or jsonb_typeof(p_answers -> 'chronic_illness') is distinct from 'boolean' then
    perform private.refuse('invalid_answers', 'Responde sí o no a embarazo, lactancia y enfermedad crónica.', 'red_flags');
  end if;
  if p_answers -> 'medication' is not null and jsonb_typeof(p_answers -> 'medication') not in ('string', 'null') then
    perform private.refuse('invalid_answers', 'La medicación se escribe como texto.', 'medication');
  end if;
  v_medication := btrim(coalesce(p_answers ->> 'medication', ''));
  if char_length(v_medication) > 500 then
    perform private.refuse('invalid_answers', 'La medicación admite hasta 500 caracteres.', 'medication');
  end if;
  return v_clean || jsonb_build_object(
    'pregnancy', p_answers -> 'pregnancy', 'breastfeeding', p_answers -> 'breastfeeding',
    'chronic_illness', p_answers -> 'chronic_illness', 'medication', v_medication);
end
$$;
comment on function private.health_answers(jsonb) is
  'Valida las respuestas del cuestionario de salud contra sus conjuntos cerrados (se niega con invalid_answers y el campo) y las devuelve en una sola forma.';

-- Recording an analysis ---------------------------------------------------------------------------------
create or replace function public.record_health_analysis(
  p_client_id uuid, p_consent boolean, p_consent_version text, p_answers jsonb, p_notes text default null)
returns public.health_analyses
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_answers jsonb;
  v_consent record;
  v_red_flags text[];
  v_goals text[];
  v_recommendations jsonb := '[]';
  v_exclusions jsonb := '[]';
  v_notes text := nullif(btrim(coalesce(p_notes, '')), '');
  v_row public.health_analyses;
begin
  perform private.require_superadmin('Solo un superadmin puede hacer y consultar análisis de salud: son datos sensibles.');
  select * into v_consent from private.health_consent();
  if p_consent is not true then
    perform private.refuse('consent_required', 'Sin el consentimiento de la persona no se guarda el análisis: marca la casilla de consentimiento.', 'consent');
  end if;
  if p_consent_version is distinct from v_consent.version then
    perform private.refuse('consent_required', 'El texto del consentimiento cambió: vuelve a cargar la página y pide el consentimiento de nuevo.', 'consent');
  end if;
  if p_client_id is null or not exists (select 1 from public.clients c where c.id = p_client_id) then
    perform private.refuse('client_required', 'Elige un miembro para el análisis.', 'client_id');
  end if;
  if char_length(v_notes) > 4000 then
    perform private.refuse('text_too_long', 'Las notas admiten hasta 4.000 caracteres.', 'notes');
  end if;
  v_answers := private.health_answers(p_answers);

  v_red_flags := array_remove(array[
    case when (v_answers ->> 'pregnancy')::boolean then 'embarazo' end,
    case when (v_answers ->> 'breastfeeding')::boolean then 'lactancia' end,
    case when (v_answers ->> 'chronic_illness')::boolean then 'enfermedad crónica' end,
    case when v_answers ->> 'medication' <> '' then 'medicación' end], null);

  if cardinality(v_red_flags) = 0 then
    v_goals := array(select jsonb_array_elements_text(v_answers -> 'goals'));
    with avoid as (
      -- every component the restrictions and allergies rule out, with the answer that rules it out
      select m.component,
             case v.kind when 'restriction' then format('marcaste «%s»', v.label) else format('marcaste alergia a %s', v.label) end as because
        from private.health_vocabulary() v cross join unnest(v.matches) m(component)
       where (v.kind = 'restriction' and v_answers -> 'restrictions' ? v.key)
          or (v.kind = 'allergy' and v_answers -> 'allergies' ? v.key)
    ), product_matches as (
      -- active products that carry a benefit the person marked as a goal: which goals, in the list's order
      select p.id, p.name, p.components,
             array_agg(g.key order by g.sort_order) as goals,
             array_agg(pg_catalog.lower(g.label) order by g.sort_order) as goal_labels
        from public.products p
        join public.benefits g on g.key = any (p.benefits) and g.key = any (v_goals)
       where p.is_active
       group by p.id, p.name, p.components
    ), product_reasons as (
      select m.*,
             (select string_agg(format('Contiene %s y %s.', c.label, a.because), ' ' order by c.sort_order, a.because)
                from private.health_vocabulary() c join avoid a on a.component = c.key
               where c.kind = 'component' and c.key = any (m.components)) as excluded_because
        from product_matches m
    ), recipe_matches as (
      select r.id, r.title as name,
             array_agg(g.key order by g.sort_order) as goals,
             array_agg(pg_catalog.lower(g.label) order by g.sort_order) as goal_labels
        from public.recipes r
        join public.benefits g on g.key = any (r.benefits) and g.key = any (v_goals)
       group by r.id, r.title
    ), recipe_reasons as (
      -- a recipe is out when one of its products is withdrawn or holds something to avoid
      select m.*,
             (select string_agg(reason, ' ' order by reason) from (
                select format('Lleva %s, que ya no está en el catálogo.', p.name) as reason
                  from public.recipe_products rp join public.products p on p.id = rp.product_id
                 where rp.recipe_id = m.id and not p.is_active
                union all
                select format('Lleva %s, que contiene %s, y %s.', p.name, c.label, a.because)
                  from public.recipe_products rp join public.products p on p.id = rp.product_id
                  join private.health_vocabulary() c on c.kind = 'component' and c.key = any (p.components)
                  join avoid a on a.component = c.key
                 where rp.recipe_id = m.id) x) as excluded_because
        from recipe_matches m
    ), matches as (
      select 'product' as kind, x.id, x.name, x.goals, x.goal_labels, x.excluded_because from product_reasons x
      union all
      select 'recipe' as kind, x.id, x.name, x.goals, x.goal_labels, x.excluded_because from recipe_reasons x
    ), ranked as (
      -- the ranking (issue 25 §3): the more of the person's goals an item meets, the higher; then by name
      select m.*, row_number() over (partition by m.kind, m.excluded_because is null
                                     order by cardinality(m.goals) desc, m.name, m.id) as n
        from matches m
    ), best as (
      -- each goal's best match of each kind: it is shown even past the first 6 products or 3 recipes
      select r.kind, min(r.n) as n
        from ranked r cross join unnest(r.goals) g(goal)
       where r.excluded_because is null
       group by r.kind, g.goal
    )
    select
      coalesce(jsonb_agg(jsonb_build_object(
          'kind', r.kind, 'id', r.id, 'name', r.name, 'goals', to_jsonb(r.goals), 'rank', r.n,
          'featured', r.n <= case r.kind when 'product' then 6 else 3 end or exists (select 1 from best b where b.kind = r.kind and b.n = r.n),
          -- SCREENS.md's sentence; a goal is met by the benefit of the same name, so both name the same words
          'reason', format('Porque marcaste %s%s y %s tiene %s %s.',
                           private.spanish_list(r.goal_labels), case when cardinality(r.goal_labels) > 1 then ',' else '' end,
                           case r.kind when 'product' then 'este producto' else 'esta receta' end,
                           case when cardinality(r.goal_labels) = 1 then 'el beneficio' else 'los beneficios' end,
                           private.spanish_list(r.goal_labels)))
          order by r.kind, r.n)
        filter (where r.excluded_because is null), '[]'),
      coalesce(jsonb_agg(jsonb_build_object('kind', r.kind, 'id', r.id, 'name', r.name, 'reason', r.excluded_because)
          order by r.kind, r.n)
        filter (where r.excluded_because is not null), '[]')
      into v_recommendations, v_exclusions
      from ranked r;
  end if;

  insert into public.health_analyses (client_id, answers, recommendations, exclusions, red_flags, warning, notes,
                                      consent_version, consent_text, consented_at)
  values (p_client_id, v_answers, v_recommendations, v_exclusions, v_red_flags,
          case when cardinality(v_red_flags) > 0 then 'Consulta a un profesional de la salud antes de tomar suplementos.' end,
          v_notes, v_consent.version, v_consent.text, now())
  returning * into v_row;
  return v_row;
end
$$;
comment on function public.record_health_analysis(uuid, boolean, text, jsonb, text) is
  'Superadmin: guarda un Análisis de Salud con su consentimiento (obligatorio) y sus recomendaciones, calculadas aquí en la misma transacción. Con señales de alerta no recomienda nada y avisa que se consulte a un profesional; si no, todos los productos activos y las recetas cuyos beneficios cumplen algún objetivo, ordenados por cuántos objetivos cumplen (rank) y luego por nombre, cada uno con su porqué; featured marca los que se muestran primero (los 6 primeros productos y las 3 primeras recetas, más el mejor de cada objetivo si quedaba fuera); y lo que las restricciones o alergias excluyen, con el suyo. Nunca dosis ni diagnósticos.';
revoke all on function public.record_health_analysis(uuid, boolean, text, jsonb, text) from public, anon;
grant execute on function public.record_health_analysis(uuid, boolean, text, jsonb, text) to authenticated;
