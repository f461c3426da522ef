-- The reward ledger and the payout requests: written only by the engine's security-definer functions
-- (issue 5); through the API, members and staff read.

-- reward_transactions (the ledger) ---------------------------------------------------------------------
create table public.reward_transactions (
  id bigint generated always as identity primary key,
  beneficiary_id uuid not null references public.clients (id) on delete restrict,
  type text not null constraint reward_transactions_tipo_valido check (type in (
    'commission_enrollment', 'commission_purchase', 'points_purchase', 'points_enroller',
    'bonus_starter', 'bonus_volume', 'reversal_commission', 'reversal_points')),
  amount numeric(12,2) not null default 0,
  points integer not null default 0,
  period_month date not null references public.periods (month),
  source_sale_id uuid references public.sales (id) on delete restrict,
  source_client_id uuid references public.clients (id) on delete restrict,
  generation smallint constraint reward_transactions_generacion_valida check (generation between 1 and 20),
  base numeric(12,2) constraint reward_transactions_base_valida check (base >= 0),
  rate numeric(5,4) constraint reward_transactions_tasa_valida check (rate between 0 and 1),
  star_level smallint,
  rule text not null constraint reward_transactions_regla_valida check (char_length(btrim(rule)) between 3 and 500),
  reason text constraint reward_transactions_motivo_valido check (char_length(reason) <= 500),
  plan_version integer not null references public.plan_versions (version),
  reverses_id bigint references public.reward_transactions (id) on delete restrict,
  -- Who wrote the entry, as a fact of the past and not a reference (like audit_logs.actor_id): an
  -- append-only row could never be set to null when the user goes, and the check would cost every
  -- entry of an approval or a close one more lookup.
  created_by uuid default auth.uid(),
  created_at timestamptz not null default now(),
  constraint reward_transactions_importe_coherente check (
    case type
      when 'commission_enrollment' then amount > 0 and points = 0
      when 'commission_purchase' then amount > 0 and points = 0
      when 'bonus_starter' then amount > 0 and points = 0
      when 'bonus_volume' then amount > 0 and points = 0
      when 'points_purchase' then points > 0 and amount = 0
      when 'points_enroller' then points > 0 and amount = 0
      when 'reversal_commission' then amount < 0 and points = 0
      when 'reversal_points' then points < 0 and amount = 0
    end),
  constraint reward_transactions_reverso_coherente check ((type like 'reversal_%') = (reverses_id is not null)),
  constraint reward_transactions_comision_explicada check (
    type <> 'commission_purchase' or (generation is not null and base is not null and rate is not null and source_sale_id is not null)),
  constraint reward_transactions_origen_venta check (
    type not in ('commission_enrollment', 'commission_purchase', 'points_purchase', 'points_enroller', 'bonus_starter')
    or source_sale_id is not null)
);

-- Each reversible entry is reversed at most once; each sale pays each beneficiary each rule once.
create unique index reward_transactions_un_reverso on public.reward_transactions (reverses_id) where reverses_id is not null;
create unique index reward_transactions_una_vez_por_venta on public.reward_transactions (source_sale_id, type, beneficiary_id)
  where reverses_id is null and source_sale_id is not null;
create unique index reward_transactions_un_bono_volumen on public.reward_transactions (beneficiary_id, period_month)
  where type = 'bonus_volume';

-- A member's ledger by month, newest entry first within each (get_ledger's keyset pages, the close's
-- forfeits, a month's figures): one index serves them all.
create index reward_transactions_beneficiary_idx on public.reward_transactions (beneficiary_id, period_month, id);
create index reward_transactions_period_idx on public.reward_transactions (period_month, type);
create index reward_transactions_source_client_idx on public.reward_transactions (source_client_id);
create index reward_transactions_plan_version_idx on public.reward_transactions (plan_version);
comment on table public.reward_transactions is
  'Libro de recompensas de solo anexado. Cada asiento se explica solo: beneficiario, regla, venta y miembro de origen, generación, base, tasa, nivel, versión del plan y periodo. Un error se corrige con un contraasiento (reverses_id), nunca editando.';
comment on column public.reward_transactions.period_month is
  'Mes de negocio del asiento: sus ingresos están pendientes mientras el periodo está abierto y disponibles cuando se cierra.';
comment on column public.reward_transactions.reason is 'Motivo de un contraasiento (p. ej. beneficiario inactivo al cierre, venta cancelada).';

create trigger reward_transactions_append_only before update or delete on public.reward_transactions
  for each row execute function private.forbid_change();
create trigger reward_transactions_no_truncate before truncate on public.reward_transactions
  for each statement execute function private.forbid_change();

-- A member's points entries and money reversals other than the close's forfeits, each from an index
-- of its own: among a heavy upline's thousands of commissions of a month they are few (the first is one
-- row per approved sale, the second is written by cancellations only).
create index reward_transactions_points_idx on public.reward_transactions (beneficiary_id, period_month, id) where points > 0;
create index reward_transactions_reversed_idx on public.reward_transactions (beneficiary_id, period_month) include (amount)
  where reverses_id is not null and type = 'reversal_commission' and reason is distinct from 'Beneficiario inactivo al cierre del mes';

-- payout_requests -------------------------------------------------------------------------------------
create table public.payout_requests (
  id uuid primary key default gen_random_uuid(),
  client_id uuid not null references public.clients (id) on delete restrict,
  amount numeric(12,2) not null constraint payout_requests_importe_positivo check (amount > 0),
  status text not null default 'pending' constraint payout_requests_estado_valido check (status in ('pending', 'approved', 'paid', 'rejected')),
  payment_details text constraint payout_requests_datos_pago_validos check (char_length(payment_details) <= 500),
  payment_reference text constraint payout_requests_referencia_valida check (char_length(payment_reference) <= 120),
  rejection_reason text constraint payout_requests_motivo_valido check (char_length(rejection_reason) <= 500),
  requested_by uuid default auth.uid() references auth.users (id) on delete set null,
  decided_by uuid references auth.users (id) on delete set null,
  paid_by uuid references auth.users (id) on delete set null,
  requested_at timestamptz not null default now(),
  decided_at timestamptz,
  paid_at timestamptz,
  updated_at timestamptz not null default now(),
  constraint payout_requests_pagada_con_referencia check (status <> 'paid' or (paid_at is not null and char_length(btrim(payment_reference)) > 0)),
  constraint payout_requests_rechazada_con_motivo check (status <> 'rejected' or char_length(btrim(rejection_reason)) >= 3)
);
create index payout_requests_client_idx on public.payout_requests (client_id, requested_at desc);
create index payout_requests_status_idx on public.payout_requests (status, requested_at);
create index payout_requests_requested_by_idx on public.payout_requests (requested_by);
create index payout_requests_decided_by_idx on public.payout_requests (decided_by);
create index payout_requests_paid_by_idx on public.payout_requests (paid_by);
comment on table public.payout_requests is
  'Solicitudes de cobro de los miembros. Cuentan contra el saldo disponible desde que se piden (pendientes, aprobadas o pagadas); una rechazada lo libera.';

create or replace function private.payout_transition() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.client_id <> old.client_id or new.amount <> old.amount then
    perform private.refuse('invalid_transition', 'El miembro y el importe de una solicitud de cobro no cambian.');
  end if;
  if new.status is distinct from old.status and not (
       (old.status = 'pending' and new.status in ('approved', 'rejected'))
    or (old.status = 'approved' and new.status in ('paid', 'rejected'))
  ) then
    perform private.refuse('invalid_transition', format('No se puede pasar una solicitud de cobro de «%s» a «%s».', old.status, new.status));
  end if;
  return new;
end
$$;
comment on function private.payout_transition() is 'Estados de un cobro: pending → approved → paid, o rechazado antes de pagarse. Pagar dos veces es imposible.';
create trigger payout_requests_transition before update on public.payout_requests
  for each row execute function private.payout_transition();
create trigger payout_requests_touch before update on public.payout_requests
  for each row execute function private.touch_updated_at();
-- The member's payment details and staff's reference and reason reach Pagos' CSV and the bank's file
-- (foundation: no formulas).
create trigger payout_requests_refuse_formulas
  before insert or update of payment_details, payment_reference, rejection_reason on public.payout_requests
  for each row execute function private.refuse_formula_columns(
    'payment_details', 'los datos de pago', 'payment_reference', 'la referencia del pago', 'rejection_reason', 'el motivo del rechazo');

-- A finished request (paid or rejected) is found by the month it was finished in, as the totals count it.
create index if not exists payout_requests_finished_idx on public.payout_requests (status, (coalesce(paid_at, decided_at)));

-- Audited (private.audit_row) ------------------------------------------------------------------------
create trigger audit after insert or update or delete on public.payout_requests for each row execute function private.audit_row();

-- Row level security: read-only through the API ----------------------------------------------------------
alter table public.reward_transactions enable row level security;
alter table public.payout_requests enable row level security;
-- Read-only through the API: the engine's security-definer functions write them.
grant select on public.reward_transactions, public.payout_requests to authenticated;
create policy reward_transactions_select_own on public.reward_transactions for select to authenticated
  using (beneficiary_id = (select private.my_client_id()));
create policy reward_transactions_select_staff on public.reward_transactions for select to authenticated
  using ((select private.is_staff()));

create policy payout_requests_select_own on public.payout_requests for select to authenticated
  using (client_id = (select private.my_client_id()));
create policy payout_requests_select_staff on public.payout_requests for select to authenticated
  using ((select private.is_staff()));
