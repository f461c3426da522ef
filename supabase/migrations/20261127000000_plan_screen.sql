-- Configuración, the compensation plan (issue 13): the star levels saved as a whole, validated with a
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
      perform private.refuse('invalid_plan', format('Ninguna tasa del nivel %s puede pasar del 100 %%.', v_row.level), v_row.level::text);
    end if;
    if v_row.starter_bonus > 9999999999.99 or v_row.personal_points > 100000000 or v_row.group_points > 100000000 then
      perform private.refuse('invalid_plan', format('Las cifras del nivel %s son demasiado grandes.', v_row.level), v_row.level::text);
    end if;
    v_sum := (select sum(r) from unnest(v_row.commission_rates) r);
    if v_sum > 1 then
      perform private.refuse('invalid_plan',
        format('Las tasas de comisión del nivel %s suman %s: no pueden pasar del 100 %%.', v_row.level, private.pct(v_sum)), v_row.level::text);
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
  -- A close reads the plan when it starts: no change while one is queued or running. The runner holds
  -- its advisory lock for the whole run; taking it here (for this transaction) also keeps a close
  -- from starting until the new plan is committed.
  if exists (select 1 from public.period_close_jobs j where j.status in ('queued', 'running'))
     or not pg_catalog.pg_try_advisory_xact_lock(pg_catalog.hashtext('savia.period_close_jobs:runner')) then
    perform private.refuse('close_in_progress', 'Hay un cierre de mes en marcha: espera a que termine para cambiar el plan.');
  end if;
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

create or replace function public.get_plan_versions() returns table (
  version integer, created_at timestamptz, created_by uuid, created_by_email text, is_current boolean, plan jsonb
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_superadmin('Solo un superadmin puede ver o cambiar el plan de compensación.');
  -- Few rows (one per change of the plan or its settings): the newest 100 are enough for the screen.
  return query
    select v.version, v.created_at, v.created_by, u.email::text, v.version = (select max(x.version) from public.plan_versions x), v.plan
      from public.plan_versions v left join auth.users u on u.id = v.created_by
     order by v.version desc
     limit 100;
end
$$;
comment on function public.get_plan_versions() is
  'Superadmin: las versiones del plan, la más reciente primero (hasta 100), con quién la creó (correo; vacío si fue la instalación o un operador sin sesión), cuándo, si es la vigente y su contenido.';
revoke all on function public.get_plan_versions() from public, anon;
grant execute on function public.get_plan_versions() to authenticated;

-- What-if ------------------------------------------------------------------------------------------------
-- The last closed month replayed under two plans (the one in force and the draft), by the engine's own
-- rules, set-based: private.sale_reward_lines called once per sale took minutes for a month of
-- 1,000,000 sales (bench/README.md), far past the 8 s an API request may last. What it pays, per rule:
--   * an order or direct sale of the month (paid or delivered now: a cancelled one paid nothing):
--     each registered upline of generation g ≤ the plan's last generation gets round(base × rate of
--     their level for g, 2), as sale_reward_lines; each buyer's upline is read once for both plans,
--     and a buyer's sales of the same base are counted together (the rounding stays per sale);
--   * an enrolment of the month: its registered enroller gets round(kit base × enrolment rate, 2) and
--     the starter bonus of their level, as enrolment_reward_lines;
--   * the close's forfeits: a beneficiary inactive at the close keeps no commission or starter bonus
--     (activity does not depend on the levels), so only the month's active members count;
--   * the close's volume bonus: round(downline sales × volume rate of the level held, 2) for each
--     active member, on the month's frozen figures, as period_close_actions.
-- Each member's level is the one they held during the month (frozen by the close: levels change only
-- there), so the plan the month was paid with replays exactly what the engine wrote, even after the
-- close's level-ups (pgTAP 70; bench/governance.mjs on 1,000,000 sales); the network is today's, for
-- both plans, so the difference is the plan's alone.
create or replace function private.replay_closed_month(p_month date, p_before jsonb, p_after jsonb) returns table (
  client_id uuid, kind text, generation smallint, before numeric, after numeric
)
language sql
stable
security definer
set search_path = ''
-- The planner's row guesses on these CTEs are millions, so with JIT on it compiled and optimised 238
-- functions first: 2.4 s of 5.5 at 250,000 sales, a fixed cost the replay itself does not need
-- (bench/README.md, «Configuración y Finanzas»).
set jit = off
as $$
  with plans as (
    select 1 as which, p_before as plan union all select 2, p_after
  ), levels as (
    select p.which, (l ->> 'level')::smallint as level, (l ->> 'volume_bonus_rate')::numeric as volume_rate,
           round((l ->> 'starter_bonus')::numeric, 2) as starter_bonus, (p.plan ->> 'enrollment_commission_rate')::numeric as enrolment_rate
      from plans p cross join jsonb_array_elements(p.plan -> 'levels') l
  ), rates as (
    select p.which, (l ->> 'level')::smallint as level, r.generation::smallint as generation, r.rate::numeric as rate
      from plans p
     cross join jsonb_array_elements(p.plan -> 'levels') l
     cross join lateral jsonb_array_elements_text(l -> 'commission_rates') with ordinality as r(rate, generation)
  ), sold as materialized (
    select s.kind, s.client_id, s.commissionable_total as base
      from public.sales s
     where s.period_month = p_month and s.status in ('Pagada', 'Entregada')
       and (s.kind = 'enrollment' or s.commissionable_total > 0)
  ), orders as (
    -- Sales of the same base by the same buyer pay their upline the same amounts: counted together.
    select o.client_id, o.base, count(*) as sales from sold o where o.kind <> 'enrollment' group by 1, 2
  ), active as materialized (
    -- The month's active registered members with the level they held: one hash for every upline probe.
    select c.member_no, c.id as client_id, t.level_during
      from private.member_period_totals t
      join public.clients c on c.id = t.client_id and c.enrollment_status = 'registered'
     where t.period = p_month and t.was_active
  ), earners as (
    -- Each buyer's upline from the path's labels (member numbers), once per buyer rather than per sale,
    -- kept only where it earns: registered, active in the month, and its level pays that generation in
    -- either plan (most members are ★1 and earn from generation 1 alone).
    select b.id as buyer_id, c.client_id, up.generation, rb.rate as rate_before, ra.rate as rate_after
      from (select distinct o.client_id from orders o) x
      join public.clients b on b.id = x.client_id
     cross join lateral (
       select a.member_no::bigint as member_no, (extensions.nlevel(b.path) - a.pos)::smallint as generation
         from unnest(string_to_array(extensions.ltree2text(b.path), '.')) with ordinality as a(member_no, pos)
        where a.pos < extensions.nlevel(b.path) and a.pos >= extensions.nlevel(b.path) - (select max(r.generation) from rates r)
     ) up
      join active c on c.member_no = up.member_no
      left join rates rb on rb.which = 1 and rb.level = c.level_during and rb.generation = up.generation
      left join rates ra on ra.which = 2 and ra.level = c.level_during and ra.generation = up.generation
     where rb.rate > 0 or ra.rate > 0
  ), commissions as (
    select e.client_id, e.generation,
           sum(o.sales * coalesce(round(o.base * e.rate_before, 2), 0)) as before,
           sum(o.sales * coalesce(round(o.base * e.rate_after, 2), 0)) as after
      from orders o
      join earners e on e.buyer_id = o.client_id
     group by 1, 2
  ), enrolments as (
    select e.id as client_id, o.base, count(*) as sales
      from sold o
      join public.clients m on m.id = o.client_id
      join public.clients e on e.id = m.enroller_id and e.enrollment_status = 'registered'
     where o.kind = 'enrollment'
     group by 1, 2
  ), enrolment_lines as (
    select x.client_id, 'commission_enrollment' as kind,
           sum(x.sales * coalesce(round(x.base * lb.enrolment_rate, 2), 0)) as before,
           sum(x.sales * coalesce(round(x.base * la.enrolment_rate, 2), 0)) as after
      from enrolments x
      join private.member_period_totals t on t.client_id = x.client_id and t.period = p_month and t.was_active
      left join levels lb on lb.which = 1 and lb.level = t.level_during
      left join levels la on la.which = 2 and la.level = t.level_during
     group by 1
    union all
    select x.client_id, 'bonus_starter', sum(x.sales * coalesce(greatest(lb.starter_bonus, 0), 0)), sum(x.sales * coalesce(greatest(la.starter_bonus, 0), 0))
      from enrolments x
      join private.member_period_totals t on t.client_id = x.client_id and t.period = p_month and t.was_active
      left join levels lb on lb.which = 1 and lb.level = t.level_during
      left join levels la on la.which = 2 and la.level = t.level_during
     group by 1
  ), volume as (
    select t.client_id, coalesce(round(t.downline_sales * lb.volume_rate, 2), 0) as before,
           coalesce(round(t.downline_sales * la.volume_rate, 2), 0) as after
      from private.member_period_totals t
      left join levels lb on lb.which = 1 and lb.level = t.level_during
      left join levels la on la.which = 2 and la.level = t.level_during
     where t.period = p_month and t.was_active
  )
  select x.client_id, x.kind, x.generation, x.before, x.after
    from (select c.client_id, 'commission_purchase' as kind, c.generation, c.before, c.after from commissions c
          union all
          select e.client_id, e.kind, null::smallint, e.before, e.after from enrolment_lines e
          union all
          select v.client_id, 'bonus_volume', null::smallint, v.before, v.after from volume v) x
   where x.before > 0 or x.after > 0
$$;
comment on function private.replay_closed_month(date, jsonb, jsonb) is
  'Lo que habría pagado un mes ya cerrado con dos planes (el vigente y un borrador) por miembro, tipo y generación: comisiones por generación, comisión de enrolamiento, bono de inicio y bono de volumen, con las reglas del motor y el nivel que cada miembro tuvo en el mes, en una pasada sobre las ventas del mes y sin escribir nada. Lo usa la simulación del plan.';

create or replace function public.preview_plan_change(p_levels jsonb) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_month date;
  v_current record;
  v_draft jsonb;
  v_result jsonb;
begin
  perform private.require_superadmin('Solo un superadmin puede ver o cambiar el plan de compensación.');
  -- The same validation as save_plan: a plan that could not be saved is not simulated.
  select p.version, p.plan into v_current from private.plan() p;
  v_draft := v_current.plan || jsonb_build_object('levels', private.validate_plan_levels(p_levels));
  select max(p.month) into v_month from public.periods p where p.status = 'closed';
  if v_month is null then
    return jsonb_build_object('month', null, 'plan_version', v_current.version);
  end if;
  with replay as materialized (
    select r.client_id, r.kind, r.generation, r.before, r.after from private.replay_closed_month(v_month, v_current.plan, v_draft) r
  ), kinds as (
    select r.kind, r.generation, sum(r.before) as before, sum(r.after) as after from replay r group by r.kind, r.generation
  ), members as (
    select r.client_id, sum(r.before) as before, sum(r.after) as after from replay r group by r.client_id
  ), top as (
    select m.*, c.name, c.member_no, c.star_level
      from members m join public.clients c on c.id = m.client_id
     where m.after <> m.before
     order by abs(m.after - m.before) desc, c.name, c.id
     limit 10
  )
  select jsonb_build_object(
           'month', v_month,
           'plan_version', v_current.version,
           'before', coalesce((select sum(k.before) from kinds k), 0),
           'after', coalesce((select sum(k.after) from kinds k), 0),
           'difference', coalesce((select sum(k.after - k.before) from kinds k), 0),
           'by_kind', coalesce((select jsonb_agg(jsonb_build_object('kind', k.kind, 'generation', k.generation, 'before', k.before,
                                                                    'after', k.after, 'difference', k.after - k.before)
                                                 order by case k.kind when 'commission_purchase' then 1 when 'commission_enrollment' then 2
                                                                      when 'bonus_starter' then 3 else 4 end, k.generation)
                                  from kinds k), '[]'::jsonb),
           'members', coalesce((select jsonb_agg(jsonb_build_object('client_id', t.client_id, 'name', t.name, 'member_no', t.member_no,
                                                                    'star_level', t.star_level, 'before', t.before, 'after', t.after,
                                                                    'difference', t.after - t.before)
                                                 order by abs(t.after - t.before) desc, t.name, t.client_id)
                                  from top t), '[]'::jsonb))
    into v_result;
  return v_result;
end
$$;
comment on function public.preview_plan_change(jsonb) is
  'Superadmin: simula el último mes cerrado con el plan en borrador (validado como en save_plan) y con el vigente, sin escribir nada (STABLE), y devuelve el total pagado antes y después, la diferencia por tipo (comisión por generación, enrolamiento, bono de inicio, bono de volumen) y los diez miembros más afectados. month = null si aún no hay un mes cerrado.';
revoke all on function public.preview_plan_change(jsonb) from public, anon;
grant execute on function public.preview_plan_change(jsonb) to authenticated;
