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
-- Each change is told as one sentence a person reads («Laura Gómez aprobó la venta #200 de Carlos
-- Rodríguez»), built here from the row's values and today's names, so that a search for what a person
-- would type («venta 200», «aprobó», a name) runs on the server over the same sentence the screen shows.

-- Who a user is in a sentence: their member name, the name their Google account gave, or their e-mail.
create or replace function private.audit_actor_name(p_user_id uuid) returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select c.name from public.clients c where c.auth_uid = p_user_id),
                  (select nullif(btrim(u.raw_user_meta_data ->> 'full_name'), '') from auth.users u where u.id = p_user_id),
                  (select u.email::text from auth.users u where u.id = p_user_id),
                  'Una cuenta borrada')
$$;
comment on function private.audit_actor_name(uuid) is
  'Quién hizo un cambio, para la bitácora: el nombre de su ficha de miembro, el de su cuenta de Google o su correo (y «Una cuenta borrada» si ya no existe).';

create or replace function private.audit_member_name(p_id text) returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select c.name from public.clients c where c.id::text = p_id), 'un miembro borrado')
$$;
comment on function private.audit_member_name(text) is 'El nombre de un miembro por su id (texto de la bitácora), o «un miembro borrado».';

create or replace function private.audit_product_name(p_id text) returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select p.name from public.products p where p.id::text = p_id), 'un producto borrado')
$$;
comment on function private.audit_product_name(text) is 'El nombre de un producto por su id (texto de la bitácora), o «un producto borrado».';

create or replace function private.audit_sentence(p_entry public.audit_logs) returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v jsonb := coalesce(p_entry.new_values, p_entry.old_values);
  o jsonb := coalesce(p_entry.old_values, '{}');
  n jsonb := coalesce(p_entry.new_values, '{}');
  v_op text := p_entry.action;
  v_who text;
  v_what text;
  v_became text;
  v_self boolean; -- the member acted on their own record (their order)
  v_buyer text; -- a sale's buyer: the member, or a walk-in buyer by name
begin
  v_self := p_entry.actor_id is not null and p_entry.table_name = 'sales'
            and exists (select 1 from public.clients c where c.auth_uid = p_entry.actor_id and c.id::text = v ->> 'client_id');
  v_buyer := coalesce((v ->> 'buyer_name') || ' (cliente sin membresía)', private.audit_member_name(v ->> 'client_id'));
  -- A value that changed in an update (null for an insert or a delete, or when it did not change).
  v_became := case when v_op = 'UPDATE' then
    case p_entry.table_name
      when 'sales' then nullif(n ->> 'status', o ->> 'status')
      when 'clients' then nullif(n ->> 'enrollment_status', o ->> 'enrollment_status')
      when 'payout_requests' then nullif(n ->> 'status', o ->> 'status')
      when 'periods' then nullif(n ->> 'status', o ->> 'status')
      when 'staff_invitations' then nullif(n ->> 'status', o ->> 'status')
      when 'leads' then nullif(n ->> 'status', o ->> 'status')
      when 'products' then case when (n ->> 'is_active') is distinct from (o ->> 'is_active') then 'active:' || (n ->> 'is_active') end
    end end;

  v_what := case p_entry.table_name
    when 'sales' then
      case when v_op = 'INSERT' and v_self then format('hizo el pedido de la venta #%s', v ->> 'sale_no')
           when v_op = 'UPDATE' and v_self and v_became is null then format('cambió su venta #%s', v ->> 'sale_no')
           when v_op = 'INSERT' then
             format('registró la venta #%s de %s', v ->> 'sale_no', v_buyer)
           when v_op = 'DELETE' then format('borró la venta #%s de %s', v ->> 'sale_no', v_buyer)
           else format('%s la venta #%s de %s',
                       case v_became when 'Pagada' then 'aprobó' when 'Rechazado' then 'rechazó' when 'Entregada' then 'marcó como entregada'
                                     when 'Cancelada' then 'canceló' else 'cambió' end,
                       v ->> 'sale_no', v_buyer) end
    when 'sale_items' then
      format('%s %s × %s %s la venta #%s',
             case v_op when 'INSERT' then 'agregó' when 'DELETE' then 'quitó' else 'cambió' end,
             v ->> 'quantity', private.audit_product_name(v ->> 'product_id'),
             case v_op when 'INSERT' then 'a' when 'DELETE' then 'de' else 'en' end,
             coalesce((select s.sale_no::text from public.sales s where s.id::text = v ->> 'sale_id'), '?'))
    when 'clients' then
      case when v_op = 'INSERT' then format('inscribió a %s', v ->> 'name')
           when v_op = 'DELETE' then format('borró la ficha de %s', v ->> 'name')
           when v_became = 'registered' then format('aprobó el enrolamiento de %s', v ->> 'name')
           when v_became = 'rejected' then format('rechazó el enrolamiento de %s', v ->> 'name')
           when v_became = 'cancelled' then format('anuló el enrolamiento de %s', v ->> 'name')
           when (n ->> 'enroller_id') is distinct from (o ->> 'enroller_id') then
             format('cambió el enrolador de %s a %s', v ->> 'name', private.audit_member_name(n ->> 'enroller_id'))
           when (n ->> 'star_level') is distinct from (o ->> 'star_level') then
             format('cambió el nivel de %s de ★%s a ★%s', v ->> 'name', o ->> 'star_level', n ->> 'star_level')
           else format('cambió los datos de %s', v ->> 'name') end
    when 'products' then
      format('%s el producto %s',
             case when v_op = 'INSERT' then 'creó' when v_op = 'DELETE' then 'borró'
                  when v_became = 'active:false' then 'desactivó' when v_became = 'active:true' then 'reactivó' else 'cambió' end,
             v ->> 'name')
    when 'product_costs' then
      format('%s el costo de %s', case v_op when 'INSERT' then 'registró' when 'DELETE' then 'borró' else 'cambió' end,
             private.audit_product_name(v ->> 'product_id'))
    when 'suppliers' then
      format('%s el proveedor %s', case v_op when 'INSERT' then 'creó' when 'DELETE' then 'borró' else 'cambió' end, v ->> 'name')
    when 'payout_requests' then
      case when v_op = 'INSERT' then format('pidió un pago para %s', private.audit_member_name(v ->> 'client_id'))
           when v_op = 'DELETE' then format('borró la solicitud de pago de %s', private.audit_member_name(v ->> 'client_id'))
           else format('%s la solicitud de pago de %s',
                       case v_became when 'approved' then 'aprobó' when 'paid' then 'marcó como pagada' when 'rejected' then 'rechazó'
                                     else 'cambió' end,
                       private.audit_member_name(v ->> 'client_id')) end
    when 'periods' then
      format('%s el mes de %s',
             case when v_op = 'INSERT' then 'abrió' when v_op = 'DELETE' then 'borró' when v_became = 'closed' then 'cerró'
                  when o ->> 'close_started_at' is null and n ->> 'close_started_at' is not null then 'empezó a cerrar'
                  else 'cambió' end,
             private.period_label((v ->> 'month')::date))
    when 'metadata' then 'cambió los ajustes de la empresa'
    when 'star_level_configs' then
      format('%s el nivel ★%s del plan', case v_op when 'INSERT' then 'creó' when 'DELETE' then 'borró' else 'cambió' end, v ->> 'level')
    when 'users_roles' then
      case when v_op = 'INSERT' then format('dio el rol %s a %s', v ->> 'role', private.audit_actor_name((v ->> 'user_id')::uuid))
           when v_op = 'DELETE' then format('quitó el rol %s a %s', v ->> 'role', private.audit_actor_name((v ->> 'user_id')::uuid))
           else format('cambió el rol de %s a %s', private.audit_actor_name((v ->> 'user_id')::uuid), n ->> 'role') end
    when 'staff_invitations' then
      case when v_op = 'INSERT' then format('invitó a %s como %s', v ->> 'email', v ->> 'role')
           when v_became = 'revoked' then format('retiró la invitación de %s', v ->> 'email')
           when v_became = 'accepted' then format('aceptó su invitación como %s', v ->> 'role')
           else format('cambió la invitación de %s', v ->> 'email') end
    when 'recipes' then
      format('%s la receta %s', case v_op when 'INSERT' then 'creó' when 'DELETE' then 'borró' else 'cambió' end, v ->> 'title')
    when 'recipe_products' then
      format('%s %s %s la receta %s',
             case v_op when 'INSERT' then 'agregó' when 'DELETE' then 'quitó' else 'cambió' end,
             private.audit_product_name(v ->> 'product_id'),
             case v_op when 'INSERT' then 'a' when 'DELETE' then 'de' else 'en' end,
             coalesce((select r.title from public.recipes r where r.id::text = v ->> 'recipe_id'), 'borrada'))
    when 'health_analyses' then
      format('%s un análisis de salud de %s', case v_op when 'INSERT' then 'registró' when 'DELETE' then 'borró' else 'cambió' end,
             private.audit_member_name(v ->> 'client_id'))
    when 'leads' then
      case when v_op = 'INSERT' then format('recibió el contacto de %s', v ->> 'name')
           when v_became = 'contacted' then format('marcó como contactado a %s', v ->> 'name')
           when v_became = 'closed' then format('cerró el contacto de %s', v ->> 'name')
           else format('%s el contacto de %s', case v_op when 'DELETE' then 'borró' else 'cambió' end, v ->> 'name') end
    else format('cambió un registro de %s', p_entry.table_name)
  end;

  -- Who: the person signed in; a close run by the job runner, the superadmin who asked for it; a lead
  -- left on the public page, the visitor; else an operator in SQL or the system.
  v_who := case
    when p_entry.actor_id is not null then private.audit_actor_name(p_entry.actor_id)
    when p_entry.table_name = 'periods' and v_became = 'closed' and n ->> 'closed_by' is not null then
      private.audit_actor_name((n ->> 'closed_by')::uuid)
    when p_entry.table_name = 'staff_invitations' and v_became = 'accepted' and n ->> 'accepted_user_id' is not null then
      private.audit_actor_name((n ->> 'accepted_user_id')::uuid) -- accepted by signing in (the link trigger)
    when p_entry.table_name = 'leads' and v_op = 'INSERT' then 'La página pública'
    when p_entry.db_role in ('postgres', 'supabase_admin') then 'Un operador en la base de datos'
    else 'El sistema' end;
  return v_who || ' ' || v_what;
end
$$;
comment on function private.audit_sentence(public.audit_logs) is
  'Un cambio de la bitácora en una frase para una persona («Laura Gómez aprobó la venta #200 de Carlos Rodríguez»): quién (nombre), qué hizo y sobre qué registro, con sus identificadores humanos (número de venta, nombre del miembro, del producto…), nunca ids ni nombres de columnas.';

create or replace function private.audit_value(p_field text, p_value jsonb) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when p_value is null or p_value = 'null'::jsonb then null
    when p_field in ('client_id', 'enroller_id') then to_jsonb(private.audit_member_name(p_value #>> '{}'))
    when p_field = 'product_id' then to_jsonb(private.audit_product_name(p_value #>> '{}'))
    when p_field = 'supplier_id' then
      to_jsonb(coalesce((select s.name from public.suppliers s where s.id::text = p_value #>> '{}'), 'un proveedor borrado'))
    when p_field in ('auth_uid', 'user_id', 'created_by', 'approved_by', 'rejected_by', 'cancelled_by', 'requested_by', 'decided_by',
                     'paid_by', 'updated_by', 'closed_by', 'invited_by', 'accepted_user_id', 'email_set_by') then
      to_jsonb(private.audit_actor_name((p_value #>> '{}')::uuid))
    else p_value end
$$;
comment on function private.audit_value(text, jsonb) is
  'Un valor de la bitácora como lo lee una persona: un miembro, producto, proveedor o usuario por su nombre en lugar de su id; lo demás tal cual.';

-- The fields that changed, for the screen's disclosure: each with its value before and after, references
-- to a member or a product as their name (not an id).
create or replace function private.audit_changes(p_entry public.audit_logs) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('field', k.k, 'before', private.audit_value(k.k, p_entry.old_values -> k.k),
                                               'after', private.audit_value(k.k, p_entry.new_values -> k.k)) order by k.k), '[]')
    from (select jsonb_object_keys(coalesce(p_entry.new_values, '{}') || coalesce(p_entry.old_values, '{}')) as k) k
   -- updated_at follows every change and is not a fact of its own; ids and paths say nothing to a person.
   where k.k not in ('updated_at', 'id', 'path', 'voucher_hash')
     and coalesce(p_entry.old_values -> k.k, 'null') is distinct from coalesce(p_entry.new_values -> k.k, 'null')
$$;

comment on function private.audit_changes(public.audit_logs) is
  'Los campos que cambió un registro de la bitácora (en un alta o una baja, los que tenían valor), cada uno con antes y después, las referencias por su nombre; sin updated_at, id ni rutas internas.';

create or replace function public.get_audit_log(
  p_table text default null, p_actor_email text default null, p_row_id text default null,
  p_from date default null, p_to date default null, p_page integer default 1, p_page_size integer default 25,
  p_search text default null
) returns table (
  id bigint, occurred_at timestamptz, action text, table_name text, row_id text, actor_id uuid, actor_email text,
  actor_role text, db_role text, sentence text, changes jsonb, total bigint
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
  v_words text[];
begin
  perform private.require_superadmin('Solo un superadmin puede leer la bitácora.');
  if p_page is null or p_page < 1 or p_page_size is null or p_page_size not between 1 and 100 then
    perform private.refuse('invalid_page', 'Página no válida: página desde 1, tamaño de 1 a 100.');
  end if;
  if p_from is not null and p_to is not null and p_to < p_from then
    perform private.refuse('invalid_range', 'La fecha final no puede ser anterior a la inicial.');
  end if;
  if char_length(p_search) > 200 then
    perform private.refuse('invalid_search', 'La búsqueda admite hasta 200 caracteres.');
  end if;
  v_offset := (p_page - 1) * p_page_size;
  if v_offset >= 1000 then
    perform private.refuse('invalid_page', 'La bitácora muestra hasta 1.000 cambios por búsqueda: acota los filtros (tabla, búsqueda o fechas).');
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
  -- What a person types, word by word, without accents, capitals or «#»: every word must be in the
  -- sentence or the actor's e-mail («venta 200» finds «aprobó la venta #200»).
  v_words := array(select w from unnest(regexp_split_to_array(private.search_key(replace(btrim(coalesce(p_search, '')), '#', ' ')), '\s+')) w
                    where w <> '');
  -- Only the filters given, so each search is planned for its own index (one OR-ed statement for all
  -- got a generic plan after five calls that scanned the wrong one). At most 1,001 keys are counted:
  -- a page of a search never scans the whole log, and «más de 1.000» is the honest total of a wide one.
  -- A search by words reads the sentences newest first until it has 1,001 (a word that matches
  -- nothing reads the filtered log whole: narrow it with the table or the dates). A product's cost
  -- changes are read with finance only, as the table's policy says ($9).
  return query execute format($q$
    with keys as (
      select a.id, a.occurred_at from public.audit_logs a
       where (a.table_name <> 'product_costs' or $9) and %s
       order by a.occurred_at desc, a.id desc
       limit 1001
    ), page as (
      select k.id, count(*) over () as n from keys k order by k.occurred_at desc, k.id desc offset $6 limit $7
    )
    select c.id, c.occurred_at, c.action, c.table_name, c.row_id, c.actor_id, u.email::text, c.actor_role, c.db_role,
           private.audit_sentence(c), private.audit_changes(c), p.n
      from page p
      join public.audit_logs c on c.id = p.id
      left join auth.users u on u.id = c.actor_id
     order by c.occurred_at desc, c.id desc
    $q$, coalesce(nullif(concat_ws(' and ',
                   case when p_table is not null then 'a.table_name = $1' end,
                   case when v_actor is not null then 'a.actor_id = $2' end,
                   case when v_row is not null then 'a.row_id = $3' end,
                   case when v_from is not null then 'a.occurred_at >= $4' end,
                   case when v_to is not null then 'a.occurred_at < $5' end,
                   -- A word matches the start of a word («aprob» finds «aprobó»); a number, a whole number
                   -- («venta 12» is not «venta 129»).
                   case when cardinality(v_words) > 0 then
                     $w$not exists (select 1 from unnest($8) w
                                     cross join lateral (select ' ' || private.search_key(replace(private.audit_sentence(a), '#', ' ') || ' '
                                                           || coalesce((select x.email::text from auth.users x where x.id = a.actor_id), '')) as h) t
                                     where case when w ~ '^[0-9]+$' then t.h !~ ('\m' || w || '\M') else strpos(t.h, ' ' || w) = 0 end)$w$
                   end), ''), 'true'))
    using p_table, v_actor, v_row, v_from, v_to, v_offset, p_page_size, v_words, private.has_finance();
end
$$;
comment on function public.get_audit_log(text, text, text, date, date, integer, integer, text) is
  'Superadmin: la bitácora, de lo más reciente a lo más antiguo, filtrada por tabla, correo de quien hizo el cambio, id del registro, fechas (días en la zona horaria de la empresa) y palabras (cada una debe estar en la frase o el correo de quien lo hizo, sin distinguir tildes ni mayúsculas), paginada; cada cambio en una frase («Laura Gómez aprobó la venta #200 de Carlos Rodríguez»), con quién (usuario, rol de negocio y rol de base de datos) y los campos que cambiaron con su valor antes y después. El total se cuenta hasta 1.001 (más de 1.000).';

-- A closed month, row by row: what its close wrote (each forfeit with its reason, each volume bonus with
-- its why, each level-up), as the preview showed them before; the money only with finance.
create or replace function public.get_closed_month_rows(p_month date, p_page integer default 1, p_page_size integer default 50)
returns table (
  action text, client_id uuid, client_name text, member_no bigint, ledger_id bigint, amount numeric,
  level_from smallint, level_to smallint, detail text, total bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_money boolean;
begin
  perform private.require_superadmin('Solo un superadmin puede ver y cerrar los meses.');
  v_money := private.has_finance();
  if p_page is null or p_page < 1 or p_page_size is null or p_page_size not between 1 and 5000 then
    perform private.refuse('invalid_page', 'Página no válida: página desde 1, tamaño de 1 a 5.000.');
  end if;
  if not exists (select 1 from public.periods p where p.month = p_month and p.status = 'closed') then
    perform private.refuse('period_not_closed', 'Ese mes aún no está cerrado: su vista previa muestra lo que hará el cierre.');
  end if;
  -- The close's entries are the ledger's (a forfeit reverses an entry with the close's reason; a volume
  -- bonus is one per member and month) and its level-ups the frozen totals; the order is the preview's.
  return query
    with rows as (
      select 'bonus_volume'::text as action, r.beneficiary_id as client_id, r.id as ledger_id, r.amount, r.star_level as level_from,
             r.star_level as level_to, r.rule as detail,
             split_part(r.rule, ':', 1) || ': ' || private.pct(r.rate) || ' de las ventas de su red.' as detail_without_amounts
        from public.reward_transactions r
       where r.period_month = p_month and r.type = 'bonus_volume'
      union all
      select 'forfeit', r.beneficiary_id, r.reverses_id, r.amount, r.star_level, r.star_level, r.rule,
             split_part(r.rule, ' Se anula:', 1)
        from public.reward_transactions r
       where r.period_month = p_month and r.type = 'reversal_commission' and r.reason = 'Beneficiario inactivo al cierre del mes'
      union all
      select 'level_up', t.client_id, null, null, t.level_during, t.level_after,
             format('Subió de ★%s a ★%s al cierre de %s: %s puntos personales y %s de grupo.', t.level_during, t.level_after,
                    private.period_label(p_month), t.personal_points, t.group_points), null
        from private.member_period_totals t
       where t.period = p_month and t.level_after > t.level_during
    )
    select x.action, x.client_id, c.name, c.member_no, x.ledger_id, case when v_money then x.amount end, x.level_from, x.level_to,
           private.staff_voice(case when v_money or x.action = 'level_up' then x.detail else x.detail_without_amounts end),
           count(*) over ()
      from rows x join public.clients c on c.id = x.client_id
     order by case x.action when 'bonus_volume' then 1 when 'forfeit' then 2 else 3 end, c.name, x.ledger_id, x.client_id
    offset (p_page - 1) * p_page_size limit p_page_size;
end
$$;
comment on function public.get_closed_month_rows(date, integer, integer) is
  'Superadmin: lo que escribió el cierre de un mes cerrado, fila por fila y en el orden de su vista previa: bonos de volumen, anulaciones por inactividad (con su motivo y el asiento anulado) y subidas de nivel, con el miembro y su número; importes y explicaciones con cifras solo con finanzas. Cada fila trae el total de filas, para paginar y exportar.';

revoke all on function public.get_close_months(),
  public.get_audit_log(text, text, text, date, date, integer, integer, text),
  public.get_closed_month_rows(date, integer, integer),
  private.audit_actor_name(uuid), private.audit_member_name(text), private.audit_product_name(text),
  private.audit_sentence(public.audit_logs), private.audit_changes(public.audit_logs), private.audit_value(text, jsonb) from public, anon;
grant execute on function public.get_close_months(),
  public.get_audit_log(text, text, text, date, date, integer, integer, text),
  public.get_closed_month_rows(date, integer, integer) to authenticated;

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
  -- Beside the revenue (sales approved in the month), the Dashboard's «Ventas netas de cancelaciones» of
  -- the same month (paid and delivered sales by their sale date, from the same kept daily sums as
  -- get_dashboard): two bases, each with its definition on the screen, never two names for one figure.
  select to_jsonb(f)
           || jsonb_build_object('closed', exists (select 1 from public.periods p where p.month = v_month and p.status = 'closed'),
                                 'sales_by_sale_date', (select coalesce(sum(s.total), 0) from private.sales_daily s
                                                          where s.day >= v_month and s.day < (v_month + interval '1 month')::date
                                                            and s.status in ('Pagada', 'Entregada')))
    into v_result
    from private.finance_month_figures(v_month, v_month) f;
  return v_result;
end
$$;
comment on function public.get_finance_month(date) is
  'Finanzas (solo superadmin con finanzas): las cifras de un mes de negocio (por defecto el abierto): ingreso de ventas Pagadas y Entregadas netas de cancelaciones, costo de lo vendido al costo del momento de la venta, margen bruto, comisiones, bonos y reversos, margen después de recompensas, recuperaciones tras el cierre, retiros pagados y comisiones por pagar al final del mes; y, para leerlo junto al ingreso, las ventas netas de cancelaciones del mes por fecha de venta (la cifra del Dashboard). Lee solo tablas guardadas.';

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
