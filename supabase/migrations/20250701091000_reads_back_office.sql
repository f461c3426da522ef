-- Reads of the back office (staff), screen by screen: Dashboard, Aprobaciones, Pagos and Clientes. Each
-- function checks the caller itself (security definer) and answers only what that caller may see.

-- Dashboard (issue 12), from the kept figures of 20250701082000_kept_dashboard_and_finance.sql ----------
create or replace function public.get_dashboard() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_tz text := private.company_timezone();
  v_today date := (private.engine_now() at time zone private.company_timezone())::date;
  v_month date := date_trunc('month', (private.engine_now() at time zone private.company_timezone()))::date;
  v_prev date;
  v_next date;
  v_threshold integer := private.activity_points();
  v_low_stock integer := coalesce((select m.low_stock_threshold from public.metadata m where m.id = 'app_settings'), 20);
  v_months jsonb;
  v_projection jsonb;
  v_result jsonb;
begin
  perform private.require_staff();
  v_prev := (v_month - interval '1 month')::date;
  v_next := (v_month + interval '1 month')::date;

  -- The last six months (the chart) with the two the cards compare.
  with months as (
    select g::date as month from generate_series(v_month - interval '5 months', v_month, interval '1 month') g
  ), kept as (
    select d.month, sum(d.new_members) as new_members, sum(d.active_members) as active_members,
           sum(d.near_active_members) as near_active_members,
           sum(d.commissions) as commissions, sum(d.bonuses) as bonuses, sum(d.reversals) as reversals,
           sum(d.commissionable_sales) as commissionable_sales
      from private.dashboard_months d where d.month >= v_month - interval '5 months' and d.month <= v_month group by d.month
  ), sales as (
    select date_trunc('month', s.day)::date as month, sum(s.sales_count) as sales_count, sum(s.total) as sales_total
      from private.sales_daily s
     where s.day >= v_prev and s.day < v_next and s.status in ('Pagada', 'Entregada')
     group by 1
  )
  select jsonb_agg(jsonb_build_object(
           'month', m.month,
           'closed', coalesce(p.status = 'closed', false),
           'sales_count', coalesce(s.sales_count, 0),
           'sales_total', coalesce(s.sales_total, 0),
           'new_members', coalesce(k.new_members, 0),
           -- A closed month's activity is what its close judged; an open month's is kept as points arrive.
           'active_members', case when p.status = 'closed' then coalesce((p.summary ->> 'active')::integer, 0)
                                  else coalesce(k.active_members, 0) end,
           'near_active_members', coalesce(k.near_active_members, 0),
           'registered_members', (select coalesce(sum(d.new_members), 0) from private.dashboard_months d where d.month <= m.month),
           'commissions', coalesce(k.commissions, 0),
           'bonuses', coalesce(k.bonuses, 0),
           'reversals', coalesce(k.reversals, 0),
           'rewards_net', coalesce(k.commissions, 0) + coalesce(k.bonuses, 0) + coalesce(k.reversals, 0),
           'commissionable_sales', coalesce(k.commissionable_sales, 0),
           'payout_ratio', round((coalesce(k.commissions, 0) + coalesce(k.bonuses, 0) + coalesce(k.reversals, 0))
                                 / nullif(k.commissionable_sales, 0), 4))
         order by m.month)
    into v_months
    from months m
    left join kept k on k.month = m.month
    left join sales s on s.month = m.month
    left join public.periods p on p.month = m.month;

  -- The projection at the close. The close changes a month's net income twice: it forfeits what
  -- members inactive at the end earned and adds the volume bonuses. Repeating the close for 100,000
  -- members takes seconds (the close preview is a job), so the projection applies the effect the last close
  -- had, as a factor: net after that close ÷ net before it (net − volume bonuses + forfeits). The
  -- current ratio × that factor; with no closed month yet, the factor is 1.
  with last_close as (
    select p.month, coalesce((p.summary ->> 'volume_bonus_amount')::numeric, 0) as volume,
           coalesce((p.summary ->> 'forfeited_amount')::numeric, 0) as forfeited
      from public.periods p where p.status = 'closed' order by p.month desc limit 1
  ), net as (
    select l.month, l.volume, l.forfeited,
           (select sum(d.commissions + d.bonuses + d.reversals) from private.dashboard_months d where d.month = l.month) as after_close
      from last_close l
  )
  select jsonb_build_object('basis_month', n.month,
                            'factor', coalesce(round(n.after_close / nullif(n.after_close - n.volume + n.forfeited, 0), 4), 1))
    into v_projection from net n;
  v_projection := coalesce(v_projection, jsonb_build_object('basis_month', null, 'factor', 1));
  v_projection := v_projection || jsonb_build_object('payout_ratio',
    round((v_months -> -1 ->> 'payout_ratio')::numeric * (v_projection ->> 'factor')::numeric, 4));

  select jsonb_build_object(
    'today', v_today,
    'month', v_month,
    'previous_month', v_prev,
    'days_left', v_next - v_today,
    'currency', coalesce((select m.currency from public.metadata m where m.id = 'app_settings'), 'USD'),
    'activity_points', v_threshold,
    'near_active_from', ceil(v_threshold / 2.0)::integer,
    'low_stock_threshold', v_low_stock,
    'months', v_months,
    'projection', v_projection,
    -- Months before this one still open: the close of last month is due (the banner).
    'unclosed_months', coalesce((select jsonb_agg(p.month order by p.month) from public.periods p
                                  where p.month < v_month and p.status = 'open'), '[]'::jsonb),
    'approvals', (select jsonb_build_object('count', count(*), 'oldest_at', min(s.created_at))
                    from public.sales s where s.status in ('Pendiente de Aprobación', 'Pendiente de Enrolamiento')),
    'payouts', (select jsonb_build_object('pending', count(*) filter (where r.status = 'pending'),
                                          'approved', count(*) filter (where r.status = 'approved'),
                                          'amount', coalesce(sum(r.amount), 0))
                  from public.payout_requests r where r.status in ('pending', 'approved')),
    -- Owed to members: the ledger's net of open months (pending) and of closed months less what was paid.
    'liability', (select jsonb_build_object('pending', x.pending, 'available_unpaid', x.available_unpaid, 'total', x.pending + x.available_unpaid)
                    from (select coalesce(sum(d.commissions + d.bonuses + d.reversals) filter (where p.status is distinct from 'closed'), 0) as pending,
                                 coalesce(sum(d.commissions + d.bonuses + d.reversals) filter (where p.status = 'closed'), 0)
                                 - coalesce(sum(d.payouts_paid), 0) as available_unpaid
                            from private.dashboard_months d left join public.periods p on p.month = d.month) x),
    -- At the last 30 days' pace (units that left the stock, net of cancellations), within 7 days.
    'running_out', coalesce((
       select jsonb_agg(jsonb_build_object('product_id', p.id, 'sku', p.sku, 'name', p.name, 'stock', p.stock,
                                           'units_30_days', u.units, 'days_left', floor(p.stock * 30.0 / u.units)::integer)
                        order by p.stock * 30.0 / u.units, p.name)
         from (select d.product_id, sum(d.units) as units from private.product_sales_daily d
                where d.day > v_today - 30 and d.day <= v_today group by d.product_id) u
         join public.products p on p.id = u.product_id
        where p.is_active and u.units > 0 and p.stock * 30 <= 7 * u.units), '[]'::jsonb),
    'daily_sales', coalesce((
       select jsonb_agg(jsonb_build_object('day', x.day, 'total', x.total, 'count', x.n) order by x.day)
         from (select s.day, sum(s.total) as total, sum(s.sales_count) as n from private.sales_daily s
                where s.day >= v_prev and s.day < v_next and s.status in ('Pagada', 'Entregada')
                group by s.day having sum(s.sales_count) <> 0) x), '[]'::jsonb),
    'top_products', coalesce((
       select jsonb_agg(jsonb_build_object('product_id', p.id, 'name', p.name, 'units', t.units, 'revenue', t.revenue)
                        order by t.units desc, t.revenue desc, p.name)
         from (select d.product_id, sum(d.units) as units, sum(d.revenue) as revenue from private.product_sales_daily d
                where d.day >= v_month and d.day < v_next group by d.product_id having sum(d.units) > 0
                order by 2 desc, 3 desc limit 5) t
         join public.products p on p.id = t.product_id), '[]'::jsonb),
    'low_stock', coalesce((
       select jsonb_agg(jsonb_build_object('product_id', p.id, 'sku', p.sku, 'name', p.name, 'stock', p.stock) order by p.stock, p.name)
         from public.products p where p.is_active and p.stock <= v_low_stock), '[]'::jsonb)
  ) into v_result;
  return v_result;
end
$$;
comment on function public.get_dashboard() is
  'Personal: el Dashboard en una lectura. Pendientes de hoy (aprobaciones y la más antigua, retiros por pagar, productos que se agotan en 7 días al ritmo de los últimos 30, miembros cerca de activarse, si el mes anterior sigue abierto), las cifras de los últimos seis meses (ventas netas de cancelaciones, miembros nuevos, activos y registrados, comisiones, bonos, ventas comisionables, ratio de pago), la proyección del ratio al cierre, el pasivo de comisiones, las series de los gráficos y el stock bajo. Lee agregados guardados, nunca recorre el libro ni las ventas.';

-- The rows behind «members close to being active», for its panel (staff, on demand). On 100,000 members
-- and a month of 1,000,000 sales (bench/README.md, «Dashboard») it scans the open month's totals (one
-- row per member with activity; no index on the points on purpose: every approval updates them in
-- place, HOT); calling private.activity_band for each row took 355 ms (a SQL function with its own
-- search_path is never inlined, so 100,000 calls), so the band is two bounds computed once, the same
-- rule (from half the activity points, rounded up, to one less than them).
create or replace function public.get_dashboard_near_active(p_limit integer default 50) returns table (
  client_id uuid, member_no bigint, name text, personal_points integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_threshold integer := private.activity_points();
  v_from integer := ceil(v_threshold / 2.0)::integer; -- where private.activity_band turns 1
begin
  perform private.require_staff();
  return query
    select c.id, c.member_no, c.name, t.personal_points
      from private.member_period_totals t join public.clients c on c.id = t.client_id
     where t.period = private.current_period()
       and t.personal_points >= v_from and t.personal_points < v_threshold
     order by t.personal_points desc, c.name
     limit least(greatest(coalesce(p_limit, 50), 1), 200);
end
$$;
comment on function public.get_dashboard_near_active(integer) is
  'Personal: los miembros que este mes están cerca de activarse (desde la mitad de los puntos de actividad hasta uno menos, la banda 1 de private.activity_band), los de más puntos primero.';
revoke all on function public.get_dashboard(), public.get_dashboard_near_active(integer) from public, anon;
grant execute on function public.get_dashboard(), public.get_dashboard_near_active(integer) to authenticated;

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

-- Aprobaciones: the queue in one call (issue 10, bench/README.md «The approvals queue»).
--
-- PostgREST read the queue as `sales?status=in.(…)&order=created_at,id&offset=…` with the member and
-- the lines embedded: it builds the embeds of every row the OFFSET skips, so page 250 of 500 took
-- 0.4–1.4 s on the 100,000-member bench. Here the page's ids come first, from the partial index of
-- the pending sales alone (an index-only walk, cheap even 5,000 entries in), and only those 20 sales
-- are read with their member and lines. The count beside them is an index-only scan of that index.
create or replace function public.get_approval_queue(p_page integer default 1, p_page_size integer default 20)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_staff();
  if p_page is null or p_page_size is null or p_page < 1 or p_page_size not between 1 and 200 then
    perform private.refuse('invalid_page', 'Página no válida: página desde 1, tamaño de 1 a 200.');
  end if;
  return jsonb_build_object(
    'total', (select count(*) from public.sales s where s.status in ('Pendiente de Aprobación', 'Pendiente de Enrolamiento')),
    'sales', coalesce((
      with page as (
        -- The same predicate as sales_pending_queue_idx, so the walk reads that index in order.
        select s.id, s.created_at
          from public.sales s
         where s.status in ('Pendiente de Aprobación', 'Pendiente de Enrolamiento')
         order by s.created_at, s.id
         limit p_page_size offset (p_page - 1)::bigint * p_page_size
      )
      select jsonb_agg(jsonb_build_object(
               'id', s.id, 'sale_no', s.sale_no, 'client_id', s.client_id, 'kind', s.kind, 'status', s.status,
               'total', s.total, 'commissionable_total', s.commissionable_total, 'points_total', s.points_total,
               'period_month', s.period_month, 'payment_method', s.payment_method, 'payment_reference', s.payment_reference,
               'voucher_path', s.voucher_path, 'delivery_address', s.delivery_address, 'notes', s.notes,
               'rejection_reason', s.rejection_reason, 'cancellation_reason', s.cancellation_reason, 'created_at', s.created_at,
               'approved_at', s.approved_at, 'delivered_at', s.delivered_at, 'rejected_at', s.rejected_at,
               'cancelled_at', s.cancelled_at,
               -- Flagged on the card, restated in the approval's confirmation.
               'fraud_signs', to_jsonb(private.sale_fraud_signs(s.id)),
               'client', (select jsonb_build_object('id', c.id, 'name', c.name, 'email', c.email, 'phone', c.phone,
                                                    'document_number', c.document_number, 'city', c.city, 'address', c.address)
                            from public.clients c where c.id = s.client_id),
               -- An enrolment whose address staff changed: who did, so the approver knows (issue 23 §2).
               'email_check', (select private.email_check_json(c.email_set_by, c.email_set_at)
                                 from public.clients c where c.id = s.client_id and s.kind = 'enrollment'),
               'items', coalesce((
                 select jsonb_agg(jsonb_build_object(
                          'product_id', i.product_id, 'quantity', i.quantity, 'unit_price', i.unit_price,
                          'unit_points', i.unit_points, 'line_total', i.line_total,
                          'product', jsonb_build_object('name', p.name, 'image_path', p.image_path, 'stock', p.stock,
                                                        'is_active', p.is_active)) order by p.name, i.id)
                   from public.sale_items i join public.products p on p.id = i.product_id
                  where i.sale_id = s.id), '[]'::jsonb))
             order by page.created_at, page.id)
        from page join public.sales s on s.id = page.id), '[]'::jsonb));
end
$$;
comment on function public.get_approval_queue(integer, integer) is
  'Personal: la cola de Aprobaciones, una página de ventas pendientes (pedidos y enrolamientos) de la más antigua a la más nueva, cada una con su miembro, sus líneas (producto, stock de ahora y si sigue activo), sus señales de alerta (fraud_signs, las frases de private.sale_fraud_signs) y, en un enrolamiento cuyo correo cambió el personal, quién lo cambió (email_check). Devuelve {total, sales}: total = todas las pendientes, para paginar; una página pasada del final trae sales vacío con el total.';

revoke all on function public.get_approval_queue(integer, integer) from public, anon;
grant execute on function public.get_approval_queue(integer, integer) to authenticated;

-- Aprobaciones: what to look at before approving a sale ---------------------------------------------------
create or replace function public.get_sale_checks(p_sale_id uuid) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_sale public.sales;
  v_client public.clients;
  v_reference_reuse jsonb := '[]';
  v_voucher_reuse jsonb := '[]';
begin
  perform private.require_staff();
  select * into v_sale from public.sales s where s.id = p_sale_id;
  if not found then
    perform private.refuse('sale_not_found', 'La venta no existe.');
  end if;
  select * into v_client from public.clients c where c.id = v_sale.client_id;
  -- Looked for only when the sale has what they compare, in an «if»: a «v_sale.… is not null» inside the
  -- query would make PostgreSQL plan it again for each sale without one (see private.sale_fraud_signs).
  -- The same payment reference on another sale: the same transfer may be claimed twice.
  if v_sale.payment_reference is not null then
    select coalesce(jsonb_agg(jsonb_build_object('sale_id', s.id, 'sale_no', s.sale_no, 'status', s.status, 'client_name', coalesce(c.name, s.buyer_name),
                                                 'created_at', s.created_at) order by s.created_at), '[]')
      into v_reference_reuse
      from public.sales s left join public.clients c on c.id = s.client_id -- a walk-in sale counts too
     where s.payment_reference is not null
       and lower(btrim(s.payment_reference)) = lower(btrim(v_sale.payment_reference)) and s.id <> v_sale.id;
  end if;
  -- The same voucher file (by its hash) on another sale: one payment shown twice.
  if v_sale.voucher_hash is not null then
    select coalesce(jsonb_agg(jsonb_build_object('sale_id', s.id, 'sale_no', s.sale_no, 'status', s.status, 'client_name', coalesce(c.name, s.buyer_name),
                                                 'created_at', s.created_at) order by s.created_at), '[]')
      into v_voucher_reuse
      from public.sales s left join public.clients c on c.id = s.client_id
     where s.voucher_hash = v_sale.voucher_hash and s.id <> v_sale.id;
  end if;
  return jsonb_build_object(
    -- Every sign below as the sentence approve_sale refuses with unless the approver reviewed them.
    'fraud_signs', to_jsonb(private.sale_fraud_signs(v_sale.id)),
    'reference_reuse', v_reference_reuse,
    'voucher_reuse', v_voucher_reuse,
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
        'email_check', private.email_check_json(v_client.email_set_by, v_client.email_set_at),
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
  'Personal: lo que hay que mirar antes de aprobar una venta: sus señales de alerta en frases (fraud_signs, las que approve_sale exige revisar), la misma referencia de pago o el mismo archivo de comprobante en otras ventas, el stock que faltaría y, en un enrolamiento, la persona, si su correo es del personal o lo cambió alguien del personal (email_check) y si su documento ya lo usa otro miembro.';

-- Aprobaciones: the amount an approver read on the voucher (note_voucher_amount writes it).
create or replace function public.get_voucher_note(p_sale_id uuid) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_staff();
  if not exists (select 1 from public.sales s where s.id = p_sale_id) then
    perform private.refuse('sale_not_found', 'La venta no existe.');
  end if;
  return private.voucher_note_json(p_sale_id);
end
$$;
comment on function public.get_voucher_note(uuid) is
  'Personal: el importe anotado del comprobante de una venta, su total, la diferencia y si coinciden (null si nadie lo anotó).';

-- Pagos: the payout requests, for staff ----------------------------------------------------------------
create or replace function public.get_payout_queue(
  p_statuses text[] default null, p_page integer default 1, p_page_size integer default 50, p_month date default null,
  p_outside_bank_files boolean default false
)
returns table (
  id uuid, client_id uuid, client_name text, client_email text, client_document text, amount numeric, status text,
  payment_details text, payment_reference text, rejection_reason text, requested_at timestamptz, decided_at timestamptz,
  paid_at timestamptz, available numeric, total bigint,
  reference text, account_institution text, account_type text, account_number text, account_holder text,
  account_document_type text, account_document text, account_holder_is_member boolean, account_changed_at timestamptz,
  account_changed_days integer, open_batch_id uuid, open_batch_no bigint, bank_reason text
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
         -- «Exportar archivo de pago»: what can go in a new file, filtered before the page is cut (a
         -- first page of requests all waiting in a file would hide the ones behind it).
         and (not p_outside_bank_files
              or not exists (select 1 from public.payout_batch_items i where i.payout_id = r.id and i.outcome = 'sent'))
       order by r.requested_at, r.id
       limit p_page_size offset (p_page - 1) * p_page_size
    )
    select r.id, r.client_id, c.name, c.email, c.document_number, r.amount, r.status, r.payment_details, r.payment_reference,
           r.rejection_reason, r.requested_at, r.decided_at, r.paid_at, b.available, r.total,
           private.payout_reference(r.number), n.name, a.account_type, a.account_number, a.holder_name,
           a.holder_document_type, a.holder_document_number, a.holder_is_member,
           changed.changed_at, ((private.engine_now() at time zone v_tz)::date - (changed.changed_at at time zone v_tz)::date),
           waiting.batch_id, waiting.batch_no, failed.bank_reason
      from page r
      join public.clients c on c.id = r.client_id
      cross join lateral private.balance_of(r.client_id) b
      -- The account it goes to: the one it was approved with, or while pending the member's current one.
      left join public.payout_accounts a on a.id = coalesce(r.payout_account_id,
             case when r.status = 'pending' then (select ca.id from public.payout_accounts ca where ca.client_id = r.client_id and ca.replaced_at is null) end)
      left join public.payout_institutions n on n.code = a.institution_code
      -- «Cuenta cambiada hace N días»: the account replaced an earlier one, and this is the first request
      -- (of those not rejected before approval) to go to it.
      left join lateral (
        select a.created_at as changed_at
         where exists (select 1 from public.payout_accounts older
                        where older.client_id = a.client_id and older.id <> a.id and older.replaced_at is not null and older.created_at <= a.created_at)
           and not exists (select 1 from public.payout_requests earlier
                            where earlier.payout_account_id = a.id and earlier.id <> r.id and earlier.requested_at < r.requested_at)
      ) changed on true
      left join lateral (
        select i.batch_id, bt.batch_no from public.payout_batch_items i join public.payout_batches bt on bt.id = i.batch_id
         where i.payout_id = r.id and i.outcome = 'sent'
      ) waiting on true
      left join lateral (
        select i.bank_reason from public.payout_batch_items i where i.payout_id = r.id and i.outcome = 'failed'
         order by i.settled_at desc limit 1
      ) failed on true
     order by r.requested_at, r.id;
end
$$;
comment on function public.get_payout_queue(text[], integer, integer, date, boolean) is
  'Personal: solicitudes de cobro por estado, de la más antigua a la más nueva, con su referencia (RET-000123), la cuenta a la que va (la de su aprobación o, pendiente, la vigente del miembro; account_changed_at/days si es la primera solicitud hacia una cuenta cambiada), el archivo de pago que espera la respuesta del banco, el último motivo del banco si la devolvió, el documento del miembro y su saldo disponible al lado (después de reservar esta solicitud y las demás abiertas). p_month (primer día de un mes de negocio): solo las terminadas ese mes, pagadas por su fecha de pago y rechazadas o aprobadas por la de la decisión, como las cuentan los totales. p_outside_bank_files: solo las que no esperan en un archivo de pago la respuesta del banco (las que pueden ir en uno nuevo). total = solicitudes con ese filtro.';

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

-- Pagos' payment files, newest first, with what the bank answered of each.
create or replace function public.get_payout_batches(p_page integer default 1, p_page_size integer default 10)
returns table (
  id uuid, batch_no bigint, layout text, application_date date, payout_count integer, total_amount numeric, currency text,
  created_at timestamptz, created_by_email text, download_count integer, last_downloaded_at timestamptz, voided_at timestamptz,
  void_reason text, waiting integer, paid integer, failed integer, voided integer, total bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_staff();
  if p_page < 1 or p_page_size not between 1 and 50 then
    perform private.refuse('invalid_page', 'Página no válida: página desde 1, tamaño de 1 a 50.');
  end if;
  return query
    select b.id, b.batch_no, b.layout, b.application_date, b.payout_count, b.total_amount, b.currency, b.created_at, u.email::text,
           b.download_count, b.last_downloaded_at, b.voided_at, b.void_reason,
           o.waiting, o.paid, o.failed, o.voided, count(*) over ()
      from public.payout_batches b
      left join auth.users u on u.id = b.created_by
      cross join lateral (
        select count(*) filter (where i.outcome = 'sent')::integer as waiting, count(*) filter (where i.outcome = 'paid')::integer as paid,
               count(*) filter (where i.outcome = 'failed')::integer as failed, count(*) filter (where i.outcome = 'voided')::integer as voided
          from public.payout_batch_items i where i.batch_id = b.id) o
     order by b.created_at desc, b.id
     limit p_page_size offset (p_page - 1) * p_page_size;
end
$$;
comment on function public.get_payout_batches(integer, integer) is
  'Personal: los archivos de pago, el más nuevo primero: formato, día, cantidad y total, quién lo generó, cuántas veces se descargó, si se anuló, y cuántas líneas esperan al banco, se pagaron, el banco devolvió o se anularon. total = archivos.';

revoke all on function public.get_staff_work_counts(), public.get_sale_checks(uuid), public.get_voucher_note(uuid),
  public.get_payout_queue(text[], integer, integer, date, boolean), public.get_payout_totals(), public.get_payout_batches(integer, integer) from public, anon;
grant execute on function public.get_staff_work_counts(), public.get_sale_checks(uuid), public.get_voucher_note(uuid),
  public.get_payout_queue(text[], integer, integer, date, boolean), public.get_payout_totals(), public.get_payout_batches(integer, integer) to authenticated;

-- Clientes (issue 11): staff find any member and open their record.
--   * search_members: name, e-mail, document or slug, without accents or capitals, with %, _ and
--     quotes as plain letters; filters (active this month, star level, enrolment state, city), sort,
--     pages, and a count that stops counting past what the pager needs. The statement is built for the
--     filters given, so each call is planned for its own predicates instead of one generic plan with
--     every «or is null» (its indexes: members migration).
--   * get_client_profile: the record, the enroller and the whole upline.
--   * get_client_audit: the audit trail of the record, for staff (audit_logs is superadmin-only).
create or replace function public.search_members(
  p_query text default null, p_active boolean default null, p_star_level smallint default null,
  p_status text default null, p_city text default null, p_sort text default 'nombre', p_desc boolean default false,
  p_page integer default 1, p_page_size integer default 25)
returns table (
  id uuid, member_no bigint, name text, email text, phone text, document_number text, city text, slug text,
  star_level smallint, is_active boolean, enrollment_status text, joined_at timestamptz, enroller_name text,
  total bigint, total_capped boolean
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_query text := nullif(btrim(coalesce(p_query, '')), '');
  v_city text := nullif(btrim(coalesce(p_city, '')), '');
  v_words text[];
  v_where text[] := array['true'];
  v_order text;
  v_cap integer;
  v_word text;
begin
  perform private.require_staff();
  if p_page < 1 or p_page > 10000 or p_page_size not between 1 and 100
     or char_length(v_query) > 100 or char_length(v_city) > 100 then
    perform private.refuse('invalid_page', 'Búsqueda no válida: página de 1 a 10.000, tamaño de 1 a 100, texto y ciudad de hasta 100 caracteres.');
  end if;
  if p_status is not null and p_status not in ('pending', 'registered', 'rejected', 'cancelled') then
    perform private.refuse('invalid_filter', 'Filtro no válido: el estado de enrolamiento es pending, registered, rejected o cancelled.');
  end if;
  if p_sort not in ('nombre', 'ingreso', 'nivel', 'numero') then
    perform private.refuse('invalid_filter', 'Orden no válido: usa nombre, ingreso, nivel o numero.');
  end if;

  -- Each word narrows the list (all must match), in any of the four fields. A word without a letter
  -- or a digit gives the trigram index nothing to look up: it only filters what the other words
  -- found (strpos, which the planner cannot send to the index), and alone it finds nobody (every
  -- name, e-mail, document and slug has letters or digits).
  v_words := array(select distinct w from unnest(pg_catalog.regexp_split_to_array(private.unaccent_lower(coalesce(v_query, '')), '\s+')) w
                    where w <> '' limit 8);
  if v_query is not null and not exists (select 1 from unnest(v_words) w where w ~ '[[:alnum:]]') then
    return;
  end if;
  foreach v_word in array v_words loop
    v_where := v_where || case
      when v_word !~ '[[:alnum:]]' then
        format('strpos(private.member_search_text(c.name, c.email, c.document_number, c.slug), %L) > 0', v_word)
      else
        format('private.member_search_text(c.name, c.email, c.document_number, c.slug) like %L',
          case when char_length(v_word) >= 3 then '%' || private.like_escape(v_word) || '%'
               else '% ' || private.like_escape(v_word) || '%' end)
      end;
  end loop;
  if p_active is not null then v_where := v_where || format('c.is_active = %L', p_active); end if;
  if p_star_level is not null then v_where := v_where || format('c.star_level = %L', p_star_level); end if;
  if p_status is not null then v_where := v_where || format('c.enrollment_status = %L', p_status); end if;
  if v_city is not null then v_where := v_where || format('private.unaccent_lower(c.city) = private.unaccent_lower(%L)', v_city); end if;

  v_order := case p_sort
    when 'nombre' then 'c.name %1$s, c.id %1$s'
    -- Nulls where the index has them either way it is read: pending members (no date yet) come
    -- last from the oldest, first from the newest, which is what they are.
    when 'ingreso' then 'c.joined_at %1$s, c.id %1$s'
    when 'nivel' then 'c.star_level %1$s, c.name, c.id'
    else 'c.member_no %1$s' end;
  v_order := format(v_order, case when p_desc then 'desc' else 'asc' end);
  -- Counting stops four pages past this one: «más de N» is all a pager needs, and neither a common
  -- letter nor a filter without an index makes the database count the whole table.
  v_cap := (p_page + 4) * p_page_size;

  -- The filter is written twice on purpose: a CTE read by both would be materialised whole (every
  -- match of a common letter) before either the page or the count could stop early.
  -- By level, each level's first members by name (the name index, filtered by level) and then the
  -- levels in order: no index on star_level, whose change at the close would otherwise rewrite every
  -- index of the member (bench/README.md, «The month close, 2026-11-27»); a sort of every member by
  -- level took 0.9–1.5 s at 1,000,000 members, with or without one.
  return query execute format($q$
    with counted as (
      select count(*) as n from (select 1 from public.clients c where %1$s limit %3$s + 1) x
    ),
    page as (
      %4$s
    )
    select c.id, c.member_no, c.name, c.email, c.phone, c.document_number, c.city, c.slug, c.star_level, c.is_active,
           c.enrollment_status, c.joined_at, e.name, least(k.n, %3$s)::bigint, k.n > %3$s
      from page c
      cross join counted k
      left join public.clients e on e.id = c.enroller_id
     order by %2$s
  $q$, array_to_string(v_where, ' and '), v_order, v_cap,
     case when p_sort = 'nivel' then format($p$
       select c.* from (select l.level from public.star_level_configs l order by l.level %1$s) l
        cross join lateral (select c.* from public.clients c where %2$s and c.star_level = l.level
                             order by c.name, c.id limit %3$s) c
        order by c.star_level %1$s, c.name, c.id limit %4$s offset %5$s$p$,
       case when p_desc then 'desc' else 'asc' end, array_to_string(v_where, ' and '), p_page * p_page_size, p_page_size,
       (p_page - 1) * p_page_size)
     else format('select c.* from public.clients c where %s order by %s limit %s offset %s',
                 array_to_string(v_where, ' and '), v_order, p_page_size, (p_page - 1) * p_page_size) end);
end
$$;
comment on function public.search_members(text, boolean, smallint, text, text, text, boolean, integer, integer) is
  'Clientes (personal): busca miembros por nombre, correo, documento o slug sin tildes ni mayúsculas (cada palabra debe aparecer; de 3 letras o más, en cualquier parte; más corta, al inicio de una palabra; %, _ y comillas son letras), con filtros activo en el mes, nivel, estado de enrolamiento y ciudad, orden nombre / ingreso / nivel / numero y páginas. total cuenta hasta cuatro páginas más allá de la pedida; total_capped dice que hay más. Un texto sin letras ni números no halla a nadie.';

create or replace function private.client_for_staff(p_client_id uuid) returns public.clients
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_client public.clients;
begin
  perform private.require_staff();
  select * into v_client from public.clients c where c.id = p_client_id;
  if not found then
    perform private.refuse('unknown_client', 'El miembro no existe.');
  end if;
  return v_client;
end
$$;
comment on function private.client_for_staff(uuid) is 'La ficha de un miembro para el personal: exige admin o superadmin y que el miembro exista.';

create or replace function public.get_client_profile(p_client_id uuid) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_client public.clients := private.client_for_staff(p_client_id);
begin
  return jsonb_build_object(
    'id', v_client.id, 'member_no', v_client.member_no, 'name', v_client.name, 'email', v_client.email,
    'phone', v_client.phone, 'document_number', v_client.document_number, 'address', v_client.address,
    'city', v_client.city, 'slug', v_client.slug, 'star_level', v_client.star_level,
    'star_name', (select s.name from public.star_level_configs s where s.level = v_client.star_level),
    'is_active', v_client.is_active, 'enrollment_status', v_client.enrollment_status,
    'joined_at', v_client.joined_at, 'created_at', v_client.created_at, 'has_login', v_client.auth_uid is not null,
    -- An address staff changed, waiting for someone else (issue 23 §2).
    'email_check', private.email_check_json(v_client.email_set_by, v_client.email_set_at),
    'depth', extensions.nlevel(v_client.path),
    'direct_enrollees', (select count(*) from public.clients k where k.enroller_id = v_client.id and k.enrollment_status = 'registered'),
    -- From the root down to the enroller: path's labels are member numbers, one unique-index probe each.
    'upline', coalesce((
      select jsonb_agg(jsonb_build_object('id', a.id, 'name', a.name, 'member_no', a.member_no, 'depth', l.depth) order by l.depth)
        from unnest((pg_catalog.string_to_array(extensions.ltree2text(v_client.path), '.'))[:extensions.nlevel(v_client.path) - 1])
             with ordinality l(member_no, depth)
        join public.clients a on a.member_no = l.member_no::bigint), '[]'::jsonb));
end
$$;
comment on function public.get_client_profile(uuid) is
  'Ficha de un miembro para el personal: datos de contacto, documento, dirección, slug, nivel y su nombre, actividad, estado de enrolamiento, si tiene cuenta vinculada, el cambio de correo que espera la confirmación de otra persona del personal (email_check), profundidad en la red, enrolados directos y la línea ascendente completa (de la raíz al enrolador, upline[-1]).';

create or replace function public.get_client_audit(p_client_id uuid, p_page integer default 1, p_page_size integer default 20)
returns table (
  id bigint, occurred_at timestamptz, action text, actor_name text, actor_role text, changes jsonb, total bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_client public.clients := private.client_for_staff(p_client_id);
begin
  if p_page < 1 or p_page_size not between 1 and 100 then
    perform private.refuse('invalid_page', 'Página no válida: página desde 1, tamaño de 1 a 100.');
  end if;
  return query
    select a.id, a.occurred_at, a.action,
           coalesce(ac.name, u.email::text, case when a.actor_id is null then 'Sistema' end),
           a.actor_role,
           -- What changed, field by field: {"phone": {"antes": …, "despues": …}}. The path follows
           -- the enroller and updated_at every change: neither is a fact of its own.
           case when a.action = 'UPDATE' then (
             select jsonb_object_agg(k.key, jsonb_build_object('antes', a.old_values -> k.key, 'despues', a.new_values -> k.key))
               from jsonb_object_keys(a.new_values) k(key)
              where k.key not in ('updated_at', 'path')
                and (a.old_values -> k.key) is distinct from (a.new_values -> k.key))
           end,
           count(*) over ()
      from public.audit_logs a
      left join public.clients ac on ac.auth_uid = a.actor_id
      left join auth.users u on u.id = a.actor_id
     where a.table_name = 'clients' and a.row_id = v_client.id::text
     order by a.occurred_at desc, a.id desc
     limit p_page_size offset (p_page - 1) * p_page_size;
end
$$;
comment on function public.get_client_audit(uuid, integer, integer) is
  'Personal: la bitácora de la ficha de un miembro, de lo más reciente a lo más antiguo, con quién (nombre o correo y rol) y, en cada cambio, los campos con su valor antes y después.';
revoke all on function private.client_for_staff(uuid) from public;
revoke all on function public.search_members(text, boolean, smallint, text, text, text, boolean, integer, integer),
  public.get_client_profile(uuid), public.get_client_audit(uuid, integer, integer) from public, anon;
grant execute on function public.search_members(text, boolean, smallint, text, text, text, boolean, integer, integer),
  public.get_client_profile(uuid), public.get_client_audit(uuid, integer, integer) to authenticated;

-- Clientes (issue 11): «¿Por qué no cobró?».
--
-- get_why_not_paid answers the call centre's commonest question in one read: a member's personal
-- points of a month against the activity threshold the month is judged by (with the entries that
-- made them), every commission and bonus of that month with what became of it (pending, available,
-- forfeited at the close with the close's own sentence and figures, reversed with the cancelled
-- sale) and a verdict the screen turns into one sentence. Staff only.

-- «¿Por qué no cobró?» -----------------------------------------------------------------------------------
create or replace function public.get_why_not_paid(p_client_id uuid, p_month date default null) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_staff uuid := private.require_staff();
  v_month date := private.month_or_current(p_month);
  v_member public.clients;
  v_period public.periods;
  v_closed boolean;
  v_totals private.member_period_totals;
  v_threshold integer;
  v_points integer;
  v_active boolean;
  v_cap constant integer := 100;
  v_entries jsonb;
  v_points_lines jsonb;
  v_entries_more boolean;
  v_points_more boolean;
  v_earned numeric;
  v_forfeited numeric;
  v_reversed numeric;
  v_verdict text;
begin
  select * into v_member from public.clients c where c.id = p_client_id;
  if not found then
    perform private.refuse('unknown_client', 'El miembro no existe.');
  end if;
  select * into v_period from public.periods p where p.month = v_month;
  v_closed := coalesce(v_period.status = 'closed', false);
  select * into v_totals from private.member_period_totals t where t.client_id = p_client_id and t.period = v_month;
  -- The threshold the month is judged by: the plan its close used; today's plan while it is open.
  v_threshold := coalesce(
    (select (v.plan ->> 'activity_points')::integer from public.plan_versions v
      where v_closed and v.version = (v_period.summary ->> 'plan_version')::integer),
    (select (p.plan ->> 'activity_points')::integer from private.plan() p));
  v_points := coalesce(v_totals.personal_points, 0);
  -- A closed month keeps the activity its close judged; an open one is judged by its points so far.
  v_active := case when v_closed then coalesce(v_totals.was_active, false) else v_points >= v_threshold end;

  -- The first v_cap entries of each list (money, points) in the order they were written, each with
  -- its reversal (an entry is reversed at most once, in its own month), sale and source member. A
  -- heavy upline has thousands of money entries in a month and a few of points: each list is read
  -- from its own index and stops after v_cap + 1 rows (the last only says there are more).
  with listed as (
    (select r.* from public.reward_transactions r
      where r.beneficiary_id = p_client_id and r.period_month = v_month and r.reverses_id is null and r.points = 0
      order by r.id limit v_cap + 1)
    union all
    (select r.* from public.reward_transactions r
      where r.beneficiary_id = p_client_id and r.period_month = v_month and r.points > 0
      order by r.id limit v_cap + 1)
  ), numbered as (
    select l.*, row_number() over (partition by l.points > 0 order by l.id) as nth from listed l
  ), described as (
    select e.*, x.id as x_id, x.amount as x_amount, x.points as x_points, x.rule as x_rule, x.reason as x_reason,
           x.created_at as x_created_at,
           case when x.id is null then case when v_closed then 'disponible' else 'pendiente' end
                when x.reason = 'Beneficiario inactivo al cierre del mes' then 'anulada'
                else 'revertida' end as state,
           s.sale_no, s.kind as sale_kind, s.status as sale_status, s.cancelled_at, s.cancellation_reason,
           sc.name as source_client_name
      from numbered e
      left join public.reward_transactions x on x.reverses_id = e.id
      left join public.sales s on s.id = e.source_sale_id
      left join public.clients sc on sc.id = e.source_client_id
     where e.nth <= v_cap
  )
  select
    coalesce(jsonb_agg(jsonb_build_object(
        'id', d.id, 'type', d.type, 'amount', d.amount, 'created_at', d.created_at, 'explanation', private.staff_voice(d.rule),
        'generation', d.generation, 'sale_id', d.source_sale_id, 'sale_no', d.sale_no, 'sale_kind', d.sale_kind,
        'sale_status', d.sale_status, 'source_client_name', d.source_client_name, 'state', d.state,
        'reversal', case when d.x_id is not null then jsonb_build_object(
            'id', d.x_id, 'amount', d.x_amount, 'explanation', private.staff_voice(d.x_rule), 'reason', d.x_reason, 'created_at', d.x_created_at,
            'cancelled_at', d.cancelled_at, 'cancellation_reason', d.cancellation_reason) end)
        order by d.id) filter (where d.points = 0), '[]'::jsonb),
    coalesce(jsonb_agg(jsonb_build_object(
        'id', d.id, 'type', d.type, 'points', d.points, 'created_at', d.created_at, 'explanation', private.staff_voice(d.rule),
        'sale_id', d.source_sale_id, 'sale_no', d.sale_no, 'sale_kind', d.sale_kind, 'sale_status', d.sale_status,
        'source_client_name', d.source_client_name, 'state', case when d.x_id is null then 'vigente' else 'revertida' end,
        'reversal', case when d.x_id is not null then jsonb_build_object(
            'id', d.x_id, 'points', d.x_points, 'explanation', private.staff_voice(d.x_rule), 'reason', d.x_reason, 'created_at', d.x_created_at,
            'cancelled_at', d.cancelled_at, 'cancellation_reason', d.cancellation_reason) end)
        order by d.id) filter (where d.points > 0), '[]'::jsonb),
    exists (select 1 from numbered n where n.points = 0 and n.nth > v_cap),
    exists (select 1 from numbered n where n.points > 0 and n.nth > v_cap)
    into v_entries, v_points_lines, v_entries_more, v_points_more
    from described d;

  -- The month's money by what became of it. What the close forfeited is kept by the close beside the
  -- month's net income (a heavy upline's forfeits are thousands of entries); the other reversals
  -- (cancelled sales) come from an index of their own. What was earned is the net income plus what
  -- both took back.
  v_forfeited := coalesce(v_totals.forfeited, 0);
  select coalesce(-sum(x.amount), 0) into v_reversed
    from public.reward_transactions x
   where x.beneficiary_id = p_client_id and x.period_month = v_month and x.reverses_id is not null
     and x.type = 'reversal_commission' and x.reason is distinct from 'Beneficiario inactivo al cierre del mes';
  v_earned := coalesce(v_totals.income, 0) + v_forfeited + v_reversed;

  -- What the screen says first. The figures behind each verdict are in the same answer.
  v_verdict := case
    when v_earned = 0 then 'no_income'
    when v_earned - v_forfeited - v_reversed > 0 then
      case when v_closed then 'paid' when v_active then 'pending' else 'at_risk' end
    when v_forfeited > 0 then 'forfeited'
    else 'reversed' end;

  return jsonb_build_object(
    'client_id', v_member.id, 'client_name', v_member.name, 'month', v_month, 'month_closed', v_closed,
    'is_current', v_month = private.current_period(), 'closed_at', v_period.closed_at,
    'currency', (select m.currency from public.metadata m where m.id = 'app_settings'),
    'activity_points', v_threshold, 'personal_points', v_points, 'is_active', v_active,
    'points_missing', greatest(v_threshold - v_points, 0),
    'verdict', v_verdict,
    'earned', v_earned, 'forfeited', v_forfeited, 'reversed', v_reversed,
    'pending', case when v_closed then 0 else v_earned - v_forfeited - v_reversed end,
    'available', case when v_closed then v_earned - v_forfeited - v_reversed else 0 end,
    'entries', v_entries, 'entries_more', v_entries_more,
    'point_lines', v_points_lines, 'point_lines_more', v_points_more);
end
$$;
comment on function public.get_why_not_paid(uuid, date) is
  'Personal: «¿Por qué no cobró?» de un miembro en un mes (el en curso si no se indica). Sus puntos personales frente a los de actividad con que se juzga el mes (los del plan de su cierre; los de hoy si sigue abierto) y los asientos de puntos que los hicieron (compras y kits de sus enrolados, con la venta y su reverso si se canceló); cada comisión o bono del mes con su estado: pendiente, disponible, anulada al cierre (con la frase del cierre, que lleva la regla y la cifra) o revertida (con la venta cancelada y el motivo); los importes de cada estado y un veredicto (no_income, paid, pending, at_risk, forfeited, reversed) que la pantalla convierte en una frase. Hasta 100 asientos de cada lista (entries_more / point_lines_more dicen si hay más).';

revoke all on function public.get_why_not_paid(uuid, date) from public, anon;
grant execute on function public.get_why_not_paid(uuid, date) to authenticated;

-- Clientes: the members a superadmin may choose as a new enroller (change_enroller, members migration).
create or replace function public.search_enroller_candidates(p_search text, p_limit integer default 10)
returns table (id uuid, name text, email text, city text, star_level smallint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_search text := nullif(btrim(coalesce(p_search, '')), '');
begin
  if not private.is_superadmin() then
    perform private.refuse('forbidden', 'Solo un superadmin puede cambiar el enrolador de un miembro.');
  end if;
  if p_limit not between 1 and 25 or char_length(v_search) > 100 then
    perform private.refuse('invalid_page', 'Búsqueda no válida: hasta 100 caracteres y de 1 a 25 resultados.');
  end if;
  if v_search is null or char_length(v_search) < 2 then
    return;
  end if;
  return query
    select c.id, c.name, c.email, c.city, c.star_level
      from public.clients c
     where c.enrollment_status = 'registered'
       and (strpos(private.search_key(c.name), private.search_key(v_search)) > 0
            or strpos(pg_catalog.lower(c.email), pg_catalog.lower(v_search)) > 0)
     order by c.name, c.id
     limit p_limit;
end
$$;
comment on function public.search_enroller_candidates(text, integer) is
  'Superadmin: miembros aprobados cuyo nombre (sin tildes ni mayúsculas) o correo contiene el texto, para elegir el nuevo enrolador (desde 2 caracteres; %, _ y comillas son letras).';
revoke all on function public.search_enroller_candidates(text, integer) from public, anon;
grant execute on function public.search_enroller_candidates(text, integer) to authenticated;
