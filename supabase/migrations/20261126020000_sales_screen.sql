-- Ventas (issue 12): staff find any sale, open it, and see before cancelling what the cancellation
-- will reverse.
--   * search_sales: filters (states, kind, sale date in the company's time zone, member), sort (date,
--     total, number), pages, and a count that stops a few pages past the one asked for.
--   * export_sales: the same filters, page after page by sale number (keyset), for the CSV export:
--     an OFFSET read of page 1,000 would skip 100,000 rows every time.
--   * get_sales_totals: count, amount and points of the filtered sales, from the kept daily aggregate
--     (private.sales_daily) unless a member is chosen.
--   * get_sale_detail: the sale, its member, its payment, its timeline (who and why at each step) and
--     the ledger entries it produced, with the fields their «why» is said from.
--   * preview_sale_cancellation: exactly what cancel_sale would reverse now (it reads the same
--     private.sale_cancellation_reversals) and the stock that would come back.
--
-- How the list stays fast at 1,000,000 sales: each call builds its statement for the filters given
-- (as search_members does), so each is planned for its own predicates; an index serves each sort
-- (created_at, total, sale_no) and each selective filter (status, kind, member), and the count stops
-- counting four pages past the page asked for.

-- Both carry the columns the filters read, so the page's ids and the count come from the index alone
-- (a day's 8,000 sales sorted by total are read from the date index without visiting the table).
create index sales_created_idx on public.sales (created_at, id) include (total, status, kind, client_id, sale_no);
comment on index public.sales_created_idx is 'Ventas por fecha, página a página, y el filtro por rango de fechas (con las columnas de los filtros, para leer la página y la cuenta del índice solo).';
create index sales_total_idx on public.sales (total, id) include (created_at, status, kind, client_id, sale_no);
comment on index public.sales_total_idx is 'Ventas ordenadas por total, página a página (con las columnas de los filtros).';
create index sales_kind_idx on public.sales (kind, created_at, id);
comment on index public.sales_kind_idx is 'El filtro por tipo de Ventas (pocas ventas directas o enrolamientos entre muchos pedidos), ya en orden de fecha.';

-- The list's filters ----------------------------------------------------------------------------------------
create or replace function private.sales_filter_sql(
  p_statuses text[], p_kind text, p_from date, p_to date, p_client_id uuid)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_where text[] := array['true'];
  v_tz text := private.company_timezone();
begin
  if exists (select 1 from unnest(p_statuses) s
              where s is null or s not in ('Pagada', 'Cancelada', 'Rechazado', 'Pendiente de Aprobación', 'Pendiente de Enrolamiento', 'Entregada')) then
    perform private.refuse('invalid_filter', 'Filtro no válido: el estado es Pagada, Cancelada, Rechazado, Pendiente de Aprobación, Pendiente de Enrolamiento o Entregada.');
  end if;
  if p_kind is not null and p_kind not in ('order', 'enrollment', 'direct') then
    perform private.refuse('invalid_filter', 'Filtro no válido: el tipo es order, enrollment o direct.');
  end if;
  if p_from > p_to then
    perform private.refuse('invalid_filter', 'Filtro no válido: la fecha «desde» es posterior a la fecha «hasta».');
  end if;
  if p_from < date '2000-01-01' or p_to > date '2100-12-31' then
    perform private.refuse('invalid_filter', 'Filtro no válido: las fechas van de 2000 a 2100.');
  end if;
  if cardinality(p_statuses) > 0 then
    v_where := v_where || format('s.status = any (%L::text[])', p_statuses);
  end if;
  if p_kind is not null then v_where := v_where || format('s.kind = %L', p_kind); end if;
  -- A sale's date is its day in the company's time zone: the range is the instants from the start
  -- of «desde» to the start of the day after «hasta» there, which the created_at index answers.
  if p_from is not null then
    v_where := v_where || format('s.created_at >= (%L::date::timestamp at time zone %L)', p_from, v_tz);
  end if;
  if p_to is not null then
    v_where := v_where || format('s.created_at < ((%L::date + 1)::timestamp at time zone %L)', p_to, v_tz);
  end if;
  if p_client_id is not null then v_where := v_where || format('s.client_id = %L', p_client_id); end if;
  return array_to_string(v_where, ' and ');
end
$$;
comment on function private.sales_filter_sql(text[], text, date, date, uuid) is
  'La condición SQL de los filtros de Ventas (estados, tipo, fecha de venta desde / hasta inclusive en la zona horaria de la empresa, miembro), con los valores ya citados; rechaza valores fuera de los conjuntos cerrados y un rango al revés.';

create or replace function public.search_sales(
  p_statuses text[] default null, p_kind text default null, p_from date default null, p_to date default null,
  p_client_id uuid default null, p_sort text default 'fecha', p_desc boolean default true,
  p_page integer default 1, p_page_size integer default 20)
returns table (
  id uuid, sale_no bigint, created_at timestamptz, client_id uuid, client_name text, client_email text, kind text,
  status text, total numeric, points_total integer, payment_method text, payment_reference text,
  row_count bigint, row_count_capped boolean
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_where text;
  v_order text;
  v_cap integer;
begin
  perform private.require_staff();
  if p_page < 1 or p_page > 10000 or p_page_size not between 1 and 100 then
    perform private.refuse('invalid_page', 'Página no válida: página de 1 a 10.000 y tamaño de 1 a 100.');
  end if;
  if p_sort is null or p_sort not in ('fecha', 'total', 'numero') then
    perform private.refuse('invalid_filter', 'Orden no válido: usa fecha, total o numero.');
  end if;
  v_where := private.sales_filter_sql(p_statuses, p_kind, p_from, p_to, p_client_id);
  -- Numbers grow with the date, which the planner does not know: for a date range it would walk the
  -- number index from the end looking for the range's sales (0.4 s for a January day among a
  -- million). With a range, the order by number is computed on the range's rows instead.
  v_order := format(case p_sort when 'fecha' then 's.created_at %1$s, s.id %1$s'
                                when 'total' then 's.total %1$s, s.id %1$s'
                                when 'numero' then case when p_from is null and p_to is null then 's.sale_no %1$s' else '(s.sale_no + 0) %1$s' end
                                end,
                    case when p_desc then 'desc' else 'asc' end);
  -- Counting stops four pages past this one: «más de N» is all a pager needs.
  v_cap := (p_page + 4) * p_page_size;

  -- The filter is written twice on purpose (as in search_members): a CTE read by both would be
  -- materialised whole before either the page or the count could stop early.
  return query execute format($q$
    with counted as (
      select count(*) as n from (select 1 from public.sales s where %1$s limit %4$s + 1) x
    ),
    page as (
      -- Only the page's ids, from the index that serves the order; the rows are read for those alone.
      select s.id from public.sales s where %1$s order by %2$s limit %3$s offset %5$s
    )
    select s.id, s.sale_no, s.created_at, s.client_id, c.name, c.email, s.kind, s.status, s.total, s.points_total,
           s.payment_method, s.payment_reference, least(k.n, %4$s)::bigint, k.n > %4$s
      from page p
      join public.sales s on s.id = p.id
      cross join counted k
      join public.clients c on c.id = s.client_id
     order by %2$s
  $q$, v_where, v_order, p_page_size, v_cap, (p_page - 1) * p_page_size);
end
$$;
comment on function public.search_sales(text[], text, date, date, uuid, text, boolean, integer, integer) is
  'Ventas (personal): las ventas con filtros por estados, tipo (order, enrollment, direct), fecha de venta desde / hasta (inclusive, en la zona horaria de la empresa) y miembro; orden fecha / total / numero y páginas. row_count cuenta hasta cuatro páginas más allá de la pedida; row_count_capped dice que hay más.';

create or replace function public.export_sales(
  p_statuses text[] default null, p_kind text default null, p_from date default null, p_to date default null,
  p_client_id uuid default null, p_before_no bigint default null, p_limit integer default 1000)
returns table (
  id uuid, sale_no bigint, created_at timestamptz, client_id uuid, client_name text, client_email text, kind text,
  status text, total numeric, points_total integer, payment_method text, payment_reference text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_where text;
  v_low bigint;
  v_high bigint;
begin
  perform private.require_staff();
  if p_limit not between 1 and 1000 then
    perform private.refuse('invalid_page', 'Página no válida: de 1 a 1.000 ventas por página.');
  end if;
  v_where := private.sales_filter_sql(p_statuses, p_kind, p_from, p_to, p_client_id);
  if p_before_no is not null then v_where := v_where || format(' and s.sale_no < %L', p_before_no); end if;
  -- A date range's numbers, from the date index alone: the walk down the number index then starts
  -- and stops at the range instead of crossing every later or earlier sale (numbers grow with the
  -- date, which the planner does not know).
  if p_from is not null or p_to is not null then
    execute format('select min(s.sale_no), max(s.sale_no) from public.sales s where %s',
                   private.sales_filter_sql(null, null, p_from, p_to, null))
       into v_low, v_high;
    v_where := v_where || format(' and s.sale_no between %L and %L', coalesce(v_low, 0), coalesce(v_high, 0));
  end if;
  return query execute format($q$
    select s.id, s.sale_no, s.created_at, s.client_id, c.name, c.email, s.kind, s.status, s.total, s.points_total,
           s.payment_method, s.payment_reference
      from (select s.* from public.sales s where %1$s order by s.sale_no desc limit %2$s) s
      join public.clients c on c.id = s.client_id
     order by s.sale_no desc
  $q$, v_where, p_limit);
end
$$;
comment on function public.export_sales(text[], text, date, date, uuid, bigint, integer) is
  'Ventas (personal): las ventas filtradas como en search_sales, de la más nueva a la más vieja por número, hasta p_limit (≤ 1.000) antes de p_before_no: la exportación CSV pide página tras página sin que ninguna salte filas ya leídas.';

create or replace function public.get_sales_totals(
  p_statuses text[] default null, p_kind text default null, p_from date default null, p_to date default null,
  p_client_id uuid default null)
returns table (sales_count bigint, total numeric, points_total bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_where text;
begin
  perform private.require_staff();
  v_where := private.sales_filter_sql(p_statuses, p_kind, p_from, p_to, p_client_id);
  if p_client_id is null then
    -- Dates, states and kinds: the kept daily aggregate (20261126000000_sales_aggregates.sql), whose
    -- day is the sale's date in the company's time zone, as the list's filter: a few rows per day
    -- instead of every sale.
    return query
      select coalesce(sum(d.sales_count), 0)::bigint, coalesce(sum(d.total), 0)::numeric, coalesce(sum(d.points_total), 0)::bigint
        from private.sales_daily d
       where (p_from is null or d.day >= p_from) and (p_to is null or d.day <= p_to)
         and (coalesce(cardinality(p_statuses), 0) = 0 or d.status = any (p_statuses))
         and (p_kind is null or d.kind = p_kind);
    return;
  end if;
  -- One member's sales, through their index (sales_client_idx).
  return query execute format($q$
    select count(*), coalesce(sum(s.total), 0)::numeric, coalesce(sum(s.points_total), 0)::bigint from public.sales s where %1$s
  $q$, v_where);
end
$$;
comment on function public.get_sales_totals(text[], text, date, date, uuid) is
  'Ventas (personal): cuántas ventas, su importe y sus puntos, con los mismos filtros que search_sales. Sin miembro, de private.sales_daily (unas filas por día); con miembro, de sus ventas por su índice.';

-- One sale, explained --------------------------------------------------------------------------------------
create or replace function private.actor_name(p_user_id uuid) returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select c.name from public.clients c where c.auth_uid = p_user_id),
                  (select u.email::text from auth.users u where u.id = p_user_id))
$$;
comment on function private.actor_name(uuid) is 'Quién es un usuario para una persona del personal: el nombre de su ficha de miembro o su correo.';

create or replace function public.get_sale_detail(p_sale_id uuid) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_sale public.sales;
  v_delivery record;
begin
  perform private.require_staff();
  select * into v_sale from public.sales s where s.id = p_sale_id;
  if not found then
    perform private.refuse('sale_not_found', 'La venta no existe.');
  end if;
  -- The sale keeps who approved, rejected and cancelled it; who delivered it, the audit trail.
  select a.actor_id, a.occurred_at into v_delivery
    from public.audit_logs a
   where a.table_name = 'sales' and a.row_id = v_sale.id::text and a.action = 'UPDATE'
     and a.new_values ->> 'status' = 'Entregada' and a.old_values ->> 'status' = 'Pagada'
   order by a.occurred_at desc limit 1;
  return jsonb_build_object(
    'sale', jsonb_build_object(
      'id', v_sale.id, 'sale_no', v_sale.sale_no, 'client_id', v_sale.client_id, 'kind', v_sale.kind, 'status', v_sale.status,
      'total', v_sale.total, 'commissionable_total', v_sale.commissionable_total, 'points_total', v_sale.points_total,
      'period_month', v_sale.period_month, 'payment_method', v_sale.payment_method, 'payment_reference', v_sale.payment_reference,
      'voucher_path', v_sale.voucher_path, 'delivery_address', v_sale.delivery_address, 'notes', v_sale.notes,
      'rejection_reason', v_sale.rejection_reason, 'cancellation_reason', v_sale.cancellation_reason,
      'created_at', v_sale.created_at, 'approved_at', v_sale.approved_at, 'delivered_at', v_sale.delivered_at,
      'rejected_at', v_sale.rejected_at, 'cancelled_at', v_sale.cancelled_at),
    'member', (select jsonb_build_object('id', c.id, 'member_no', c.member_no, 'name', c.name, 'email', c.email, 'phone', c.phone,
                                         'document_number', c.document_number, 'enrollment_status', c.enrollment_status)
                 from public.clients c where c.id = v_sale.client_id),
    'period_closed', coalesce((select p.status = 'closed' from public.periods p where p.month = v_sale.period_month), false),
    'timeline', (
      select coalesce(jsonb_agg(jsonb_build_object('step', t.step, 'at', t.at, 'by', t.actor, 'reason', t.reason) order by t.at, t.ord), '[]'::jsonb)
        from (values
          (1, 'created', v_sale.created_at, private.actor_name(v_sale.created_by), null::text),
          (2, 'approved', v_sale.approved_at, private.actor_name(v_sale.approved_by), null),
          (3, 'rejected', v_sale.rejected_at, private.actor_name(v_sale.rejected_by), v_sale.rejection_reason),
          (4, 'delivered', v_sale.delivered_at, private.actor_name(v_delivery.actor_id), null),
          (5, 'cancelled', v_sale.cancelled_at, private.actor_name(v_sale.cancelled_by), v_sale.cancellation_reason)
        ) t(ord, step, at, actor, reason)
       where t.at is not null
         -- A direct sale is paid as it is made: its approval is its creation.
         and not (t.step = 'approved' and v_sale.kind = 'direct')),
    'entries', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'id', r.id, 'created_at', r.created_at, 'period_month', r.period_month, 'period_closed', p.status = 'closed',
               'type', r.type,
               'type_label', case r.type
                 when 'commission_enrollment' then 'Comisión de enrolamiento'
                 when 'commission_purchase' then 'Comisión por compra'
                 when 'points_purchase' then 'Puntos por compra'
                 when 'points_enroller' then 'Puntos de enrolamiento'
                 when 'bonus_starter' then 'Bono de inicio'
                 when 'bonus_volume' then 'Bono de volumen'
                 when 'reversal_commission' then 'Reverso de comisión'
                 when 'reversal_points' then 'Reverso de puntos' end,
               'amount', r.amount, 'points', r.points, 'generation', r.generation, 'base', r.base, 'rate', r.rate,
               'star_level', r.star_level, 'explanation', r.rule, 'reason', r.reason, 'plan_version', r.plan_version,
               'source_sale_id', r.source_sale_id, 'sale_no', v_sale.sale_no, 'source_client_name', sc.name,
               'reverses_id', r.reverses_id, 'reversed_by_id', x.id, 'reversed_by_explanation', x.rule, 'reversed_by_reason', x.reason,
               'state', case when x.id is not null then 'revertido' when r.reverses_id is not null then 'reverso'
                             when p.status = 'closed' then 'disponible' else 'pendiente' end,
               'beneficiary_id', r.beneficiary_id, 'beneficiary_name', b.name)
             order by coalesce(r.reverses_id, r.id), r.id), '[]'::jsonb)
        from (select o.* from public.reward_transactions o where o.source_sale_id = v_sale.id and o.reverses_id is null
              union all
              select v.* from public.reward_transactions o join public.reward_transactions v on v.reverses_id = o.id
               where o.source_sale_id = v_sale.id and o.reverses_id is null) r
        join public.periods p on p.month = r.period_month
        join public.clients b on b.id = r.beneficiary_id
        left join public.clients sc on sc.id = r.source_client_id
        left join public.reward_transactions x on x.reverses_id = r.id));
end
$$;
comment on function public.get_sale_detail(uuid) is
  'Ventas (personal): una venta con su miembro, su pago (medio, referencia, ruta del comprobante), si su mes está cerrado, su historia (creada, aprobada, rechazada, entregada, cancelada: cuándo, quién y el motivo; quién entregó, de la bitácora) y los asientos que produjo, cada original seguido de su reverso, con los campos de su explicación y su beneficiario.';

-- What a cancellation would reverse ------------------------------------------------------------------------
create or replace function public.preview_sale_cancellation(p_sale_id uuid) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_sale public.sales;
  v_paid boolean;
begin
  perform private.require_staff();
  select * into v_sale from public.sales s where s.id = p_sale_id;
  if not found then
    perform private.refuse('sale_not_found', 'La venta no existe.');
  end if;
  -- The same refusal, in the same words, as cancel_sale.
  if v_sale.status in ('Cancelada', 'Rechazado') then
    perform private.refuse('invalid_transition', format('La venta #%s ya está «%s».', v_sale.sale_no, v_sale.status));
  end if;
  -- A pending sale moved neither stock nor money: cancelling it reverses nothing.
  v_paid := v_sale.status in ('Pagada', 'Entregada');
  return jsonb_build_object(
    'sale_id', v_sale.id, 'sale_no', v_sale.sale_no, 'status', v_sale.status, 'paid', v_paid,
    'entries', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'reverses_id', l.reverses_id, 'beneficiary_id', l.beneficiary_id, 'beneficiary_name', c.name,
               'type', l.type, 'original_type', l.original_type,
               'type_label', case l.type when 'reversal_points' then 'Reverso de puntos' else 'Reverso de comisión' end,
               'original_label', case l.original_type
                 when 'commission_enrollment' then 'Comisión de enrolamiento'
                 when 'commission_purchase' then 'Comisión por compra'
                 when 'points_purchase' then 'Puntos por compra'
                 when 'points_enroller' then 'Puntos de enrolamiento'
                 when 'bonus_starter' then 'Bono de inicio'
                 when 'bonus_volume' then 'Bono de volumen' end,
               'amount', l.amount, 'points', l.points, 'generation', l.generation, 'period_month', l.period_month,
               'period_closed', p.status = 'closed')
             order by l.reverses_id), '[]'::jsonb)
        from private.sale_cancellation_reversals(v_sale.id) l
        join public.clients c on c.id = l.beneficiary_id
        join public.periods p on p.month = l.period_month
       where v_paid),
    'stock', (
      select coalesce(jsonb_agg(jsonb_build_object('product_id', i.product_id, 'name', pr.name, 'quantity', i.quantity,
                                                   'stock', pr.stock, 'stock_after', pr.stock + i.quantity)
             order by pr.name, i.product_id), '[]'::jsonb)
        from public.sale_items i join public.products pr on pr.id = i.product_id
       where i.sale_id = v_sale.id and v_paid),
    'amount', (select coalesce(sum(l.amount), 0) from private.sale_cancellation_reversals(v_sale.id) l where v_paid),
    'points', (select coalesce(sum(l.points), 0) from private.sale_cancellation_reversals(v_sale.id) l where v_paid),
    'closed_entries', (select count(*) from private.sale_cancellation_reversals(v_sale.id) l
                         join public.periods p on p.month = l.period_month where v_paid and p.status = 'closed'));
end
$$;
comment on function public.preview_sale_cancellation(uuid) is
  'Ventas (personal): lo que cancelar ahora esta venta revertiría, sin escribir nada: cada contraasiento (beneficiario, tipo, importe, puntos, su mes y si está cerrado, que es un reembolso del saldo disponible), el stock que vuelve y los totales. Lee los mismos datos que cancel_sale (private.sale_cancellation_reversals). Una venta pendiente no revierte nada; una cancelada o rechazada se rechaza como en cancel_sale.';

revoke all on function private.sales_filter_sql(text[], text, date, date, uuid), private.actor_name(uuid) from public;
revoke all on function public.search_sales(text[], text, date, date, uuid, text, boolean, integer, integer),
  public.export_sales(text[], text, date, date, uuid, bigint, integer), public.get_sales_totals(text[], text, date, date, uuid),
  public.get_sale_detail(uuid), public.preview_sale_cancellation(uuid) from public, anon;
grant execute on function public.search_sales(text[], text, date, date, uuid, text, boolean, integer, integer),
  public.export_sales(text[], text, date, date, uuid, bigint, integer), public.get_sales_totals(text[], text, date, date, uuid),
  public.get_sale_detail(uuid), public.preview_sale_cancellation(uuid) to authenticated;
