-- Reward engine (issue 5), part 3: balances and payout requests, the month close and the invariants.
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

create or replace function public.request_payout(p_amount numeric, p_payment_details text default null, p_request_id uuid default null)
returns public.payout_requests
language plpgsql
security definer
set search_path = ''
set lock_timeout = '3s' -- foundation: contention
as $$
declare
  v_me uuid := private.require_member();
  v_min numeric := (select m.min_payout from public.metadata m where m.id = 'app_settings');
  v_currency text := (select m.currency from public.metadata m where m.id = 'app_settings');
  v_available numeric;
  v_request public.payout_requests;
  v_earlier uuid;
begin
  -- In the block, so a wait for the same attempt's first call that runs out answers savia:busy.
  v_earlier := private.earlier_request('request_payout', p_request_id);
  -- The same «Solicitar retiro» again (its answer was lost): the request it made, not a second reservation.
  if v_earlier is not null then
    select * into v_request from public.payout_requests r where r.id = v_earlier;
    return v_request;
  end if;
  if p_amount is null or p_amount <= 0 then
    perform private.refuse('invalid_amount', 'El importe del retiro debe ser mayor que cero.');
  end if;
  if p_amount <> round(p_amount, 2) then
    perform private.refuse('invalid_amount', 'El importe del retiro no puede tener más de dos decimales.');
  end if;
  if p_amount < v_min then
    perform private.refuse('below_minimum',
      format('El retiro mínimo es de %s.', private.money(v_min, v_currency)));
  end if;
  if char_length(p_payment_details) > 500 then
    perform private.refuse('text_too_long', 'Los datos de pago admiten 500 caracteres.');
  end if;
  -- A note that reaches the payout list's export (foundation: no formulas), refused before the balance is read.
  perform private.refuse_formula(p_payment_details, 'los datos de pago', 'payment_details');
  -- The money goes to the member's validated account (Mi Cuenta), not to a text typed here.
  perform private.usable_payout_account(v_me,
    'Registra en Mi Cuenta la cuenta donde quieres recibir tus retiros antes de solicitar uno.',
    'La empresa ya no paga a %s: registra otra cuenta para tus retiros en Mi Cuenta.');
  insert into private.reward_balances (client_id) values (v_me) on conflict (client_id) do nothing;
  perform 1 from private.reward_balances b where b.client_id = v_me for update;
  select b.available into v_available from private.balance_of(v_me) b;
  if p_amount > v_available then
    perform private.refuse('above_balance',
      format('El importe solicitado (%s) supera tu saldo disponible (%s).',
             private.money(p_amount, v_currency), private.money(greatest(v_available, 0), v_currency)));
  end if;
  insert into public.payout_requests (client_id, amount, payment_details, requested_by, requested_at)
  values (v_me, p_amount, nullif(btrim(p_payment_details), ''), auth.uid(), private.engine_now())
  returning * into v_request;
  update private.reward_balances b set reserved = b.reserved + p_amount, updated_at = now() where b.client_id = v_me;
  perform private.remember_request('request_payout', p_request_id, v_request.id);
  return v_request;
exception when lock_not_available or deadlock_detected then
  perform private.refuse_busy();
end
$$;
comment on function public.request_payout(numeric, text, uuid) is
  'Miembro: pide cobrar parte de su saldo disponible, a la cuenta de pago que tiene registrada (sin ella, se rechaza). Entre el mínimo de la configuración y el disponible, comprobado bajo bloqueo de su fila de saldo: peticiones simultáneas no pueden superar el saldo. p_payment_details: una nota opcional; p_request_id, la clave del intento: repetida, devuelve la solicitud que ya hizo.';

-- A payout goes to the member's current account, at a bank or wallet the company still pays to.
create or replace function private.usable_payout_account(p_client_id uuid, p_missing text, p_disabled text) returns public.payout_accounts
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_account public.payout_accounts;
  v_institution public.payout_institutions;
begin
  select * into v_account from public.payout_accounts a where a.client_id = p_client_id and a.replaced_at is null;
  if not found then
    perform private.refuse('payout_account_required', p_missing);
  end if;
  select * into v_institution from public.payout_institutions i where i.code = v_account.institution_code;
  if not v_institution.enabled then
    perform private.refuse('payout_account_required', format(p_disabled, v_institution.name));
  end if;
  return v_account;
end
$$;
comment on function private.usable_payout_account(uuid, text, text) is
  'La cuenta de pago vigente de un miembro, si la tiene y su banco o billetera sigue habilitado; si no, rechaza (payout_account_required) con la frase de quien llama (p_disabled lleva %s para la entidad).';

-- The file a request waits in for the bank's answer, if any: while it waits, it is paid or
-- rejected only through that answer (or after voiding the file), or the bank could pay it twice.
create or replace function private.refuse_if_in_bank_file(p_payout_id uuid, p_action text) returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_batch_no bigint;
begin
  select b.batch_no into v_batch_no
    from public.payout_batch_items i join public.payout_batches b on b.id = i.batch_id
   where i.payout_id = p_payout_id and i.outcome = 'sent';
  if found then
    perform private.refuse('payout_in_bank_file',
      format('La solicitud está en el archivo de pago N.º %s, que espera la respuesta del banco: %s con esa respuesta («Marcar pagados») o anulando el archivo si no lo cargaste en el banco.',
             v_batch_no, p_action));
  end if;
end
$$;
comment on function private.refuse_if_in_bank_file(uuid, text) is
  'Rechaza (payout_in_bank_file) pagar o rechazar a mano una solicitud que está en un archivo de pago sin respuesta del banco: se resuelve con la respuesta o anulando el archivo.';

-- Paid: from reserved to paid in the member's balance. The caller holds the request's row and then
-- the balance row (private.payout_for_update's order), and has checked it was approved.
create or replace function private.mark_payout_paid(p_payout_id uuid, p_actor uuid, p_reference text) returns public.payout_requests
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_request public.payout_requests;
begin
  update public.payout_requests r
     set status = 'paid', paid_by = p_actor, paid_at = private.engine_now(), payment_reference = p_reference
   where r.id = p_payout_id returning * into v_request;
  update private.reward_balances b
     set reserved = b.reserved - v_request.amount, paid = b.paid + v_request.amount, updated_at = now()
   where b.client_id = v_request.client_id;
  return v_request;
end
$$;
comment on function private.mark_payout_paid(uuid, uuid, text) is
  'Marca pagada una solicitud aprobada (ya bloqueada con su saldo) con su referencia: el importe pasa de reservado a pagado. La usan «Marcar pagado» y la respuesta del banco.';
revoke all on function private.usable_payout_account(uuid, text, text), private.refuse_if_in_bank_file(uuid, text),
  private.mark_payout_paid(uuid, uuid, text) from public;

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

-- A payout is approved, and put in a bank file, only while the member's settled income still covers it
-- with everything already paid or approved. A sale cancelled after the request claws its commission back
-- (private.sale_cancellation_reversals) and can leave the request uncovered: the company would pay out
-- money the ledger took back. «Marcar pagado» and the bank's reply only record a payment already made.
create or replace function private.refuse_unless_covered(p_client_id uuid, p_pending numeric, p_payout_id uuid, p_payout_no bigint)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_balance record;
  v_committed numeric;
  v_currency text;
begin
  select b.settled, b.paid into v_balance from private.balance_of(p_client_id) b;
  select v_balance.paid + coalesce(sum(r.amount), 0) + p_pending into v_committed
    from public.payout_requests r where r.client_id = p_client_id and r.status = 'approved';
  if v_committed > v_balance.settled then
    select m.currency into v_currency from public.metadata m where m.id = 'app_settings';
    perform private.refuse('payout_not_covered',
      format('El saldo de %s ya no cubre la solicitud %s: sus ingresos de meses cerrados son %s y lo pagado o aprobado con ella suma %s. '
             'Pasa cuando se cancela una venta que le dio comisiones después de pedir el retiro: recházala o espera a que su saldo vuelva a cubrirla.',
             (select c.name from public.clients c where c.id = p_client_id), private.payout_reference(p_payout_no),
             private.money(v_balance.settled, v_currency), private.money(v_committed, v_currency)),
      p_payout_id::text);
  end if;
end
$$;
comment on function private.refuse_unless_covered(uuid, numeric, uuid, bigint) is
  'Rechaza (payout_not_covered) aprobar o llevar al archivo del banco un retiro que los ingresos de meses cerrados del miembro ya no cubren junto con lo pagado y lo aprobado (p_pending: el importe que se aprueba ahora). Pasa tras cancelarse una venta que le dio comisiones. DETAIL: la solicitud.';
revoke all on function private.refuse_unless_covered(uuid, numeric, uuid, bigint) from public;

create or replace function public.approve_payout(p_payout_id uuid) returns public.payout_requests
language plpgsql
security definer
set search_path = ''
set lock_timeout = '3s' -- foundation: contention
as $$
declare
  v_actor uuid := private.require_staff();
  v_request public.payout_requests;
  v_account public.payout_accounts;
begin
  v_request := private.payout_for_update(p_payout_id); -- in the body, where the handler below reaches its wait
  if v_request.status <> 'pending' then
    perform private.refuse('invalid_transition',
      format('La solicitud de cobro está %s: solo se aprueba una pendiente.', private.payout_status_label(v_request.status)));
  end if;
  perform private.refuse_unless_covered(v_request.client_id, v_request.amount, v_request.id, v_request.number);
  -- The account it is approved with is the one it will be paid into, whatever the member saves later.
  v_account := private.usable_payout_account(v_request.client_id,
    'El miembro no tiene cuenta de pago registrada: no se puede aprobar hasta que la registre en Mi Cuenta.',
    'La cuenta de pago del miembro es de %s, a la que la empresa ya no paga: debe registrar otra en Mi Cuenta.');
  update public.payout_requests r
     set status = 'approved', decided_by = v_actor, decided_at = private.engine_now(), payout_account_id = v_account.id
   where r.id = p_payout_id returning * into v_request;
  return v_request;
exception when lock_not_available or deadlock_detected then
  perform private.refuse_busy();
end
$$;
comment on function public.approve_payout(uuid) is
  'Personal: aprueba una solicitud de cobro pendiente con la cuenta de pago vigente del miembro, que queda fijada en la solicitud (sigue reservada hasta pagarse).';

create or replace function public.pay_payout(p_payout_id uuid, p_reference text) returns public.payout_requests
language plpgsql
security definer
set search_path = ''
set lock_timeout = '3s' -- foundation: contention
as $$
declare
  v_actor uuid := private.require_staff();
  v_request public.payout_requests;
begin
  if char_length(btrim(coalesce(p_reference, ''))) not between 1 and 120 then
    perform private.refuse('reference_required', 'Indica la referencia del pago (hasta 120 caracteres).');
  end if;
  perform private.refuse_formula(p_reference, 'la referencia del pago', 'reference');
  v_request := private.payout_for_update(p_payout_id);
  if v_request.status <> 'approved' then
    perform private.refuse('invalid_transition',
      format('La solicitud de cobro está %s: solo se paga una aprobada.', private.payout_status_label(v_request.status)));
  end if;
  perform private.refuse_if_in_bank_file(p_payout_id, 'se marca pagada');
  return private.mark_payout_paid(p_payout_id, v_actor, btrim(p_reference));
exception when lock_not_available or deadlock_detected then
  perform private.refuse_busy();
end
$$;
comment on function public.pay_payout(uuid, text) is
  'Personal: marca pagada una solicitud aprobada con la referencia del pago. Pagar dos veces se rechaza, y también pagar a mano una que está en un archivo de pago esperando la respuesta del banco.';

create or replace function public.reject_payout(p_payout_id uuid, p_reason text) returns public.payout_requests
language plpgsql
security definer
set search_path = ''
set lock_timeout = '3s' -- foundation: contention
as $$
declare
  v_actor uuid := private.require_staff();
  v_request public.payout_requests;
begin
  if char_length(btrim(coalesce(p_reason, ''))) not between 3 and 500 then
    perform private.refuse('reason_required', 'Indica el motivo del rechazo (entre 3 y 500 caracteres).');
  end if;
  perform private.refuse_formula(p_reason, 'el motivo del rechazo', 'reason');
  v_request := private.payout_for_update(p_payout_id);
  if v_request.status not in ('pending', 'approved') then
    perform private.refuse('invalid_transition',
      format('La solicitud de cobro está %s: ya no se puede rechazar.', private.payout_status_label(v_request.status)));
  end if;
  perform private.refuse_if_in_bank_file(p_payout_id, 'se rechaza');
  update public.payout_requests r
     set status = 'rejected', decided_by = v_actor, decided_at = private.engine_now(), rejection_reason = btrim(p_reason)
   where r.id = p_payout_id returning * into v_request;
  update private.reward_balances b set reserved = b.reserved - v_request.amount, updated_at = now()
   where b.client_id = v_request.client_id;
  return v_request;
exception when lock_not_available or deadlock_detected then
  perform private.refuse_busy();
end
$$;
comment on function public.reject_payout(uuid, text) is
  'Personal: rechaza una solicitud pendiente o aprobada con un motivo; el importe vuelve al saldo disponible. Una que está en un archivo de pago sin respuesta del banco se rechaza solo después de anular el archivo.';
revoke all on function public.request_payout(numeric, text, uuid), public.approve_payout(uuid), public.pay_payout(uuid, text),
  public.reject_payout(uuid, text) from public, anon;
grant execute on function public.request_payout(numeric, text, uuid), public.approve_payout(uuid), public.pay_payout(uuid, text),
  public.reject_payout(uuid, text) to authenticated;

-- The month close, in resumable steps (DESIGN.md §5, §9; issue 27).
--
-- For month M, with the plan in force when its close begins (kept for the whole close):
--   begin     M is marked as closing (periods.close_started_at): approvals and cancellations that would
--             write into M are refused from then on, and those in flight are waited for; the group
--             points still pending are folded, so the kept sums hold every change of M;
--   freeze    per member with activity in M: personal points, group points (own + whole downline) and
--             downline commissionable sales from the kept sums (20250701081000_kept_group_points.sql),
--             active (personal points ≥ activity points), the level held during M and the highest level
--             qualified (personal and group thresholds), never lower;
--   forfeits  each commission or bonus of M not yet reversed whose beneficiary ended M inactive is
--             reversed (reversal_commission, reason «inactivo al cierre»);
--   bonuses   each active member gets bonus_volume = round(volume rate of the level held during M ×
--             downline sales, 2);
--   levels    star levels rise;
--   activity  clients.is_active is brought to the current month (a new month starts with everyone
--             inactive until they reach the activity points);
--   finish    M is marked closed with its summary: its net income becomes available.
--
-- Every step but begin and finish goes through the members (the clients, for activity) in chunks of
-- ids, cut when the step starts (private.period_close_chunks), and each chunk commits its work together
-- with its mark of done and its counts. So no statement or transaction lasts long however big the month
-- (a hosted project stops any statement after 2 minutes), a close cut short anywhere — the session
-- killed, the server restarted, a step that failed — is taken up by the next call exactly where it
-- stopped, and nothing is written twice: a chunk is either all committed with its mark or not at all,
-- and each step also skips what is already there (a reversed entry, a bonus paid, a level reached).
-- The chunks of a step are independent (each writes its own members' rows), so more than one session
-- can work them at once: the job's runner (private.close_step), which alone moves the close from one
-- step to the next once every chunk of the step is done, and the other runners while they have nothing
-- of their own (private.close_help). M is marked closed only by the last step. At 1,000,000 members
-- and 3,000,000 orders the whole close took 121–129 s with two runners on 2 cores, no transaction
-- over 10 s (bench/README.md, «The month close at a million members»).
--
-- The close runs as a job (20250701100000_jobs.sql: request_period_close queues it, the job runner
-- calls private.close_step until it is done); private.close_period runs every step in one transaction
-- (the seed's history, the pgTAP tests).

create table private.period_closes (
  month date primary key references public.periods (month),
  plan_version integer not null,
  plan jsonb not null,
  actor uuid, -- who asked (periods.closed_by at the end); a fact, as the ledger's authors: no foreign key
  step text not null constraint period_closes_paso_valido
    check (step in ('freeze', 'forfeits', 'bonuses', 'levels', 'activity', 'finish', 'done')),
  -- What the steps done so far wrote (the step under way keeps its own in its chunks):
  forfeits integer not null default 0,
  forfeited numeric(14,2) not null default 0,
  bonuses integer not null default 0,
  bonus_total numeric(14,2) not null default 0,
  level_ups integer not null default 0,
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  constraint period_closes_terminado_con_fecha check ((step = 'done') = (finished_at is not null))
);
comment on table private.period_closes is
  'Dónde va el cierre de cada mes: el plan con que se cierra, el paso en curso y lo que escribieron los pasos ya hechos (anulaciones, bonos, subidas de nivel). Con private.period_close_chunks, un cierre interrumpido sigue desde aquí sin repetir nada.';
revoke all on private.period_closes from public, anon, authenticated, service_role;

create table private.period_close_chunks (
  month date not null references private.period_closes (month),
  step text not null,
  chunk_no integer not null,
  after_id uuid not null, -- the chunk is the members (clients, for activity) with id in (after_id, last_id]
  last_id uuid not null,
  size integer not null, -- how many, when the step started (the progress)
  done boolean not null default false,
  -- What the chunk wrote, added to period_closes when the step ends:
  forfeits integer not null default 0,
  forfeited numeric(14,2) not null default 0,
  bonuses integer not null default 0,
  bonus_total numeric(14,2) not null default 0,
  level_ups integer not null default 0,
  primary key (month, step, chunk_no),
  constraint period_close_chunks_paso_por_tramos check (step in ('freeze', 'forfeits', 'bonuses', 'levels', 'activity')),
  constraint period_close_chunks_rango check (after_id < last_id)
);
comment on table private.period_close_chunks is
  'Los tramos del paso en curso de un cierre: un rango de ids de miembros (de clientes, en la actividad), si ya está hecho y lo que escribió. Quien toma un tramo lo bloquea, así que dos sesiones pueden trabajar el mismo paso sin pisarse; se borran al pasar al paso siguiente.';
revoke all on private.period_close_chunks from public, anon, authenticated, service_role;

create or replace function private.first_period() returns date
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  -- The business starts with its first month with a sale (a period row); before any, with the month in course.
  return coalesce((select min(p.month) from public.periods p), private.current_period());
end
$$;
comment on function private.first_period() is
  'El primer mes de negocio de la empresa: el más antiguo con periodo (el de su primera venta) o, si aún no hay ninguno, el mes en curso. Antes de él no hay nada que cerrar.';

create or replace function private.check_month_to_close(p_month date) returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_first date;
begin
  if p_month is null or p_month <> date_trunc('month', p_month)::date then
    perform private.refuse('invalid_period', 'Indica el mes como su primer día (por ejemplo 2026-03-01).');
  end if;
  if p_month >= private.current_period() then
    perform private.refuse('period_not_ended',
      format('El mes de %s aún no ha terminado: se puede cerrar desde el 1 de %s.', private.period_label(p_month),
             private.period_label((p_month + interval '1 month')::date)));
  end if;
  v_first := private.first_period();
  if p_month < v_first then
    perform private.refuse('before_first_period',
      format('No hay nada que cerrar en %s: la historia de la empresa empieza en %s.', private.period_label(p_month),
             private.period_label(v_first)));
  end if;
end
$$;
comment on function private.check_month_to_close(date) is
  'Rechaza un mes que no se puede cerrar: una fecha que no es primer día, un mes que aún no termina o uno anterior al primer mes de la empresa.';

-- A member's figures for the close ---------------------------------------------------------------------
create or replace function private.period_close_stats(p_month date, p_plan jsonb, p_after uuid default null, p_last uuid default null)
returns table (
  client_id uuid, personal_points integer, own_sales numeric, group_points integer, downline_sales numeric,
  level_during smallint, was_active boolean, level_after smallint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_after uuid := coalesce(p_after, '00000000-0000-0000-0000-000000000000');
  v_last uuid := coalesce(p_last, 'ffffffff-ffff-ffff-ffff-ffffffffffff');
begin
  -- (PL/pgSQL, not SQL: the kept sums are defined after the engine, in 20250701081000.)
  -- The members with activity in the month whose id is in (p_after, p_last] (all of them without
  -- bounds). Group points and downline sales are the kept sums (each descendant's points and sales
  -- credited to every ancestor as they happened, 20250701081000_kept_group_points.sql): folded, plus
  -- what is still pending, credited here to each strict ancestor of the member it was written for.
  -- Every table read by member id is read within the range, so a chunk reads its own members and not
  -- the whole network (the close's chunks would otherwise grow with the company, each one a scan of
  -- every member: bench/README.md, «The month close at a million members»).
  return query
  with members as (
    select t.client_id, t.personal_points, t.own_sales, c.member_no, c.star_level, g.points as kept_points, g.sales as kept_sales
      from private.member_period_totals t
      join public.clients c on c.id = t.client_id and c.id > v_after and c.id <= v_last
      left join private.group_points g on g.ancestor_id = t.client_id and g.period = p_month
                                      and g.ancestor_id > v_after and g.ancestor_id <= v_last
     where t.period = p_month and t.client_id > v_after and t.client_id <= v_last
  ), pending as (
    select a.member_no::bigint as member_no, sum(d.points) as points, sum(d.sales) as sales
      from private.group_points_pending d
     cross join lateral unnest((string_to_array(extensions.ltree2text(d.path), '.'))[:extensions.nlevel(d.path) - 1]) a(member_no)
     where d.period = p_month
     group by 1
  ), levels as (
    select (l ->> 'level')::integer as level, (l ->> 'personal_points')::integer as personal_points,
           (l ->> 'group_points')::integer as group_points
      from jsonb_array_elements(p_plan -> 'levels') l
  )
  select m.client_id, m.personal_points, m.own_sales, x.group_points, x.downline_sales, m.star_level,
         m.personal_points >= (p_plan ->> 'activity_points')::integer,
         greatest(m.star_level, coalesce((
           select max(l.level) from levels l
            where m.personal_points >= l.personal_points and x.group_points >= l.group_points), 0))::smallint
    from members m
    left join pending p on p.member_no = m.member_no
   cross join lateral (select (m.personal_points + coalesce(m.kept_points, 0) + coalesce(p.points, 0))::integer as group_points,
                              (coalesce(m.kept_sales, 0) + coalesce(p.sales, 0))::numeric(14,2) as downline_sales) x;
end
$$;
comment on function private.period_close_stats(date, jsonb, uuid, uuid) is
  'Cifras de cierre de los miembros con actividad en el mes (los de id en (p_after, p_last], o todos): puntos personales y de grupo (propios + toda la red, de las sumas guardadas), ventas de la red, actividad, nivel del mes y nivel alcanzado.';

-- The close's sentences are written to the member («terminaste el mes inactivo», «las ventas de tu red»),
-- who reads them in Mis Recompensas. Staff read the same rows about someone else (the close's preview and
-- a closed month): the phrases period_close_actions writes, in the third person.
create or replace function private.staff_voice(p_sentence text) returns text
language sql
immutable
set search_path = ''
as $$
  -- The engine writes its sentences once, to the member (the ledger's rule is what Mis Recompensas says);
  -- a read that shows one to staff passes it through here. Only the engine's own phrases, never free text.
  select replace(replace(replace(p_sentence, 'terminaste el mes inactivo', 'terminó el mes inactivo'), 'ventas de tu red', 'ventas de su red'),
                 'Puntos por tu compra', 'Puntos por su compra')
$$;
comment on function private.staff_voice(text) is
  'Una frase del motor escrita al miembro («Puntos por tu compra», «terminaste el mes inactivo», «las ventas de tu red») en tercera persona, para el personal («su compra», «terminó», «su red»): la usan las lecturas del personal (vista previa de la aprobación, libro de un miembro, ¿Por qué no cobró?, cierre).';

create or replace function private.period_close_actions(
  p_month date, p_plan jsonb, p_frozen boolean default false, p_action text default null, p_after uuid default null, p_last uuid default null
) returns table (
  action text, client_id uuid, ledger_id bigint, amount numeric, base numeric, rate numeric,
  level_from smallint, level_to smallint, detail text, detail_without_amounts text,
  -- A forfeit's sale, buyer and generation, the reversed entry's own: the close copies them into the
  -- forfeit without reading that entry a second time.
  sale_id uuid, buyer_id uuid, generation smallint
)
language sql
stable
security definer
set search_path = ''
as $$
  -- The preview computes the month's figures; the close, having frozen them into member_period_totals
  -- (its freeze step), reads them back (p_frozen). p_action picks one kind of action; p_after and
  -- p_last a range of members (the close's chunks).
  with stats as materialized (
    select * from private.period_close_stats(p_month, p_plan, p_after, p_last) where not p_frozen
    union all
    select t.client_id, t.personal_points, t.own_sales, t.group_points, t.downline_sales, t.level_during, t.was_active, t.level_after
      from private.member_period_totals t
     where p_frozen and t.period = p_month
       and t.client_id > coalesce(p_after, '00000000-0000-0000-0000-000000000000') and t.client_id <= coalesce(p_last, 'ffffffff-ffff-ffff-ffff-ffffffffffff')
  ), month as (
    -- Its name once: hundreds of thousands of sentences carry it.
    select private.period_label(p_month) as label
  ), currency as (
    select coalesce((select m.currency from public.metadata m where m.id = 'app_settings'), '') as code
  ), levels as (
    -- Each level's name and volume rate, its rate written once: a bonus's sentence formats only its amounts.
    select (l ->> 'level')::integer as level, l ->> 'name' as name, (l ->> 'volume_bonus_rate')::numeric as volume_rate,
           private.pct((l ->> 'volume_bonus_rate')::numeric) as volume_pct
      from jsonb_array_elements(p_plan -> 'levels') l
  )
  select 'forfeit', r.beneficiary_id, r.id, -r.amount, r.base, r.rate, s.level_during, s.level_during,
         left(format('Anulada al cierre de %s: terminaste el mes inactivo (%s de %s puntos personales). Se anula: %s',
                     (select label from month), s.personal_points, p_plan ->> 'activity_points', r.rule), 500),
         format('Anulada al cierre de %s: terminaste el mes inactivo (%s de %s puntos personales).',
                (select label from month), s.personal_points, p_plan ->> 'activity_points'),
         r.source_sale_id, r.source_client_id, r.generation
    from stats s
    join public.reward_transactions r on r.beneficiary_id = s.client_id and r.period_month = p_month
   where (p_action is null or p_action = 'forfeit')
     and not s.was_active
     and r.type in ('commission_purchase', 'commission_enrollment', 'bonus_starter')
     and r.reverses_id is null
     and not exists (select 1 from public.reward_transactions x where x.reverses_id = r.id)
  union all
  select 'bonus_volume', s.client_id, null, round(s.downline_sales * l.volume_rate, 2),
         s.downline_sales, l.volume_rate, s.level_during, s.level_during,
         format('Bono de volumen de %s (%s): %s de %s en ventas de tu red = %s.',
                (select label from month), l.name, l.volume_pct,
                private.money(s.downline_sales, (select code from currency)),
                private.money(round(s.downline_sales * l.volume_rate, 2), (select code from currency))),
         format('Bono de volumen de %s (%s): %s de las ventas de tu red.', (select label from month), l.name, l.volume_pct),
         null, null, null
    from stats s
    join levels l on l.level = s.level_during
   where (p_action is null or p_action = 'bonus_volume')
     and s.was_active and round(s.downline_sales * l.volume_rate, 2) > 0
     -- Paid already (a close taken up again): never twice. Looked up within the chunk's members only:
     -- the planner, counting on few bonuses, compared each member with every bonus of the month already
     -- paid, so each chunk of the close cost more than the one before (a minute per chunk at 300,000
     -- members; bench/README.md, «The month close at a million members»).
     and not exists (select 1 from public.reward_transactions b
                      where b.beneficiary_id = s.client_id and b.period_month = p_month and b.type = 'bonus_volume'
                        and b.beneficiary_id > coalesce(p_after, '00000000-0000-0000-0000-000000000000')
                        and b.beneficiary_id <= coalesce(p_last, 'ffffffff-ffff-ffff-ffff-ffffffffffff'))
  union all
  select 'level_up', s.client_id, null, null, null, null, s.level_during, s.level_after, d.detail, d.detail, null, null, null
    from stats s
    left join levels l on l.level = s.level_after
   cross join lateral (select format('Sube a %s al cierre de %s: %s puntos personales y %s de grupo.',
                                     l.name, (select label from month), s.personal_points, s.group_points) as detail) d
   where (p_action is null or p_action = 'level_up')
     and s.level_after > s.level_during
$$;
comment on function private.period_close_actions(date, jsonb, boolean, text, uuid, uuid) is
  'Lo que hará el cierre de un mes: anulaciones por inactividad, bonos de volumen y subidas de nivel, cada uno con su explicación (y la misma sin importes, para quien no tiene finanzas). Una clase de acción o todas, los miembros de un tramo o todos. Lo usan la vista previa y el cierre, así que la vista previa es lo que el cierre escribe.';

-- The steps --------------------------------------------------------------------------------------------
create or replace function private.close_steps() returns text[]
language sql
immutable
set search_path = ''
as $$ select array['begin', 'freeze', 'forfeits', 'bonuses', 'levels', 'activity', 'finish']::text[] $$;
comment on function private.close_steps() is 'Los pasos del cierre de un mes, en orden (sus nombres los traduce la pantalla).';

create or replace function private.close_progress(p_close private.period_closes) returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'step', p_close.step,
    'step_no', coalesce(array_position(private.close_steps(), p_close.step), array_length(private.close_steps(), 1)),
    'steps', array_length(private.close_steps(), 1),
    'done', case when p_close.step not in ('finish', 'done') then k.done end,
    'total', case when p_close.step not in ('finish', 'done') then k.total end)
    from (select coalesce(sum(k.size) filter (where k.done), 0)::integer as done, coalesce(sum(k.size), 0)::integer as total
            from private.period_close_chunks k where k.month = p_close.month and k.step = p_close.step) k
$$;
comment on function private.close_progress(private.period_closes) is
  'Cómo va un cierre: el paso en curso (su número de siete) y, en los pasos por miembros, cuántos lleva de cuántos.';

create or replace function private.close_begin(p_month date, p_actor uuid, p_chunk integer) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_period public.periods;
  v_plan record;
  v_close private.period_closes;
begin
  perform private.check_month_to_close(p_month);
  insert into public.periods (month) values (p_month) on conflict (month) do nothing;
  -- Waits for approvals and cancellations still writing into the month (they hold KEY SHARE); once
  -- the month is marked as closing below, new ones are refused (private.lock_open_period).
  select * into v_period from public.periods p where p.month = p_month for update;
  if v_period.status = 'closed' then
    return jsonb_build_object('step', 'done', 'summary', coalesce(v_period.summary, '{}'::jsonb) || jsonb_build_object('already_closed', true));
  end if;
  if exists (select 1 from public.periods p where p.month < p_month and p.status = 'open') then
    perform private.refuse('previous_period_open', 'Hay un mes anterior sin cerrar: ciérralo primero.',
      (select string_agg(to_char(p.month, 'YYYY-MM'), ', ' order by p.month) from public.periods p
        where p.month < p_month and p.status = 'open'));
  end if;
  select p.version, p.plan into v_plan from private.plan() p;
  -- Every change of the month's points is in the kept sums from here on: the pending ones are folded
  -- now (waiting for a fold in progress) and no new one can reach a month that is closing.
  perform private.fold_group_points(true);
  update public.periods p set close_started_at = private.engine_now() where p.month = p_month;
  insert into private.period_closes (month, plan_version, plan, actor, step)
  values (p_month, v_plan.version, v_plan.plan, p_actor, 'freeze')
  returning * into v_close;
  perform private.close_make_chunks(p_month, 'freeze', p_chunk);
  return private.close_progress(v_close);
end
$$;
comment on function private.close_begin(date, uuid, integer) is
  'Primer paso del cierre de un mes: lo valida, espera a las aprobaciones en curso, lo marca como cerrándose (ya no se escribe en él), pliega los puntos de grupo pendientes, guarda el plan con que se cerrará y corta en tramos de p_chunk el paso siguiente. Un mes ya cerrado responde con su resumen.';

-- The chunks of a step, cut when it starts: p_chunk members with activity in M (clients, for activity)
-- each, in id order; the last one reaches the end of the ids, so a client enrolled meanwhile falls in one.
create or replace function private.close_make_chunks(p_month date, p_step text, p_chunk integer) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  with ids as (
    select t.client_id as id from private.member_period_totals t where p_step <> 'activity' and t.period = p_month
    union all
    select c.id from public.clients c where p_step = 'activity'
  ), numbered as (
    select i.id, row_number() over (order by i.id) as rn, count(*) over () as n from ids i
  ), ends as (
    -- The last id of each chunk: every p_chunk-th, and the very last.
    select e.id, e.rn, e.n from numbered e where e.rn % p_chunk = 0 or e.rn = e.n
  )
  insert into private.period_close_chunks (month, step, chunk_no, after_id, last_id, size)
  select p_month, p_step, (e.rn - 1) / p_chunk,
         coalesce(lag(e.id) over (order by e.rn), '00000000-0000-0000-0000-000000000000'),
         case when e.rn = e.n then 'ffffffff-ffff-ffff-ffff-ffffffffffff' else e.id end,
         e.rn - coalesce(lag(e.rn) over (order by e.rn), 0)
    from ends e;
end
$$;
comment on function private.close_make_chunks(date, text, integer) is
  'Corta en tramos de p_chunk ids el paso de un cierre que empieza: los miembros con actividad en el mes o, en la actividad, todos los clientes.';

-- One chunk of the step under way, in the transaction of whoever took it (and holds its row).
create or replace function private.close_chunk(p_close private.period_closes, p_chunk private.period_close_chunks) returns void
language plpgsql
security definer
set search_path = ''
-- A chunk's entries are sorted in memory (they spilled to disk with the default 4 MB).
set work_mem = '64MB'
-- Its queries are planned for the whole month's rows, not the chunk's, so with JIT on PostgreSQL
-- compiled each one first: 0.3 s of a forfeits chunk's 0.6 s query at 1,000,000 members (bench/README.md).
set jit = off
as $$
declare
  v_month date := p_close.month;
  v_after uuid := p_chunk.after_id;
  v_last uuid := p_chunk.last_id;
  v_entries integer := 0;
  v_amount numeric := 0;
  v_level_ups integer := 0;
begin
  case p_chunk.step
  when 'freeze' then
    update private.member_period_totals t
       set was_active = s.was_active, group_points = s.group_points, downline_sales = s.downline_sales,
           level_during = s.level_during, level_after = s.level_after
      from private.period_close_stats(v_month, p_close.plan, v_after, v_last) s
     where t.client_id = s.client_id and t.period = v_month and t.client_id > v_after and t.client_id <= v_last;
  when 'forfeits', 'bonuses' then
    -- The entries with the month's income and what it forfeited, in one statement.
    with acts as (
      select a.* from private.period_close_actions(v_month, p_close.plan, true,
                                                    case p_chunk.step when 'forfeits' then 'forfeit' else 'bonus_volume' end,
                                                    v_after, v_last) a
    ), ins as (
      insert into public.reward_transactions (beneficiary_id, type, amount, points, period_month, source_sale_id, source_client_id,
                                              generation, base, rate, star_level, rule, reason, plan_version, reverses_id, created_by, created_at)
      select a.client_id, case a.action when 'forfeit' then 'reversal_commission' else 'bonus_volume' end,
             a.amount, 0, v_month, a.sale_id, a.buyer_id, a.generation, a.base, a.rate, a.level_from, a.detail,
             case when a.action = 'forfeit' then 'Beneficiario inactivo al cierre del mes' end,
             p_close.plan_version, a.ledger_id, p_close.actor, private.engine_now()
        from acts a
       order by a.client_id, a.ledger_id
      returning type, beneficiary_id, amount
    ), totals as (
      insert into private.member_period_totals as t (client_id, period, income, forfeited)
      select ins.beneficiary_id, v_month, sum(ins.amount), coalesce(-sum(ins.amount) filter (where ins.type = 'reversal_commission'), 0)
        from ins group by ins.beneficiary_id order by ins.beneficiary_id
      on conflict (client_id, period) do update set income = t.income + excluded.income, forfeited = t.forfeited + excluded.forfeited
      returning 1
    )
    select count(*), coalesce(sum(ins.amount), 0) into v_entries, v_amount from ins;
  when 'levels' then
    -- Rows locked in id order, as every writer of clients does.
    with up as (
      update public.clients c set star_level = t.level_after
        from (select t2.client_id, t2.level_after from private.member_period_totals t2
               where t2.period = v_month and t2.client_id > v_after and t2.client_id <= v_last
                 and t2.level_after > t2.level_during
               order by t2.client_id) t
       where c.id = t.client_id and c.star_level < t.level_after and c.id > v_after and c.id <= v_last
      returning 1
    )
    select count(*) into v_level_ups from up;
  when 'activity' then
    perform private.refresh_activity_range(v_after, v_last);
  end case;
  update private.period_close_chunks k
     set done = true,
         forfeits = case when p_chunk.step = 'forfeits' then v_entries else 0 end,
         forfeited = case when p_chunk.step = 'forfeits' then -v_amount else 0 end,
         bonuses = case when p_chunk.step = 'bonuses' then v_entries else 0 end,
         bonus_total = case when p_chunk.step = 'bonuses' then v_amount else 0 end,
         level_ups = v_level_ups
   where k.month = p_chunk.month and k.step = p_chunk.step and k.chunk_no = p_chunk.chunk_no;
end
$$;
comment on function private.close_chunk(private.period_closes, private.period_close_chunks) is
  'Hace un tramo del paso en curso de un cierre (congelar cifras, anulaciones, bonos, niveles o actividad de sus miembros) y lo marca hecho con lo que escribió, en la transacción de quien lo tomó.';

-- A chunk of the step under way that nobody holds, locked for the caller. With p_wait, else one still
-- held, waited for: done by then, it is passed over; left undone (its session died), it is the caller's.
create or replace function private.close_take_chunk(p_month date, p_step text, p_wait boolean) returns private.period_close_chunks
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_chunk private.period_close_chunks;
begin
  select * into v_chunk from private.period_close_chunks k
   where k.month = p_month and k.step = p_step and not k.done order by k.chunk_no limit 1 for update skip locked;
  if not found and p_wait then
    select * into v_chunk from private.period_close_chunks k
     where k.month = p_month and k.step = p_step and not k.done order by k.chunk_no limit 1 for update;
  end if;
  return v_chunk; -- all null when there is none
end
$$;
comment on function private.close_take_chunk(date, text, boolean) is
  'Toma (bloquea) un tramo sin hacer del paso de un cierre que nadie tiene; con p_wait, si no hay, espera al que otro tiene y lo toma si quedó sin hacer. Sin tramo, una fila vacía.';

-- The step's end: once every chunk is done, its counts go to the close and the next step's chunks are cut.
create or replace function private.close_advance(p_month date, p_step text, p_chunk integer) returns private.period_closes
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_close private.period_closes;
  v_next text;
begin
  select * into v_close from private.period_closes c where c.month = p_month for update;
  if v_close.step <> p_step or exists (select 1 from private.period_close_chunks k where k.month = p_month and k.step = p_step and not k.done) then
    return v_close; -- moved on already, or a chunk is still being worked
  end if;
  v_next := (private.close_steps())[array_position(private.close_steps(), p_step) + 1];
  with ended as (
    delete from private.period_close_chunks k where k.month = p_month and k.step = p_step
    returning k.forfeits, k.forfeited, k.bonuses, k.bonus_total, k.level_ups
  )
  update private.period_closes c
     set step = v_next,
         forfeits = c.forfeits + (select coalesce(sum(e.forfeits), 0) from ended e),
         forfeited = c.forfeited + (select coalesce(sum(e.forfeited), 0) from ended e),
         bonuses = c.bonuses + (select coalesce(sum(e.bonuses), 0) from ended e),
         bonus_total = c.bonus_total + (select coalesce(sum(e.bonus_total), 0) from ended e),
         level_ups = c.level_ups + (select coalesce(sum(e.level_ups), 0) from ended e)
   where c.month = p_month
  returning * into v_close;
  if v_next <> 'finish' then
    perform private.close_make_chunks(p_month, v_next, p_chunk);
  end if;
  return v_close;
end
$$;
comment on function private.close_advance(date, text, integer) is
  'Termina un paso del cierre cuando todos sus tramos están hechos: suma lo que escribieron al cierre y corta en tramos el paso siguiente. Si otro ya lo hizo o queda un tramo en marcha, no cambia nada.';

create or replace function private.close_step(p_month date, p_actor uuid, p_chunk integer default 50000) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_close private.period_closes;
  v_chunk private.period_close_chunks;
  v_summary jsonb;
begin
  select * into v_close from private.period_closes c where c.month = p_month;
  if not found then
    return private.close_begin(p_month, p_actor, p_chunk);
  end if;
  if v_close.step = 'done' then
    return jsonb_build_object('step', 'done', 'summary',
      (select coalesce(p.summary, '{}'::jsonb) || jsonb_build_object('already_closed', true) from public.periods p where p.month = p_month));
  end if;

  if v_close.step = 'finish' then
    select * into v_close from private.period_closes c where c.month = p_month for update;
    select jsonb_build_object(
             'month', p_month, 'plan_version', v_close.plan_version, 'closed_at', private.engine_now(),
             'members', count(*), 'active', count(*) filter (where t.was_active),
             'forfeits', v_close.forfeits, 'forfeited_amount', v_close.forfeited,
             'volume_bonuses', v_close.bonuses, 'volume_bonus_amount', v_close.bonus_total,
             'level_ups', v_close.level_ups, 'income_available', coalesce(sum(t.income), 0))
      into v_summary
      from private.member_period_totals t where t.period = p_month;
    update public.periods p set status = 'closed', closed_at = private.engine_now(), closed_by = v_close.actor, summary = v_summary
     where p.month = p_month;
    -- The month's kept group sums are never read again (its figures are frozen).
    delete from private.group_points g where g.period = p_month;
    update private.period_closes c set step = 'done', finished_at = now()
     where c.month = p_month returning * into v_close;
    return private.close_progress(v_close) || jsonb_build_object('summary', v_summary || jsonb_build_object('already_closed', false));
  end if;

  v_chunk := private.close_take_chunk(p_month, v_close.step, true);
  if v_chunk.chunk_no is not null then
    perform private.close_chunk(v_close, v_chunk);
  end if;
  -- The step's last chunk done: the next step starts in the same call.
  if not exists (select 1 from private.period_close_chunks k where k.month = p_month and k.step = v_close.step and not k.done) then
    v_close := private.close_advance(p_month, v_close.step, p_chunk);
  end if;
  return private.close_progress(v_close);
end
$$;
comment on function private.close_step(date, uuid, integer) is
  'Da el siguiente tramo del cierre de un mes (el primer paso si aún no empezó; después un tramo de hasta p_chunk miembros del paso en curso, y al hacerse el último, el paso siguiente) y lo deja anotado con lo hecho, en la misma transacción: quien lo llama confirma tramo a tramo y un cierre interrumpido sigue donde quedó. Devuelve cómo va (paso, número de paso, hechos y total) y, al terminar, el resumen del mes.';

create or replace function private.close_period(p_month date, p_actor uuid) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_progress jsonb;
begin
  -- Every step (or what is left of a close taken up again) in this one transaction.
  loop
    v_progress := private.close_step(p_month, p_actor, 2147483647);
    exit when v_progress ->> 'step' = 'done';
  end loop;
  return v_progress -> 'summary';
end
$$;
comment on function private.close_period(date, uuid) is
  'El cierre de un mes entero en una sola transacción (la historia de la semilla, las pruebas; la aplicación lo pide como trabajo con request_period_close): los mismos pasos que el trabajo. Devuelve el resumen del mes con already_closed. Idempotente.';

-- The months and what their close did: a summary as the caller may see it (get_period_summaries,
-- request_period_close).
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

-- The engine's invariants, as one query that lists every violation.
-- The pgTAP scenarios assert it is empty after their story; the integration tests after the seed.

create or replace function private.engine_invariant_violations() returns table (invariant text, subject text, detail text)
language sql
stable
security definer
set search_path = ''
as $$
  -- 1. Every cancelled sale nets to zero, in money and in points.
  select 'venta cancelada con saldo', s.sale_no::text, format('importe %s, puntos %s', sum(r.amount), sum(r.points))
    from public.sales s join public.reward_transactions r on r.source_sale_id = s.id
   where s.status = 'Cancelada'
   group by s.sale_no having sum(r.amount) <> 0 or sum(r.points) <> 0
  union all
  -- 2. No balance below zero without a clawback (a reversal written after its month closed) that explains it.
  select 'saldo negativo sin reembolso', c.id::text, format('disponible %s', b.available)
    from public.clients c cross join lateral private.balance_of(c.id) b
   where b.available < 0
     and not exists (select 1 from public.reward_transactions r join public.periods p on p.month = r.period_month
                      where r.beneficiary_id = c.id and r.reverses_id is not null and p.status = 'closed'
                        and r.created_at > p.closed_at)
  union all
  -- 3. Stock equals the sum of its movements.
  select 'stock distinto de sus movimientos', p.sku, format('stock %s, movimientos %s', p.stock, coalesce(m.total, 0))
    from public.products p
    left join (select sm.product_id, sum(sm.quantity) as total from public.stock_movements sm group by sm.product_id) m
      on m.product_id = p.id
   where p.stock <> coalesce(m.total, 0)
  union all
  -- 4. Every entry points to its source: sale entries to a sale that was paid, reversals to an
  --    earlier entry of the same beneficiary with the opposite amount and the same sale, buyer and
  --    generation, volume bonuses to a closed month.
  select 'asiento sin origen', r.id::text, r.type
    from public.reward_transactions r
    left join public.sales s on s.id = r.source_sale_id
    left join public.reward_transactions o on o.id = r.reverses_id
    left join public.periods p on p.month = r.period_month
   where case
           when r.type in ('commission_enrollment', 'commission_purchase', 'points_purchase', 'points_enroller', 'bonus_starter')
             then s.id is null or s.status not in ('Pagada', 'Entregada', 'Cancelada') or s.period_month <> r.period_month
           when r.type in ('reversal_commission', 'reversal_points')
             then o.id is null or o.beneficiary_id <> r.beneficiary_id or o.amount <> -r.amount or o.points <> -r.points
                  or o.period_month <> r.period_month or o.id > r.id
                  or (o.source_sale_id, o.source_client_id, o.generation) is distinct from (r.source_sale_id, r.source_client_id, r.generation)
           when r.type = 'bonus_volume' then p.status <> 'closed'
         end
  union all
  -- 5. The summaries agree with the ledger.
  select 'totales del mes distintos del libro', t.client_id::text || ' ' || t.period::text,
         format('resumen %s / %s / %s anulado, libro %s / %s / %s anulado', t.income, t.personal_points, t.forfeited,
                coalesce(l.amount, 0), coalesce(l.points, 0), coalesce(l.forfeited, 0))
    from private.member_period_totals t
    left join (select r.beneficiary_id, r.period_month, sum(r.amount) as amount, sum(r.points) as points,
                      -sum(r.amount) filter (where r.reason = 'Beneficiario inactivo al cierre del mes') as forfeited
                 from public.reward_transactions r group by 1, 2) l
      on l.beneficiary_id = t.client_id and l.period_month = t.period
   where t.income <> coalesce(l.amount, 0) or t.personal_points <> coalesce(l.points, 0) or t.forfeited <> coalesce(l.forfeited, 0)
  union all
  select 'asientos sin resumen', r.beneficiary_id::text || ' ' || r.period_month::text, count(*)::text
    from public.reward_transactions r
   where not exists (select 1 from private.member_period_totals t where t.client_id = r.beneficiary_id and t.period = r.period_month)
   group by r.beneficiary_id, r.period_month
  union all
  -- 6. Reserved and paid agree with the payout requests.
  select 'saldo de retiros distinto de las solicitudes', c.id::text,
         format('reservado %s/%s, pagado %s/%s', coalesce(b.reserved, 0), coalesce(q.reserved, 0), coalesce(b.paid, 0), coalesce(q.paid, 0))
    from public.clients c
    left join private.reward_balances b on b.client_id = c.id
    left join (select pr.client_id, sum(pr.amount) filter (where pr.status in ('pending', 'approved')) as reserved,
                      sum(pr.amount) filter (where pr.status = 'paid') as paid
                 from public.payout_requests pr group by pr.client_id) q on q.client_id = c.id
   where coalesce(b.reserved, 0) <> coalesce(q.reserved, 0) or coalesce(b.paid, 0) <> coalesce(q.paid, 0)
  union all
  -- 7. A paid sale took its stock once; a cancelled paid sale gave it back once.
  select 'venta con movimientos de stock incoherentes', s.sale_no::text, s.status
    from public.sales s
   where exists (
           select 1 from public.sale_items i
            where i.sale_id = s.id
              and coalesce((select sum(m.quantity) from public.stock_movements m
                             where m.sale_id = s.id and m.product_id = i.product_id and m.kind = 'sale'), 0)
                  <> case when s.approved_at is not null then -i.quantity else 0 end)
      or coalesce((select sum(m.quantity) from public.stock_movements m where m.sale_id = s.id), 0) <> 0
         and not (s.status in ('Pagada', 'Entregada'))
$$;
comment on function private.engine_invariant_violations() is
  'Lista cada violación de los invariantes del motor (vacía = todo bien): ventas canceladas que no suman cero, saldos negativos sin reembolso que los explique, stock distinto de sus movimientos, asientos sin origen, resúmenes distintos del libro, retiros mal contados, movimientos de stock incoherentes con la venta.';
