-- Settings (metadata/app_settings), the star-level plan and its versions, and saving the plan as a
-- whole (Configuración). The engine reads the plan through private.plan() (engine foundation).

-- metadata ------------------------------------------------------------------------------------
create table public.metadata (
  id text primary key
    constraint metadata_id_solo_app_settings check (id = 'app_settings'),
  low_stock_threshold integer not null default 20
    constraint metadata_umbral_stock_valido check (low_stock_threshold between 0 and 1000000),
  company_name text not null default 'Nombre de la empresa'
    constraint metadata_nombre_empresa_valido check (char_length(btrim(company_name)) between 1 and 120),
  contact_info text not null default E'Teléfono: +57 300 000 0000\nCorreo: contacto@empresa.com'
    constraint metadata_contacto_valido check (char_length(contact_info) <= 1000),
  currency text not null default 'USD'
    constraint metadata_moneda_valida check (currency ~ '^[A-Z]{3}$'),
  timezone text not null default 'America/Bogota',
  locale text not null default 'es-CO'
    constraint metadata_locale_valido check (locale in ('es-CO', 'es-MX', 'es-PE', 'es-CL', 'es-EC', 'es-ES')),
  min_payout numeric(12,2) not null default 20
    constraint metadata_pago_minimo_valido check (min_payout >= 0),
  activity_points integer not null default 100
    constraint metadata_puntos_actividad_validos check (activity_points between 1 and 1000000),
  payment_details text not null default ''
    constraint metadata_datos_pago_validos check (char_length(payment_details) <= 1000),
  enrollment_commission_rate numeric(5,4) not null default 0.20
    constraint metadata_comision_enrolamiento_valida check (enrollment_commission_rate between 0 and 1),
  updated_at timestamptz not null default now(),
  updated_by uuid default auth.uid() references auth.users (id) on delete set null
);
create index metadata_updated_by_idx on public.metadata (updated_by);
comment on table public.metadata is
  'Configuración de la aplicación: una sola fila, id = app_settings. Legible por todos (es información pública de la empresa que ya se muestra en la página pública); solo superadmin la escribe.';
comment on column public.metadata.activity_points is
  'Puntos personales del mes para estar activo (la especificación fija 100); el motor de recompensas lo lee de aquí.';
comment on column public.metadata.enrollment_commission_rate is
  'Tasa de comisión de enrolamiento sobre el importe del kit (20 % por defecto).';
comment on column public.metadata.payment_details is
  'Datos de pago de la empresa (cuenta bancaria o billetera, una por línea): se muestran al pagar un pedido y en el comprobante de venta.';
comment on column public.metadata.locale is
  'Cómo escribe la empresa importes, números, porcentajes y fechas (Intl en la app, private.money en las frases de la base): una lista cerrada de variantes del español cuyo formato la base sabe replicar (src/lib/format/locales.ts).';
comment on column public.metadata.timezone is
  'Zona horaria de la empresa: define a qué mes de negocio pertenece cada venta.';

-- The zone decides which month this moment belongs to. Changed while the two zones are in different
-- months, it would move the company back into a month already closed (every approval refused until the
-- new zone's midnight) or ahead into one its months do not know yet: it waits until both agree. Called
-- by validate_settings, which runs as the owner.
create or replace function private.refuse_zone_change_across_months(p_old text, p_new text) returns void
language plpgsql
stable
set search_path = ''
as $$
declare
  v_now timestamptz := private.engine_now();
  v_old_month date := date_trunc('month', v_now at time zone p_old)::date;
  v_new_month date := date_trunc('month', v_now at time zone p_new)::date;
begin
  if v_new_month <> v_old_month then
    perform private.refuse('invalid_settings',
      format('Ahora mismo es %s en la zona horaria actual y %s en «%s»: cámbiala cuando en las dos sea el mismo mes.',
             private.period_label(v_old_month), private.period_label(v_new_month), p_new), 'timezone');
  end if;
end
$$;
comment on function private.refuse_zone_change_across_months(text, text) is
  'Rechaza (invalid_settings) cambiar la zona horaria mientras la actual y la nueva están en meses distintos: el cambio movería a la empresa a un mes ya cerrado o aún no abierto.';
revoke all on function private.refuse_zone_change_across_months(text, text) from public;

-- Security definer: the superadmin's upsert runs it, and the checks it calls (the month's close, the
-- engine's clock) are not the API roles' to call.
create or replace function private.validate_settings() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Spanish messages for the screen, with the field in the detail so the form can put it there;
  -- the check constraints stay as a backstop.
  if new.low_stock_threshold is null or new.low_stock_threshold < 0 or new.low_stock_threshold > 1000000 then
    perform private.refuse('invalid_settings', 'El umbral de stock bajo debe ser un número entero entre 0 y 1.000.000.', 'low_stock_threshold');
  end if;
  if new.company_name is null or char_length(btrim(new.company_name)) = 0 then
    perform private.refuse('invalid_settings', 'El nombre de la empresa no puede estar vacío.', 'company_name');
  end if;
  if char_length(btrim(new.company_name)) > 120 then
    perform private.refuse('invalid_settings', 'El nombre de la empresa no puede superar 120 caracteres.', 'company_name');
  end if;
  if new.contact_info is null or char_length(new.contact_info) > 1000 then
    perform private.refuse('invalid_settings', 'La información de contacto no puede superar 1.000 caracteres.', 'contact_info');
  end if;
  if new.payment_details is null or char_length(new.payment_details) > 1000 then
    perform private.refuse('invalid_settings', 'Los datos de pago no pueden superar 1.000 caracteres.', 'payment_details');
  end if;
  if new.currency is null or new.currency !~ '^[A-Z]{3}$' then
    perform private.refuse('invalid_settings', 'La moneda debe ser un código ISO de tres letras mayúsculas (por ejemplo USD).', 'currency');
  end if;
  if new.locale is null or new.locale not in ('es-CO', 'es-MX', 'es-PE', 'es-CL', 'es-EC', 'es-ES') then
    perform private.refuse('invalid_settings',
      format('El formato regional «%s» no está disponible: elige Colombia, México, Perú, Chile, Ecuador o España.', coalesce(new.locale, '')), 'locale');
  end if;
  -- PostgreSQL's list also has the tz database's aliases for its own tools (posix/…, right/…, localtime,
  -- Factory), which browsers' Intl does not know: the screens would fall back to another zone.
  if new.timezone is null or not exists (select 1 from pg_catalog.pg_timezone_names where name = new.timezone)
     or new.timezone ~ '^(posix|right)/' or new.timezone in ('localtime', 'posixrules', 'Factory') then
    perform private.refuse('invalid_settings', format('La zona horaria «%s» no existe.', new.timezone), 'timezone');
  end if;
  if tg_op = 'UPDATE' and new.timezone is distinct from old.timezone then
    perform private.refuse_zone_change_across_months(old.timezone, new.timezone);
  end if;
  if new.min_payout is null or new.min_payout < 0 then
    perform private.refuse('invalid_settings', 'El pago mínimo no puede ser negativo.', 'min_payout');
  end if;
  if new.activity_points is null or new.activity_points < 1 then
    perform private.refuse('invalid_settings', 'Los puntos de actividad mensual deben ser al menos 1.', 'activity_points');
  end if;
  if new.enrollment_commission_rate is null or new.enrollment_commission_rate not between 0 and 1 then
    perform private.refuse('invalid_settings', 'La comisión de enrolamiento debe estar entre 0 y 1.', 'enrollment_commission_rate');
  end if;
  -- The close reads the activity threshold as the plan: not changed between a month's end and its close.
  if tg_op = 'UPDATE' and new.activity_points is distinct from old.activity_points then
    perform private.refuse_rules_before_close('Los puntos de actividad mensual se podrán cambiar', 'activity_points');
  end if;
  new.company_name := btrim(new.company_name);
  if tg_op = 'UPDATE' then
    new.updated_at := now();
    new.updated_by := coalesce(auth.uid(), new.updated_by);
  end if;
  return new;
end
$$;
comment on function private.validate_settings() is
  'Valida la configuración con mensajes en español antes de que actúen las restricciones CHECK.';

create trigger metadata_validate
  before insert or update on public.metadata
  for each row execute function private.validate_settings();

-- star_level_configs ----------------------------------------------------------------------------
create table public.star_level_configs (
  level smallint primary key
    constraint star_level_nivel_valido check (level between 1 and 20),
  name text not null
    constraint star_level_nombre_valido check (char_length(btrim(name)) between 1 and 60),
  personal_points integer not null
    constraint star_level_puntos_personales_validos check (personal_points >= 0),
  group_points integer not null
    constraint star_level_puntos_grupo_validos check (group_points >= 0),
  commission_rates numeric(5,4)[] not null
    constraint star_level_tasas_validas check (
      cardinality(commission_rates) between 1 and 20
      and array_position(commission_rates, null) is null
      and 0 <= all (commission_rates)
      and 1 >= all (commission_rates)
    ),
  volume_bonus_rate numeric(5,4) not null
    constraint star_level_bono_volumen_valido check (volume_bonus_rate between 0 and 1),
  starter_bonus numeric(12,2) not null
    constraint star_level_bono_inicio_valido check (starter_bonus >= 0),
  updated_at timestamptz not null default now()
);
comment on table public.star_level_configs is
  'Plan de compensación editable: requisitos y tasas por nivel de estrella. commission_rates[g] es la tasa de la generación g. Cada cambio crea una versión en plan_versions.';

create or replace function private.check_star_levels() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_count integer;
  v_max integer;
  v_bad record;
begin
  select count(*), coalesce(max(level), 0) into v_count, v_max from public.star_level_configs;
  if v_count = 0 then
    perform private.refuse('invalid_plan', 'El plan debe tener al menos un nivel de estrella.');
  end if;
  if v_max <> v_count then
    perform private.refuse('invalid_plan',
      format('Los niveles de estrella deben ser consecutivos desde 1 (hay %s niveles y el mayor es %s).', v_count, v_max));
  end if;
  select s.level, s.personal_points, s.group_points into v_bad
    from public.star_level_configs s
    join public.star_level_configs p on p.level = s.level - 1
   where s.personal_points < p.personal_points or s.group_points < p.group_points
   order by s.level
   limit 1;
  if found then
    perform private.refuse('invalid_plan', format('Los puntos requeridos no pueden bajar al subir de nivel (nivel %s).', v_bad.level));
  end if;
  return null;
end
$$;
comment on function private.check_star_levels() is
  'Comprueba al final de la transacción que los niveles son consecutivos y los umbrales no decrecen, para poder editar varios niveles a la vez.';

create constraint trigger star_level_configs_consistent
  after insert or update or delete on public.star_level_configs
  deferrable initially deferred
  for each row execute function private.check_star_levels();

create trigger star_level_configs_touch
  before update on public.star_level_configs
  for each row execute function private.touch_updated_at();

-- plan_versions -------------------------------------------------------------------------------
create table public.plan_versions (
  version integer generated always as identity primary key,
  plan jsonb not null,
  created_at timestamptz not null default now(),
  created_by uuid default auth.uid() references auth.users (id) on delete set null
);
create index plan_versions_created_by_idx on public.plan_versions (created_by);
comment on table public.plan_versions is
  'Fotografía inmutable del plan (niveles + parámetros de la configuración) cada vez que cambia. Cada asiento del libro guarda su versión, para explicar un cálculo aunque el plan cambie después.';

create or replace function private.plan_snapshot() returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'levels', coalesce((
      select jsonb_agg(jsonb_build_object(
               'level', s.level, 'name', s.name, 'personal_points', s.personal_points,
               'group_points', s.group_points, 'commission_rates', to_jsonb(s.commission_rates),
               'volume_bonus_rate', s.volume_bonus_rate, 'starter_bonus', s.starter_bonus)
             order by s.level)
        from public.star_level_configs s), '[]'::jsonb),
    'activity_points', (select m.activity_points from public.metadata m where m.id = 'app_settings'),
    'enrollment_commission_rate', (select m.enrollment_commission_rate from public.metadata m where m.id = 'app_settings'),
    'min_payout', (select m.min_payout from public.metadata m where m.id = 'app_settings')
  )
$$;
comment on function private.plan_snapshot() is 'El plan vigente como JSON: niveles y parámetros que usa el motor.';

create or replace function private.record_plan_version() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_plan jsonb := private.plan_snapshot();
begin
  -- Only a real change makes a version, so re-saving the same settings does not inflate them.
  if not exists (
    select 1 from public.plan_versions v
     where v.version = (select max(version) from public.plan_versions) and v.plan = v_plan
  ) then
    insert into public.plan_versions (plan) values (v_plan);
  end if;
  return null;
end
$$;
comment on function private.record_plan_version() is
  'Tras cambiar niveles o parámetros del plan, guarda una nueva versión si el plan resultante es distinto del último.';

create or replace function private.current_plan_version() returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (select max(version) from public.plan_versions);
end
$$;
comment on function private.current_plan_version() is 'Versión vigente del plan, la que el motor estampa en cada asiento.';

create trigger star_level_configs_version
  after insert or update or delete on public.star_level_configs
  for each statement execute function private.record_plan_version();

create trigger metadata_plan_version
  after insert or update on public.metadata
  for each statement execute function private.record_plan_version();

create trigger plan_versions_append_only
  before update or delete on public.plan_versions
  for each row execute function private.forbid_change();
create trigger plan_versions_no_truncate
  before truncate on public.plan_versions
  for each statement execute function private.forbid_change();

-- Access -----------------------------------------------------------------------------------------
alter table public.metadata enable row level security;
alter table public.star_level_configs enable row level security;
alter table public.plan_versions enable row level security;

-- The settings row is public (landing page) and superadmin saves it with an upsert (Configuración's
-- one direct write, checked by validate_settings); the plan changes only through save_plan, which
-- validates it whole (issue 23 §4); its versions are written only by the trigger.
-- Anonymous visitors read what the app needs before anyone signs in (the public page, the formats),
-- not who saved the row last or when.
grant select (id, low_stock_threshold, company_name, contact_info, currency, timezone, locale, min_payout,
  activity_points, payment_details, enrollment_commission_rate) on public.metadata to anon;
grant select, insert, update on public.metadata to authenticated;
grant select on public.star_level_configs to authenticated;
grant select on public.plan_versions to authenticated;
create policy metadata_select_everyone on public.metadata for select to anon, authenticated
  using (true);
create policy metadata_insert_superadmin on public.metadata for insert to authenticated
  with check ((select private.is_superadmin()));
create policy metadata_update_superadmin on public.metadata for update to authenticated
  using ((select private.is_superadmin()))
  with check ((select private.is_superadmin()));

create policy star_level_configs_select on public.star_level_configs for select to authenticated
  using ((select private.has_role()));

create policy plan_versions_select on public.plan_versions for select to authenticated
  using ((select private.has_role()));

-- Defaults: the specification's settings and DESIGN.md §5's plan, so a fresh project works.
insert into public.metadata (id) values ('app_settings');
insert into public.star_level_configs (level, name, personal_points, group_points, commission_rates, volume_bonus_rate, starter_bonus) values
  (1, 'Estrella 1', 100, 0,     '{0.10}',                     0.00, 10),
  (2, 'Estrella 2', 100, 1000,  '{0.10,0.05}',                0.02, 15),
  (3, 'Estrella 3', 100, 3000,  '{0.10,0.05,0.04}',           0.03, 20),
  (4, 'Estrella 4', 100, 8000,  '{0.10,0.05,0.04,0.03}',      0.04, 25),
  (5, 'Estrella 5', 100, 20000, '{0.10,0.05,0.04,0.03,0.02}', 0.05, 30);

-- Check the plan now, so a later statement of this migration may alter the table.
set constraints public.star_level_configs_consistent immediate;

-- Audited from here on: the rows above are the migration's defaults, not anyone's change.
create trigger audit after insert or update or delete on public.metadata for each row execute function private.audit_row();
create trigger audit after insert or update or delete on public.star_level_configs for each row execute function private.audit_row('level');

-- Saving the plan (Configuración, issue 13): the star levels saved as a whole, validated with a
-- Spanish sentence per rule, each save a new plan version (who and when) that the engine stamps on
-- every entry from then on; entries already written keep theirs (the ledger stores amount, rate and
-- plan_version), so a cancellation reverses exactly what was paid.
--
-- Rules of a plan (save_plan), decided here:
--   * 1 to 20 levels, numbered by their position (level 1 first); each has a name (1–60 characters);
--   * points and amounts are never negative; rates are fractions between 0 and 1;
--   * the commission rates of a level add up to at most 100 %;
--   * requirements rise: group points strictly rise from one level to the next, personal points
--     never fall;
--   * no generation gap: within a level, a generation at 0 % may not come before one that pays, and
--     a higher level pays at least as many generations as the one below it (generations that pay =
--     position of the last rate above 0);
--   * a level that members hold cannot be removed;
--   * nothing changes while a month close is queued or running (it reads the plan when it starts).

create or replace function private.plan_levels_from_json(p_levels jsonb) returns table (
  level smallint, name text, personal_points integer, group_points integer, commission_rates numeric[],
  volume_bonus_rate numeric, starter_bonus numeric
)
language plpgsql
stable
set search_path = ''
as $$
declare
  v_level jsonb;
  v_pos integer := 0;
  v_rates numeric[];
begin
  -- A draft plan as the screen sends it: [{name, personal_points, group_points, commission_rates: [..],
  -- volume_bonus_rate, starter_bonus}], level numbers by position. Shape errors name the level.
  if p_levels is null or jsonb_typeof(p_levels) <> 'array' or jsonb_array_length(p_levels) = 0 then
    perform private.refuse('invalid_plan', 'El plan debe tener al menos un nivel de estrella.');
  end if;
  if jsonb_array_length(p_levels) > 20 then
    perform private.refuse('invalid_plan', 'El plan admite como máximo 20 niveles de estrella.');
  end if;
  for v_level in select e from jsonb_array_elements(p_levels) e loop
    v_pos := v_pos + 1;
    begin
      if jsonb_typeof(v_level -> 'commission_rates') <> 'array' or jsonb_array_length(v_level -> 'commission_rates') not between 1 and 20 then
        perform private.refuse('invalid_plan', format('El nivel %s debe pagar entre 1 y 20 generaciones.', v_pos), v_pos::text);
      end if;
      select array_agg(r::numeric order by o) into v_rates
        from jsonb_array_elements_text(v_level -> 'commission_rates') with ordinality as x(r, o);
      level := v_pos;
      name := btrim(v_level ->> 'name');
      personal_points := (v_level ->> 'personal_points')::integer;
      group_points := (v_level ->> 'group_points')::integer;
      commission_rates := v_rates;
      volume_bonus_rate := (v_level ->> 'volume_bonus_rate')::numeric;
      starter_bonus := (v_level ->> 'starter_bonus')::numeric;
    exception when invalid_text_representation or numeric_value_out_of_range or null_value_not_allowed then
      perform private.refuse('invalid_plan', format('Revisa el nivel %s: los puntos deben ser números enteros y las tasas e importes, números.', v_pos), v_pos::text);
    end;
    if name is null or char_length(name) not between 1 and 60 then
      perform private.refuse('invalid_plan', format('El nombre del nivel %s debe tener entre 1 y 60 caracteres.', v_pos), v_pos::text);
    end if;
    if personal_points is null or group_points is null or volume_bonus_rate is null or starter_bonus is null
       or array_position(commission_rates, null) is not null then
      perform private.refuse('invalid_plan', format('Completa el nivel %s: puntos, tasas y bonos son obligatorios.', v_pos), v_pos::text);
    end if;
    return next;
  end loop;
end
$$;
comment on function private.plan_levels_from_json(jsonb) is
  'Convierte un plan en borrador (JSON de la pantalla) en filas de niveles numeradas por su posición; rechaza en español lo que falta o no es un número.';

create or replace function private.validate_plan_levels(p_levels jsonb) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  v_prev_level integer;
  v_prev_group integer;
  v_prev_personal integer;
  v_row record;
  v_sum numeric;
  v_paying integer;
  v_prev_paying integer;
  v_gap integer;
begin
  for v_row in select * from private.plan_levels_from_json(p_levels) order by level loop
    if v_row.personal_points < 0 or v_row.group_points < 0 then
      perform private.refuse('invalid_plan', format('Los puntos del nivel %s no pueden ser negativos.', v_row.level), v_row.level::text);
    end if;
    if v_row.starter_bonus < 0 or v_row.volume_bonus_rate < 0 or 0 > any (v_row.commission_rates) then
      perform private.refuse('invalid_plan', format('Las tasas y los bonos del nivel %s no pueden ser negativos.', v_row.level), v_row.level::text);
    end if;
    if v_row.volume_bonus_rate > 1 or 1 < any (v_row.commission_rates) then
      perform private.refuse('invalid_plan', format('Ninguna tasa del nivel %s puede pasar del %s.', v_row.level, private.pct(1)), v_row.level::text);
    end if;
    if v_row.starter_bonus > 9999999999.99 or v_row.personal_points > 100000000 or v_row.group_points > 100000000 then
      perform private.refuse('invalid_plan', format('Las cifras del nivel %s son demasiado grandes.', v_row.level), v_row.level::text);
    end if;
    v_sum := (select sum(r) from unnest(v_row.commission_rates) r);
    if v_sum > 1 then
      perform private.refuse('invalid_plan',
        format('Las tasas de comisión del nivel %s suman %s: no pueden pasar del %s.', v_row.level, private.pct(v_sum), private.pct(1)), v_row.level::text);
    end if;
    if v_row.commission_rates <> (select array_agg(round(r, 4) order by o) from unnest(v_row.commission_rates) with ordinality x(r, o))
       or v_row.volume_bonus_rate <> round(v_row.volume_bonus_rate, 4) or v_row.starter_bonus <> round(v_row.starter_bonus, 2) then
      perform private.refuse('invalid_plan',
        format('Revisa el nivel %s: las tasas admiten hasta dos decimales en porcentaje y los bonos hasta dos decimales.', v_row.level), v_row.level::text);
    end if;
    v_paying := coalesce((select max(o) from unnest(v_row.commission_rates) with ordinality x(r, o) where r > 0), 0);
    select min(o) into v_gap from unnest(v_row.commission_rates) with ordinality x(r, o) where r = 0 and o < v_paying;
    if v_gap is not null then
      perform private.refuse('invalid_plan',
        format('El nivel %s tiene un hueco: la generación %s paga 0 %% y una posterior paga; quita el hueco o las generaciones que siguen.', v_row.level, v_gap),
        v_row.level::text);
    end if;
    if v_prev_level is not null then
      if v_row.group_points <= v_prev_group or v_row.personal_points < v_prev_personal then
        perform private.refuse('invalid_plan',
          format('Los requisitos deben subir de un nivel al siguiente: el nivel %s pide %s puntos de grupo y %s personales, y el nivel %s pide %s y %s.',
                 v_row.level, v_row.group_points, v_row.personal_points, v_prev_level, v_prev_group, v_prev_personal),
          v_row.level::text);
      end if;
      if v_paying < v_prev_paying then
        perform private.refuse('invalid_plan',
          format('El nivel %s paga %s generaciones y el nivel %s paga %s: un nivel mayor no puede pagar menos generaciones.',
                 v_row.level, v_paying, v_prev_level, v_prev_paying),
          v_row.level::text);
      end if;
    end if;
    v_prev_level := v_row.level;
    v_prev_group := v_row.group_points;
    v_prev_personal := v_row.personal_points;
    v_prev_paying := v_paying;
  end loop;
  -- The same shape as plan_snapshot()'s levels, so a draft can be replayed with the engine's functions.
  return (select jsonb_agg(jsonb_build_object(
            'level', l.level, 'name', l.name, 'personal_points', l.personal_points, 'group_points', l.group_points,
            'commission_rates', to_jsonb(l.commission_rates::numeric(5,4)[]), 'volume_bonus_rate', l.volume_bonus_rate::numeric(5,4),
            'starter_bonus', l.starter_bonus::numeric(12,2)) order by l.level)
            from private.plan_levels_from_json(p_levels) l);
end
$$;
comment on function private.validate_plan_levels(jsonb) is
  'Valida un plan en borrador con una frase en español por regla (tasas que suman más del 100 %, cifras negativas, requisitos que no suben, huecos de generación; DETAIL = el nivel) y lo devuelve con la forma de los niveles de plan_snapshot().';

-- A month is closed with the rules it had: the close reads the plan and the activity threshold as they
-- are when it begins, so between a month's end and the end of its close (minutes after midnight, or
-- days when a close failed and waits for a person) neither may change. Without this, a plan saved at
-- 00:05 on the 1st would forfeit the commissions of members who ended the month active by its rules.
create or replace function private.refuse_rules_before_close(p_what text, p_detail text default null) returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_month date;
begin
  select min(p.month) into v_month from public.periods p where p.status = 'open' and p.month < private.current_period();
  if v_month is not null then
    perform private.refuse('month_not_closed',
      format('%s cuando termine el cierre de %s: un mes se cierra con las reglas que tuvo.', p_what, private.period_label(v_month)),
      p_detail);
  end if;
end
$$;
comment on function private.refuse_rules_before_close(text, text) is
  'Rechaza (month_not_closed) cambiar el plan o los puntos de actividad mientras un mes ya terminado no se ha cerrado: el cierre lee las reglas al empezar, y el mes debe cerrarse con las que tuvo. p_what: lo que no se puede cambiar aún, como empieza la frase.';
revoke all on function private.refuse_rules_before_close(text, text) from public;

create or replace function public.save_plan(p_levels jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := private.require_superadmin('Solo un superadmin puede ver o cambiar el plan de compensación.');
  v_levels jsonb;
  v_count integer;
  v_held record;
  v_before integer := private.current_plan_version();
  v_after integer;
begin
  v_levels := private.validate_plan_levels(p_levels);
  v_count := jsonb_array_length(v_levels);
  -- A close keeps the plan it began with, and raises members to its levels: no change while one is
  -- queued or under way. The open months are held in KEY SHARE first (as an approval holds its
  -- month), so a close beginning meanwhile waits for this save to commit and reads the new plan.
  perform 1 from public.periods p where p.status = 'open' order by p.month for key share;
  if exists (select 1 from private.jobs j where j.kind = 'period_close' and j.status in ('queued', 'running'))
     or exists (select 1 from public.periods p where p.status = 'open' and p.close_started_at is not null) then
    perform private.refuse('close_in_progress', 'Hay un cierre de mes en marcha: espera a que termine para cambiar el plan.');
  end if;
  perform private.refuse_rules_before_close('El plan se podrá cambiar');
  -- Saves wait for each other, so two superadmins saving at once make two versions, one after the other.
  perform 1 from public.star_level_configs s order by s.level for update;
  select c.star_level, count(*) as members into v_held
    from public.clients c where c.star_level > v_count group by c.star_level order by c.star_level desc limit 1;
  if found then
    perform private.refuse('invalid_plan',
      format('No puedes quitar el nivel %s: %s miembro(s) lo tienen. Un plan debe conservar los niveles que ya tienen miembros.', v_held.star_level, v_held.members),
      v_held.star_level::text);
  end if;
  -- One statement, so the statement-level trigger records a single version with the final plan.
  with gone as (
    delete from public.star_level_configs s where s.level > v_count returning 1
  )
  insert into public.star_level_configs as s (level, name, personal_points, group_points, commission_rates, volume_bonus_rate, starter_bonus)
  select (l ->> 'level')::smallint, l ->> 'name', (l ->> 'personal_points')::integer, (l ->> 'group_points')::integer,
         array(select r::numeric from jsonb_array_elements_text(l -> 'commission_rates') with ordinality x(r, o) order by o),
         (l ->> 'volume_bonus_rate')::numeric, (l ->> 'starter_bonus')::numeric
    from jsonb_array_elements(v_levels) l
  on conflict (level) do update
    set name = excluded.name, personal_points = excluded.personal_points, group_points = excluded.group_points,
        commission_rates = excluded.commission_rates, volume_bonus_rate = excluded.volume_bonus_rate,
        starter_bonus = excluded.starter_bonus
    where (s.name, s.personal_points, s.group_points, s.commission_rates, s.volume_bonus_rate, s.starter_bonus)
          is distinct from (excluded.name, excluded.personal_points, excluded.group_points, excluded.commission_rates,
                            excluded.volume_bonus_rate, excluded.starter_bonus);
  v_after := private.current_plan_version();
  return jsonb_build_object('version', v_after, 'changed', v_after is distinct from v_before, 'saved_by', v_actor);
end
$$;
comment on function public.save_plan(jsonb) is
  'Superadmin: reemplaza los niveles de estrella por el plan dado (validado por private.validate_plan_levels) en una transacción y registra una versión nueva del plan con quién y cuándo, que se aplica desde ese momento; lo ya escrito conserva la suya. Rechaza cambios mientras un cierre está en cola o en marcha. Devuelve {version, changed}: guardar el mismo plan no crea versión.';
revoke all on function public.save_plan(jsonb) from public, anon;
grant execute on function public.save_plan(jsonb) to authenticated;
