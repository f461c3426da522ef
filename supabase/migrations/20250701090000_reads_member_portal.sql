-- Reads of the member portal, screen by screen: Mi Cuenta and Mis Recompensas, the catalogue and Mis
-- Pedidos, Mi Red, Enrolar Miembro, and the public page. Each function checks the caller itself
-- (security definer) and answers only what that caller may see: a member their own, staff anyone's.

-- Mi Cuenta: the balance ------------------------------------------------------------------------------
create or replace function public.get_balance(p_client_id uuid default null) returns table (
  client_id uuid, available numeric, pending numeric, settled numeric, reserved numeric, paid numeric,
  currency text, min_payout numeric
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_target uuid;
begin
  v_target := private.member_in_reach(p_client_id, 'Indica de qué miembro quieres ver el saldo.', 'Solo puedes ver tu propio saldo.');
  return query
    select v_target, b.available, b.pending, b.settled, b.reserved, b.paid, m.currency, m.min_payout
      from private.balance_of(v_target) b cross join public.metadata m where m.id = 'app_settings';
end
$$;
comment on function public.get_balance(uuid) is
  'Saldo (disponible, pendiente, liquidado, reservado en retiros, pagado). Un miembro ve el suyo; el personal, el de cualquier miembro.';

-- Mi Cuenta: a member's month («¿cómo voy?»), with the group points kept by
-- 20250701081000_kept_group_points.sql ----------------------------------------------------------------
create or replace function public.get_member_month(p_client_id uuid default null, p_month date default null)
returns table (
  client_id uuid, month date, month_closed boolean, is_current boolean, days_left integer, month_end date,
  personal_points integer, activity_points integer, is_active boolean, points_missing integer,
  pending_income numeric, at_risk_amount numeric,
  star_level smallint, star_name text, group_points integer,
  next_level smallint, next_level_name text, next_level_group_points integer, next_level_points_missing integer,
  currency text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_target uuid := private.member_in_reach(p_client_id, 'Indica de qué miembro quieres ver el mes.', 'Solo puedes ver tu propio mes.');
  v_month date := private.month_or_current(p_month);
  v_current date := private.current_period();
  v_today date := (private.engine_now() at time zone private.company_timezone())::date;
  v_closed boolean := coalesce((select p.status = 'closed' from public.periods p where p.month = v_month), false);
  v_plan jsonb := (select p.plan from private.plan() p);
  v_threshold integer := (v_plan ->> 'activity_points')::integer;
  v_member public.clients;
  v_totals private.member_period_totals;
  v_points integer;
  v_active boolean;
  v_level smallint;
  v_group integer;
  v_at_risk numeric := 0;
begin
  select * into v_member from public.clients c where c.id = v_target;
  if not found then
    perform private.refuse('unknown_client', 'El miembro no existe.');
  end if;
  select * into v_totals from private.member_period_totals t where t.client_id = v_target and t.period = v_month;
  v_points := coalesce(v_totals.personal_points, 0);
  if v_closed then
    -- A closed month as it was: the close froze activity, group points and the level worked with.
    v_active := coalesce(v_totals.was_active, false);
    v_level := coalesce(v_totals.level_during, v_member.star_level);
    v_group := coalesce(v_totals.group_points, v_points);
  else
    v_active := v_points >= v_threshold;
    v_level := v_member.star_level;
    -- Group points so far: own plus every descendant's, as folded plus what is still pending, read in
    -- one statement (one snapshot) so a fold running meanwhile is counted either all or not at all.
    v_group := v_points
      + coalesce((select g.points from private.group_points g where g.ancestor_id = v_target and g.period = v_month), 0)
      + (select p.points from private.pending_group_points(v_member.member_no, v_month) p);
    if not v_active then
      -- What the close would forfeit if the month ended now: the same entries its rule picks.
      select coalesce(sum(r.amount), 0) into v_at_risk
        from public.reward_transactions r
       where r.beneficiary_id = v_target and r.period_month = v_month
         and r.type in ('commission_purchase', 'commission_enrollment', 'bonus_starter')
         and not exists (select 1 from public.reward_transactions x where x.reverses_id = r.id);
    end if;
  end if;

  return query
    with levels as (
      select (l ->> 'level')::smallint as level, l ->> 'name' as name, (l ->> 'group_points')::integer as group_points
        from jsonb_array_elements(v_plan -> 'levels') l
    )
    select v_target, v_month, v_closed, v_month = v_current,
           case when v_month = v_current then ((v_month + interval '1 month')::date - v_today) else 0 end,
           ((v_month + interval '1 month')::date - 1),
           v_points, v_threshold, v_active, greatest(v_threshold - v_points, 0),
           case when v_closed then 0::numeric else coalesce(v_totals.income, 0) end,
           v_at_risk,
           v_level, (select l.name from levels l where l.level = v_level), v_group,
           -- greatest() skips nulls: at the top level there is no next level, so nothing is missing.
           n.level, n.name, n.group_points, case when n.level is not null then greatest(n.group_points - v_group, 0) end,
           (select m.currency from public.metadata m where m.id = 'app_settings')
      from (select 1) one
      left join lateral (select l.* from levels l where l.level > v_level order by l.level limit 1) n on true;
end
$$;
comment on function public.get_member_month(uuid, date) is
  'El mes de un miembro («¿cómo voy?»): puntos personales frente a los de actividad, días que quedan (incluido hoy, en la zona de la empresa), ingresos pendientes y cuánto perdería al cierre si sigue inactivo, nivel y puntos de grupo frente al siguiente nivel (y cuántos le faltan; null en el nivel más alto). Un mes cerrado se muestra como quedó al cerrarse. El miembro ve el suyo; el personal, el de cualquiera.';

-- Mis Recompensas: the explained ledger ------------------------------------------------------------------
-- Planned for each call's own arguments (plan_cache_mode): after five calls PL/pgSQL may keep one generic
-- plan, where «p_before_id is null or (month, id) < cursor» cannot bound the index scan, so a deep page
-- read the member's whole ledger down to the cursor (147 ms for the heaviest upline at 1,000,000 members,
-- bench/README.md); planned for its cursor, every page is one short index range.
create or replace function public.get_ledger(
  p_client_id uuid default null, p_limit integer default 50, p_before_month date default null, p_before_id bigint default null,
  p_month date default null, p_types text[] default null
)
returns table (
  id bigint, created_at timestamptz, period_month date, period_closed boolean, type text, type_label text,
  amount numeric, points integer, generation smallint, base numeric, rate numeric, star_level smallint,
  explanation text, reason text, plan_version integer, source_sale_id uuid, sale_no bigint, source_client_name text,
  reverses_id bigint, reversed_by_id bigint, reversed_by_explanation text, reversed_by_reason text, state text
)
language plpgsql
stable
security definer
set search_path = ''
set plan_cache_mode = force_custom_plan
as $$
declare
  v_target uuid;
  v_staff_reader boolean := p_client_id is not null and private.is_staff();
begin
  v_target := private.member_in_reach(p_client_id, 'Indica de qué miembro quieres ver el libro.', 'Solo puedes ver tus propias recompensas.');
  if p_limit not between 1 and 500 or (p_before_month is null) <> (p_before_id is null) then
    perform private.refuse('invalid_page', 'Página no válida: tamaño de 1 a 500, y el cursor con su mes y su asiento.');
  end if;
  -- Newest month first and, within a month, newest entry first: the screen groups by month, and
  -- the index (beneficiary, month, id) serves each page, with or without a month, in that order.
  return query
    select r.id, r.created_at, r.period_month, p.status = 'closed',
           r.type,
           case r.type
             when 'commission_enrollment' then 'Comisión de enrolamiento'
             when 'commission_purchase' then 'Comisión por compra'
             when 'points_purchase' then 'Puntos por compra'
             when 'points_enroller' then 'Puntos de enrolamiento'
             when 'bonus_starter' then 'Bono de inicio'
             when 'bonus_volume' then 'Bono de volumen'
             when 'reversal_commission' then 'Reverso de comisión'
             when 'reversal_points' then 'Reverso de puntos'
           end,
           r.amount, r.points, r.generation, r.base, r.rate, r.star_level,
           -- Staff reading a member's ledger are told about the member («su compra»); the member is spoken to.
           case when v_staff_reader then private.staff_voice(r.rule) else r.rule end, r.reason, r.plan_version,
           r.source_sale_id, s.sale_no, sc.name, r.reverses_id, x.id,
           case when v_staff_reader then private.staff_voice(x.rule) else x.rule end, x.reason,
           case when x.id is not null then 'revertido'
                when r.reverses_id is not null then 'reverso'
                when p.status = 'closed' then 'disponible'
                else 'pendiente' end
      from public.reward_transactions r
      join public.periods p on p.month = r.period_month
      left join public.sales s on s.id = r.source_sale_id
      left join public.clients sc on sc.id = r.source_client_id
      left join public.reward_transactions x on x.reverses_id = r.id
     where r.beneficiary_id = v_target
       and (p_month is null or r.period_month = p_month)
       and (p_types is null or r.type = any (p_types))
       and (p_before_id is null or (r.period_month, r.id) < (p_before_month, p_before_id))
     order by r.period_month desc, r.id desc
     limit p_limit;
end
$$;
comment on function public.get_ledger(uuid, integer, date, bigint, date, text[]) is
  'Libro de recompensas de un miembro, del mes más reciente al más antiguo y, en cada mes, del asiento más nuevo al más viejo (la página siguiente empieza tras p_before_month/p_before_id, el último asiento recibido); filtros por mes y por tipos. Cada asiento con su explicación (regla, venta, miembro de origen, generación, base, tasa, nivel, versión del plan), su estado (pendiente, disponible, revertido, reverso) y, si se revirtió, la explicación y el motivo del reverso. El miembro ve el suyo; el personal, el de cualquiera.';

-- The ledger's months ---------------------------------------------------------------------------------------
create or replace function public.get_ledger_months(p_client_id uuid default null) returns table (
  month date, closed boolean, income numeric, personal_points integer, forfeited numeric, was_active boolean,
  activity_points integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_target uuid := private.member_in_reach(p_client_id, 'Indica de qué miembro quieres ver el libro.', 'Solo puedes ver tus propias recompensas.');
begin
  return query
    select t.period, p.status = 'closed', t.income, t.personal_points,
           -- Written by the close with its forfeits (the engine's invariants hold it to the ledger): adding
           -- the forfeits up again read every entry of the month, 115 ms for the heaviest uplines at
           -- 1,000,000 members (bench/README.md).
           t.forfeited,
           t.was_active,
           -- The threshold the month was judged by: the plan its close used, or today's while open.
           coalesce((select (v.plan ->> 'activity_points')::integer from public.plan_versions v
                      where p.status = 'closed' and v.version = (p.summary ->> 'plan_version')::integer),
                    (select (c.plan ->> 'activity_points')::integer from private.plan() c))
      from private.member_period_totals t
      join public.periods p on p.month = t.period
     where t.client_id = v_target
     order by t.period desc;
end
$$;
comment on function public.get_ledger_months(uuid) is
  'Los meses del libro de un miembro, del más reciente: si están cerrados, ingresos netos, puntos personales, lo anulado al cierre por inactividad, si terminó activo y los puntos de actividad con que se juzgó (los del plan de su cierre; los de hoy si sigue abierto). El miembro ve los suyos; el personal, los de cualquiera.';
revoke all on function public.get_balance(uuid), public.get_member_month(uuid, date), public.get_ledger(uuid, integer, date, bigint, date, text[]),
  public.get_ledger_months(uuid) from public, anon;
grant execute on function public.get_balance(uuid), public.get_member_month(uuid, date), public.get_ledger(uuid, integer, date, bigint, date, text[]),
  public.get_ledger_months(uuid) to authenticated;

-- The catalogue: a cart priced by the database -------------------------------------------------------------
create or replace function public.preview_order(p_items jsonb) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_me uuid := private.require_member();
  v_month date := private.current_period();
  v_threshold integer := (select (p.plan ->> 'activity_points')::integer from private.plan() p);
  v_before integer := coalesce((select t.personal_points from private.member_period_totals t
                                 where t.client_id = v_me and t.period = v_month), 0);
  v_result jsonb;
begin
  -- The same validation and prices as place_order: what the cart shows is what the order will be.
  select jsonb_build_object(
           'lines', coalesce(jsonb_agg(jsonb_build_object(
               'product_id', i.product_id, 'name', i.name, 'quantity', i.quantity, 'unit_price', i.unit_price,
               'line_total', i.quantity * i.unit_price, 'unit_points', i.unit_points, 'line_points', i.quantity * i.unit_points,
               'stock', p.stock, 'enough_stock', p.stock >= i.quantity) order by i.name), '[]'::jsonb),
           'total', coalesce(sum(i.quantity * i.unit_price), 0),
           'points', coalesce(sum(i.quantity * i.unit_points), 0)::integer)
    into v_result
    from private.parse_items(p_items, false) i
    join public.products p on p.id = i.product_id;
  return v_result || jsonb_build_object(
    'month', v_month,
    'month_points', v_before,
    'month_points_after', v_before + (v_result ->> 'points')::integer,
    'activity_points', v_threshold,
    'active_after', v_before + (v_result ->> 'points')::integer >= v_threshold,
    'currency', (select m.currency from public.metadata m where m.id = 'app_settings'));
end
$$;
comment on function public.preview_order(jsonb) is
  'Miembro: precio, puntos y stock de un carrito tal como los calculará place_order (mismas validaciones y mismos rechazos), y lo que el pedido hace por su mes: puntos antes y después frente a los de actividad. No escribe nada.';
revoke all on function public.preview_order(jsonb) from public, anon;
grant execute on function public.preview_order(jsonb) to authenticated;

-- Mis Pedidos (issue 10): the lines of a sale with the names of their products. A member reads
-- only the active catalogue (products_select_member), so a product withdrawn after the sale would
-- leave their order, its receipt and «Volver a pedir» without a name; this read answers the lines
-- of a sale the caller may already read, whatever became of its products since.

create or replace function public.get_sale_lines(p_sale_id uuid) returns table (
  product_id uuid, sku text, name text, image_path text, quantity integer, unit_price numeric, unit_points integer,
  line_total numeric, line_points integer, is_active boolean, is_kit boolean, stock integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_me uuid := private.my_client_id();
begin
  -- The same rows the sales policies show: staff every sale; a member their own purchases
  -- (sales_select_own) and the enrolments they placed (sales_select_placed). Anything else reads
  -- as missing, so an id says nothing about a sale that is not the caller's.
  if not exists (
    select 1 from public.sales s
     where s.id = p_sale_id
       and (private.is_staff() or (v_me is not null and (s.client_id = v_me or (s.kind = 'enrollment' and s.created_by = auth.uid()))))
  ) then
    perform private.refuse('sale_not_found', 'La venta no existe.');
  end if;
  return query
    select i.product_id, p.sku, p.name, p.image_path, i.quantity, i.unit_price, i.unit_points,
           i.line_total, i.quantity * i.unit_points, p.is_active, p.is_kit, p.stock
      from public.sale_items i
      join public.products p on p.id = i.product_id
     where i.sale_id = p_sale_id
     order by p.name, p.id;
end
$$;
comment on function public.get_sale_lines(uuid) is
  'Las líneas de una venta (cantidad, precio y puntos copiados al venderse, subtotal) con el nombre, la foto, el stock de hoy y si el producto sigue a la venta, aunque se haya retirado después. La lee quien puede leer la venta: el personal, el comprador y el miembro que hizo el enrolamiento.';

revoke all on function public.get_sale_lines(uuid) from public, anon;
grant execute on function public.get_sale_lines(uuid) to authenticated;

-- Mi Red (issue 11): one read API for the network. get_network_summary (figures per generation) and
-- get_network_page (one page of a node's direct enrollees, for the tree, or of one generation, for
-- the table); private.network_root says whose network a call reads. How a page stays cheap: the
-- indexes of clients (members migration). A month is shown as it was: members who had joined by its
-- end; a closed month with the activity and the level its close froze, an open one with the points so far.
create or replace function private.network_root(p_client_id uuid) returns public.clients
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_root public.clients;
  v_target uuid;
begin
  v_target := private.member_in_reach(p_client_id, 'Indica de qué miembro quieres ver la red.', 'Solo puedes ver tu propia red.');
  select * into v_root from public.clients c where c.id = v_target;
  if not found then
    perform private.refuse('unknown_client', 'El miembro no existe.');
  end if;
  return v_root;
end
$$;
comment on function private.network_root(uuid) is 'Raíz de una consulta de red: el propio miembro, o cualquier miembro si llama el personal.';

create or replace function private.subtree_end(p_path extensions.ltree) returns extensions.ltree
language sql
immutable
parallel safe
set search_path = ''
as $$
  select extensions.text2ltree(extensions.ltree2text(p_path) || '0')
$$;
comment on function private.subtree_end(extensions.ltree) is
  'Cota superior exclusiva de la descendencia de una ruta en el orden de ltree: la descendencia de P son las rutas Q con P < Q < subtree_end(P).';

create or replace function private.network_month(p_month date) returns table (
  month date, closed boolean, joined_before timestamptz, activity_points integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_month date := private.month_or_current(p_month);
begin
  return query
    select v_month,
           coalesce((select p.status = 'closed' from public.periods p where p.month = v_month), false),
           ((v_month + interval '1 month')::timestamp at time zone private.company_timezone()),
           (select (p.plan ->> 'activity_points')::integer from private.plan() p);
end
$$;
comment on function private.network_month(date) is
  'El mes que muestra la red: su primer día (el en curso si no se indica), si ya cerró, el instante en que terminó (quien se unió antes estaba en la red) y los puntos de actividad del plan.';

create or replace function public.get_network_summary(p_client_id uuid default null, p_month date default null)
returns table (generation integer, members bigint, active bigint, at_risk bigint, month_points bigint, month_closed boolean)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_root public.clients := private.network_root(p_client_id);
  v_m record;
begin
  select * into v_m from private.network_month(p_month);
  return query
    with people as (
      select extensions.nlevel(c.path) - extensions.nlevel(v_root.path) as generation,
             coalesce(t.personal_points, 0) as points,
             case when v_m.closed then coalesce(t.was_active, false)
                  else coalesce(t.personal_points, 0) >= v_m.activity_points end as active,
             coalesce(t.income, 0) > 0 as has_income
        from public.clients c
        left join private.member_period_totals t on t.client_id = c.id and t.period = v_m.month
       where c.path operator(extensions.<@) v_root.path and c.id <> v_root.id
         and c.enrollment_status = 'registered' and c.joined_at < v_m.joined_before
    )
    -- The row with generation null is the whole network.
    select p.generation, count(*), count(*) filter (where p.active),
           count(*) filter (where not v_m.closed and not p.active and p.has_income),
           coalesce(sum(p.points), 0)::bigint, v_m.closed
      from people p
     group by grouping sets ((p.generation), ())
     order by p.generation nulls last;
end
$$;
comment on function public.get_network_summary(uuid, date) is
  'Resumen de la red descendente en un mes (el en curso si no se indica), por generación y en total (generación nula): miembros que ya se habían unido, activos, en riesgo (por debajo de los puntos de actividad con ingresos pendientes, solo en el mes abierto) y puntos personales del mes; month_closed dice si el mes ya cerró. Un mes cerrado, como quedó al cerrarse. El miembro ve la suya; el personal, la de cualquiera.';

create or replace function public.get_network_page(
  p_client_id uuid default null, p_month date default null, p_parent_id uuid default null, p_generation integer default null,
  p_search text default null, p_status text default null, p_page integer default 1, p_page_size integer default 25)
returns table (
  id uuid, name text, generation integer, enroller_id uuid, enroller_name text, star_level smallint, is_active boolean,
  at_risk boolean, month_points integer, joined_at timestamptz, enrollees bigint, email text, phone text, total bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_root public.clients := private.network_root(p_client_id);
  v_staff boolean := private.is_staff();
  v_me uuid := private.my_client_id();
  v_parent public.clients;
  v_level integer;
  v_search text := nullif(btrim(coalesce(p_search, '')), '');
  v_m record;
begin
  if p_page < 1 or p_page_size not between 1 and 100 or (p_generation is not null and p_generation not between 1 and 100)
     or char_length(v_search) > 100 then
    perform private.refuse('invalid_page', 'Página no válida: generación de 1 a 100, página desde 1, tamaño de 1 a 100, búsqueda de hasta 100 caracteres.');
  end if;
  if p_status is not null and p_status not in ('activo', 'inactivo', 'en_riesgo') then
    perform private.refuse('invalid_filter', 'Filtro no válido: usa activo, inactivo o en_riesgo.');
  end if;
  if p_parent_id is not null and p_generation is not null then
    perform private.refuse('invalid_filter', 'Pide los enrolados de un miembro o una generación, no las dos cosas.');
  end if;
  select * into v_m from private.network_month(p_month);

  if p_parent_id is not null then
    -- The node must be the root or below it; a member asking for anyone else reads the same refusal
    -- whether that person exists or not.
    select * into v_parent from public.clients c
     where c.id = p_parent_id and c.path operator(extensions.<@) v_root.path;
    if not found then
      if v_staff then
        perform private.refuse('unknown_client', 'Ese miembro no está en esta red.');
      end if;
      perform private.refuse('forbidden', 'Solo puedes ver tu propia red.', null, '42501');
    end if;
  end if;
  v_level := extensions.nlevel(v_root.path) + coalesce(p_generation, 1);

  return query
    with candidates as (
      select c.*
        from public.clients c
       where p_parent_id is not null and c.enroller_id = p_parent_id
      union all
      select c.*
        from public.clients c
       where p_parent_id is null
         and extensions.nlevel(c.path) = v_level
         and c.path operator(extensions.>) v_root.path
         and c.path operator(extensions.<) private.subtree_end(v_root.path)
    ),
    people as (
      select c.id, c.name, c.enroller_id, c.joined_at, c.email, c.phone,
             case when v_m.closed then coalesce(t.level_during, c.star_level) else c.star_level end as star_level,
             coalesce(t.personal_points, 0) as points,
             case when v_m.closed then coalesce(t.was_active, false)
                  else coalesce(t.personal_points, 0) >= v_m.activity_points end as active,
             not v_m.closed and coalesce(t.personal_points, 0) < v_m.activity_points and coalesce(t.income, 0) > 0 as at_risk,
             extensions.nlevel(c.path) - extensions.nlevel(v_root.path) as generation
        from candidates c
        left join private.member_period_totals t on t.client_id = c.id and t.period = v_m.month
       where c.enrollment_status = 'registered' and c.joined_at < v_m.joined_before
         and (v_search is null or strpos(private.search_key(c.name), private.search_key(v_search)) > 0)
    ),
    chosen as (
      select p.*, count(*) over () as total
        from people p
       where p_status is null
          or (p_status = 'activo' and p.active)
          or (p_status = 'inactivo' and not p.active)
          or (p_status = 'en_riesgo' and p.at_risk)
       order by p.name, p.id
       limit p_page_size offset (p_page - 1) * p_page_size
    )
    select ch.id, ch.name, ch.generation, ch.enroller_id, e.name, ch.star_level, ch.active, ch.at_risk, ch.points,
           ch.joined_at,
           (select count(*) from public.clients k
             where k.enroller_id = ch.id and k.enrollment_status = 'registered' and k.joined_at < v_m.joined_before),
           -- Contact data only for the caller's own direct enrollees (staff see everyone's).
           case when v_staff or ch.enroller_id = v_me then ch.email end,
           case when v_staff or ch.enroller_id = v_me then ch.phone end,
           ch.total
      from chosen ch
      left join public.clients e on e.id = ch.enroller_id
     order by ch.name, ch.id;
end
$$;
comment on function public.get_network_page(uuid, date, uuid, integer, text, text, integer, integer) is
  'Una página de la red descendente en un mes (el en curso si no se indica): los enrolados directos de p_parent_id (el árbol, nodo a nodo) o la generación p_generation (la tabla; 1 si no se indica ninguno), con búsqueda por nombre sin tildes ni mayúsculas y filtro activo / inactivo / en_riesgo. Cada persona con nivel, actividad, riesgo y puntos del mes, fecha de ingreso y cuántos enrolados directos tiene; correo y teléfono solo de los enrolados directos de quien llama (el personal, de todos). total = personas que cumplen el filtro. El miembro ve la suya; el personal, la de cualquiera.';
revoke all on function private.subtree_end(extensions.ltree), private.network_month(date) from public;
revoke all on function public.get_network_summary(uuid, date),
  public.get_network_page(uuid, date, uuid, integer, text, text, integer, integer) from public, anon;
grant execute on function public.get_network_summary(uuid, date),
  public.get_network_page(uuid, date, uuid, integer, text, text, integer, integer) to authenticated;

-- Enrolar Miembro (issue 11): what an enrolment will bring the enroller, and the enrolments a member
-- has placed. enrol_member itself (and its refusals: a member's, a pending enrolment's or staff's
-- address) lives with the engine, in 20250701071000_engine_sales.sql.

-- What the approval will bring ---------------------------------------------------------------------------
create or replace function public.preview_enrolment(p_kit_id uuid) returns table (
  kit_points integer, kit_base numeric, points integer, enrollment_commission numeric, commission_rate numeric,
  starter_bonus numeric, star_level smallint, level_name text, plan_version integer, currency text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_me uuid := private.require_member();
  v_kit record;
  v_plan record;
begin
  if not exists (select 1 from public.products p where p.id = p_kit_id and p.is_kit and p.is_active) then
    perform private.refuse('unknown_kit', 'El kit de inicio elegido no existe o no está a la venta.');
  end if;
  -- The kit as enrol_member puts it on the sale (one unit, today's base and points), then the very
  -- lines approval writes for it with today's plan: the figures come from the engine, not from here.
  select i.unit_points, i.unit_commissionable into v_kit
    from private.parse_items(jsonb_build_array(jsonb_build_object('product_id', p_kit_id, 'quantity', 1)), true) i;
  select p.version, p.plan into v_plan from private.plan() p;
  return query
    select v_kit.unit_points, v_kit.unit_commissionable,
           coalesce(sum(l.points) filter (where l.type = 'points_enroller'), 0)::integer,
           coalesce(sum(l.amount) filter (where l.type = 'commission_enrollment'), 0),
           (v_plan.plan ->> 'enrollment_commission_rate')::numeric,
           coalesce(sum(l.amount) filter (where l.type = 'bonus_starter'), 0),
           c.star_level, private.plan_level(v_plan.plan, c.star_level) ->> 'name', v_plan.version,
           (select m.currency from public.metadata m where m.id = 'app_settings')
      from public.clients c
      left join private.enrolment_reward_lines(v_me, v_kit.unit_points, v_kit.unit_commissionable, v_plan.plan, null, null) l on true
     where c.id = v_me
     group by c.star_level;
end
$$;
comment on function public.preview_enrolment(uuid) is
  'Miembro: lo que le traerá aprobar un enrolamiento con este kit, con el plan vigente y su nivel de hoy: puntos del kit, comisión de enrolamiento (tasa y base) y bono de inicio. Mismo cálculo que la aprobación (private.enrolment_reward_lines). No escribe nada.';

-- The enrolments a member placed ---------------------------------------------------------------------------
create or replace function public.get_my_enrolments(p_page integer default 1, p_page_size integer default 10)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_me uuid := private.require_member();
begin
  if p_page is null or p_page_size is null or p_page < 1 or p_page_size not between 1 and 100 then
    perform private.refuse('invalid_page', 'Página no válida: página desde 1, tamaño de 1 a 100.');
  end if;
  -- The enrolment sales this member's login created (sales_select_placed lets them read those rows),
  -- with the person as they are now, which RLS would not show them while the person is pending.
  return jsonb_build_object(
    'total', (select count(*) from public.sales s where s.created_by = auth.uid() and s.kind = 'enrollment'),
    'enrolments', coalesce((
      select jsonb_agg(jsonb_build_object(
               'sale_id', s.id, 'sale_no', s.sale_no, 'status', s.status, 'created_at', s.created_at,
               'total', s.total, 'kit_name', (select string_agg(p.name, ', ' order by p.name)
                                                 from public.sale_items i join public.products p on p.id = i.product_id
                                                where i.sale_id = s.id),
               -- A person rejected here and enrolled again by someone else is theirs now: only the
               -- address this member typed is shown (the record's may have changed since), not the
               -- name the other member typed or the state.
               'name', case when c.enroller_id = v_me then c.name end,
               'email', case when c.enroller_id = v_me then c.email else s.enrolled_email end,
               'enrollment_status', case when c.enroller_id = v_me then c.enrollment_status end,
               'approved_at', s.approved_at, 'rejected_at', s.rejected_at, 'rejection_reason', s.rejection_reason,
               'cancelled_at', s.cancelled_at, 'cancellation_reason', s.cancellation_reason)
             order by s.created_at desc, s.id)
        from (select s.* from public.sales s
               where s.created_by = auth.uid() and s.kind = 'enrollment'
               order by s.created_at desc, s.id
               limit p_page_size offset (p_page - 1)::bigint * p_page_size) s
        join public.clients c on c.id = s.client_id), '[]'::jsonb));
end
$$;
comment on function public.get_my_enrolments(integer, integer) is
  'Miembro: los enrolamientos que hizo, del más reciente, una página a la vez: la persona (correo; nombre y estado de su ficha mientras siga bajo él), el kit, el estado de la venta y el motivo si se rechazó o canceló. Devuelve {total, enrolments}.';

revoke all on function public.preview_enrolment(uuid), public.get_my_enrolments(integer, integer) from public, anon;
grant execute on function public.preview_enrolment(uuid), public.get_my_enrolments(integer, integer) to authenticated;

-- The public page /p/{slug} (issue 11): the one read an anonymous visitor makes (its contact form,
-- public.submit_lead, is with the leads). get_public_page returns what the page shows and nothing more
-- (not the member's own message nor star level), so anon reads nothing more than the page.

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
               'benefits', private.benefit_labels(k.benefits), 'price', k.price, 'image_path', k.image_path)
             order by k.name, k.id)
        from catalogue k), '[]'::jsonb),
    'recipes', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', r.id, 'title', r.title, 'description', r.description, 'instructions', r.instructions,
               'benefits', private.benefit_labels(r.benefits), 'image_path', r.image_path,
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

-- The first sign-in of a pending or rejected enrolment (issue 25) ----------------------------------
-- Such a person signs in without a role (before_user_created_hook) and can read nothing else. This is
-- the one thing they may read: their own enrolment, found by the address Auth confirmed at sign-in
-- (auth.users, not a parameter nor a claim of the caller's choosing), so nobody learns about anyone
-- else's address. Nothing for anyone else: an unknown address, a member already linked, anon.
create or replace function public.get_my_enrolment() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_email text;
  v_client public.clients;
  v_sale public.sales;
begin
  select lower(btrim(u.email)) into v_email
    from auth.users u
   where u.id = auth.uid() and u.email_confirmed_at is not null;
  if v_email is null or v_email = '' then
    return null;
  end if;
  select * into v_client
    from public.clients c
   where lower(btrim(c.email)) = v_email and c.auth_uid is null and c.enrollment_status in ('pending', 'rejected', 'cancelled')
     -- An address a staff member chose is nobody's to read until someone else confirms it (issue 23 §2).
     and c.email_set_by is null
   order by c.created_at desc
   limit 1;
  if not found then
    return null;
  end if;
  -- The enrolment sale the status comes from: the latest one (a rejected person may be enrolled again).
  select * into v_sale
    from public.sales s
   where s.client_id = v_client.id and s.kind = 'enrollment'
   order by s.created_at desc
   limit 1;
  return (select jsonb_build_object(
    'status', v_client.enrollment_status,
    'name', v_client.name,
    'enroller_name', (select e.name from public.clients e where e.id = v_client.enroller_id),
    'submitted_at', coalesce(v_sale.created_at, v_client.created_at),
    -- How it ended, when it did: rejected by staff, or cancelled (by them or by whoever enrolled them).
    'rejection_reason', case v_client.enrollment_status when 'rejected' then v_sale.rejection_reason
                                                         when 'cancelled' then v_sale.cancellation_reason end,
    'rejected_at', case v_client.enrollment_status when 'rejected' then v_sale.rejected_at when 'cancelled' then v_sale.cancelled_at end,
    'company_name', m.company_name,
    'contact_info', m.contact_info)
    from public.metadata m where m.id = 'app_settings');
end
$$;
comment on function public.get_my_enrolment() is
  'Quien entró con Google sin rol: su propio enrolamiento pendiente, rechazado o cancelado, buscado por el correo que Auth confirmó (no recibe parámetros): estado, su nombre, quién lo enroló, cuándo, el motivo del rechazo y el contacto de la empresa. null para cualquier otro caso.';
revoke all on function public.get_my_enrolment() from public, anon;
grant execute on function public.get_my_enrolment() to authenticated;
