-- Reads of the superadmin's screens: Usuarios, Configuración (the plan, the month close, the audit log),
-- Finanzas (finance only) and Análisis de Salud. Each function checks the caller itself.

-- Usuarios: the staff accounts and invitations --------------------------------------------------------
create or replace function public.get_staff_members() returns table (
  user_id uuid, invitation_id uuid, email text, role text, finance boolean, state text,
  invited_at timestamptz, last_sign_in_at timestamptz, is_me boolean
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_me uuid := private.require_superadmin('Solo un superadmin administra el personal.');
begin
  return query
  with accounts as (
    select ur.user_id, u.email::text as email, ur.role, ur.finance, u.last_sign_in_at,
           (select max(i.created_at) from public.staff_invitations i where i.accepted_user_id = ur.user_id) as invited_at
      from public.users_roles ur join auth.users u on u.id = ur.user_id
     where ur.role in ('admin', 'superadmin')
  ),
  -- An account that signed in and lost its role, or an invitation withdrawn before use: the last
  -- invitation of each such address, unless the address is staff again or invited again.
  revoked as (
    select distinct on (lower(i.email)) i.accepted_user_id, i.id, i.email, i.role, i.finance, i.created_at, u.last_sign_in_at
      from public.staff_invitations i left join auth.users u on u.id = i.accepted_user_id
     where (i.status = 'revoked' or (i.status = 'accepted' and not exists (
              select 1 from public.users_roles ur where ur.user_id = i.accepted_user_id and ur.role in ('admin', 'superadmin'))))
       and not exists (select 1 from accounts a where lower(a.email) = lower(i.email))
       and not exists (select 1 from public.staff_invitations p where lower(p.email) = lower(i.email) and p.status = 'pending')
       and not exists (select 1 from public.clients c where c.auth_uid is not null and c.auth_uid = i.accepted_user_id)
     order by lower(i.email), i.created_at desc
  )
  select a.user_id, null::uuid, a.email, a.role, a.finance, 'activo', a.invited_at, a.last_sign_in_at, a.user_id = v_me
    from accounts a
  union all
  select null, i.id, i.email, i.role, i.finance, 'pendiente', i.created_at, null, false
    from public.staff_invitations i where i.status = 'pending'
  union all
  select r.accepted_user_id, r.id, r.email, r.role, r.finance, 'revocado', r.created_at, r.last_sign_in_at, false
    from revoked r
  order by 6, 3;
end
$$;
comment on function public.get_staff_members() is
  'Superadmin: el personal con su rol, finanzas y último ingreso (activo), las invitaciones pendientes y quienes perdieron el acceso (revocado). Los miembros no aparecen: se administran en Clientes.';
revoke all on function public.get_staff_members() from public, anon;
grant execute on function public.get_staff_members() to authenticated;

-- Configuración: the plan's versions -----------------------------------------------------------------
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

-- Configuración (issue 13): what the month-close tab and the audit-log tab read.
--
-- The close itself is the engine's (20250701072000_engine_payouts_and_close.sql) and runs as a job
-- (20250701100000_jobs.sql: request_period_close queues it, the job runner runs it); its preview
-- is a simulation job (20250701101000_jobs_simulations.sql). The screen needs the months with their
-- state and their latest job in one read.

-- The months ----------------------------------------------------------------------------------------
create or replace function public.get_close_months() returns table (
  month date, status text, ended boolean, closed_at timestamptz, closed_by_email text, summary jsonb,
  job_id bigint, job_status text, job_error text, job_requested_at timestamptz, job_finished_at timestamptz,
  job_step text, job_step_no smallint, job_steps smallint, job_step_done integer, job_step_total integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_current date;
begin
  perform private.require_superadmin('Solo un superadmin puede ver y cerrar los meses.');
  v_current := private.current_period();
  return query
    -- Every month with a period, plus the month in course even before its first sale.
    with months as (
      select p.month from public.periods p
      union
      select v_current
    )
    select m.month, coalesce(p.status, 'open'), m.month < v_current, p.closed_at, u.email::text,
           private.period_summary_for_caller(p.summary),
           j.id, j.status, j.error, j.requested_at, j.finished_at, j.step, j.step_no, j.steps, j.step_done, j.step_total
      from months m
      left join public.periods p on p.month = m.month
      left join auth.users u on u.id = p.closed_by
      left join lateral (select j2.* from private.jobs j2 where j2.kind = 'period_close' and j2.month = m.month order by j2.id desc limit 1) j on true
     order by m.month desc;
end
$$;
comment on function public.get_close_months() is
  'Superadmin: los meses de negocio (los que tienen periodo y el mes en curso), del más reciente al más antiguo, con su estado, si ya terminaron, quién y cuándo lo cerró, lo que hizo su cierre (importes solo con finanzas) y su último trabajo de cierre (en cola, en marcha con el paso y el avance, hecho o fallido con su mensaje).';

-- What each month's close did (its money only with finance) ----------------------------------------------
create or replace function public.get_period_summaries() returns table (
  month date, status text, closed_at timestamptz, closed_by uuid, summary jsonb
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_staff();
  return query
    select p.month, p.status, p.closed_at, p.closed_by, private.period_summary_for_caller(p.summary)
      from public.periods p
     order by p.month desc;
end
$$;
comment on function public.get_period_summaries() is
  'Personal: los meses, del más reciente al más antiguo, con su estado y lo que hizo su cierre (miembros, activos, anulaciones, bonos de volumen, subidas de nivel); los importes solo para superadmin con finanzas. Los miembros leen de periods solo mes, estado y fecha de cierre.';

revoke all on function public.get_period_summaries() from public, anon;
grant execute on function public.get_period_summaries() to authenticated;

-- The audit log (its indexes: identity migration) --------------------------------------------------------
create or replace function public.get_audit_log(
  p_table text default null, p_actor_email text default null, p_row_id text default null,
  p_from date default null, p_to date default null, p_page integer default 1, p_page_size integer default 25
) returns table (
  id bigint, occurred_at timestamptz, action text, table_name text, row_id text, actor_id uuid, actor_email text,
  actor_role text, db_role text, old_values jsonb, new_values jsonb, changed_keys text[], total bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_tz text := coalesce((select m.timezone from public.metadata m where m.id = 'app_settings'), 'America/Bogota');
  v_actor uuid;
  v_offset integer;
  v_row text;
  v_from timestamptz;
  v_to timestamptz;
begin
  perform private.require_superadmin('Solo un superadmin puede leer la bitácora.');
  if p_page is null or p_page < 1 or p_page_size is null or p_page_size not between 1 and 100 then
    perform private.refuse('invalid_page', 'Página no válida: página desde 1, tamaño de 1 a 100.');
  end if;
  if p_from is not null and p_to is not null and p_to < p_from then
    perform private.refuse('invalid_range', 'La fecha final no puede ser anterior a la inicial.');
  end if;
  v_offset := (p_page - 1) * p_page_size;
  if v_offset >= 1000 then
    perform private.refuse('invalid_page', 'La bitácora muestra hasta 1.000 cambios por búsqueda: acota los filtros (tabla, persona, registro o fechas).');
  end if;
  if nullif(trim(p_actor_email), '') is not null then
    select u.id into v_actor from auth.users u where lower(u.email) = lower(trim(p_actor_email));
    if v_actor is null then
      return; -- nobody with that e-mail: nothing they changed
    end if;
  end if;
  v_row := nullif(trim(p_row_id), '');
  v_from := p_from::timestamp at time zone v_tz;
  v_to := (p_to + 1)::timestamp at time zone v_tz;
  -- Only the filters given, so each search is planned for its own index (one OR-ed statement for all
  -- got a generic plan after five calls that scanned the wrong one). At most 1,001 keys are counted:
  -- a page of a search never scans the whole log, and «más de 1.000» is the honest total of a wide one.
  return query execute format($q$
    with keys as (
      select a.id, a.occurred_at from public.audit_logs a
       where %s
       order by a.occurred_at desc, a.id desc
       limit 1001
    ), page as (
      select k.id, count(*) over () as n from keys k order by k.occurred_at desc, k.id desc offset $6 limit $7
    )
    select c.id, c.occurred_at, c.action, c.table_name, c.row_id, c.actor_id, u.email::text, c.actor_role, c.db_role,
           c.old_values, c.new_values,
           -- The keys whose value changed: an insert or a delete, those with a value; updated_at follows
           -- every change and is not a fact of its own.
           array(select ks.k from (select jsonb_object_keys(coalesce(c.new_values, '{}') || coalesce(c.old_values, '{}')) k) ks
                  where ks.k <> 'updated_at'
                    and coalesce(c.old_values -> ks.k, 'null') is distinct from coalesce(c.new_values -> ks.k, 'null') order by 1),
           p.n
      from page p
      join public.audit_logs c on c.id = p.id
      left join auth.users u on u.id = c.actor_id
     order by c.occurred_at desc, c.id desc
    $q$, coalesce(nullif(concat_ws(' and ',
                   case when p_table is not null then 'a.table_name = $1' end,
                   case when v_actor is not null then 'a.actor_id = $2' end,
                   case when v_row is not null then 'a.row_id = $3' end,
                   case when v_from is not null then 'a.occurred_at >= $4' end,
                   case when v_to is not null then 'a.occurred_at < $5' end), ''), 'true'))
    using p_table, v_actor, v_row, v_from, v_to, v_offset, p_page_size;
end
$$;
comment on function public.get_audit_log(text, text, text, date, date, integer, integer) is
  'Superadmin: la bitácora, de lo más reciente a lo más antiguo, filtrada por tabla, correo de quien hizo el cambio, id del registro y fechas (días en la zona horaria de la empresa), paginada; cada cambio con quién (usuario, rol de negocio y rol de base de datos: un cambio hecho a mano en SQL dice postgres), valores antes y después y las claves que cambiaron. El total se cuenta hasta 1.001 (más de 1.000).';

revoke all on function public.get_close_months(),
  public.get_audit_log(text, text, text, date, date, integer, integer) from public, anon;
grant execute on function public.get_close_months(),
  public.get_audit_log(text, text, text, date, date, integer, integer) to authenticated;

-- Finanzas (issue 13, finance only): the month's figures from the kept tables of
-- 20250701082000_kept_dashboard_and_finance.sql ----------------------------------------------------------
create or replace function private.finance_month_figures(p_from date, p_to date) returns table (
  month date, revenue numeric, cost_of_goods numeric, gross_margin numeric, units_without_cost bigint, commissions numeric,
  bonuses numeric, reversals numeric, rewards_net numeric, margin_after_rewards numeric, clawbacks numeric, payouts_paid numeric,
  liability numeric
)
language sql
stable
security definer
set search_path = ''
as $$
  with months as (
    select g::date as month from generate_series(p_from, p_to, interval '1 month') g
  ), products as (
    select f.month, sum(f.revenue) as revenue, sum(f.cost) as cost, sum(f.units_without_cost) as without_cost
      from private.finance_product_months f where f.month between p_from and p_to group by f.month
  ), rewards as (
    -- All months up to p_to: the liability accumulates from the first one.
    select d.month, sum(d.commissions) as commissions, sum(d.bonuses) as bonuses, sum(d.reversals) as reversals,
           sum(d.payouts_paid) as paid
      from private.dashboard_months d where d.month <= p_to group by d.month
  ), claws as (
    select f.month, sum(f.clawbacks) as clawbacks from private.finance_months f where f.month between p_from and p_to group by f.month
  )
  select m.month, coalesce(p.revenue, 0), coalesce(p.cost, 0), coalesce(p.revenue, 0) - coalesce(p.cost, 0),
         coalesce(p.without_cost, 0), coalesce(r.commissions, 0), coalesce(r.bonuses, 0), coalesce(r.reversals, 0),
         coalesce(r.commissions + r.bonuses + r.reversals, 0),
         coalesce(p.revenue, 0) - coalesce(p.cost, 0) - coalesce(r.commissions + r.bonuses + r.reversals, 0),
         coalesce(c.clawbacks, 0), coalesce(r.paid, 0),
         (select coalesce(sum(x.commissions + x.bonuses + x.reversals - x.paid), 0) from rewards x where x.month <= m.month)
    from months m
    left join products p on p.month = m.month
    left join rewards r on r.month = m.month
    left join claws c on c.month = m.month
   order by m.month
$$;
comment on function private.finance_month_figures(date, date) is
  'Cifras de Finanzas de cada mes entre p_from y p_to desde las tablas guardadas: ingreso, costo de lo vendido, margen bruto, unidades sin costo, comisiones, bonos, reversos, recompensas netas, margen después de recompensas, recuperaciones, retiros pagados y pasivo por comisiones al final del mes (ingresos netos acumulados menos lo pagado).';

-- The reads ------------------------------------------------------------------------------------------------
create or replace function public.get_finance_month(p_month date default null) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_month date;
  v_result jsonb;
begin
  perform private.require_finance();
  v_month := date_trunc('month', coalesce(p_month, private.current_period()))::date;
  select to_jsonb(f)
           || jsonb_build_object('closed', exists (select 1 from public.periods p where p.month = v_month and p.status = 'closed'))
    into v_result
    from private.finance_month_figures(v_month, v_month) f;
  return v_result;
end
$$;
comment on function public.get_finance_month(date) is
  'Finanzas (solo superadmin con finanzas): las cifras de un mes de negocio (por defecto el abierto): ingreso de ventas Pagadas y Entregadas netas de cancelaciones, costo de lo vendido al costo del momento de la venta, margen bruto, comisiones, bonos y reversos, margen después de recompensas, recuperaciones tras el cierre, retiros pagados y pasivo por comisiones al final del mes. Lee solo tablas guardadas.';

create or replace function public.get_finance_series(p_months integer default 12) returns setof jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_to date;
  v_count integer := least(greatest(coalesce(p_months, 12), 1), 36);
begin
  perform private.require_finance();
  v_to := private.current_period();
  return query
    select to_jsonb(f) from private.finance_month_figures((v_to - make_interval(months => v_count - 1))::date, v_to) f;
end
$$;
comment on function public.get_finance_series(integer) is
  'Finanzas (solo superadmin con finanzas): las cifras de los últimos p_months meses de negocio (1 a 36, por defecto 12) hasta el abierto, del más antiguo al más reciente.';

create or replace function public.get_finance_products(p_month date default null) returns table (
  product_id uuid, sku text, name text, units integer, revenue numeric, cost numeric, margin numeric, margin_rate numeric,
  units_without_cost integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_month date;
begin
  perform private.require_finance();
  v_month := date_trunc('month', coalesce(p_month, private.current_period()))::date;
  return query
    select f.product_id, p.sku, p.name, f.units, f.revenue, f.cost, f.revenue - f.cost,
           case when f.revenue > 0 then round((f.revenue - f.cost) / f.revenue, 4) end, f.units_without_cost
      from private.finance_product_months f join public.products p on p.id = f.product_id
     where f.month = v_month and (f.units <> 0 or f.revenue <> 0)
     order by f.revenue - f.cost desc, p.name, f.product_id;
end
$$;
comment on function public.get_finance_products(date) is
  'Finanzas (solo superadmin con finanzas): margen por producto en un mes de negocio: unidades, ingreso, costo al momento de la venta, margen y su tasa, y unidades sin costo registrado; de mayor a menor margen.';
revoke all on function private.finance_month_figures(date, date) from public, anon, authenticated;
revoke all on function public.get_finance_month(date), public.get_finance_series(integer), public.get_finance_products(date) from public, anon;
grant execute on function public.get_finance_month(date), public.get_finance_series(integer), public.get_finance_products(date) to authenticated;

-- Análisis de Salud: the questionnaire as the screen shows it ---------------------------------------------
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
