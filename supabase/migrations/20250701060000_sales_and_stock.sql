-- Sales and stock: business months (periods), sales and their lines, the amount an approver read on a
-- voucher, and the stock movements with the restocks that bring units in. These tables are written
-- only by the engine's security-definer functions (issue 5) and the stock actions below: through the
-- API, members and staff read; nobody writes them directly.

-- Business months ---------------------------------------------------------------------------------------
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
  -- When its close began (the close's first step): from then on nothing more is written into the month.
  close_started_at timestamptz,
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
  client_id uuid references public.clients (id) on delete restrict,
  -- A direct sale to a person who is not a member (a walk-in buyer): their name, and what they chose
  -- to give, instead of a member. Validated as a member's contact data (update_client_contact).
  buyer_name text constraint sales_comprador_nombre_valido check (char_length(btrim(buyer_name)) between 2 and 120),
  buyer_document_number text constraint sales_comprador_documento_valido check (private.is_document_number(buyer_document_number)),
  buyer_phone text constraint sales_comprador_telefono_valido check (private.is_phone(buyer_phone)),
  buyer_email text constraint sales_comprador_correo_valido check (private.is_email(buyer_email)),
  -- An enrolment: the address the enrolling member typed. The person's record may later be enrolled
  -- again by someone else and its address changed by staff; the first member is shown only this.
  enrolled_email text constraint sales_correo_enrolado_valido check (enrolled_email is null or (kind = 'enrollment' and private.is_email(enrolled_email))),
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
  constraint sales_motivo_cancelacion_valido check (char_length(cancellation_reason) <= 500),
  -- Exactly one buyer: a member, or (a direct sale only) a walk-in buyer, whose contact data exists
  -- only with their name. A walk-in sale carries no points: nobody earns any from it.
  constraint sales_un_comprador check ((client_id is null) = (buyer_name is not null)),
  constraint sales_sin_membresia_solo_directa check (client_id is not null or kind = 'direct'),
  constraint sales_datos_comprador_con_nombre check (buyer_name is not null
    or (buyer_document_number is null and buyer_phone is null and buyer_email is null)),
  constraint sales_sin_membresia_sin_puntos check (client_id is not null or points_total = 0)
);
create index sales_client_idx on public.sales (client_id, created_at desc);
create index sales_status_idx on public.sales (status, created_at);
create index sales_voucher_hash_idx on public.sales (voucher_hash) where voucher_hash is not null;
create index sales_period_idx on public.sales (period_month);
-- Who placed a sale (the foreign key to auth.users), and by kind: Mis Pedidos lists the enrolments a
-- member placed (created_by and kind, beside their own client_id), and create_sale counts a member's
-- enrolments of the day.
create index sales_created_by_idx on public.sales (created_by, kind);
-- Who decided a sale, for the foreign keys to auth.users: partial, so that a sale enters only the
-- index of the decision it has, and an approval's update (a new row version in every index whose
-- predicate it meets) skips the rejection's and the cancellation's (bench/README.md).
create index sales_approved_by_idx on public.sales (approved_by) where approved_by is not null;
create index sales_rejected_by_idx on public.sales (rejected_by) where rejected_by is not null;
create index sales_cancelled_by_idx on public.sales (cancelled_by) where cancelled_by is not null;
comment on table public.sales is
  'Ventas: pedidos de miembros (order), enrolamientos con kit (enrollment, client_id es el nuevo miembro) y ventas directas del personal (direct), a un miembro o a un cliente sin membresía (client_id vacío, buyer_name y sus datos: sin puntos ni comisiones). El estado solo sigue las transiciones de DESIGN.md §5. period_month es el mes de negocio de la aprobación.';
comment on column public.sales.commissionable_total is 'Base de comisiones de la venta: suma de importe comisionable × cantidad.';
comment on column public.sales.buyer_name is
  'El cliente sin membresía de una venta directa (client_id vacío): su nombre. Con buyer_document_number, buyer_phone y buyer_email opcionales. Nadie gana puntos ni comisiones por su compra.';
comment on column public.sales.enrolled_email is
  'Enrolamiento: el correo que escribió el miembro que enroló. get_my_enrolments le muestra este, no el de la ficha, que puede ser ya de la red de otro miembro y haber cambiado.';
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
  if (new.kind, new.client_id, new.buyer_name, new.buyer_document_number, new.buyer_phone, new.buyer_email)
     is distinct from (old.kind, old.client_id, old.buyer_name, old.buyer_document_number, old.buyer_phone, old.buyer_email) then
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
-- Typed by the buyer or staff, read in Ventas' export and the ledger's (foundation: no formulas).
create trigger sales_refuse_formulas
  before insert or update of payment_reference, delivery_address, notes, rejection_reason, cancellation_reason, buyer_name, buyer_document_number, buyer_email on public.sales
  for each row execute function private.refuse_formula_columns(
    'payment_reference', 'la referencia del pago', 'delivery_address', 'la dirección de entrega', 'notes', 'la nota',
    'rejection_reason', 'el motivo del rechazo', 'cancellation_reason', 'el motivo de la cancelación',
    'buyer_name', 'el nombre del cliente', 'buyer_document_number', 'el documento del cliente',
    'buyer_email', 'el correo del cliente'); -- a phone may start with «+» (its check allows digits and punctuation only)

-- Aprobaciones asks PostgREST for the pending sales oldest first, a page at a time, each with its
-- member and its lines embedded (LATERAL subqueries), with the exact count (supabase-js
-- `count: 'exact'`). With only (status, created_at) the two pending states could not be read in
-- created_at order, so PostgreSQL embedded the member and lines of every pending sale (10,000: a hash
-- of all 100,000 members, an aggregate per sale) and sorted them to keep 20: ≈ 2 s per page. Read in
-- order from this index, it embeds only the page's rows. The count and the staff's work counts read
-- it too, without visiting the table: it includes the columns the sales policies check.
create index sales_pending_queue_idx on public.sales (created_at, id) include (client_id, created_by)
  where status in ('Pendiente de Aprobación', 'Pendiente de Enrolamiento');
comment on index public.sales_pending_queue_idx is
  'La cola de Aprobaciones: ventas pendientes de la más antigua a la más nueva (con las columnas que leen las políticas de sales, para contarlas sin leer la tabla).';

-- Ventas' list (search_sales) stays fast at 1,000,000 sales: each call builds its statement for the
-- filters given, an index serves each sort (created_at, total, sale_no) and each selective filter
-- (status, kind, member), and the count stops counting four pages past the page asked for. These two
-- carry the columns the filters read, so the page's ids and the count come from the index alone
-- (a day's 8,000 sales sorted by total are read from the date index without visiting the table).
create index sales_created_idx on public.sales (created_at, id) include (total, status, kind, client_id, sale_no);
comment on index public.sales_created_idx is 'Ventas por fecha, página a página, y el filtro por rango de fechas (con las columnas de los filtros, para leer la página y la cuenta del índice solo).';
create index sales_total_idx on public.sales (total, id) include (created_at, status, kind, client_id, sale_no);
comment on index public.sales_total_idx is 'Ventas ordenadas por total, página a página (con las columnas de los filtros).';
create index sales_kind_idx on public.sales (kind, created_at, id);
comment on index public.sales_kind_idx is 'El filtro por tipo de Ventas (pocas ventas directas o enrolamientos entre muchos pedidos), ya en orden de fecha.';

-- Before approving a sale (get_sale_checks): the same payment reference on another sale.
create index if not exists sales_payment_reference_idx on public.sales (lower(btrim(payment_reference)))
  where payment_reference is not null;
-- PostgreSQL estimates with an index's statistics only when the index is not partial: without these it
-- expected 1,200 sales per reference and read them through a bitmap (bench/README.md). ANALYZE fills them.
create statistics if not exists public.sales_payment_reference_stats on (lower(btrim(payment_reference))) from public.sales;

-- sale_items -------------------------------------------------------------------------------------------
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

-- Audited (private.audit_row) ------------------------------------------------------------------------
create trigger audit after insert or update or delete on public.periods for each row execute function private.audit_row('month');
create trigger audit after insert or update or delete on public.sales for each row execute function private.audit_row();
create trigger audit after insert or update or delete on public.sale_items for each row execute function private.audit_row('sale_id');

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
-- Only restocks name a supplier: a sale's movements stay out of this index.
create index stock_movements_supplier_idx on public.stock_movements (supplier_id) where supplier_id is not null;
-- The few cancellations, apart: a sale line counts in Productos' figures unless it was cancelled, and the
-- change of time zone asks that of 200,000 movements at a time (20250701080000_kept_sales_aggregates.sql),
-- one lookup in the whole movements' index each (a fifth of its chunk at 3,000,000 sales).
create index stock_movements_cancellation_idx on public.stock_movements (sale_id, product_id) where kind = 'cancellation';
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
  -- NO KEY UPDATE, not UPDATE: this transaction's own foreign-key check (and every other one's) holds
  -- KEY SHARE on the product, which UPDATE would have to wait for: two movements of one product at
  -- once then waited for each other (issue 23 §6). NO KEY UPDATE conflicts only with itself.
  select p.name, p.stock into v_product from public.products p where p.id = new.product_id for no key update;
  if v_product.stock + new.quantity < 0 then
    perform private.refuse('insufficient_stock', format('Stock insuficiente de «%s»: hay %s y se necesitan %s.', v_product.name, v_product.stock, -new.quantity));
  end if;
  update public.products set stock = stock + new.quantity where id = new.product_id;
  return new;
end
$$;
comment on function private.apply_stock_movement() is
  'Aplica cada movimiento al stock del producto bajo bloqueo de fila (FOR NO KEY UPDATE, compatible con el KEY SHARE de las claves foráneas) y rechaza dejarlo negativo con un mensaje claro.';
create trigger stock_movements_apply after insert on public.stock_movements
  for each row execute function private.apply_stock_movement();

-- Staff register restocks and adjustments through the API: who and when are theirs and now.
create trigger stock_movements_stamp before insert on public.stock_movements
  for each row execute function private.stamp_authorship('created_by', 'created_at');

-- stock_movements stays append-only, with one exception: the opening movement of a product that is
-- being deleted (never sold nor moved, products_guard_delete) goes with it through the foreign key's
-- cascade, which runs after the product row is gone.
create or replace function private.stock_movements_guard() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' and old.kind = 'initial' and pg_catalog.pg_trigger_depth() > 1
     and not exists (select 1 from public.products p where p.id = old.product_id) then
    return old;
  end if;
  perform private.refuse('append_only',
    'La tabla stock_movements es de solo anexado: sus filas no se pueden modificar ni borrar; registra un movimiento o asiento compensatorio.',
    null, '42501');
  return null;
end
$$;
comment on function private.stock_movements_guard() is
  'Movimientos de inventario de solo anexado (como private.forbid_change), salvo el movimiento inicial de un producto que se borra en cascada.';
create trigger stock_movements_append_only before update or delete on public.stock_movements
  for each row execute function private.stock_movements_guard();
create trigger stock_movements_no_truncate before truncate on public.stock_movements
  for each statement execute function private.forbid_change();
revoke all on function private.stock_movements_guard() from public;

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

-- Restocks: a header and its lines ---------------------------------------------------------------------
-- A restock as a header (supplier, note, who, when) and its lines (product, quantity, unit cost, stock
-- before and after), append-only, written only by register_restock in one transaction with one stock
-- movement per line and the product's last cost. The unit cost of a line is finance data: the API
-- roles may read every column of restock_lines but unit_cost (a column grant), and get_restocks hands
-- the cost only to private.has_finance().
create table public.restocks (
  id bigint generated always as identity primary key,
  supplier_id uuid not null references public.suppliers (id) on delete restrict,
  note text constraint restocks_nota_valida check (char_length(note) <= 500),
  created_by uuid, -- who, as a fact (like stock_movements.created_by): the row is append-only
  created_at timestamptz not null default now()
);
create index restocks_created_idx on public.restocks (created_at desc, id desc);
create index restocks_supplier_idx on public.restocks (supplier_id, created_at desc, id desc);
comment on table public.restocks is
  'Reposiciones de inventario: proveedor, nota, quién y cuándo. Solo las escribe register_restock; de solo anexado.';

create table public.restock_lines (
  restock_id bigint not null references public.restocks (id) on delete restrict,
  product_id uuid not null references public.products (id) on delete restrict,
  quantity integer not null constraint restock_lines_cantidad_valida check (quantity between 1 and 100000),
  unit_cost numeric(12,2) not null constraint restock_lines_costo_valido check (unit_cost between 0 and 10000000),
  stock_before integer not null,
  stock_after integer not null,
  movement_id bigint not null references public.stock_movements (id) on delete restrict,
  primary key (restock_id, product_id),
  constraint restock_lines_stock_coherente check (stock_after = stock_before + quantity)
);
create index restock_lines_product_idx on public.restock_lines (product_id, restock_id desc);
create index restock_lines_movement_idx on public.restock_lines (movement_id);
comment on table public.restock_lines is
  'Líneas de una reposición: producto, unidades, costo unitario (dato de finanzas: la API no puede leer la columna unit_cost; get_restocks la da solo a finanzas) y el stock antes y después.';
comment on column public.restock_lines.unit_cost is
  'Costo unitario pagado al proveedor. Solo finanzas lo ve (get_restocks); también queda como último costo en product_costs.';

create trigger restocks_append_only before update or delete on public.restocks
  for each row execute function private.forbid_change();
create trigger restocks_no_truncate before truncate on public.restocks
  for each statement execute function private.forbid_change();
create trigger restock_lines_append_only before update or delete on public.restock_lines
  for each row execute function private.forbid_change();
create trigger restock_lines_no_truncate before truncate on public.restock_lines
  for each statement execute function private.forbid_change();

alter table public.restocks enable row level security;
alter table public.restock_lines enable row level security;

-- Read-only through the API (register_restock writes them), and the lines without their cost: a policy
-- filters rows, the cost is a column of every row, so a column grant keeps it from the API roles.
grant select on public.restocks to authenticated;
grant select (restock_id, product_id, quantity, stock_before, stock_after, movement_id) on public.restock_lines to authenticated;
create policy restocks_superadmin on public.restocks for select to authenticated
  using ((select private.is_superadmin()));
create policy restock_lines_superadmin on public.restock_lines for select to authenticated
  using ((select private.is_superadmin()));

-- Registering a restock -------------------------------------------------------------------------------------
create or replace function public.register_restock(p_supplier_id uuid, p_lines jsonb, p_note text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
set lock_timeout = '3s' -- foundation: contention
as $$
declare
  v_actor uuid := private.require_superadmin('Solo un superadmin puede gestionar proveedores y reposiciones.');
  v_supplier record;
  v_note text := nullif(btrim(coalesce(p_note, '')), '');
  v_line jsonb;
  v_product record;
  v_after record;
  v_product_id uuid;
  v_quantity numeric;
  v_cost numeric;
  v_seen uuid[] := '{}';
  v_restock bigint;
  v_movement bigint;
  v_stock integer;
  v_result jsonb := '[]'::jsonb;
  v_line_no integer := 0;
begin
  -- FOR SHARE: the supplier cannot be deactivated or deleted while its restock is being written.
  select s.id, s.name, s.is_active into v_supplier from public.suppliers s where s.id = p_supplier_id for share;
  if not found then
    perform private.refuse('unknown_supplier', 'Elige un proveedor: ese ya no existe.', 'supplier');
  end if;
  if not v_supplier.is_active then
    perform private.refuse('inactive_supplier',
      format('«%s» está inactivo: actívalo en su ficha antes de registrarle una reposición.', v_supplier.name), 'supplier');
  end if;
  if char_length(v_note) > 500 then
    perform private.refuse('text_too_long', 'La nota de la reposición admite hasta 500 caracteres.', 'note');
  end if;
  -- Two checks, not one OR: SQL does not promise to test the type before taking the length.
  if p_lines is null or jsonb_typeof(p_lines) <> 'array' then
    perform private.refuse('empty_restock', 'Agrega al menos un producto con su cantidad y costo unitario.', 'lines');
  end if;
  if jsonb_array_length(p_lines) = 0 then
    perform private.refuse('empty_restock', 'Agrega al menos un producto con su cantidad y costo unitario.', 'lines');
  end if;
  if jsonb_array_length(p_lines) > 100 then
    perform private.refuse('empty_restock', 'Una reposición admite hasta 100 productos: divídela en varias.', 'lines');
  end if;

  -- Every line is checked before anything is written, so a refusal names the line a person must fix
  -- (DETAIL = its position from 1) and nothing is half-written.
  for v_line in select l from jsonb_array_elements(p_lines) l loop
    v_line_no := v_line_no + 1;
    if jsonb_typeof(v_line) <> 'object' or jsonb_typeof(v_line -> 'product_id') is distinct from 'string'
       or (v_line ->> 'product_id') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      perform private.refuse('unknown_product', format('Línea %s: elige un producto.', v_line_no), v_line_no::text);
    end if;
    v_product_id := (v_line ->> 'product_id')::uuid;
    select p.name, p.is_active into v_product from public.products p where p.id = v_product_id;
    if not found then
      perform private.refuse('unknown_product', format('Línea %s: ese producto ya no existe.', v_line_no), v_line_no::text);
    end if;
    if not v_product.is_active then
      perform private.refuse('inactive_product',
        format('«%s» está inactivo: actívalo en Productos antes de reponerlo.', v_product.name), v_line_no::text);
    end if;
    if v_product_id = any (v_seen) then
      perform private.refuse('duplicate_product',
        format('«%s» está dos veces en la reposición: junta sus unidades en una sola línea.', v_product.name), v_line_no::text);
    end if;
    v_seen := v_seen || v_product_id;
    v_quantity := case when jsonb_typeof(v_line -> 'quantity') = 'number' then (v_line ->> 'quantity')::numeric end;
    if v_quantity is null or v_quantity <> trunc(v_quantity) or v_quantity < 1 then
      perform private.refuse('invalid_quantity',
        format('«%s»: la cantidad debe ser un número entero de unidades mayor que cero.', v_product.name), v_line_no::text);
    end if;
    if v_quantity > 100000 then
      perform private.refuse('invalid_quantity',
        format('«%s»: %s unidades en una reposición no es creíble; el máximo por línea es 100.000.', v_product.name, v_quantity), v_line_no::text);
    end if;
    v_cost := case when jsonb_typeof(v_line -> 'unit_cost') = 'number' then (v_line ->> 'unit_cost')::numeric end;
    if v_cost is null or v_cost < 0 then
      perform private.refuse('invalid_cost',
        format('«%s»: el costo unitario debe ser un importe de cero o más.', v_product.name), v_line_no::text);
    end if;
    if v_cost > 10000000 or v_cost <> round(v_cost, 2) then
      perform private.refuse('invalid_cost',
        format('«%s»: el costo unitario admite hasta 10.000.000 con dos decimales.', v_product.name), v_line_no::text);
    end if;
  end loop;

  -- Every product of the restock, locked in id order before anything is written: two restocks (or
  -- a restock and an approval) sharing products take them in the same order and never deadlock.
  perform 1 from public.products p
   where p.id in (select (l ->> 'product_id')::uuid from jsonb_array_elements(p_lines) l)
   order by p.id
   for no key update;

  insert into public.restocks (supplier_id, note, created_by, created_at)
  values (p_supplier_id, v_note, v_actor, now())
  returning id into v_restock;

  -- Lines in product order: two restocks of the same products lock them in the same order.
  for v_line in
    select l from jsonb_array_elements(p_lines) l order by (l ->> 'product_id')::uuid
  loop
    v_product_id := (v_line ->> 'product_id')::uuid;
    -- The movement's trigger locks the product row and adds the units; its stock after is read here.
    insert into public.stock_movements (product_id, quantity, kind, supplier_id, note, created_by, created_at)
    values (v_product_id, (v_line ->> 'quantity')::numeric::integer, 'restock', p_supplier_id,
            format('Reposición n.º %s', v_restock), v_actor, now())
    returning id into v_movement;
    select p.stock, p.name, p.sku into v_after from public.products p where p.id = v_product_id;
    v_stock := v_after.stock;
    insert into public.restock_lines (restock_id, product_id, quantity, unit_cost, stock_before, stock_after, movement_id)
    values (v_restock, v_product_id, (v_line ->> 'quantity')::numeric::integer, (v_line ->> 'unit_cost')::numeric,
            v_stock - (v_line ->> 'quantity')::numeric::integer, v_stock, v_movement);
    -- The last cost is the product's cost (Productos shows it, with the margin, to finance). Units received
    -- free (cost 0) are not: every sale after them would count no cost of goods in Finanzas.
    insert into public.product_costs (product_id, unit_cost, supplier_id, updated_by, updated_at)
    select v_product_id, (v_line ->> 'unit_cost')::numeric, p_supplier_id, v_actor, now()
     where (v_line ->> 'unit_cost')::numeric > 0
    on conflict (product_id) do update
      set unit_cost = excluded.unit_cost, supplier_id = excluded.supplier_id, updated_by = excluded.updated_by, updated_at = excluded.updated_at;
    v_result := v_result || jsonb_build_object('product_id', v_product_id, 'sku', v_after.sku, 'name', v_after.name,
      'quantity', (v_line ->> 'quantity')::numeric::integer, 'stock_before', v_stock - (v_line ->> 'quantity')::numeric::integer, 'stock_after', v_stock);
  end loop;

  return jsonb_build_object('restock_id', v_restock, 'supplier_name', v_supplier.name,
    'lines', (select jsonb_agg(x order by x ->> 'name', x ->> 'product_id') from jsonb_array_elements(v_result) x));
exception when lock_not_available or deadlock_detected then
  perform private.refuse_busy();
end
$$;
comment on function public.register_restock(uuid, jsonb, text) is
  'Registra una reposición (solo superadmin), todo o nada: la cabecera, sus líneas, un movimiento de stock «restock» por línea con el proveedor, y el costo unitario de cada línea como último costo del producto (product_costs). p_lines = [{product_id, quantity, unit_cost}]. Rechaza en español un proveedor inactivo o inexistente, ninguna línea, un producto repetido o inactivo, cantidades no enteras, de cero o absurdas y costos negativos o absurdos (DETAIL = el número de línea). Devuelve el stock antes y después de cada producto. Bajo contención, savia:busy (HTTP 409).';
revoke all on function public.register_restock(uuid, jsonb, text) from public, anon;
grant execute on function public.register_restock(uuid, jsonb, text) to authenticated;

-- Stock adjustments («Ajustar stock» in Productos): an adjustment movement with its reason, never below zero.
create or replace function public.adjust_stock(p_product_id uuid, p_direction text, p_quantity integer, p_reason text)
returns jsonb
language plpgsql
security definer
set search_path = ''
set lock_timeout = '3s' -- foundation: contention
as $$
declare
  v_product public.products;
  v_reason text := btrim(coalesce(p_reason, ''));
  v_movement bigint;
begin
  perform private.require_staff();
  if coalesce(p_direction, '') not in ('entrada', 'salida') then
    perform private.refuse('invalid_quantity', 'Elige si el ajuste es una entrada o una salida.', 'direction');
  end if;
  if p_quantity is null or p_quantity not between 1 and 1000000 then
    perform private.refuse('invalid_quantity', 'La cantidad debe ser un número entero de 1 a 1.000.000.', 'quantity');
  end if;
  if char_length(v_reason) not between 3 and 500 then
    perform private.refuse('reason_required', 'Escribe el motivo del ajuste (de 3 a 500 caracteres).', 'reason');
  end if;
  -- Locked, so the stock read here is the one the movement will change.
  select * into v_product from public.products p where p.id = p_product_id for no key update;
  if not found then
    perform private.refuse('unknown_product', 'El producto no existe.');
  end if;
  if p_direction = 'salida' and p_quantity > v_product.stock then
    perform private.refuse('insufficient_stock',
      format('No puedes sacar %s unidades de «%s»: solo hay %s en stock.', p_quantity, v_product.name, v_product.stock), 'quantity');
  end if;
  insert into public.stock_movements (product_id, quantity, kind, note, created_by)
  values (v_product.id, case when p_direction = 'salida' then -p_quantity else p_quantity end, 'adjustment', v_reason, auth.uid())
  returning id into v_movement;
  return jsonb_build_object('movement_id', v_movement, 'stock', (select p.stock from public.products p where p.id = v_product.id));
exception when lock_not_available or deadlock_detected then
  perform private.refuse_busy();
end
$$;
comment on function public.adjust_stock(uuid, text, integer, text) is
  'Personal: «Ajustar stock» de un producto: una entrada o salida de 1 a 1.000.000 unidades con su motivo (3 a 500 caracteres), registrada como movimiento adjustment firmado por quien llama. Una salida mayor que el stock se rechaza (savia:insufficient_stock, DETAIL quantity). Devuelve el movimiento y el stock resultante. Bajo contención, savia:busy (HTTP 409).';
revoke all on function public.adjust_stock(uuid, text, integer, text) from public, anon;
grant execute on function public.adjust_stock(uuid, text, integer, text) to authenticated;

-- Aprobaciones (SCREENS.md §2): a fraud sign only a person can see. The approver reads the amount
-- on the payment voucher and notes it; when it is not the sale's total, the sale is flagged before
-- anyone approves it, with who noted it and when. The comparison is the database's, never the
-- browser's. Notes live in private: staff reach them only through note_voucher_amount (below) and
-- get_voucher_note (the back office's reads).

create table private.voucher_amount_notes (
  sale_id uuid primary key references public.sales (id) on delete cascade,
  amount numeric(12,2) not null constraint voucher_amount_notes_importe_valido check (amount > 0),
  noted_by uuid references auth.users (id) on delete set null,
  noted_at timestamptz not null
);
create index voucher_amount_notes_noted_by_idx on private.voucher_amount_notes (noted_by);
comment on table private.voucher_amount_notes is
  'Importe que el personal leyó en el comprobante de una venta pendiente (uno por venta; anotarlo otra vez lo corrige). Si no es el total de la venta, es una señal de alerta en Aprobaciones.';
comment on column private.voucher_amount_notes.amount is 'Importe que dice el comprobante, en la moneda de la configuración.';
comment on column private.voucher_amount_notes.noted_by is 'Quién del personal lo anotó.';
comment on column private.voucher_amount_notes.noted_at is 'Cuándo lo anotó (reloj del motor).';

create or replace function private.voucher_note_json(p_sale_id uuid) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
           'amount', n.amount, 'sale_total', s.total, 'difference', n.amount - s.total, 'matches', n.amount = s.total,
           -- The e-mail, not user_metadata's name: a person edits their own metadata.
           'noted_by_email', u.email,
           'noted_at', n.noted_at)
    from private.voucher_amount_notes n
    join public.sales s on s.id = n.sale_id
    left join auth.users u on u.id = n.noted_by
   where n.sale_id = p_sale_id
$$;
comment on function private.voucher_note_json(uuid) is
  'La nota del importe del comprobante de una venta frente a su total (diferencia = comprobante − total), o null si no hay nota.';

-- The fraud signs of a sale, in the sentences the approver reads on the queue's card, in the
-- approval's confirmation and in approve_sale's refusal: one list, so the three never disagree.
create or replace function private.sale_fraud_signs(p_sale_id uuid) returns text[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_sale public.sales;
  v_signs text[] := '{}';
  v_others text;
begin
  select * into v_sale from public.sales s where s.id = p_sale_id;
  if not found then
    return v_signs;
  end if;
  -- A sign is looked for only when the sale has what it compares: a condition on the sale's own
  -- value inside the query («v_sale.voucher_hash is not null and …») would make PostgreSQL plan the
  -- statement again on every call (its one-off plan is «nothing», cheaper than any reusable one),
  -- 0.15 ms of each approval and of each row of the approvals queue (bench/README.md).
  -- And each is probed with «exists» first, the other sales' numbers gathered only when there are some:
  -- gathering them at once ran the list's aggregate (and its sort) for every sale, most of a sign's cost.
  -- The same voucher file (by its hash) on another sale: one payment shown twice.
  if v_sale.voucher_hash is not null then
    if exists (select 1 from public.sales s where s.voucher_hash = v_sale.voucher_hash and s.id <> v_sale.id) then
      select string_agg('#' || s.sale_no, ', ' order by s.sale_no) into v_others
        from public.sales s
       where s.voucher_hash = v_sale.voucher_hash and s.id <> v_sale.id;
      v_signs := v_signs || format('El mismo archivo de comprobante ya se usó en otra venta (%s).', v_others);
    end if;
  end if;
  -- The same payment reference on another sale: the same transfer may be claimed twice.
  if v_sale.payment_reference is not null then
    if exists (select 1 from public.sales s
                where s.payment_reference is not null and s.id <> v_sale.id
                  and lower(btrim(s.payment_reference)) = lower(btrim(v_sale.payment_reference))) then
      select string_agg('#' || s.sale_no, ', ' order by s.sale_no) into v_others
        from public.sales s
       where s.payment_reference is not null and s.id <> v_sale.id
         and lower(btrim(s.payment_reference)) = lower(btrim(v_sale.payment_reference));
      v_signs := v_signs || format('La referencia de pago «%s» ya aparece en otra venta (%s).', btrim(v_sale.payment_reference), v_others);
    end if;
  end if;
  -- The amount an approver read on the voucher is not the sale's total.
  if exists (select 1 from private.voucher_amount_notes n where n.sale_id = p_sale_id and n.amount <> v_sale.total) then
    v_signs := v_signs || 'El importe anotado del comprobante no coincide con el total de la venta.'::text;
  end if;
  return v_signs;
end
$$;
comment on function private.sale_fraud_signs(uuid) is
  'Las señales de alerta de una venta, una frase en español cada una: el mismo archivo de comprobante o la misma referencia de pago en otra venta, y un importe anotado del comprobante distinto del total. Vacío si no hay ninguna. Las leen la cola de Aprobaciones y approve_sale.';
revoke all on function private.sale_fraud_signs(uuid) from public, anon, authenticated;

create or replace function public.note_voucher_amount(p_sale_id uuid, p_amount numeric) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := private.require_staff();
  v_sale public.sales := private.pending_sale_for_update(p_sale_id);
begin
  if v_sale.status not in ('Pendiente de Aprobación', 'Pendiente de Enrolamiento') then
    perform private.refuse('invalid_transition',
      format('La venta #%s está «%s»: el importe del comprobante se anota antes de decidir.', v_sale.sale_no, v_sale.status));
  end if;
  if v_sale.voucher_path is null then
    perform private.refuse('invalid_voucher', 'Esta venta no trae comprobante: no hay importe que anotar.');
  end if;
  if p_amount is null then
    delete from private.voucher_amount_notes n where n.sale_id = p_sale_id;
    return null;
  end if;
  if p_amount <= 0 or p_amount >= 10000000000 or p_amount <> round(p_amount, 2) then
    perform private.refuse('invalid_amount', 'Escribe el importe que dice el comprobante: un número mayor que 0, con hasta 2 decimales.');
  end if;
  insert into private.voucher_amount_notes as n (sale_id, amount, noted_by, noted_at)
  values (p_sale_id, p_amount, v_actor, private.engine_now())
  on conflict (sale_id) do update set amount = excluded.amount, noted_by = excluded.noted_by, noted_at = excluded.noted_at;
  return private.voucher_note_json(p_sale_id);
end
$$;
comment on function public.note_voucher_amount(uuid, numeric) is
  'Personal: anota (o corrige) el importe que dice el comprobante de una venta pendiente con comprobante; null borra la nota. Devuelve la nota frente al total de la venta.';

revoke all on table private.voucher_amount_notes from public, anon, authenticated, service_role;
revoke all on function private.voucher_note_json(uuid) from public;
revoke all on function public.note_voucher_amount(uuid, numeric) from public, anon;
grant execute on function public.note_voucher_amount(uuid, numeric) to authenticated;

-- Row level security: read-only through the API ----------------------------------------------------------
alter table public.periods enable row level security;
alter table public.sales enable row level security;
alter table public.sale_items enable row level security;
alter table public.stock_movements enable row level security;

-- Read-only through the API: the engine's security-definer functions write them. The one
-- exception is a restock or an adjustment, which staff record by hand.
grant select on public.periods, public.sales, public.sale_items to authenticated;
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

-- Mis Pedidos lists the member's orders and the enrolments they placed: the enrolment's buyer is the
-- new person, so the member who placed it reads it by created_by, which only the engine writes. Only
-- enrolments: an account that was staff before it became a member's recorded direct sales under its
-- own id, and those (a walk-in buyer's document and phone, other members' addresses) stay staff's.
create policy sales_select_placed on public.sales for select to authenticated
  using (kind = 'enrollment' and created_by = (select auth.uid()) and (select private.my_client_id()) is not null);
create policy sale_items_select_placed on public.sale_items for select to authenticated
  using (exists (select 1 from public.sales s
                  where s.id = sale_id and s.kind = 'enrollment' and s.created_by = (select auth.uid())
                    and (select private.my_client_id()) is not null));
