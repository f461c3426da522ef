-- Análisis de Salud (20250701051000_health_and_leads.sql): only a superadmin runs or reads one; consent
-- first (nothing written without it); red flags stop the recommendations; otherwise active products and
-- recipes whose benefits meet the goals, minus what restrictions and allergies rule out, each with its
-- reason; the consent and the author stored; every write audited. Figures by hand from this fixture
-- (the seeded catalogue is retired inside this transaction so only these rows can match):
--   products  T-TILA   «Té de tila»          {Sueño, relajacion}     contains nothing
--             T-CAFE   «Café verde»          {energia}               cafeina
--             T-MIEL   «Miel con propóleo»   {defensas, energia}     abejas
--             T-VIEJA  «Valeriana retirada»  {sueno}                 inactive
--             T-ART-1…7 «Articular 1…7»      {articulaciones}        (seven: the list stops at six)
--   recipes   «T Noche tranquila» {descanso} with T-TILA; «T Batido energético» {energia} with T-CAFE;
--             «T Infusión retirada» {sueno} with T-VIEJA; the helper's «Receta de prueba» has no benefits.
begin;
\ir _helpers.psql
select plan(42);

update public.products set is_active = false where sku not like 'T-%';
delete from public.recipes where title <> 'Receta de prueba';
insert into public.products (sku, name, price, points, benefits, components, is_active) values
  ('T-TILA', 'Té de tila', 10, 10, '{Sueño,relajacion}', '{}', true),
  ('T-CAFE', 'Café verde', 10, 10, '{energia}', '{cafeina}', true),
  ('T-MIEL', 'Miel con propóleo', 10, 10, '{defensas,energia}', '{abejas}', true),
  ('T-VIEJA', 'Valeriana retirada', 10, 10, '{sueno}', '{}', false);
insert into public.products (sku, name, price, points, benefits)
select 'T-ART-' || n, 'Articular ' || n, 10, 10, '{articulaciones}' from generate_series(1, 7) n;
insert into public.recipes (title, benefits) values
  ('T Noche tranquila', '{descanso}'), ('T Batido energético', '{energia}'), ('T Infusión retirada', '{sueno}');
insert into public.recipe_products (recipe_id, product_id)
select r.id, p.id from (values ('T Noche tranquila', 'T-TILA'), ('T Batido energético', 'T-CAFE'), ('T Infusión retirada', 'T-VIEJA')) x(title, sku)
  join public.recipes r on r.title = x.title join public.products p on p.sku = x.sku;

-- The answers of a person without red flags, with the given goals, restrictions and allergies.
create function pg_temp.answers(p_goals text[], p_restrictions text[] default '{}', p_allergies text[] default '{}') returns jsonb
language sql as $$
  select jsonb_build_object('goals', p_goals, 'restrictions', p_restrictions, 'allergies', p_allergies,
                            'pregnancy', false, 'breastfeeding', false, 'chronic_illness', false, 'medication', '')
$$;
grant execute on function pg_temp.answers(text[], text[], text[]) to authenticated;

-- «savia:<code> <message>» of what a statement raises as a persona, or null; always rolled back.
create function pg_temp.refusal(p_persona text, p_sql text) returns text language plpgsql as $$
declare
  v_hint text;
  v_message text;
begin
  begin
    perform tests.authenticate_as(p_persona);
    execute tests.sql(p_sql);
    raise exception using errcode = 'PT999', message = 'sin error';
  exception when others then
    if sqlstate = 'PT999' then
      return null;
    end if;
    get stacked diagnostics v_hint = pg_exception_hint, v_message = message_text;
    return v_hint || ' ' || v_message;
  end;
end
$$;

create temp table counted as select count(*) as analyses from public.health_analyses;
grant select on counted to authenticated;

-- Who gets in ----------------------------------------------------------------------------------------------
select is(pg_temp.refusal(p, $$ select public.record_health_analysis({a}, true, '2026-11', pg_temp.answers('{descanso}')) $$),
          'savia:forbidden Solo un superadmin puede hacer y consultar análisis de salud: son datos sensibles.', p || ' no hace un análisis')
  from unnest(array['admin', 'member_a', 'sin_rol']) p;
select is(pg_temp.refusal(p, 'select public.get_health_questionnaire()'),
          'savia:forbidden Solo un superadmin puede hacer y consultar análisis de salud: son datos sensibles.', p || ' no lee el cuestionario')
  from unnest(array['admin', 'member_a']) p;
select is(tests.try_as('anon', 'select', $$ select public.record_health_analysis({a}, true, '2026-11', '{}') $$), 'denied',
  'anon no ejecuta el análisis');
select is(tests.try_as(p, 'select', 'select * from public.health_analyses'), 'rows:0', p || ' no lee ningún análisis')
  from unnest(array['admin', 'member_a', 'sin_rol']) p;

-- The questionnaire -------------------------------------------------------------------------------------------
select tests.authenticate_as('superadmin');
select is(public.get_health_questionnaire() -> 'consent' ->> 'version', '2026-11', 'el cuestionario trae la versión vigente del consentimiento');
select ok(public.get_health_questionnaire() -> 'consent' ->> 'text' like '%Solo los superadmins de Savia las ven%',
  'y su texto dice quién ve las respuestas');
select is(array(select jsonb_array_elements(public.get_health_questionnaire() -> 'options' -> 'goal') ->> 'key'),
  array['energia', 'digestion', 'descanso', 'defensas', 'piel', 'articulaciones', 'concentracion', 'relajacion'], 'los ocho objetivos, en orden');
select tests.clear_authentication();

-- Consent first, and answers from the closed sets: each refusal writes nothing ------------------------------
select is(pg_temp.refusal('superadmin', $$ select public.record_health_analysis({a}, false, '2026-11', pg_temp.answers('{descanso}')) $$),
  'savia:consent_required Sin el consentimiento de la persona no se guarda el análisis: marca la casilla de consentimiento.', 'sin consentimiento no hay análisis');
select is(pg_temp.refusal('superadmin', $$ select public.record_health_analysis({a}, null, '2026-11', pg_temp.answers('{descanso}')) $$),
  'savia:consent_required Sin el consentimiento de la persona no se guarda el análisis: marca la casilla de consentimiento.', 'tampoco con el consentimiento vacío');
select is(pg_temp.refusal('superadmin', $$ select public.record_health_analysis({a}, true, '2020-01', pg_temp.answers('{descanso}')) $$),
  'savia:consent_required El texto del consentimiento cambió: vuelve a cargar la página y pide el consentimiento de nuevo.', 'ni con un consentimiento de otra versión');
select is(pg_temp.refusal('superadmin', $$ select public.record_health_analysis(gen_random_uuid(), true, '2026-11', pg_temp.answers('{descanso}')) $$),
  'savia:client_required Elige un miembro para el análisis.', 'un miembro que no existe');
select is(pg_temp.refusal('superadmin', $$ select public.record_health_analysis({a}, true, '2026-11', pg_temp.answers('{}')) $$),
  'savia:invalid_answers Marca al menos un objetivo.', 'sin objetivos');
select is(pg_temp.refusal('superadmin', $$ select public.record_health_analysis({a}, true, '2026-11', pg_temp.answers('{descanso,magia}')) $$),
  'savia:invalid_answers Hay un objetivo que no está en la lista: elige entre los que muestra el cuestionario.', 'un objetivo fuera de la lista');
select is(pg_temp.refusal('superadmin', $$ select public.record_health_analysis({a}, true, '2026-11', pg_temp.answers('{descanso}', '{sin_sal}')) $$),
  'savia:invalid_answers Hay una restricción que no está en la lista: elige entre las que muestra el cuestionario.', 'una restricción fuera de la lista');
select is(pg_temp.refusal('superadmin', $$ select public.record_health_analysis({a}, true, '2026-11', pg_temp.answers('{descanso}', '{}', '{polvo}')) $$),
  'savia:invalid_answers Hay una alergia que no está en la lista: elige entre las que muestra el cuestionario.', 'una alergia fuera de la lista');
select is(pg_temp.refusal('superadmin', $$ select public.record_health_analysis({a}, true, '2026-11', pg_temp.answers('{descanso}') - 'pregnancy') $$),
  'savia:invalid_answers Responde sí o no a embarazo, lactancia y enfermedad crónica.', 'las preguntas de alerta no se saltan');
select is(pg_temp.refusal('superadmin', $$ select public.record_health_analysis({a}, true, '2026-11', pg_temp.answers('{descanso}') || '{"sleep": "nunca"}') $$),
  'savia:invalid_answers Hay un hábito con una respuesta que no está en la lista.', 'un hábito fuera de la lista');
select is((select count(*) from public.health_analyses), (select analyses from counted), 'ninguna negativa escribió un análisis');

-- Without red flags: what meets the goals, minus what the answers rule out ----------------------------------
create temp table done as select ''::text as name, h.* from public.health_analyses h limit 0;
grant select, insert on done to authenticated;
select tests.authenticate_as('superadmin');
insert into done select 'restringido', r.* from public.record_health_analysis(
  (select id from tests.fx where key = 'a'), true, '2026-11',
  pg_temp.answers('{descanso,energia}', '{sin_cafeina}', '{abejas}') || '{"sleep": "menos_6", "activity": "poca"}', '  Duerme mal  ') r;
insert into done select 'varios', r.* from public.record_health_analysis(
  (select id from tests.fx where key = 'a'), true, '2026-11', pg_temp.answers('{defensas,energia}')) r;
insert into done select 'seis', r.* from public.record_health_analysis(
  (select id from tests.fx where key = 'a'), true, '2026-11', pg_temp.answers('{articulaciones}')) r;
insert into done select 'medicado', r.* from public.record_health_analysis(
  (select id from tests.fx where key = 'a'), true, '2026-11', pg_temp.answers('{descanso}') || '{"medication": " losartán "}') r;
insert into done select 'embarazada', r.* from public.record_health_analysis(
  (select id from tests.fx where key = 'a'), true, '2026-11', pg_temp.answers('{piel}') || '{"pregnancy": true, "breastfeeding": true, "chronic_illness": true}') r;
select tests.clear_authentication();

select is((select recommendations from done where name = 'restringido'), jsonb_build_array(
    jsonb_build_object('kind', 'product', 'id', (select id from public.products where sku = 'T-TILA'), 'name', 'Té de tila', 'goals', '["descanso"]'::jsonb,
                       'reason', 'Porque marcaste descanso y este producto tiene el beneficio sueño.'),
    jsonb_build_object('kind', 'recipe', 'id', (select id from public.recipes where title = 'T Noche tranquila'), 'name', 'T Noche tranquila', 'goals', '["descanso"]'::jsonb,
                       'reason', 'Porque marcaste descanso y esta receta tiene el beneficio descanso.')),
  'recomienda lo que cumple un objetivo, con su porqué (Sueño cuenta como descanso)');
select is((select exclusions from done where name = 'restringido'), jsonb_build_array(
    jsonb_build_object('kind', 'product', 'id', (select id from public.products where sku = 'T-CAFE'), 'name', 'Café verde',
                       'reason', 'Contiene cafeína y marcaste «sin cafeína».'),
    jsonb_build_object('kind', 'product', 'id', (select id from public.products where sku = 'T-MIEL'), 'name', 'Miel con propóleo',
                       'reason', 'Contiene productos de las abejas y marcaste alergia a miel, propóleo o polen.'),
    jsonb_build_object('kind', 'recipe', 'id', (select id from public.recipes where title = 'T Batido energético'), 'name', 'T Batido energético',
                       'reason', 'Lleva Café verde, que contiene cafeína, y marcaste «sin cafeína».'),
    jsonb_build_object('kind', 'recipe', 'id', (select id from public.recipes where title = 'T Infusión retirada'), 'name', 'T Infusión retirada',
                       'reason', 'Lleva Valeriana retirada, que ya no está en el catálogo.')),
  'y dice qué excluyó y por qué; un producto retirado no se recomienda y su receta queda fuera');
select is((select answers from done where name = 'restringido'),
  '{"goals": ["energia", "descanso"], "restrictions": ["sin_cafeina"], "allergies": ["abejas"], "activity": "poca", "sleep": "menos_6", "water": null,
    "pregnancy": false, "breastfeeding": false, "chronic_illness": false, "medication": ""}'::jsonb,
  'las respuestas se guardan en una sola forma, en el orden del cuestionario');
select row_eq($$ select red_flags, warning, notes from done where name = 'restringido' $$, row('{}'::text[], null::text, 'Duerme mal'::text),
  'sin señales de alerta no hay aviso; las notas sin espacios sobrantes');
select is((select recommendations from done where name = 'varios'), jsonb_build_array(
    jsonb_build_object('kind', 'product', 'id', (select id from public.products where sku = 'T-MIEL'), 'name', 'Miel con propóleo', 'goals', '["energia", "defensas"]'::jsonb,
                       'reason', 'Porque marcaste energía y defensas, y este producto tiene los beneficios energía y defensas.'),
    jsonb_build_object('kind', 'product', 'id', (select id from public.products where sku = 'T-CAFE'), 'name', 'Café verde', 'goals', '["energia"]'::jsonb,
                       'reason', 'Porque marcaste energía y este producto tiene el beneficio energía.'),
    jsonb_build_object('kind', 'recipe', 'id', (select id from public.recipes where title = 'T Batido energético'), 'name', 'T Batido energético', 'goals', '["energia"]'::jsonb,
                       'reason', 'Porque marcaste energía y esta receta tiene el beneficio energía.')),
  'sin restricciones: primero lo que cumple más objetivos, y el porqué los nombra todos');
select is((select exclusions from done where name = 'varios'), '[]'::jsonb, 'y nada excluido');
select is(array(select jsonb_array_elements(recommendations) ->> 'name' from done where name = 'seis'),
  array['Articular 1', 'Articular 2', 'Articular 3', 'Articular 4', 'Articular 5', 'Articular 6'], 'hasta seis productos, por nombre');

-- Red flags: no recommendations, and the sentence -----------------------------------------------------------
select row_eq($$ select red_flags, warning, recommendations, exclusions, answers ->> 'medication' from done where name = 'medicado' $$,
  row('{medicación}'::text[], 'Consulta a un profesional de la salud antes de tomar suplementos.'::text, '[]'::jsonb, '[]'::jsonb, 'losartán'::text),
  'con medicación no hay recomendaciones y se pide consultar a un profesional');
select row_eq($$ select red_flags, warning, recommendations from done where name = 'embarazada' $$,
  row('{embarazo,lactancia,"enfermedad crónica"}'::text[], 'Consulta a un profesional de la salud antes de tomar suplementos.'::text, '[]'::jsonb),
  'embarazo, lactancia y enfermedad crónica también detienen las recomendaciones');
select is((select count(*)::integer from done where recommendations::text ~* '\m(mg|dosis|diagn)'), 0, 'ninguna razón habla de dosis ni diagnósticos');

-- Stored with its consent and author, and audited ------------------------------------------------------------
select row_eq($$ select consent_version, consent_text = (select text from private.health_consent()), consented_at = now(),
                        created_by = (select user_id from tests.personas where persona = 'superadmin'), created_at = now()
                   from public.health_analyses where id = (select id from done where name = 'restringido') $$,
  row('2026-11'::text, true, true, true, true), 'el análisis guarda el consentimiento (versión, texto y momento) y quién lo hizo');
select is((select count(*)::integer from public.health_analyses where id in (select id from done)), 5, 'los cinco análisis quedaron guardados');
select row_eq($$ select actor_id, actor_role, action, new_values -> 'red_flags', new_values ->> 'consent_version'
                   from public.audit_logs where table_name = 'health_analyses' and row_id = (select id::text from done where name = 'medicado') $$,
  row((select user_id from tests.personas where persona = 'superadmin'), 'superadmin'::text, 'INSERT'::text, '["medicación"]'::jsonb, '2026-11'::text),
  'cada análisis escrito queda en la bitácora con su autor');
select is(tests.try_as('superadmin', 'delete', $$ delete from public.health_analyses where id = '$$ || (select id from done where name = 'varios') || $$' $$), 'denied',
  'ni borrarlo por la API: ninguna pantalla lo hace (issue 23 §4)');
select is(tests.try_as('superadmin', 'update', $$ update public.health_analyses set recommendations = '[]' where id = '$$ || (select id from done where name = 'varios') || $$' $$),
  'denied', 'pero no editarlo');

-- The history: the member's analyses, newest first, through the table and its index ----------------------------
select ok(exists (select 1 from pg_indexes where indexname = 'health_analyses_client_created_idx'
                   and indexdef like '%(client_id, created_at DESC, id)%'), 'el historial por miembro tiene su índice');
select is(tests.try_as('superadmin', 'select', $$ select 1 from public.health_analyses where client_id = {a} $$), 'rows:6',
  'un superadmin ve el historial del miembro (el del fixture y los cinco de hoy)');
select is(tests.try_as('superadmin_fin', 'select', $$ select 1 from public.health_analyses where client_id = {b} $$), 'rows:0',
  'y nada de otro miembro que no tiene análisis');

-- The catalogue says what each product contains, from a closed set.
select throws_ok($$ update public.products set components = '{azufre}' where sku = 'T-TILA' $$, '23514', null,
  'un componente fuera de la lista no se guarda');

select * from finish();
rollback;
