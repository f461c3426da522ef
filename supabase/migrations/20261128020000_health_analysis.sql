-- Análisis de Salud (issue 14): the database computes and stores each analysis in one transaction.
-- Health answers are sensitive data: only a superadmin runs or reads an analysis, every write is audited
-- (the audit trigger of 20250701000600_audit.sql), and an analysis only exists with the consent it was
-- given under (its text and version, and when). Red flags (pregnancy, breastfeeding, a chronic illness,
-- any medication) stop the recommendations; otherwise active products and recipes whose benefits match
-- the goals, minus what the restrictions and allergies rule out, each with its reason. Never dosages or
-- diagnoses: the reasons only name the goal and the benefit tag that met.

-- What a product contains (public.products.components, edited in Productos) is what restrictions rule out.

-- The analysis keeps its consent, its red flags and what was left out ---------------------------------
-- Nothing is deployed and the table has no rows yet, so the consent can be required from the start.
alter table public.health_analyses
  add column consent_version text not null constraint health_analyses_version_consentimiento check (char_length(consent_version) between 1 and 40),
  add column consent_text text not null constraint health_analyses_texto_consentimiento check (char_length(consent_text) between 20 and 2000),
  add column consented_at timestamptz not null,
  add column red_flags text[] not null default '{}',
  add column warning text constraint health_analyses_aviso_valido check (char_length(warning) <= 500),
  add column exclusions jsonb not null default '[]' constraint health_analyses_exclusiones_lista check (jsonb_typeof(exclusions) = 'array');
comment on column public.health_analyses.consent_version is 'Versión del texto de consentimiento que la persona aceptó.';
comment on column public.health_analyses.consent_text is 'El texto exacto del consentimiento aceptado: para qué son las respuestas y quién las ve.';
comment on column public.health_analyses.consented_at is 'Cuándo se dio el consentimiento (el momento en que se guardó el análisis).';
comment on column public.health_analyses.red_flags is 'Señales de alerta marcadas (embarazo, lactancia, enfermedad crónica, medicación): si hay alguna, no hay recomendaciones.';
comment on column public.health_analyses.warning is 'La frase que se muestra cuando hay señales de alerta; null si no las hay.';
comment on column public.health_analyses.exclusions is 'Productos y recetas que coincidían con los objetivos pero se excluyeron, cada uno con su porqué.';

-- Analyses are written only by record_health_analysis (computed by the database, never typed in) and
-- never edited afterwards; a superadmin may still delete one (the person asks to be forgotten).
revoke insert, update on public.health_analyses from authenticated;

-- The member's history, newest first, paged with range().
drop index public.health_analyses_client_idx;
create index health_analyses_client_created_idx on public.health_analyses (client_id, created_at desc, id);

-- The questionnaire's closed sets -------------------------------------------------------------------------
create or replace function private.health_vocabulary()
returns table (kind text, key text, label text, matches text[], sort_order integer)
language sql
immutable
set search_path = ''
as $$
  select v.kind, v.key, v.label, v.matches, v.sort_order::integer
    from (values
      -- goals: the benefit tags (plain, as the catalogue stores them) each one matches
      ('goal', 'energia', 'energía', array['energia'], 1),
      ('goal', 'digestion', 'digestión', array['digestion'], 2),
      ('goal', 'descanso', 'descanso', array['descanso', 'sueno'], 3),
      ('goal', 'defensas', 'defensas', array['defensas', 'inmunidad'], 4),
      ('goal', 'piel', 'piel', array['piel'], 5),
      ('goal', 'articulaciones', 'articulaciones', array['articulaciones'], 6),
      ('goal', 'concentracion', 'concentración', array['concentracion'], 7),
      ('goal', 'relajacion', 'relajación', array['relajacion', 'estres'], 8),
      -- how a benefit tag reads in a sentence, where it differs from the tag
      ('tag', 'energia', 'energía', null, 1),
      ('tag', 'digestion', 'digestión', null, 2),
      ('tag', 'sueno', 'sueño', null, 3),
      ('tag', 'concentracion', 'concentración', null, 4),
      ('tag', 'relajacion', 'relajación', null, 5),
      ('tag', 'estres', 'estrés', null, 6),
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
  'Los conjuntos cerrados del cuestionario de salud (objetivos y las etiquetas de beneficio que cumplen, componentes, restricciones, alergias, hábitos) con su texto en español.';

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

-- A benefit tag as the catalogue may write it («Sueño», « sueno ») → the plain tag.
create or replace function private.health_tag(p_tag text) returns text
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.lower(pg_catalog.translate(btrim(p_tag), 'ÁÉÍÓÚÜÑáéíóúüñ', 'AEIOUUNaeiouun'))
$$;
comment on function private.health_tag(text) is 'Normaliza una etiqueta de beneficio (minúsculas, sin tildes ni espacios) para compararla con los objetivos.';

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

-- The questionnaire as the screen shows it --------------------------------------------------------------
create or replace function public.get_health_questionnaire() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_superadmin('Solo un superadmin puede hacer y consultar análisis de salud: son datos sensibles.');
  return jsonb_build_object(
    'consent', (select jsonb_build_object('version', c.version, 'text', c.text) from private.health_consent() c),
    'options', (select jsonb_object_agg(o.kind, o.items) from (
                  select v.kind, jsonb_agg(jsonb_build_object('key', v.key, 'label', v.label) order by v.sort_order) as items
                    from private.health_vocabulary() v
                   where v.kind in ('goal', 'restriction', 'allergy', 'activity', 'sleep', 'water')
                   group by v.kind) o));
end
$$;
comment on function public.get_health_questionnaire() is
  'Superadmin: el consentimiento vigente (versión y texto) y las opciones de cada pregunta del Análisis de Salud, en el orden en que se muestran.';
revoke all on function public.get_health_questionnaire() from public, anon;
grant execute on function public.get_health_questionnaire() to authenticated;

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
      -- active products with a benefit tag that meets a goal: which goals, through which tags
      select p.id, p.name, p.components,
             private.distinct_in_order(array_agg(g.key order by g.sort_order)) as goals,
             private.distinct_in_order(array_agg(g.label order by g.sort_order)) as goal_labels,
             private.distinct_in_order(array_agg(coalesce(t.label, private.health_tag(b.tag)) order by g.sort_order, b.tag)) as tag_labels
        from public.products p
        cross join unnest(p.benefits) b(tag)
        join private.health_vocabulary() g on g.kind = 'goal' and g.key = any (v_goals) and private.health_tag(b.tag) = any (g.matches)
        left join private.health_vocabulary() t on t.kind = 'tag' and t.key = private.health_tag(b.tag)
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
             private.distinct_in_order(array_agg(g.key order by g.sort_order)) as goals,
             private.distinct_in_order(array_agg(g.label order by g.sort_order)) as goal_labels,
             private.distinct_in_order(array_agg(coalesce(t.label, private.health_tag(b.tag)) order by g.sort_order, b.tag)) as tag_labels
        from public.recipes r
        cross join unnest(r.benefits) b(tag)
        join private.health_vocabulary() g on g.kind = 'goal' and g.key = any (v_goals) and private.health_tag(b.tag) = any (g.matches)
        left join private.health_vocabulary() t on t.kind = 'tag' and t.key = private.health_tag(b.tag)
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
    ), ranked as (
      select 'product' as kind, x.id, x.name, x.goals, x.goal_labels, x.tag_labels, x.excluded_because, row_number() over (partition by x.excluded_because is null order by cardinality(x.goals) desc, x.name, x.id) as n
        from product_reasons x
      union all
      select 'recipe' as kind, x.id, x.name, x.goals, x.goal_labels, x.tag_labels, x.excluded_because, row_number() over (partition by x.excluded_because is null order by cardinality(x.goals) desc, x.name, x.id) as n
        from recipe_reasons x
    )
    select
      coalesce(jsonb_agg(jsonb_build_object(
          'kind', r.kind, 'id', r.id, 'name', r.name, 'goals', to_jsonb(r.goals),
          'reason', format('Porque marcaste %s%s y %s tiene %s %s.',
                           private.spanish_list(r.goal_labels), case when cardinality(r.goal_labels) > 1 then ',' else '' end,
                           case r.kind when 'product' then 'este producto' else 'esta receta' end,
                           case when cardinality(r.tag_labels) = 1 then 'el beneficio' else 'los beneficios' end,
                           private.spanish_list(r.tag_labels)))
          order by r.kind, r.n)
        filter (where r.excluded_because is null and r.n <= case r.kind when 'product' then 6 else 3 end), '[]'),
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
  'Superadmin: guarda un Análisis de Salud con su consentimiento (obligatorio) y sus recomendaciones, calculadas aquí en la misma transacción. Con señales de alerta no recomienda nada y avisa que se consulte a un profesional; si no, hasta 6 productos activos y 3 recetas cuyos beneficios cumplen los objetivos, cada uno con su porqué, y lo que las restricciones o alergias excluyen, con el suyo. Nunca dosis ni diagnósticos.';
revoke all on function public.record_health_analysis(uuid, boolean, text, jsonb, text) from public, anon;
grant execute on function public.record_health_analysis(uuid, boolean, text, jsonb, text) to authenticated;
