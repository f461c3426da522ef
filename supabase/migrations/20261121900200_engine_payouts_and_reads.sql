-- Reward engine (issue 5), part 3: balances, payout requests, the explained ledger and the network.
--
-- Balance of a member (DESIGN.md §5):
--   settled   = net income (ledger amounts) of closed months, clawbacks included
--   pending   = net income of months still open
--   reserved  = payout requests pending or approved;  paid = payout requests paid
--   available = settled − reserved − paid
-- A payout request locks the member's reward_balances row (FOR UPDATE) before reading the balance,
-- so parallel requests are checked one after another and can never overdraw.

create or replace function private.balance_of(p_client_id uuid) returns table (
  available numeric, pending numeric, settled numeric, reserved numeric, paid numeric
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return query
    with income as (
      select coalesce(sum(t.income) filter (where p.status = 'closed'), 0) as settled,
             coalesce(sum(t.income) filter (where p.status = 'open'), 0) as pending
        from private.member_period_totals t join public.periods p on p.month = t.period
       where t.client_id = p_client_id
    )
    select i.settled - coalesce(b.reserved, 0) - coalesce(b.paid, 0), i.pending, i.settled,
           coalesce(b.reserved, 0), coalesce(b.paid, 0)
      from income i left join private.reward_balances b on b.client_id = p_client_id;
end
$$;
comment on function private.balance_of(uuid) is
  'Saldo de un miembro: disponible = ingresos netos de meses cerrados − retiros pedidos o aprobados − retiros pagados; pendiente = ingresos netos de meses abiertos.';

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

create or replace function public.request_payout(p_amount numeric, p_payment_details text default null) returns public.payout_requests
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me uuid := private.require_member();
  v_min numeric := (select m.min_payout from public.metadata m where m.id = 'app_settings');
  v_currency text := (select m.currency from public.metadata m where m.id = 'app_settings');
  v_available numeric;
  v_request public.payout_requests;
begin
  if p_amount is null or p_amount <= 0 then
    perform private.refuse('invalid_amount', 'El importe del retiro debe ser mayor que cero.');
  end if;
  if p_amount <> round(p_amount, 2) then
    perform private.refuse('invalid_amount', 'El importe del retiro no puede tener más de dos decimales.');
  end if;
  if p_amount < v_min then
    perform private.refuse('below_minimum',
      format('El retiro mínimo es de %s %s.', private.money(v_min), v_currency));
  end if;
  if char_length(p_payment_details) > 500 then
    perform private.refuse('text_too_long', 'Los datos de pago admiten 500 caracteres.');
  end if;
  insert into private.reward_balances (client_id) values (v_me) on conflict (client_id) do nothing;
  perform 1 from private.reward_balances b where b.client_id = v_me for update;
  select b.available into v_available from private.balance_of(v_me) b;
  if p_amount > v_available then
    perform private.refuse('above_balance',
      format('El importe solicitado (%s %s) supera tu saldo disponible (%s %s).',
             private.money(p_amount), v_currency, private.money(greatest(v_available, 0)), v_currency));
  end if;
  insert into public.payout_requests (client_id, amount, payment_details, requested_by, requested_at)
  values (v_me, p_amount, nullif(btrim(p_payment_details), ''), auth.uid(), private.engine_now())
  returning * into v_request;
  update private.reward_balances b set reserved = b.reserved + p_amount, updated_at = now() where b.client_id = v_me;
  return v_request;
end
$$;
comment on function public.request_payout(numeric, text) is
  'Miembro: pide cobrar parte de su saldo disponible. Entre el mínimo de la configuración y el disponible, comprobado bajo bloqueo de su fila de saldo: peticiones simultáneas no pueden superar el saldo.';

create or replace function private.payout_for_update(p_payout_id uuid) returns public.payout_requests
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_request public.payout_requests;
begin
  select * into v_request from public.payout_requests r where r.id = p_payout_id for update;
  if not found then
    perform private.refuse('payout_not_found', 'La solicitud de cobro no existe.');
  end if;
  -- Then the balance row, always in this order (request, balance) so payouts cannot deadlock.
  perform 1 from private.reward_balances b where b.client_id = v_request.client_id for update;
  return v_request;
end
$$;
comment on function private.payout_for_update(uuid) is 'Lee y bloquea una solicitud de cobro y la fila de saldo de su miembro; rechaza si no existe.';

create or replace function private.payout_status_label(p_status text) returns text
language sql
immutable
set search_path = ''
as $$
  select case p_status when 'pending' then 'pendiente' when 'approved' then 'aprobada' when 'paid' then 'pagada'
                       when 'rejected' then 'rechazada' else p_status end
$$;
comment on function private.payout_status_label(text) is 'Estado de un cobro en español para los mensajes.';

create or replace function public.approve_payout(p_payout_id uuid) returns public.payout_requests
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := private.require_staff();
  v_request public.payout_requests := private.payout_for_update(p_payout_id);
begin
  if v_request.status <> 'pending' then
    perform private.refuse('invalid_transition',
      format('La solicitud de cobro está %s: solo se aprueba una pendiente.', private.payout_status_label(v_request.status)));
  end if;
  update public.payout_requests r set status = 'approved', decided_by = v_actor, decided_at = private.engine_now()
   where r.id = p_payout_id returning * into v_request;
  return v_request;
end
$$;
comment on function public.approve_payout(uuid) is 'Personal: aprueba una solicitud de cobro pendiente (sigue reservada hasta pagarse).';

create or replace function public.pay_payout(p_payout_id uuid, p_reference text) returns public.payout_requests
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := private.require_staff();
  v_request public.payout_requests;
begin
  if char_length(btrim(coalesce(p_reference, ''))) not between 1 and 120 then
    perform private.refuse('reference_required', 'Indica la referencia del pago (hasta 120 caracteres).');
  end if;
  v_request := private.payout_for_update(p_payout_id);
  if v_request.status <> 'approved' then
    perform private.refuse('invalid_transition',
      format('La solicitud de cobro está %s: solo se paga una aprobada.', private.payout_status_label(v_request.status)));
  end if;
  update public.payout_requests r
     set status = 'paid', paid_by = v_actor, paid_at = private.engine_now(), payment_reference = btrim(p_reference)
   where r.id = p_payout_id returning * into v_request;
  update private.reward_balances b
     set reserved = b.reserved - v_request.amount, paid = b.paid + v_request.amount, updated_at = now()
   where b.client_id = v_request.client_id;
  return v_request;
end
$$;
comment on function public.pay_payout(uuid, text) is 'Personal: marca pagada una solicitud aprobada con la referencia del pago. Pagar dos veces se rechaza.';

create or replace function public.reject_payout(p_payout_id uuid, p_reason text) returns public.payout_requests
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := private.require_staff();
  v_request public.payout_requests;
begin
  if char_length(btrim(coalesce(p_reason, ''))) not between 3 and 500 then
    perform private.refuse('reason_required', 'Indica el motivo del rechazo (entre 3 y 500 caracteres).');
  end if;
  v_request := private.payout_for_update(p_payout_id);
  if v_request.status not in ('pending', 'approved') then
    perform private.refuse('invalid_transition',
      format('La solicitud de cobro está %s: ya no se puede rechazar.', private.payout_status_label(v_request.status)));
  end if;
  update public.payout_requests r
     set status = 'rejected', decided_by = v_actor, decided_at = private.engine_now(), rejection_reason = btrim(p_reason)
   where r.id = p_payout_id returning * into v_request;
  update private.reward_balances b set reserved = b.reserved - v_request.amount, updated_at = now()
   where b.client_id = v_request.client_id;
  return v_request;
end
$$;
comment on function public.reject_payout(uuid, text) is 'Personal: rechaza una solicitud pendiente o aprobada con un motivo; el importe vuelve al saldo disponible.';

-- The explained ledger ---------------------------------------------------------------------------------
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
as $$
declare
  v_target uuid;
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
           r.amount, r.points, r.generation, r.base, r.rate, r.star_level, r.rule, r.reason, r.plan_version,
           r.source_sale_id, s.sale_no, sc.name, r.reverses_id, x.id, x.rule, x.reason,
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

-- The network, page by page and generation by generation ------------------------------------------------
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

-- The months and what their close did -------------------------------------------------------------------
create or replace function private.period_summary_for_caller(p_summary jsonb) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  -- Signed-in people without finance see the counts; the money (forfeited, bonuses, income made
  -- available) is finance's. A list of what may be seen rather than of what may not, so a figure
  -- added to the summary later stays hidden until someone decides it is not money. Direct sessions
  -- and the service role (no user) see it whole.
  if p_summary is null or auth.uid() is null or private.has_finance() then
    return p_summary;
  end if;
  return (select coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb)
            from jsonb_each(p_summary) e
           where e.key in ('month', 'plan_version', 'closed_at', 'members', 'active', 'forfeits', 'volume_bonuses',
                           'level_ups', 'already_closed'));
end
$$;
comment on function private.period_summary_for_caller(jsonb) is
  'El resumen de un cierre tal como puede verlo quien llama: entero con finanzas (o sin usuario: sesiones directas, service_role); si no, solo los recuentos (miembros, activos, anulaciones, bonos, subidas de nivel), sin importes.';

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

revoke all on function public.get_balance(uuid), public.request_payout(numeric, text), public.approve_payout(uuid),
  public.pay_payout(uuid, text), public.reject_payout(uuid, text), public.get_ledger(uuid, integer, date, bigint, date, text[]) from public, anon;
grant execute on function public.get_balance(uuid), public.request_payout(numeric, text), public.approve_payout(uuid),
  public.pay_payout(uuid, text), public.reject_payout(uuid, text), public.get_ledger(uuid, integer, date, bigint, date, text[]) to authenticated;
