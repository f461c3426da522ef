-- Reads for the screens of the money loop (issue 10): a member's month at a glance, a cart priced
-- by the database, the ledger's months, the payouts queue with each member's balance, the staff's
-- work counts and the checks an approver needs before approving a sale. Each function checks the
-- caller itself (security definer) and answers only what that caller may see.

-- Mis Pedidos lists the member's orders and the enrolments they placed: the enrolment's buyer is the
-- new person, so the member who placed it reads it by created_by, which only the engine writes.
create policy sales_select_placed on public.sales for select to authenticated
  using (created_by = (select auth.uid()) and (select private.my_client_id()) is not null);
create policy sale_items_select_placed on public.sale_items for select to authenticated
  using (exists (select 1 from public.sales s
                  where s.id = sale_id and s.created_by = (select auth.uid()) and (select private.my_client_id()) is not null));

-- A member's month --------------------------------------------------------------------------------
create or replace function private.month_or_current(p_month date) returns date
language plpgsql
stable
set search_path = ''
as $$
declare
  v_current date := private.current_period();
begin
  if p_month is null then
    return v_current;
  end if;
  if p_month <> date_trunc('month', p_month)::date then
    perform private.refuse('invalid_period', 'Indica el mes como su primer día (por ejemplo 2026-03-01).');
  end if;
  if p_month > v_current then
    perform private.refuse('invalid_period', format('El mes de %s aún no ha empezado.', private.period_label(p_month)));
  end if;
  return p_month;
end
$$;
comment on function private.month_or_current(date) is
  'El mes de negocio pedido (su primer día) o, si no se indica, el mes en curso; rechaza meses futuros o fechas que no son primer día.';

create or replace function private.company_timezone() returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return coalesce((select m.timezone from public.metadata m where m.id = 'app_settings'), 'America/Bogota');
end
$$;
comment on function private.company_timezone() is 'Zona horaria de la empresa (configuración), la del mes de negocio.';

-- public.get_member_month reads the open month's group points kept by 20261124020000_group_points.sql
-- and is defined there.

-- A cart priced by the database ------------------------------------------------------------------------
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
           -- The close writes its forfeits as reversals with this reason (private.close_period).
           coalesce((select -sum(r.amount) from public.reward_transactions r
                      where r.beneficiary_id = v_target and r.period_month = t.period and r.type = 'reversal_commission'
                        and r.reason = 'Beneficiario inactivo al cierre del mes'), 0),
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

-- Payouts, for staff -------------------------------------------------------------------------------------------
-- A finished request (paid or rejected) is found by the month it was finished in, as the totals count it.
create index if not exists payout_requests_finished_idx on public.payout_requests (status, (coalesce(paid_at, decided_at)));

create or replace function public.get_payout_queue(
  p_statuses text[] default null, p_page integer default 1, p_page_size integer default 50, p_month date default null
)
returns table (
  id uuid, client_id uuid, client_name text, client_email text, client_document text, amount numeric, status text,
  payment_details text, payment_reference text, rejection_reason text, requested_at timestamptz, decided_at timestamptz,
  paid_at timestamptz, available numeric, total bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_tz text := private.company_timezone();
  v_from timestamptz;
  v_to timestamptz;
begin
  perform private.require_staff();
  if p_page < 1 or p_page_size not between 1 and 200 then
    perform private.refuse('invalid_page', 'Página no válida: página desde 1, tamaño de 1 a 200.');
  end if;
  if p_month is not null then
    v_from := private.month_or_current(p_month)::timestamp at time zone v_tz;
    v_to := (p_month + interval '1 month')::timestamp at time zone v_tz;
  end if;
  return query
    with page as (
      select r.*, count(*) over () as total
        from public.payout_requests r
       where (p_statuses is null or r.status = any (p_statuses))
         and (p_month is null or (coalesce(r.paid_at, r.decided_at) >= v_from and coalesce(r.paid_at, r.decided_at) < v_to))
       order by r.requested_at, r.id
       limit p_page_size offset (p_page - 1) * p_page_size
    )
    select r.id, r.client_id, c.name, c.email, c.document_number, r.amount, r.status, r.payment_details, r.payment_reference,
           r.rejection_reason, r.requested_at, r.decided_at, r.paid_at, b.available, r.total
      from page r
      join public.clients c on c.id = r.client_id
      cross join lateral private.balance_of(r.client_id) b
     order by r.requested_at, r.id;
end
$$;
comment on function public.get_payout_queue(text[], integer, integer, date) is
  'Personal: solicitudes de cobro por estado, de la más antigua a la más nueva, con el documento del miembro (para el archivo de pago del banco) y su saldo disponible al lado (ya descontadas sus solicitudes abiertas). p_month (primer día de un mes de negocio): solo las terminadas ese mes, pagadas por su fecha de pago y rechazadas o aprobadas por la de la decisión, como las cuentan los totales. total = solicitudes con ese filtro.';

create or replace function public.get_payout_totals() returns table (status text, requests bigint, amount numeric, this_month boolean)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_tz text := private.company_timezone();
  v_since timestamptz := (private.current_period()::timestamp at time zone v_tz);
begin
  perform private.require_staff();
  -- Open work (pending, approved) whatever its age; what is finished (paid, rejected) this month,
  -- so the figures stay small and indexed however long the history grows.
  return query
    select s.status, count(r.id), coalesce(sum(r.amount), 0), s.status in ('paid', 'rejected')
      from unnest(array['pending', 'approved', 'paid', 'rejected']) with ordinality s(status, ord)
      left join public.payout_requests r on r.status = s.status
           and (s.status in ('pending', 'approved') or coalesce(r.paid_at, r.decided_at) >= v_since)
     group by s.status, s.ord
     order by s.ord;
end
$$;
comment on function public.get_payout_totals() is
  'Personal: cuántas solicitudes y qué importe hay en cada estado: pendientes y aprobadas todas; pagadas y rechazadas, las de este mes (this_month).';

-- What needs doing, for the staff's navigation ---------------------------------------------------------------------
create or replace function public.get_staff_work_counts() returns table (
  pending_approvals bigint, oldest_pending_at timestamptz, pending_payouts bigint, approved_payouts bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_staff();
  return query
    select (select count(*) from public.sales s where s.status in ('Pendiente de Aprobación', 'Pendiente de Enrolamiento')),
           (select min(s.created_at) from public.sales s where s.status in ('Pendiente de Aprobación', 'Pendiente de Enrolamiento')),
           (select count(*) from public.payout_requests r where r.status = 'pending'),
           (select count(*) from public.payout_requests r where r.status = 'approved');
end
$$;
comment on function public.get_staff_work_counts() is
  'Personal: ventas esperando aprobación (y desde cuándo la más antigua), solicitudes de cobro pendientes y aprobadas sin pagar. Lo cuentan los índices por estado.';

-- Before approving a sale ---------------------------------------------------------------------------------------------
create index if not exists sales_payment_reference_idx on public.sales (lower(btrim(payment_reference)))
  where payment_reference is not null;
create index if not exists clients_document_idx on public.clients (lower(btrim(document_number)))
  where document_number is not null;

create or replace function public.get_sale_checks(p_sale_id uuid) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_sale public.sales;
  v_client public.clients;
begin
  perform private.require_staff();
  select * into v_sale from public.sales s where s.id = p_sale_id;
  if not found then
    perform private.refuse('sale_not_found', 'La venta no existe.');
  end if;
  select * into v_client from public.clients c where c.id = v_sale.client_id;
  return jsonb_build_object(
    -- The same payment reference on another sale: the same transfer may be claimed twice.
    'reference_reuse', coalesce((
      select jsonb_agg(jsonb_build_object('sale_id', s.id, 'sale_no', s.sale_no, 'status', s.status, 'client_name', c.name,
                                          'created_at', s.created_at) order by s.created_at)
        from public.sales s join public.clients c on c.id = s.client_id
       where v_sale.payment_reference is not null
         and lower(btrim(s.payment_reference)) = lower(btrim(v_sale.payment_reference)) and s.id <> v_sale.id), '[]'::jsonb),
    -- The same voucher file (by its hash) on another sale: one payment shown twice.
    'voucher_reuse', coalesce((
      select jsonb_agg(jsonb_build_object('sale_id', s.id, 'sale_no', s.sale_no, 'status', s.status, 'client_name', c.name,
                                          'created_at', s.created_at) order by s.created_at)
        from public.sales s join public.clients c on c.id = s.client_id
       where v_sale.voucher_hash is not null and s.voucher_hash = v_sale.voucher_hash and s.id <> v_sale.id), '[]'::jsonb),
    -- Units the approval would take against the stock there is now.
    'stock', coalesce((
      select jsonb_agg(jsonb_build_object('product_id', p.id, 'name', p.name, 'needed', i.quantity, 'stock', p.stock,
                                          'short', greatest(i.quantity - p.stock, 0), 'active', p.is_active) order by p.name)
        from public.sale_items i join public.products p on p.id = i.product_id
       where i.sale_id = v_sale.id), '[]'::jsonb),
    -- For an enrolment: who the person is and whether their e-mail or document is already known.
    'enrolment', case when v_sale.kind = 'enrollment' then jsonb_build_object(
        'name', v_client.name, 'email', v_client.email, 'phone', v_client.phone, 'document_number', v_client.document_number,
        'enroller_name', (select e.name from public.clients e where e.id = v_client.enroller_id),
        -- enrol_member refuses staff's addresses; an invitation sent after the enrolment still shows here.
        'email_is_staff', private.is_staff_email(v_client.email),
        'earlier_attempts', (select count(*) from public.sales s where s.client_id = v_client.id and s.id <> v_sale.id),
        'document_reuse', coalesce((
            select jsonb_agg(jsonb_build_object('client_id', c.id, 'name', c.name, 'status', c.enrollment_status) order by c.name)
              from public.clients c
             where v_client.document_number is not null and c.id <> v_client.id
               and lower(btrim(c.document_number)) = lower(btrim(v_client.document_number))), '[]'::jsonb))
      end
  );
end
$$;
comment on function public.get_sale_checks(uuid) is
  'Personal: lo que hay que mirar antes de aprobar una venta: la misma referencia de pago o el mismo archivo de comprobante en otras ventas, el stock que faltaría y, en un enrolamiento, la persona y si su correo es del personal o su documento ya lo usa otro miembro.';

revoke all on function private.month_or_current(date), private.company_timezone() from public;
revoke all on function public.preview_order(jsonb), public.get_ledger_months(uuid),
  public.get_payout_queue(text[], integer, integer, date), public.get_payout_totals(), public.get_staff_work_counts(),
  public.get_sale_checks(uuid) from public, anon;
grant execute on function public.preview_order(jsonb), public.get_ledger_months(uuid),
  public.get_payout_queue(text[], integer, integer, date), public.get_payout_totals(), public.get_staff_work_counts(),
  public.get_sale_checks(uuid) to authenticated;
