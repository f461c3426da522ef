-- Reward engine (issue 5), part 2: the sale lifecycle and the rewards it writes.
-- One function per business action, each one transaction: status, stock, ledger and summaries
-- together or nothing. Every function checks the caller's role itself.

-- Building a sale ----------------------------------------------------------------------------------
create or replace function private.parse_items(p_items jsonb, p_kits boolean) returns table (
  product_id uuid, quantity integer, unit_price numeric, unit_commissionable numeric, unit_points integer, name text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_item jsonb;
  v_missing text;
  v_kit text;
begin
  if p_items is null or jsonb_typeof(p_items) <> 'array' or jsonb_array_length(p_items) = 0 then
    perform private.refuse('empty_order', 'El pedido no tiene productos.');
  end if;
  -- Far above any real cart, and each line is read and checked here.
  if jsonb_array_length(p_items) > 100 then
    perform private.refuse('too_many_lines', 'Un pedido puede tener hasta 100 líneas: divídelo en dos.');
  end if;
  for v_item in select e from jsonb_array_elements(p_items) e loop
    if jsonb_typeof(v_item) <> 'object'
       or coalesce(v_item ->> 'product_id', '') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      perform private.refuse('unknown_product', 'Uno de los productos del pedido no existe.');
    end if;
    if jsonb_typeof(v_item -> 'quantity') is distinct from 'number'
       or (v_item ->> 'quantity') !~ '^[0-9]{1,5}$' or (v_item ->> 'quantity')::integer not between 1 and 10000 then
      perform private.refuse('invalid_quantity', 'Cada cantidad debe ser un número entero entre 1 y 10.000.',
        format('Cantidad recibida: %s', coalesce(v_item ->> 'quantity', 'ninguna')));
    end if;
  end loop;

  -- Repeated lines are merged below: the limit holds for what is sold of each product, not per line.
  if exists (select 1 from jsonb_array_elements(p_items) e
              group by (e ->> 'product_id')::uuid having sum((e ->> 'quantity')::integer) > 10000) then
    perform private.refuse('invalid_quantity', 'La cantidad de un producto, sumando sus líneas, no puede pasar de 10.000.');
  end if;

  -- Unknown or withdrawn products are refused before anything is written.
  select string_agg(e ->> 'product_id', ', ') into v_missing
    from jsonb_array_elements(p_items) e
   where not exists (select 1 from public.products p where p.id = (e ->> 'product_id')::uuid and p.is_active);
  if v_missing is not null then
    perform private.refuse('unknown_product', 'Uno de los productos del pedido no existe o ya no está a la venta.', v_missing);
  end if;
  if not p_kits then
    select p.name into v_kit
      from jsonb_array_elements(p_items) e join public.products p on p.id = (e ->> 'product_id')::uuid
     where p.is_kit limit 1;
    if v_kit is not null then
      perform private.refuse('kit_in_order', format('«%s» es un kit de inicio: solo se vende al enrolar a un miembro.', v_kit));
    end if;
  end if;

  -- Repeated lines of one product are merged; prices, bases and points are copied as they are now.
  return query
    select p.id, sum((e ->> 'quantity')::integer)::integer, p.price, p.commissionable_amount, p.points, p.name
      from jsonb_array_elements(p_items) e
      join public.products p on p.id = (e ->> 'product_id')::uuid
     group by p.id
     order by p.id;
end
$$;
comment on function private.parse_items(jsonb, boolean) is
  'Valida las líneas de un pedido ([{product_id, quantity}]): productos existentes y a la venta, hasta 100 líneas, cantidades enteras entre 1 y 10.000 por producto, kits solo en enrolamientos. Devuelve las líneas con precio, base y puntos de hoy.';

create or replace function private.create_sale(
  p_client_id uuid, p_kind text, p_items jsonb, p_payment_method text, p_payment_reference text,
  p_voucher_path text, p_voucher_owner uuid, p_delivery_address text, p_notes text, p_actor uuid,
  p_walk_in jsonb default null, p_enrolled_email text default null
) returns public.sales
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_sale public.sales;
  v_now timestamptz := private.engine_now();
  v_month date;
  v_voucher_hash text;
  v_short record;
begin
  if p_payment_method is not null and p_payment_method not in ('transferencia', 'efectivo', 'tarjeta', 'otro') then
    perform private.refuse('invalid_payment_method', 'El medio de pago debe ser transferencia, efectivo, tarjeta u otro.');
  end if;
  if char_length(p_payment_reference) > 120 or char_length(p_delivery_address) > 300 or char_length(p_notes) > 2000 then
    perform private.refuse('text_too_long', 'La referencia admite 120 caracteres, la dirección 300 y las notas 2.000.');
  end if;
  if p_voucher_path is not null and not private.is_file_in_folder(p_voucher_path, p_voucher_owner::text) then
    -- Storage policies let a member upload only under their own folder; the sale must point there.
    perform private.refuse('invalid_voucher', 'El comprobante debe ser un archivo dentro de tu carpeta de comprobantes de pago.');
  end if;
  if p_voucher_path is not null then
    -- The file must really be there, and its hash (Storage's ETag, an MD5 of the bytes) travels
    -- with the sale, so an approver sees the same voucher claimed by another sale.
    select o.metadata ->> 'eTag' into v_voucher_hash
      from storage.objects o where o.bucket_id = 'payment-vouchers' and o.name = p_voucher_path;
    if not found then
      perform private.refuse('invalid_voucher', 'No encontramos el comprobante que adjuntaste; vuelve a subirlo.');
    end if;
  end if;
  -- Each pending order or enrolment waits for a person in Aprobaciones (and an enrolment holds its
  -- address): one account may keep at most 50 of each waiting, far above any member's real use.
  if p_kind = 'order' and (select count(*) from public.sales s
                            where s.client_id = p_client_id and s.kind = 'order' and s.status = 'Pendiente de Aprobación') >= 50 then
    perform private.refuse('too_many_pending',
      'Tienes 50 pedidos esperando aprobación: espera a que la empresa los revise, o cancela alguno, antes de hacer otro.');
  end if;
  if p_kind = 'enrollment' and (select count(*) from public.sales s
                                 where s.created_by = p_actor and s.kind = 'enrollment' and s.status = 'Pendiente de Enrolamiento') >= 50 then
    perform private.refuse('too_many_pending',
      'Tienes 50 enrolamientos esperando aprobación: espera a que la empresa los revise antes de enrolar a otra persona.');
  end if;
  -- Cancelling one makes room for another: without a ceiling per day, a loop of «order, cancel» would
  -- still write rows (and audit entries, and for enrolments people's addresses) without end.
  if p_kind = 'order' and (select count(*) from public.sales s
                            where s.client_id = p_client_id and s.kind = 'order' and s.created_at > v_now - interval '1 day') >= 100 then
    perform private.refuse('too_many_pending',
      'Hiciste 100 pedidos en las últimas 24 horas, contando los cancelados: podrás hacer otro más tarde.');
  end if;
  if p_kind = 'enrollment' and (select count(*) from public.sales s
                                 where s.created_by = p_actor and s.kind = 'enrollment' and s.created_at > v_now - interval '1 day') >= 100 then
    perform private.refuse('too_many_pending',
      'Enrolaste a 100 personas en las últimas 24 horas, contando los enrolamientos cancelados: podrás enrolar a otra más tarde.');
  end if;
  if p_kind = 'direct' then
    v_month := private.current_period();
    perform private.lock_open_period(v_month);
  end if;

  insert into public.sales (client_id, kind, status, payment_method, payment_reference, voucher_path, voucher_hash,
                            delivery_address, notes, created_by, created_at, approved_by, approved_at, period_month,
                            buyer_name, buyer_document_number, buyer_phone, buyer_email, enrolled_email)
  values (p_client_id, p_kind,
          case p_kind when 'order' then 'Pendiente de Aprobación' when 'enrollment' then 'Pendiente de Enrolamiento' else 'Pagada' end,
          p_payment_method, nullif(btrim(p_payment_reference), ''), p_voucher_path, v_voucher_hash,
          nullif(btrim(p_delivery_address), ''), nullif(btrim(p_notes), ''), p_actor, v_now,
          case when p_kind = 'direct' then p_actor end, case when p_kind = 'direct' then v_now end, v_month,
          p_walk_in ->> 'name', p_walk_in ->> 'document_number', p_walk_in ->> 'phone', p_walk_in ->> 'email', p_enrolled_email)
  returning * into v_sale;

  -- A walk-in buyer's lines carry no points: nobody earns any from them (sales_sin_membresia_sin_puntos).
  insert into public.sale_items (sale_id, product_id, quantity, unit_price, unit_commissionable, unit_points)
  select v_sale.id, i.product_id, i.quantity, i.unit_price, i.unit_commissionable,
         case when p_client_id is null then 0 else i.unit_points end
    from private.parse_items(p_items, p_kind = 'enrollment') i;

  if p_kind <> 'direct' then
    -- Nothing is reserved until approval (which checks again under lock), but an order for more
    -- than there is now is refused at once, naming the product; detail lists every short one.
    select string_agg(p.id::text, ',' order by p.name) as ids, (array_agg(p.name order by p.name))[1] as name,
           (array_agg(p.stock order by p.name))[1] as stock
      into v_short
      from public.sale_items i join public.products p on p.id = i.product_id
     where i.sale_id = v_sale.id and p.stock < i.quantity;
    if v_short.ids is not null then
      perform private.refuse('insufficient_stock',
        case when v_short.stock = 0 then format('«%s» está agotado.', v_short.name)
             else format('No hay suficiente «%s»: quedan %s.', v_short.name, v_short.stock) end,
        v_short.ids);
    end if;
  end if;

  update public.sales s
     set total = x.total, commissionable_total = x.base, points_total = x.points
    from (select sum(i.quantity * i.unit_price) as total, sum(i.quantity * i.unit_commissionable) as base,
                 sum(i.quantity * i.unit_points)::integer as points
            from public.sale_items i where i.sale_id = v_sale.id) x
   where s.id = v_sale.id
  returning s.* into v_sale;
  return v_sale;
end
$$;
comment on function private.create_sale(uuid, text, jsonb, text, text, text, uuid, text, text, uuid, jsonb, text) is
  'Crea una venta con sus líneas y totales (importe, base comisionable, puntos) en el estado inicial de su tipo. p_walk_in ({name, document_number, phone, email}, ya validados) es el cliente sin membresía de una venta directa, sin miembro ni puntos; p_enrolled_email, el correo que escribió quien enrola.';

-- The rewards of a sale -----------------------------------------------------------------------------
create or replace function private.enrolment_reward_lines(
  p_enroller_id uuid, p_kit_points integer, p_kit_base numeric, p_plan jsonb, p_new_member_name text, p_sale_no bigint
) returns table (
  beneficiary_id uuid, type text, amount numeric, points integer, generation smallint, base numeric,
  rate numeric, star_level smallint, rule text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_enroller public.clients;
  v_currency text := coalesce((select m.currency from public.metadata m where m.id = 'app_settings'), '');
  v_level jsonb;
  v_rate numeric;
begin
  -- The kit pays the enroller: its points, the enrolment commission and the starter bonus.
  select * into v_enroller from public.clients c where c.id = p_enroller_id and c.enrollment_status = 'registered';
  if not found then
    return;
  end if;
  v_level := private.plan_level(p_plan, v_enroller.star_level);
  v_rate := (p_plan ->> 'enrollment_commission_rate')::numeric;
  if p_kit_points > 0 then
    return query select v_enroller.id, 'points_enroller'::text, 0::numeric, p_kit_points, 1::smallint,
      p_kit_base, null::numeric, v_enroller.star_level,
      format('Puntos de enrolamiento: %s puntos del kit de %s (venta #%s).', p_kit_points, p_new_member_name, p_sale_no);
  end if;
  if round(p_kit_base * v_rate, 2) > 0 then
    return query select v_enroller.id, 'commission_enrollment'::text, round(p_kit_base * v_rate, 2), 0, 1::smallint,
      p_kit_base, v_rate, v_enroller.star_level,
      format('Comisión de enrolamiento: %s de %s del kit de %s (venta #%s) = %s.', private.pct(v_rate),
             private.money(p_kit_base, v_currency), p_new_member_name, p_sale_no,
             private.money(round(p_kit_base * v_rate, 2), v_currency));
  end if;
  if (v_level ->> 'starter_bonus')::numeric > 0 then
    return query select v_enroller.id, 'bonus_starter'::text, round((v_level ->> 'starter_bonus')::numeric, 2), 0, 1::smallint,
      null::numeric, null::numeric, v_enroller.star_level,
      format('Bono de inicio de %s: %s por enrolar a %s (venta #%s).', v_level ->> 'name',
             private.money((v_level ->> 'starter_bonus')::numeric, v_currency), p_new_member_name, p_sale_no);
  end if;
end
$$;
comment on function private.enrolment_reward_lines(uuid, integer, numeric, jsonb, text, bigint) is
  'Los asientos de un enrolamiento para su patrocinador registrado con una versión del plan: los puntos del kit, la comisión de enrolamiento sobre su base y el bono de inicio de su nivel. La usan la aprobación (por sale_reward_lines) y la vista previa del enrolamiento, así que lo que se anuncia es lo que se escribe.';

create or replace function private.sale_reward_lines(p_sale_id uuid, p_plan jsonb) returns table (
  beneficiary_id uuid, type text, amount numeric, points integer, generation smallint, base numeric,
  rate numeric, star_level smallint, rule text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_sale public.sales;
  v_buyer public.clients;
  v_currency text := coalesce((select m.currency from public.metadata m where m.id = 'app_settings'), '');
  -- Read once for the whole upline: private.money and private.pct would read it again for each line.
  v_locale text := private.company_locale();
  v_max_generation integer;
begin
  select * into v_sale from public.sales s where s.id = p_sale_id;
  if v_sale.client_id is null then
    return; -- a walk-in buyer: no member, so nobody's points or commissions
  end if;
  select * into v_buyer from public.clients c where c.id = v_sale.client_id;

  if v_sale.kind = 'enrollment' then
    return query select * from private.enrolment_reward_lines(v_buyer.enroller_id, v_sale.points_total,
                                                              v_sale.commissionable_total, p_plan, v_buyer.name, v_sale.sale_no);
    return;
  end if;

  -- An order or a direct sale: the buyer's points, then each upline's commission by generation.
  if v_sale.points_total > 0 then
    return query select v_buyer.id, 'points_purchase'::text, 0::numeric, v_sale.points_total, null::smallint,
      v_sale.commissionable_total, null::numeric, v_buyer.star_level,
      format('Puntos por tu compra (venta #%s): %s puntos.', v_sale.sale_no, v_sale.points_total);
  end if;
  if v_sale.commissionable_total <= 0 then
    return;
  end if;
  select max(jsonb_array_length(l -> 'commission_rates')) into v_max_generation
    from jsonb_array_elements(p_plan -> 'levels') l;
  -- The upline is read from the path's labels (member numbers), nearest first: one index probe each.
  return query
    with up as (
      select a.member_no::bigint as member_no, (extensions.nlevel(v_buyer.path) - a.pos)::smallint as generation
        from unnest(string_to_array(extensions.ltree2text(v_buyer.path), '.')) with ordinality as a(member_no, pos)
       where a.pos < extensions.nlevel(v_buyer.path) and a.pos >= extensions.nlevel(v_buyer.path) - v_max_generation
    ), rates as (
      -- The plan as (level, generation, rate) rows, read once for the whole upline.
      select (l ->> 'level')::smallint as star_level, l ->> 'name' as level_name, r.generation::smallint as generation,
             r.rate::numeric as rate, round(v_sale.commissionable_total * r.rate::numeric, 2) as amount
        from jsonb_array_elements(p_plan -> 'levels') l
       cross join lateral jsonb_array_elements_text(l -> 'commission_rates') with ordinality as r(rate, generation)
    )
    select c.id, 'commission_purchase'::text, rt.amount, 0, up.generation, v_sale.commissionable_total, rt.rate, c.star_level,
           format('Comisión por compra de %s (venta #%s), generación %s con %s: %s de %s = %s.',
                  v_buyer.name, v_sale.sale_no, up.generation, rt.level_name, private.pct_in(rt.rate, v_locale),
                  private.money_in(v_sale.commissionable_total, v_currency, v_locale), private.money_in(rt.amount, v_currency, v_locale))
      from up
      join public.clients c on c.member_no = up.member_no and c.enrollment_status = 'registered'
      join rates rt on rt.star_level = c.star_level and rt.generation = up.generation
     where rt.amount > 0
     order by up.generation;
end
$$;
comment on function private.sale_reward_lines(uuid, jsonb) is
  'Los asientos que produce aprobar una venta con una versión del plan: pedido o venta directa → puntos al comprador y comisión a cada ascendente registrado por generación según la tasa de su nivel; enrolamiento → puntos del kit, comisión de enrolamiento y bono de inicio al patrocinador; venta a un cliente sin membresía → ninguno. La usan la aprobación y la vista previa, así que la vista previa es exactamente lo que se escribe.';

create or replace function private.settle_sale(p_sale_id uuid, p_month date, p_actor uuid) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_sale public.sales;
  v_short record;
  v_plan record;
  v_entries integer;
  -- Once per sale, not once per row of the statements below (a stable function is called for each row).
  v_now timestamptz := private.engine_now();
  v_current date := private.business_month(v_now);
begin
  select * into v_sale from public.sales s where s.id = p_sale_id;

  -- Stock leaves now. Products are locked in id order (no deadlock between approvals sharing
  -- products) and checked first, so the refusal names the product and the quantities. NO KEY
  -- UPDATE, as every stock movement takes it (private.apply_stock_movement): the KEY SHARE that a
  -- foreign key to the product holds (this sale's own lines, a direct sale's) does not block it.
  perform 1 from public.products p
   where p.id in (select i.product_id from public.sale_items i where i.sale_id = p_sale_id)
   order by p.id
   for no key update;
  select p.id, p.name, p.stock, i.quantity into v_short
    from public.sale_items i join public.products p on p.id = i.product_id
   where i.sale_id = p_sale_id and p.stock < i.quantity
   order by i.product_id limit 1;
  if found then
    -- DETAIL names the product, so a screen marks its line (a direct sale's form).
    perform private.refuse('insufficient_stock',
      format('Stock insuficiente de «%s»: hay %s y la venta necesita %s.', v_short.name, v_short.stock, v_short.quantity), v_short.id::text);
  end if;
  insert into public.stock_movements (product_id, quantity, kind, sale_id, note, created_by, created_at)
  select i.product_id, -i.quantity, 'sale', p_sale_id, format('Venta #%s', v_sale.sale_no), p_actor, v_now
    from public.sale_items i where i.sale_id = p_sale_id order by i.product_id;

  -- Rewards: written with the ledger's summary in the same statement, beneficiaries in id order.
  select p.version, p.plan into v_plan from private.plan() p;
  with ins as (
    insert into public.reward_transactions (beneficiary_id, type, amount, points, period_month, source_sale_id,
                                            source_client_id, generation, base, rate, star_level, rule, plan_version, created_by, created_at)
    select l.beneficiary_id, l.type, l.amount, l.points, p_month, p_sale_id, v_sale.client_id, l.generation, l.base,
           l.rate, l.star_level, l.rule, v_plan.version, p_actor, v_now
      from private.sale_reward_lines(p_sale_id, v_plan.plan) l
    returning beneficiary_id, points, amount
  ), sums as (
    select ins.beneficiary_id, sum(ins.points)::integer as points, sum(ins.amount) as amount
      from ins group by ins.beneficiary_id
    union all
    -- The buyer's commissionable purchases feed the volume bonus of their upline.
    select v_sale.client_id, 0, 0 where v_sale.kind <> 'enrollment' and v_sale.client_id is not null
  ), totals as (
    insert into private.member_period_totals as t (client_id, period, personal_points, income, own_sales)
    select s.beneficiary_id, p_month, sum(s.points), sum(s.amount),
           case when s.beneficiary_id = v_sale.client_id and v_sale.kind <> 'enrollment' then v_sale.commissionable_total else 0 end
      from sums s group by s.beneficiary_id order by s.beneficiary_id
    on conflict (client_id, period) do update
      set personal_points = t.personal_points + excluded.personal_points,
          income = t.income + excluded.income,
          own_sales = t.own_sales + excluded.own_sales
    returning t.client_id, t.period, t.personal_points
  ), activated as (
    -- An approval only adds points, so activity can only switch on: once per member and month,
    -- when the total crosses the threshold. No update at all on every other approval.
    update public.clients c set is_active = true
      from totals x
     where c.id = x.client_id and x.period = v_current
       and x.personal_points >= (v_plan.plan ->> 'activity_points')::integer and not c.is_active
    returning 1
  )
  select count(*) into v_entries from ins;
  return v_entries;
end
$$;
comment on function private.settle_sale(uuid, date, uuid) is
  'Cobro de una venta ya marcada Pagada: descuenta el stock (rechaza si no alcanza), escribe sus asientos con la versión vigente del plan en el mes indicado, actualiza los totales del mes y la actividad.';

-- Member actions ------------------------------------------------------------------------------------
create or replace function public.place_order(
  p_items jsonb, p_payment_method text default null, p_payment_reference text default null,
  p_voucher_path text default null, p_delivery_address text default null, p_notes text default null,
  p_expected_total numeric default null, p_request_id uuid default null
) returns public.sales
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me uuid := private.require_member();
  v_sale public.sales;
  v_currency text;
  v_earlier uuid;
begin
  v_earlier := private.earlier_request('place_order', p_request_id);
  -- The same «Confirmar pedido» again (its answer was lost): the order it made, not a second one.
  if v_earlier is not null then
    select * into v_sale from public.sales s where s.id = v_earlier;
    return v_sale;
  end if;
  v_sale := private.create_sale(v_me, 'order', p_items, p_payment_method, p_payment_reference, p_voucher_path, v_me,
                                p_delivery_address, p_notes, auth.uid());
  -- The amount the member saw beside «Confirmar pedido» (the cart priced by preview_order). A price
  -- changed since is refused, with the new total, rather than ordered at a figure they never read.
  if p_expected_total is not null and v_sale.total <> p_expected_total then
    select m.currency into v_currency from public.metadata m where m.id = 'app_settings';
    perform private.refuse('order_total_changed',
      format('El precio de un producto cambió: el total de tu pedido ahora es %s, no %s. Revisa el carrito y confirma otra vez.',
             private.money(v_sale.total, v_currency), private.money(p_expected_total, v_currency)));
  end if;
  perform private.remember_request('place_order', p_request_id, v_sale.id);
  return v_sale;
end
$$;
comment on function public.place_order(jsonb, text, text, text, text, text, numeric, uuid) is
  'Miembro: hace un pedido (Pendiente de Aprobación). p_items = [{"product_id": uuid, "quantity": entero}]; datos de pago, entrega y comprobante opcionales (el comprobante en payment-vouchers/<su id>/...); p_expected_total, el total que vio al confirmar: si el de hoy es otro, se rechaza (order_total_changed) sin guardar nada; p_request_id, la clave del intento: repetida, devuelve el pedido que ya hizo. Las recompensas llegan al aprobarse.';

create or replace function private.is_staff_email(p_email text) returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (select 1 from auth.users u join public.users_roles ur on ur.user_id = u.id
                  where lower(u.email) = lower(btrim(p_email)) and ur.role in ('admin', 'superadmin'))
      or exists (select 1 from public.staff_invitations i where lower(i.email) = lower(btrim(p_email)) and i.status = 'pending');
end
$$;
comment on function private.is_staff_email(text) is
  'Verdadero si el correo es el de una cuenta del personal (admin o superadmin) o el de una invitación de personal pendiente: no puede ser el de un miembro.';

create or replace function private.refuse_email_unavailable() returns void
language plpgsql
set search_path = ''
as $$
begin
  perform private.refuse('email_unavailable',
    'Ese correo no se puede usar para un enrolamiento nuevo. Si crees que es un error, escribe a la empresa.', 'email');
end
$$;
revoke all on function private.refuse_email_unavailable() from public;
comment on function private.refuse_email_unavailable() is
  'La negativa de enrol_member a un correo que no puede enrolarse, la misma frase sea de un miembro, de un enrolamiento pendiente o del personal (issue 23 §8): un miembro no averigua probando correos quién es quién.';

create or replace function public.enrol_member(
  p_name text, p_email text, p_kit_id uuid, p_phone text default null, p_document_number text default null,
  p_address text default null, p_city text default null, p_payment_method text default null,
  p_payment_reference text default null, p_voucher_path text default null, p_delivery_address text default null
) returns public.sales
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me uuid := private.require_member();
  v_new uuid;
  v_status text;
  v_email text := lower(btrim(p_email));
begin
  if char_length(btrim(coalesce(p_name, ''))) not between 2 and 120 then
    perform private.refuse('invalid_name', 'El nombre del nuevo miembro debe tener entre 2 y 120 caracteres.');
  end if;
  if v_email is null or not private.is_email(v_email) then
    perform private.refuse('invalid_email', 'El correo del nuevo miembro no es válido.');
  end if;
  -- Sign-in matches on the address: staff's (or a pending invitation's) would make the new member's
  -- Google login a staff one, and a member's or a pending enrolment's is taken. One sentence for all
  -- of them (issue 23 §8): a member must not learn whose an address is, by trying addresses here.
  -- Staff see the detail where they look (Clientes, Usuarios).
  select c.id, c.enrollment_status into v_new, v_status from public.clients c where lower(c.email) = v_email for update;
  if private.is_staff_email(v_email) or v_status in ('pending', 'registered') then
    perform private.refuse_email_unavailable();
  end if;
  if not exists (select 1 from public.products p where p.id = p_kit_id and p.is_kit and p.is_active) then
    perform private.refuse('unknown_kit', 'El kit de inicio elegido no existe o no está a la venta.');
  end if;
  if char_length(p_phone) > 40 or char_length(p_document_number) > 40 or char_length(p_address) > 300 or char_length(p_city) > 100 then
    perform private.refuse('text_too_long', 'Revisa los datos: teléfono y documento admiten 40 caracteres, dirección 300 y ciudad 100.');
  end if;
  if v_new is not null then
    -- A person whose enrolment was rejected or cancelled can be enrolled again: same row, back to
    -- pending, under whoever enrols them now (they never had a downline: they never got in).
    update public.clients c
       set name = btrim(p_name), phone = nullif(btrim(p_phone), ''), document_number = nullif(btrim(p_document_number), ''),
           address = nullif(btrim(p_address), ''), city = nullif(btrim(p_city), ''), enroller_id = v_me, enrollment_status = 'pending',
           email_set_by = null, email_set_at = null -- the address is the one this member typed now
     where c.id = v_new;
  else
    begin
      insert into public.clients (name, email, phone, document_number, address, city, enroller_id)
      values (btrim(p_name), v_email, nullif(btrim(p_phone), ''), nullif(btrim(p_document_number), ''),
              nullif(btrim(p_address), ''), nullif(btrim(p_city), ''), v_me)
      returning id into v_new;
    exception when unique_violation then
      -- Two members enrolling the same address at once: the second finds the first's row here.
      perform private.refuse_email_unavailable();
    end;
  end if;
  return private.create_sale(v_new, 'enrollment', jsonb_build_array(jsonb_build_object('product_id', p_kit_id, 'quantity', 1)),
                             p_payment_method, p_payment_reference, p_voucher_path, v_me,
                             coalesce(p_delivery_address, p_address), null, auth.uid(), null, v_email);
end
$$;
comment on function public.enrol_member(text, text, uuid, text, text, text, text, text, text, text, text) is
  'Miembro: enrola a una persona nueva bajo él con un kit de inicio. Crea su ficha pendiente (o reactiva la de un enrolamiento rechazado o cancelado) y la venta del kit (Pendiente de Enrolamiento); al aprobarse, la persona queda registrada y el patrocinador recibe puntos, comisión de enrolamiento y bono de inicio. Rechaza con una misma frase (savia:email_unavailable, DETAIL email) el correo de un miembro, el de un enrolamiento pendiente y el del personal o una invitación suya: el miembro no sabe de quién es.';

-- Staff actions --------------------------------------------------------------------------------------
create or replace function private.walk_in_buyer(
  p_name text, p_document_number text, p_phone text, p_email text
) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  v_name text := btrim(coalesce(p_name, ''));
  v_document text := nullif(btrim(coalesce(p_document_number, '')), '');
  v_phone text := nullif(btrim(coalesce(p_phone, '')), '');
  v_email text := nullif(pg_catalog.lower(btrim(coalesce(p_email, ''))), '');
begin
  -- The rules of a member's contact data (private.refuse_bad_contact), each refusal naming its field in DETAIL.
  if char_length(v_name) not between 2 and 120 then
    perform private.refuse('invalid_name', 'Escribe el nombre del cliente sin membresía (entre 2 y 120 caracteres).', 'buyer_name');
  end if;
  perform private.refuse_bad_contact(v_email, v_phone, v_document, 'buyer_');
  -- A name a spreadsheet would run as a formula is refused by sales_refuse_formulas (DETAIL buyer_name).
  return jsonb_build_object('name', v_name, 'document_number', v_document, 'phone', v_phone, 'email', v_email);
end
$$;
revoke all on function private.walk_in_buyer(text, text, text, text) from public;
comment on function private.walk_in_buyer(text, text, text, text) is
  'Valida y normaliza los datos del cliente sin membresía de una venta directa: nombre obligatorio (2 a 120), documento, teléfono y correo opcionales con las reglas de los de un miembro; cada negativa nombra su campo (buyer_name, buyer_document_number, buyer_phone, buyer_email) en DETAIL.';

create or replace function public.create_direct_sale(
  p_client_id uuid, p_items jsonb, p_payment_method text default 'efectivo', p_payment_reference text default null,
  p_delivery_address text default null, p_notes text default null,
  p_buyer_name text default null, p_buyer_document_number text default null, p_buyer_phone text default null,
  p_buyer_email text default null, p_request_id uuid default null
) returns public.sales
language plpgsql
security definer
set search_path = ''
set lock_timeout = '3s' -- foundation: contention
as $$
declare
  v_actor uuid := private.require_staff();
  v_walk_in jsonb;
  v_sale public.sales;
  v_earlier uuid;
begin
  -- In the block, so a wait for the same attempt's first call that runs out answers savia:busy.
  v_earlier := private.earlier_request('create_direct_sale', p_request_id);
  -- The same «Registrar» again (its answer was lost): the sale it made, not a second one with its stock and rewards.
  if v_earlier is not null then
    select * into v_sale from public.sales s where s.id = v_earlier;
    return v_sale;
  end if;
  if p_client_id is not null and coalesce(p_buyer_name, p_buyer_document_number, p_buyer_phone, p_buyer_email) is not null then
    perform private.refuse('invalid_buyer',
      'La venta es para un miembro o para un cliente sin membresía, no para los dos: elige uno.', 'buyer_kind');
  end if;
  if p_client_id is null then
    -- A walk-in buyer: no member, so nobody earns points or commissions from the sale.
    v_walk_in := private.walk_in_buyer(p_buyer_name, p_buyer_document_number, p_buyer_phone, p_buyer_email);
  elsif not exists (select 1 from public.clients c where c.id = p_client_id and c.enrollment_status = 'registered') then
    perform private.refuse('unknown_client', 'El cliente de la venta no existe o no está registrado.');
  end if;
  v_sale := private.create_sale(p_client_id, 'direct', p_items, p_payment_method, p_payment_reference, null, null,
                                p_delivery_address, p_notes, v_actor, v_walk_in);
  perform private.settle_sale(v_sale.id, v_sale.period_month, v_actor);
  perform private.remember_request('create_direct_sale', p_request_id, v_sale.id);
  return v_sale;
exception when lock_not_available or deadlock_detected then
  perform private.refuse_busy();
end
$$;
comment on function public.create_direct_sale(uuid, jsonb, text, text, text, text, text, text, text, text, uuid) is
  'Personal: venta directa, Pagada al instante, que descuenta stock. A un miembro registrado (p_client_id): escribe sus recompensas como un pedido aprobado. A un cliente sin membresía (p_client_id vacío, p_buyer_name obligatorio; documento, teléfono y correo opcionales): ni puntos ni comisiones ni actividad, pero cuenta en ingresos y ventas como cualquier venta directa. p_request_id, la clave del intento: repetida, devuelve la venta que ya hizo. Bajo contención, savia:busy (HTTP 409).';

create or replace function public.preview_sale_rewards(p_sale_id uuid) returns table (
  beneficiary_id uuid, beneficiary_name text, type text, amount numeric, points integer, generation smallint,
  base numeric, rate numeric, star_level smallint, rule text, plan_version integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_status text;
  v_plan record;
begin
  perform private.require_staff();
  select s.status into v_status from public.sales s where s.id = p_sale_id;
  if not found then
    perform private.refuse('sale_not_found', 'La venta no existe.');
  end if;
  if v_status not in ('Pendiente de Aprobación', 'Pendiente de Enrolamiento') then
    perform private.refuse('invalid_transition', format('La venta está «%s»: la vista previa es para ventas pendientes.', v_status));
  end if;
  select p.version, p.plan into v_plan from private.plan() p;
  return query
    select l.beneficiary_id, c.name, l.type, l.amount, l.points, l.generation, l.base, l.rate, l.star_level, private.staff_voice(l.rule), v_plan.version
      from private.sale_reward_lines(p_sale_id, v_plan.plan) l
      join public.clients c on c.id = l.beneficiary_id;
end
$$;
comment on function public.preview_sale_rewards(uuid) is
  'Personal: los asientos que escribiría aprobar ahora esta venta pendiente (mismo cálculo que la aprobación). No escribe nada.';

create or replace function private.pending_sale_for_update(p_sale_id uuid) returns public.sales
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_sale public.sales;
begin
  -- The sale's row lock is what serialises racing approvals, rejections and cancellations: the
  -- second one waits, then sees the new status and is refused.
  select * into v_sale from public.sales s where s.id = p_sale_id for update;
  if not found then
    perform private.refuse('sale_not_found', 'La venta no existe.');
  end if;
  return v_sale;
end
$$;
comment on function private.pending_sale_for_update(uuid) is 'Lee y bloquea una venta (FOR UPDATE); rechaza si no existe.';

create or replace function public.approve_sale(p_sale_id uuid, p_signs_reviewed boolean default false) returns jsonb
language plpgsql
security definer
set search_path = ''
set lock_timeout = '3s' -- foundation: contention
as $$
declare
  v_actor uuid := private.require_staff();
  v_sale public.sales;
  v_now timestamptz := private.engine_now();
  v_month date := private.business_month(v_now);
  v_entries integer;
  v_signs text[];
begin
  v_sale := private.pending_sale_for_update(p_sale_id); -- in the body, where the handler below reaches its wait
  if v_sale.status not in ('Pendiente de Aprobación', 'Pendiente de Enrolamiento') then
    perform private.refuse('invalid_transition',
      format('La venta #%s está «%s»: solo se aprueba una venta pendiente.', v_sale.sale_no, v_sale.status));
  end if;
  -- Issue 23 §2: who chose the address the account opens with does not open it. Two ifs, not one with
  -- «and»: the query would be planned again on every order's approval (see private.sale_fraud_signs).
  if v_sale.kind = 'enrollment' then
    if exists (select 1 from public.clients c where c.id = v_sale.client_id and c.email_set_by = v_actor) then
      perform private.refuse('second_approver_required',
        'Cambiaste el correo de esta persona: otra persona del personal debe aprobar su enrolamiento.', null, '42501');
    end if;
  end if;
  -- A sale with a fraud sign is approved only by someone who said they looked at it («Lo revisé»):
  -- a reflex «A» then Enter must not pay out a voucher used twice. Read under the sale's lock.
  v_signs := private.sale_fraud_signs(p_sale_id);
  if cardinality(v_signs) > 0 and not coalesce(p_signs_reviewed, false) then
    perform private.refuse('fraud_signs_unreviewed',
      format('La venta #%s tiene señales de alerta: %s Revísalas y marca «Lo revisé» antes de aprobarla.',
             v_sale.sale_no, array_to_string(v_signs, ' ')));
  end if;
  perform private.lock_open_period(v_month);
  if v_sale.kind = 'enrollment' then
    -- Approving is the second pair of eyes on an address staff changed: it is confirmed with it.
    update public.clients c set enrollment_status = 'registered', joined_at = v_now, email_set_by = null, email_set_at = null
     where c.id = v_sale.client_id and c.enrollment_status = 'pending';
    if not found then
      perform private.refuse('invalid_enrollment', 'La persona de este enrolamiento ya no está pendiente.');
    end if;
    perform private.link_approved_member(v_sale.client_id);
  end if;
  update public.sales s set status = 'Pagada', approved_at = v_now, approved_by = v_actor, period_month = v_month
   where s.id = p_sale_id;
  v_entries := private.settle_sale(p_sale_id, v_month, v_actor);
  return jsonb_build_object('sale_id', p_sale_id, 'sale_no', v_sale.sale_no, 'status', 'Pagada',
                            'period_month', v_month, 'entries', v_entries);
exception when lock_not_available or deadlock_detected then
  perform private.refuse_busy();
end
$$;
comment on function public.approve_sale(uuid, boolean) is
  'Personal: aprueba un pedido o enrolamiento pendiente → Pagada. En una transacción: bloquea la venta, descuenta stock, registra al nuevo miembro si es enrolamiento (salvo si quien aprueba le cambió el correo: savia:second_approver_required; y vincula la cuenta con la que ya entró mientras estaba pendiente, si entró) y escribe las recompensas. Una venta con señales de alerta (private.sale_fraud_signs) solo se aprueba con p_signs_reviewed = true («Lo revisé»): si no, savia:fraud_signs_unreviewed. Aprobar dos veces se rechaza sin escribir nada. Bajo contención, savia:busy (HTTP 409).';

create or replace function public.reject_sale(p_sale_id uuid, p_reason text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := private.require_staff();
  v_sale public.sales := private.pending_sale_for_update(p_sale_id);
begin
  if char_length(btrim(coalesce(p_reason, ''))) not between 3 and 500 then
    perform private.refuse('reason_required', 'Indica el motivo del rechazo (entre 3 y 500 caracteres).');
  end if;
  if v_sale.status not in ('Pendiente de Aprobación', 'Pendiente de Enrolamiento') then
    perform private.refuse('invalid_transition',
      format('La venta #%s está «%s»: solo se rechaza una venta pendiente.', v_sale.sale_no, v_sale.status));
  end if;
  update public.sales s
     set status = 'Rechazado', rejected_at = private.engine_now(), rejected_by = v_actor, rejection_reason = btrim(p_reason)
   where s.id = p_sale_id;
  if v_sale.kind = 'enrollment' then
    update public.clients c set enrollment_status = 'rejected' where c.id = v_sale.client_id and c.enrollment_status = 'pending';
  end if;
  return jsonb_build_object('sale_id', p_sale_id, 'sale_no', v_sale.sale_no, 'status', 'Rechazado');
end
$$;
comment on function public.reject_sale(uuid, text) is
  'Personal: rechaza una venta pendiente con un motivo → Rechazado (un enrolamiento rechazado deja a la persona como rejected). No hay nada que revertir.';

create or replace function public.deliver_sale(p_sale_id uuid) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := private.require_staff();
  v_sale public.sales := private.pending_sale_for_update(p_sale_id);
begin
  if v_sale.status <> 'Pagada' then
    perform private.refuse('invalid_transition',
      format('La venta #%s está «%s»: solo se entrega una venta Pagada.', v_sale.sale_no, v_sale.status));
  end if;
  update public.sales s set delivered_at = private.engine_now(), status = 'Entregada' where s.id = p_sale_id;
  return jsonb_build_object('sale_id', p_sale_id, 'sale_no', v_sale.sale_no, 'status', 'Entregada', 'delivered_by', v_actor);
end
$$;
comment on function public.deliver_sale(uuid) is 'Personal: marca entregada una venta Pagada → Entregada.';

create or replace function private.sale_cancellation_reversals(p_sale_id uuid) returns table (
  reverses_id bigint, beneficiary_id uuid, type text, amount numeric, points integer, period_month date,
  source_client_id uuid, generation smallint, base numeric, rate numeric, star_level smallint, rule text, original_type text
)
language sql
stable
security definer
set search_path = ''
as $$
  -- Each positive entry of the sale not reversed yet (an entry forfeited at a month's close already
  -- has its reversal), reversed once, in its own month.
  select r.id, r.beneficiary_id, case when r.points > 0 then 'reversal_points' else 'reversal_commission' end,
         -r.amount, -r.points, r.period_month, r.source_client_id, r.generation, r.base, r.rate, r.star_level, r.rule, r.type
    from public.reward_transactions r
   where r.source_sale_id = p_sale_id and r.reverses_id is null and (r.amount > 0 or r.points > 0)
     and not exists (select 1 from public.reward_transactions x where x.reverses_id = r.id)
   order by r.id
$$;
comment on function private.sale_cancellation_reversals(uuid) is
  'Los contraasientos que escribe cancelar una venta cobrada: uno por cada asiento positivo suyo aún no revertido, con importe y puntos en negativo, en el mes del asiento. Lo usan cancel_sale y su vista previa (preview_sale_cancellation), así que la vista previa es exactamente lo que se escribe.';
revoke all on function private.sale_cancellation_reversals(uuid) from public;

create or replace function public.cancel_sale(p_sale_id uuid, p_reason text default null) returns jsonb
language plpgsql
security definer
set search_path = ''
set lock_timeout = '3s' -- foundation: contention
as $$
declare
  v_staff boolean := private.is_staff();
  v_me uuid := private.my_client_id();
  v_sale public.sales;
  v_now timestamptz := private.engine_now();
  v_reversals integer := 0;
  v_reason text := nullif(btrim(p_reason), '');
  v_plan_version integer := private.current_plan_version();
begin
  if not v_staff and v_me is null then
    perform private.refuse('forbidden', 'Solo el personal o el propio miembro pueden cancelar una venta.');
  end if;
  v_sale := private.pending_sale_for_update(p_sale_id);
  if not v_staff then
    -- A member owns their orders and the enrolments they placed (the buyer there is the new person).
    if v_sale.client_id is distinct from v_me and not (v_sale.kind = 'enrollment'
         and exists (select 1 from public.clients c where c.id = v_sale.client_id and c.enroller_id = v_me)) then
      perform private.refuse('not_owner', 'Esta venta no es tuya.');
    end if;
    if v_sale.status not in ('Pendiente de Aprobación', 'Pendiente de Enrolamiento') then
      perform private.refuse('invalid_transition',
        format('Tu pedido #%s está «%s»: solo puedes cancelar un pedido pendiente.', v_sale.sale_no, v_sale.status));
    end if;
  else
    if char_length(coalesce(v_reason, '')) not between 3 and 500 then
      perform private.refuse('reason_required', 'Indica el motivo de la cancelación (entre 3 y 500 caracteres).');
    end if;
  end if;
  if v_sale.status in ('Cancelada', 'Rechazado') then
    perform private.refuse('invalid_transition', format('La venta #%s ya está «%s».', v_sale.sale_no, v_sale.status));
  end if;

  update public.sales s
     set status = 'Cancelada', cancelled_at = v_now, cancelled_by = auth.uid(),
         cancellation_reason = coalesce(v_reason, 'Cancelado por el miembro')
   where s.id = p_sale_id;

  if v_sale.status in ('Pendiente de Aprobación', 'Pendiente de Enrolamiento') then
    if v_sale.kind = 'enrollment' then
      update public.clients c set enrollment_status = 'cancelled' where c.id = v_sale.client_id and c.enrollment_status = 'pending';
    end if;
    return jsonb_build_object('sale_id', p_sale_id, 'sale_no', v_sale.sale_no, 'status', 'Cancelada', 'reversals', 0);
  end if;

  -- A paid sale: its stock comes back and each of its positive entries is reversed once, in the
  -- entry's own month. In a closed month that is a clawback on the available balance. The month
  -- row is share-locked, so a close waits for the cancellation to commit; while a close is under way
  -- (it commits step by step) the cancellation is refused rather than mixed into it.
  if (select p.status = 'open' and p.close_started_at is not null
        from public.periods p where p.month = v_sale.period_month for key share) then
    perform private.refuse('period_closing',
      format('El cierre de %s está en marcha: la venta #%s se podrá cancelar cuando termine.',
             private.period_label(v_sale.period_month), v_sale.sale_no));
  end if;
  -- The products, in id order as an approval takes them: the movements below then get their ids in the
  -- order they are applied, which a product's history reads its «stock after» by.
  perform 1 from public.products p
   where p.id in (select i.product_id from public.sale_items i where i.sale_id = p_sale_id)
   order by p.id
   for no key update;
  -- A clawback in a closed month lowers what its beneficiaries may be paid: their balance rows are locked
  -- next (after the sale, as a payout locks its request and then the balance), so a payout approved or
  -- put in a bank file meanwhile waits for this, then finds it no longer covered (refuse_unless_covered).
  if (select p.status = 'closed' from public.periods p where p.month = v_sale.period_month) then
    perform 1 from private.reward_balances b
     where b.client_id in (select o.beneficiary_id from private.sale_cancellation_reversals(p_sale_id) o where o.amount <> 0)
     order by b.client_id for update;
  end if;
  insert into public.stock_movements (product_id, quantity, kind, sale_id, note, created_by, created_at)
  select i.product_id, i.quantity, 'cancellation', p_sale_id, format('Cancelación de la venta #%s', v_sale.sale_no), auth.uid(), v_now
    from public.sale_items i where i.sale_id = p_sale_id order by i.product_id;

  with ins as (
    insert into public.reward_transactions (beneficiary_id, type, amount, points, period_month, source_sale_id, source_client_id,
                                            generation, base, rate, star_level, rule, reason, plan_version, reverses_id, created_by, created_at)
    select o.beneficiary_id, o.type, o.amount, o.points, o.period_month, p_sale_id, o.source_client_id, o.generation, o.base, o.rate,
           o.star_level,
           left(format('Reverso por cancelación de la venta #%s (%s): %s', v_sale.sale_no,
                       case when o.points < 0 then format('%s puntos', o.points)
                            else private.money(o.amount, (select m.currency from public.metadata m where m.id = 'app_settings')) end,
                       o.rule), 500),
           left(v_reason, 500), v_plan_version, o.reverses_id, auth.uid(), v_now
      from private.sale_cancellation_reversals(p_sale_id) o order by o.reverses_id
    returning beneficiary_id, period_month, points, amount
  ), sums as (
    select ins.beneficiary_id, ins.period_month, sum(ins.points)::integer as points, sum(ins.amount) as amount
      from ins group by ins.beneficiary_id, ins.period_month
    union all
    select v_sale.client_id, v_sale.period_month, 0, 0 where v_sale.kind <> 'enrollment' and v_sale.client_id is not null
  ), totals as (
    insert into private.member_period_totals as t (client_id, period, personal_points, income, own_sales)
    select s.beneficiary_id, s.period_month, sum(s.points), sum(s.amount),
           case when s.beneficiary_id = v_sale.client_id and v_sale.kind <> 'enrollment' then -v_sale.commissionable_total else 0 end
      from sums s group by s.beneficiary_id, s.period_month order by s.beneficiary_id
    on conflict (client_id, period) do update
      set personal_points = t.personal_points + excluded.personal_points,
          income = t.income + excluded.income,
          own_sales = t.own_sales + excluded.own_sales
    returning 1
  )
  select count(*) into v_reversals from ins;

  perform private.refresh_activity(array[v_sale.client_id,
    (select c.enroller_id from public.clients c where c.id = v_sale.client_id and v_sale.kind = 'enrollment')]);
  return jsonb_build_object('sale_id', p_sale_id, 'sale_no', v_sale.sale_no, 'status', 'Cancelada', 'reversals', v_reversals);
exception when lock_not_available or deadlock_detected then
  perform private.refuse_busy();
end
$$;
comment on function public.cancel_sale(uuid, text) is
  'Cancela una venta. Miembro: solo sus pedidos (o enrolamientos que hizo) pendientes. Personal: cualquier venta pendiente, Pagada o Entregada, con motivo; si estaba cobrada, devuelve el stock y revierte una vez cada asiento positivo en su propio mes (en un mes cerrado es un reembolso del saldo disponible). El enrolamiento cancelado tras aprobarse no da de baja al miembro. Cancelar dos veces se rechaza. Bajo contención, savia:busy (HTTP 409).';

revoke all on function public.place_order(jsonb, text, text, text, text, text, numeric, uuid), public.enrol_member(text, text, uuid, text, text, text, text, text, text, text, text),
  public.create_direct_sale(uuid, jsonb, text, text, text, text, text, text, text, text, uuid), public.preview_sale_rewards(uuid), public.approve_sale(uuid, boolean),
  public.reject_sale(uuid, text), public.deliver_sale(uuid), public.cancel_sale(uuid, text) from public, anon;
grant execute on function public.place_order(jsonb, text, text, text, text, text, numeric, uuid), public.enrol_member(text, text, uuid, text, text, text, text, text, text, text, text),
  public.create_direct_sale(uuid, jsonb, text, text, text, text, text, text, text, text, uuid), public.preview_sale_rewards(uuid), public.approve_sale(uuid, boolean),
  public.reject_sale(uuid, text), public.deliver_sale(uuid), public.cancel_sale(uuid, text) to authenticated;
