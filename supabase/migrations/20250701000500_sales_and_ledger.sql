-- Sales, stock movements, periods, the reward ledger and payout requests.
-- These tables are written only by the engine's security-definer functions (issue 5):
-- through the API, members and staff read; nobody writes them directly.

create or replace function private.business_month(p_at timestamptz default now()) returns date
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return date_trunc('month', p_at at time zone coalesce(
           (select m.timezone from public.metadata m where m.id = 'app_settings'), 'America/Bogota'))::date;
end
$$;
comment on function private.business_month(timestamptz) is
  'Primer día del mes de negocio de un instante, en la zona horaria de la empresa (una venta del 31 a las 22:00 en Bogotá es de ese mes aunque en UTC ya sea el siguiente).';

-- periods ------------------------------------------------------------------------------------------
create table public.periods (
  month date primary key constraint periods_primer_dia_del_mes check (extract(day from month) = 1),
  status text not null default 'open' constraint periods_estado_valido check (status in ('open', 'closed')),
  closed_at timestamptz,
  closed_by uuid references auth.users (id) on delete set null,
  summary jsonb,
  created_at timestamptz not null default now(),
  constraint periods_cerrado_con_fecha check ((status = 'closed') = (closed_at is not null))
);
create index periods_closed_by_idx on public.periods (closed_by);
comment on table public.periods is
  'Meses de negocio. Un mes abierto acumula ingresos pendientes; al cerrarlo (close_period) se anulan los de beneficiarios inactivos, se pagan bonos de volumen y el resto queda disponible.';

create or replace function private.periods_guard() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    perform private.refuse('forbidden', 'Un periodo no se puede borrar.', null, '42501');
  end if;
  if old.status = 'closed' then
    perform private.refuse('period_closed', format('El periodo %s ya está cerrado y no se puede modificar.', to_char(old.month, 'YYYY-MM')));
  end if;
  return new;
end
$$;
comment on function private.periods_guard() is 'Un mes cerrado es definitivo: ni se reabre ni se borra (los ajustes posteriores son contraasientos).';
create trigger periods_guard before update or delete on public.periods for each row execute function private.periods_guard();

-- sales ----------------------------------------------------------------------------------------------
create table public.sales (
  id uuid primary key default gen_random_uuid(),
  sale_no bigint generated always as identity unique,
  client_id uuid not null references public.clients (id) on delete restrict,
  kind text not null constraint sales_tipo_valido check (kind in ('order', 'enrollment', 'direct')),
  status text not null constraint sales_estado_valido check (status in
    ('Pagada', 'Cancelada', 'Rechazado', 'Pendiente de Aprobación', 'Pendiente de Enrolamiento', 'Entregada')),
  total numeric(12,2) not null default 0 constraint sales_total_valido check (total >= 0),
  commissionable_total numeric(12,2) not null default 0
    constraint sales_comisionable_valido check (commissionable_total >= 0 and commissionable_total <= total),
  points_total integer not null default 0 constraint sales_puntos_validos check (points_total >= 0),
  period_month date references public.periods (month),
  payment_method text constraint sales_medio_pago_valido check (payment_method in ('transferencia', 'efectivo', 'tarjeta', 'otro')),
  payment_reference text constraint sales_referencia_valida check (char_length(payment_reference) <= 120),
  voucher_path text constraint sales_comprobante_valido check (char_length(voucher_path) <= 500),
  voucher_hash text, -- the voucher's Storage ETag at the time of the sale: the same file on two sales is a fraud sign
  delivery_address text constraint sales_direccion_valida check (char_length(delivery_address) <= 300),
  notes text constraint sales_notas_validas check (char_length(notes) <= 2000),
  rejection_reason text,
  cancellation_reason text,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  approved_by uuid references auth.users (id) on delete set null,
  rejected_by uuid references auth.users (id) on delete set null,
  cancelled_by uuid references auth.users (id) on delete set null,
  approved_at timestamptz,
  delivered_at timestamptz,
  rejected_at timestamptz,
  cancelled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint sales_rechazo_con_motivo check (status <> 'Rechazado' or (rejected_at is not null and char_length(btrim(rejection_reason)) between 3 and 500)),
  constraint sales_cancelacion_con_fecha check (status <> 'Cancelada' or cancelled_at is not null),
  constraint sales_cobrada_con_periodo check (status not in ('Pagada', 'Entregada') or (approved_at is not null and period_month is not null)),
  constraint sales_entregada_con_fecha check (status <> 'Entregada' or delivered_at is not null),
  constraint sales_motivo_cancelacion_valido check (char_length(cancellation_reason) <= 500)
);
create index sales_client_idx on public.sales (client_id, created_at desc);
create index sales_status_idx on public.sales (status, created_at);
create index sales_voucher_hash_idx on public.sales (voucher_hash) where voucher_hash is not null;
create index sales_period_idx on public.sales (period_month);
create index sales_created_by_idx on public.sales (created_by);
create index sales_approved_by_idx on public.sales (approved_by);
create index sales_rejected_by_idx on public.sales (rejected_by);
create index sales_cancelled_by_idx on public.sales (cancelled_by);
comment on table public.sales is
  'Ventas: pedidos de miembros (order), enrolamientos con kit (enrollment, client_id es el nuevo miembro) y ventas directas del personal (direct). El estado solo sigue las transiciones de DESIGN.md §5. period_month es el mes de negocio de la aprobación.';
comment on column public.sales.commissionable_total is 'Base de comisiones de la venta: suma de importe comisionable × cantidad.';
comment on column public.sales.voucher_path is 'Ruta del comprobante de pago en el bucket payment-vouchers (<id del miembro>/<archivo>).';

create or replace function private.sales_transition() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if (new.kind, new.status) not in (('order', 'Pendiente de Aprobación'), ('enrollment', 'Pendiente de Enrolamiento'), ('direct', 'Pagada')) then
      perform private.refuse('invalid_transition', format('Una venta de tipo %s no puede nacer en estado «%s».', new.kind, new.status));
    end if;
    return new;
  end if;
  if new.kind <> old.kind or new.client_id <> old.client_id then
    perform private.refuse('invalid_transition', 'El tipo y el comprador de una venta no cambian.');
  end if;
  if new.status is distinct from old.status and not (
       (old.status in ('Pendiente de Aprobación', 'Pendiente de Enrolamiento') and new.status in ('Pagada', 'Rechazado', 'Cancelada'))
    or (old.status = 'Pagada' and new.status in ('Entregada', 'Cancelada'))
    or (old.status = 'Entregada' and new.status = 'Cancelada')
  ) then
    perform private.refuse('invalid_transition', format('No se puede pasar una venta de «%s» a «%s».', old.status, new.status));
  end if;
  if old.status in ('Cancelada', 'Rechazado') and to_jsonb(new) - 'updated_at' is distinct from to_jsonb(old) - 'updated_at' then
    perform private.refuse('invalid_transition', format('La venta está «%s» y ya no se puede modificar.', old.status));
  end if;
  return new;
end
$$;
comment on function private.sales_transition() is
  'Máquina de estados de la venta (DESIGN.md §5): cualquier otro cambio de estado se rechaza con un mensaje en español, también desde el motor.';
create trigger sales_transition before insert or update on public.sales for each row execute function private.sales_transition();
create trigger sales_touch before update on public.sales for each row execute function private.touch_updated_at();

create table public.sale_items (
  id bigint generated always as identity primary key,
  sale_id uuid not null references public.sales (id) on delete cascade,
  product_id uuid not null references public.products (id) on delete restrict,
  quantity integer not null constraint sale_items_cantidad_positiva check (quantity > 0 and quantity <= 10000),
  unit_price numeric(12,2) not null constraint sale_items_precio_positivo check (unit_price > 0),
  unit_commissionable numeric(12,2) not null
    constraint sale_items_comisionable_valido check (unit_commissionable >= 0 and unit_commissionable <= unit_price),
  unit_points integer not null constraint sale_items_puntos_validos check (unit_points >= 0),
  line_total numeric(12,2) generated always as (quantity * unit_price) stored,
  constraint sale_items_producto_unico unique (sale_id, product_id)
);
create index sale_items_product_idx on public.sale_items (product_id);
comment on table public.sale_items is 'Líneas de venta con precio, base comisionable y puntos copiados del producto en el momento de la venta.';

-- stock_movements --------------------------------------------------------------------------------------
create table public.stock_movements (
  id bigint generated always as identity primary key,
  product_id uuid not null references public.products (id) on delete cascade,
  quantity integer not null constraint stock_movements_cantidad_no_cero check (quantity <> 0),
  kind text not null constraint stock_movements_tipo_valido check (kind in ('initial', 'restock', 'adjustment', 'sale', 'cancellation')),
  sale_id uuid references public.sales (id) on delete restrict,
  supplier_id uuid references public.suppliers (id) on delete set null,
  note text constraint stock_movements_nota_valida check (char_length(note) <= 500),
  created_by uuid default auth.uid(), -- who, as a fact: see reward_transactions.created_by
  created_at timestamptz not null default now(),
  constraint stock_movements_signo_coherente check (
    (kind in ('initial', 'restock', 'cancellation') and quantity > 0)
    or (kind = 'sale' and quantity < 0)
    or kind = 'adjustment'),
  constraint stock_movements_venta_coherente check ((kind in ('sale', 'cancellation')) = (sale_id is not null)),
  constraint stock_movements_ajuste_con_nota check (kind <> 'adjustment' or char_length(btrim(note)) >= 3)
);
create index stock_movements_product_idx on public.stock_movements (product_id, created_at);
create index stock_movements_sale_idx on public.stock_movements (sale_id);
create index stock_movements_supplier_idx on public.stock_movements (supplier_id);
comment on table public.stock_movements is
  'Libro de inventario de solo anexado: products.stock es siempre la suma de los movimientos del producto. Las ventas descuentan al aprobarse y las cancelaciones devuelven.';

create or replace function private.apply_stock_movement() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_product record;
begin
  select p.name, p.stock into v_product from public.products p where p.id = new.product_id for update;
  if v_product.stock + new.quantity < 0 then
    perform private.refuse('insufficient_stock', format('Stock insuficiente de «%s»: hay %s y se necesitan %s.', v_product.name, v_product.stock, -new.quantity));
  end if;
  update public.products set stock = stock + new.quantity where id = new.product_id;
  return new;
end
$$;
comment on function private.apply_stock_movement() is
  'Aplica cada movimiento al stock del producto bajo bloqueo de fila y rechaza dejarlo negativo con un mensaje claro.';
create trigger stock_movements_apply after insert on public.stock_movements
  for each row execute function private.apply_stock_movement();
-- Staff register restocks and adjustments through the API: who and when are theirs and now.
create trigger stock_movements_stamp before insert on public.stock_movements
  for each row execute function private.stamp_authorship('created_by', 'created_at');
create trigger stock_movements_append_only before update or delete on public.stock_movements
  for each row execute function private.forbid_change();
create trigger stock_movements_no_truncate before truncate on public.stock_movements
  for each statement execute function private.forbid_change();

-- A product created with stock gets its opening movement, so the invariant holds from the start.
create or replace function private.products_opening_stock() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_opening integer := new.stock;
begin
  if v_opening > 0 then
    update public.products set stock = 0 where id = new.id;
    insert into public.stock_movements (product_id, quantity, kind, note)
    values (new.id, v_opening, 'initial', 'Stock inicial');
  end if;
  return null;
end
$$;
comment on function private.products_opening_stock() is
  'Convierte el stock con que se crea un producto en su movimiento inicial, para que stock = suma de movimientos.';
create trigger products_opening_stock after insert on public.products
  for each row execute function private.products_opening_stock();

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

-- Row level security: read-only through the API ----------------------------------------------------------
alter table public.periods enable row level security;
alter table public.sales enable row level security;
alter table public.sale_items enable row level security;
alter table public.stock_movements enable row level security;
alter table public.reward_transactions enable row level security;
alter table public.payout_requests enable row level security;
-- Read-only through the API: the engine's security-definer functions write them. The one
-- exception is a restock or an adjustment, which staff record by hand.
grant select on public.periods, public.sales, public.sale_items, public.reward_transactions, public.payout_requests
  to authenticated;
grant select on public.stock_movements to authenticated;

create policy periods_select on public.periods for select to authenticated
  using ((select private.has_role()));
-- Members see which months are closed (Mis Recompensas groups the ledger by month and says so); the
-- company-wide figures of a close (summary) and who closed it are staff's, read through
-- get_period_summaries, which shows the money only to finance. A column grant, because a policy
-- filters rows and these are columns of every row.
revoke select on public.periods from authenticated;
grant select (month, status, closed_at) on public.periods to authenticated;

create policy sales_select_own on public.sales for select to authenticated
  using (client_id = (select private.my_client_id()));
create policy sales_select_staff on public.sales for select to authenticated
  using ((select private.is_staff()));

create policy sale_items_select_own on public.sale_items for select to authenticated
  using (exists (select 1 from public.sales s where s.id = sale_id and s.client_id = (select private.my_client_id())));
create policy sale_items_select_staff on public.sale_items for select to authenticated
  using ((select private.is_staff()));

-- Nobody writes a movement through the table: sales move stock through the engine, a restock
-- through register_restock (with its supplier, header and unit cost), an adjustment through
-- adjust_stock (with its reason); staff read them.
create policy stock_movements_select_staff on public.stock_movements for select to authenticated
  using ((select private.is_staff()));

create policy reward_transactions_select_own on public.reward_transactions for select to authenticated
  using (beneficiary_id = (select private.my_client_id()));
create policy reward_transactions_select_staff on public.reward_transactions for select to authenticated
  using ((select private.is_staff()));

create policy payout_requests_select_own on public.payout_requests for select to authenticated
  using (client_id = (select private.my_client_id()));
create policy payout_requests_select_staff on public.payout_requests for select to authenticated
  using ((select private.is_staff()));
