-- Savia demo history: four closed months and the current one, made by calling the reward engine's
-- functions as the demo people would (laura.admin approves, sofia.finanzas closes the months,
-- members order, enrol and ask for payouts). No ledger row is written by hand.
--
-- Runs right after seed.sql, in the same session. The engine's clock is moved with the `savia.now`
-- setting (honoured only on direct database sessions, never through PostgREST) and put back at the
-- end; months are relative to today in the company's time zone, so the demo always has
-- "the last four months" closed and the current one open.
--
-- The current month follows the activity the base seed intends (is_active there is the plan):
-- those meant to be active reach 100 points with approved orders, the others do not.

-- member_no here is the member's rank in the base seed (1 = Andrés, 2 = María, …), not the
-- identity value, so the history is the same whatever the sequences were at.
create temporary table seed_intent as
  select c.id, c.email, row_number() over (order by c.member_no) as member_no, c.is_active as active_now
    from public.clients c where c.enrollment_status = 'registered';

-- Accounts for the people who act in the history (members and two staff). The link trigger gives
-- them their role exactly as a first Google sign-in would; the auth emulator finds them by e-mail.
insert into auth.users (instance_id, id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', x.email, now(),
       '{"provider":"google","providers":["google"]}', jsonb_build_object('email', x.email)
         -- The name a Google account reports, as the auth emulator's chooser gives it (the Bitácora names people).
         || coalesce((select jsonb_build_object('full_name', d.name) from private.demo_accounts() d where d.email = x.email), '{}'),
       now(), now()
  from (select email from seed_intent union all values ('laura.admin@savia.test'), ('sofia.finanzas@savia.test')) x(email)
 where not exists (select 1 from auth.users u where lower(u.email) = lower(x.email));

create function pg_temp.act(p_email text, p_at timestamptz) returns void
language plpgsql as $$
begin
  perform set_config('request.jwt.claims',
    jsonb_build_object('sub', (select u.id from auth.users u where lower(u.email) = lower(p_email)), 'role', 'authenticated')::text, true);
  perform set_config('savia.now', p_at::text, true);
end
$$;

-- Day d, hour h of the month that starts on p_month, in the company's time zone. In the current
-- month the whole month is squeezed, in order, into the part that has already happened.
create function pg_temp.day(p_month date, p_day integer, p_hour integer default 10) returns timestamptz
language sql as $$
  select case
           when p_month < date_trunc('month', now() at time zone x.tz)::date
             then (p_month + make_interval(days => p_day - 1, hours => p_hour))::timestamp at time zone x.tz
           else (p_month::timestamp at time zone x.tz)
                + (now() - interval '5 minutes' - (p_month::timestamp at time zone x.tz)) * ((p_day * 24 + p_hour) / (33.0 * 24))
         end
    from (select m.timezone as tz from public.metadata m where m.id = 'app_settings') x
$$;

create function pg_temp.sku(p_sku text) returns uuid language sql as $$ select id from public.products where sku = p_sku $$;

-- The basket of a member in a month: the "active" ones reach 100+ points with one of three
-- baskets; the others buy a little tea or chía.
create function pg_temp.basket(p_member_no bigint, p_active boolean) returns jsonb
language sql as $$
  select case
    when not p_active and p_member_no % 2 = 0 then jsonb_build_array(jsonb_build_object('product_id', pg_temp.sku('TVE-020'), 'quantity', 2))
    when not p_active then jsonb_build_array(jsonb_build_object('product_id', pg_temp.sku('CHI-500'), 'quantity', 3))
    when p_member_no % 3 = 0 then jsonb_build_array(
      jsonb_build_object('product_id', pg_temp.sku('MOR-500'), 'quantity', 2),
      jsonb_build_object('product_id', pg_temp.sku('ESP-120'), 'quantity', 1),
      jsonb_build_object('product_id', pg_temp.sku('VAL-060'), 'quantity', 1))
    when p_member_no % 3 = 1 then jsonb_build_array(
      jsonb_build_object('product_id', pg_temp.sku('CAL-050'), 'quantity', 2),
      jsonb_build_object('product_id', pg_temp.sku('ALO-250'), 'quantity', 2),
      jsonb_build_object('product_id', pg_temp.sku('VAL-060'), 'quantity', 2))
    else jsonb_build_array(
      jsonb_build_object('product_id', pg_temp.sku('ROM-030'), 'quantity', 2),
      jsonb_build_object('product_id', pg_temp.sku('MOR-500'), 'quantity', 2),
      jsonb_build_object('product_id', pg_temp.sku('CHI-500'), 'quantity', 2))
  end
$$;

do $$
declare
  v_current date := date_trunc('month', now() at time zone (select m.timezone from public.metadata m where m.id = 'app_settings'))::date;
  v_month date;
  v_back integer;
  v_m record;
  v_sale uuid;
  v_day integer;
  v_active boolean;
  v_i integer := 0;
  v_new_names text[] := array['Rosa Castaño', 'Óscar Beltrán', 'Marta Quiroga', 'Iván Salcedo', 'Clara Montoya',
                              'Héctor Villa', 'Nubia Cárdenas', 'Julián Rincón'];
  v_enrollers text[] := array['maria.activa@savia.test', 'lucia.b@savia.test', 'ana.torres@savia.test', 'camila.rojas@savia.test',
                              'sebastian.morales@savia.test', 'luis.ramirez@savia.test', 'felipe.vargas@savia.test', 'natalia.ortiz@savia.test'];
  v_pending_cross uuid;
  v_clawback_sale uuid;
  v_payout public.payout_requests;
  v_n integer;
  r record;
begin
  for v_back in reverse 4..0 loop
    v_month := (v_current - make_interval(months => v_back))::date;

    -- Restock at the start of the month (the back office's job), so the history never runs dry.
    if v_back > 0 then
      insert into public.stock_movements (product_id, quantity, kind, supplier_id, note, created_at)
      select p.id, 60, 'restock', (select s.id from public.suppliers s where s.name = 'Herbolaria Andina S.A.S.'),
             'Reposición mensual', pg_temp.day(v_month, 1, 8)
        from public.products p where p.sku in ('MOR-500', 'ESP-120', 'VAL-060', 'CAL-050', 'ALO-250', 'ROM-030', 'CHI-500', 'KIT-INICIO');
    end if;

    -- The order placed at the end of last month, approved on the 2nd: it belongs to this month.
    if v_pending_cross is not null then
      perform pg_temp.act('laura.admin@savia.test', pg_temp.day(v_month, 2, 9));
      perform public.approve_sale(v_pending_cross);
      v_pending_cross := null;
    end if;

    -- Every member orders once: in past months about two in three are active (varying by month);
    -- in the current month exactly those the base seed marks active.
    for r in select * from seed_intent order by member_no loop
      v_active := case when v_back = 0 then r.active_now else (r.member_no + v_back) % 3 <> 0 or r.member_no <= 3 end;
      if v_back = 0 and not v_active and r.member_no % 2 = 1 then
        continue; -- some inactive members simply do not buy this month
      end if;
      v_day := 3 + (r.member_no::integer * 7 + v_back) % 18;
      perform pg_temp.act(r.email, pg_temp.day(v_month, v_day));
      v_sale := (public.place_order(pg_temp.basket(r.member_no, v_active), case r.member_no % 3 when 0 then 'transferencia' when 1 then 'efectivo' else 'tarjeta' end,
                                    'REF-' || to_char(v_month, 'YYMM') || '-' || r.member_no, null, null, null)).id;
      v_i := v_i + 1;
      -- In the current month the last few orders are still waiting for approval.
      if v_back = 0 and not r.active_now and r.member_no % 4 = 0 then
        continue;
      end if;
      perform pg_temp.act('laura.admin@savia.test', pg_temp.day(v_month, v_day + 1, 11));
      if v_back > 0 and v_i % 17 = 0 then
        perform public.reject_sale(v_sale, 'El comprobante de pago no corresponde al valor del pedido.');
        continue;
      end if;
      if v_back > 0 and v_i % 19 = 0 and not v_active then
        perform pg_temp.act(r.email, pg_temp.day(v_month, v_day, 18));
        perform public.cancel_sale(v_sale, null);
        continue;
      end if;
      perform public.approve_sale(v_sale);
      if v_back > 0 and v_i % 5 <> 0 then
        perform public.deliver_sale(v_sale);
      end if;
      if v_back > 0 and v_i % 23 = 0 then
        perform pg_temp.act('laura.admin@savia.test', pg_temp.day(v_month, v_day + 3, 12));
        perform public.cancel_sale(v_sale, 'El cliente devolvió el pedido sin abrir.');
      end if;
      if v_back = 2 and v_clawback_sale is null and r.email = 'isabella.ruiz@savia.test' then
        v_clawback_sale := v_sale; -- Isabella's order, returned after its month was closed
      end if;
    end loop;

    -- A big month for Luis and for Camila: their groups pass 1,000 points and they rise to ★2.
    if v_back in (2, 1) then
      perform pg_temp.act(case v_back when 2 then 'luis.ramirez@savia.test' else 'camila.rojas@savia.test' end, pg_temp.day(v_month, 22, 12));
      v_sale := (public.place_order(jsonb_build_array(jsonb_build_object('product_id', pg_temp.sku(case v_back when 2 then 'MOR-500' else 'CHI-500' end),
                                                                         'quantity', case v_back when 2 then 40 else 90 end)),
                                    'transferencia', 'REF-GRANDE-' || v_back, null, null, 'Pedido para un evento de la comunidad')).id;
      perform pg_temp.act('laura.admin@savia.test', pg_temp.day(v_month, 23, 9));
      perform public.approve_sale(v_sale);
    end if;

    -- One enrolment a month (approved), one rejected in the oldest month, one pending now.
    perform pg_temp.act(v_enrollers[5 - v_back], pg_temp.day(v_month, 12, 15));
    v_sale := (public.enrol_member(v_new_names[5 - v_back], 'nuevo' || (5 - v_back) || '@savia.test', pg_temp.sku('KIT-INICIO'),
                                   '+57 310 555 01' || lpad((5 - v_back)::text, 2, '0'), 'CC 7100' || (5 - v_back), 'Carrera ' || (5 - v_back) || ' # 10-20',
                                   'Medellín', 'transferencia', 'ENR-' || to_char(v_month, 'YYMM'), null, null)).id;
    if v_back > 0 then
      perform pg_temp.act('laura.admin@savia.test', pg_temp.day(v_month, 13, 10));
      perform public.approve_sale(v_sale);
    end if;
    if v_back = 4 then
      perform pg_temp.act('ana.torres@savia.test', pg_temp.day(v_month, 14, 15));
      v_sale := (public.enrol_member(v_new_names[7], 'nuevo7@savia.test', pg_temp.sku('KIT-INICIO'), null, null, null, 'Envigado',
                                     'efectivo', null, null, null)).id;
      perform pg_temp.act('laura.admin@savia.test', pg_temp.day(v_month, 15, 10));
      perform public.reject_sale(v_sale, 'No se recibió el pago del kit.');
    end if;

    -- A clawback: Isabella's order from two months ago is returned after that month closed.
    if v_back = 1 and (select s.status from public.sales s where s.id = v_clawback_sale) in ('Pagada', 'Entregada') then
      perform pg_temp.act('laura.admin@savia.test', pg_temp.day(v_month, 20, 16));
      perform public.cancel_sale(v_clawback_sale, 'Devolución por producto dañado en el transporte.');
    end if;

    -- An order on the 28th, approved next month.
    if v_back > 0 then
      perform pg_temp.act('paula.castro@savia.test', pg_temp.day(v_month, 28, 19));
      v_pending_cross := (public.place_order(pg_temp.basket(8, true), 'transferencia', 'REF-FIN-' || to_char(v_month, 'YYMM'), null, null,
                                             'Entregar en portería')).id;
      -- The month closes on the 1st, by the close the job runs (private.close_period), in Sofía's name:
      -- the job queue runs on the real clock, history needs this one.
      perform pg_temp.act('sofia.finanzas@savia.test', pg_temp.day((v_month + interval '1 month')::date, 1, 6));
      perform private.close_period(v_month, auth.uid());
    end if;

    -- Payout requests in every state, from whoever has money available: paid, rejected, approved
    -- (waiting to be paid) and pending.
    if v_back between 1 and 3 then
      v_n := 0;
      for v_m in
        select s.email, b.available
          from seed_intent s cross join lateral private.balance_of(s.id) b
         where b.available >= (select m.min_payout from public.metadata m where m.id = 'app_settings')
         order by b.available desc, s.member_no limit 3
      loop
        v_n := v_n + 1;
        perform pg_temp.act(v_m.email, pg_temp.day((v_month + interval '1 month')::date, 2, 9));
        v_payout := public.request_payout(
          greatest((select m.min_payout from public.metadata m where m.id = 'app_settings'), floor(v_m.available * 0.6)),
          'Bancolombia ahorros ****' || lpad((v_n * 1237 + v_back)::text, 4, '0'));
        perform pg_temp.act('laura.admin@savia.test', pg_temp.day((v_month + interval '1 month')::date, 3, 10));
        case (4 - v_back) * 10 + v_n
          when 11 then perform public.approve_payout(v_payout.id);
                       perform public.pay_payout(v_payout.id, 'TRF-' || to_char(v_month, 'YYMM') || '-1');
          when 12 then perform public.approve_payout(v_payout.id);
                       perform public.pay_payout(v_payout.id, 'TRF-' || to_char(v_month, 'YYMM') || '-2');
          when 13 then perform public.reject_payout(v_payout.id, 'La cuenta bancaria indicada no está a nombre del miembro.');
          when 21 then perform public.approve_payout(v_payout.id);
                       perform public.pay_payout(v_payout.id, 'TRF-' || to_char(v_month, 'YYMM') || '-1');
          when 22 then perform public.reject_payout(v_payout.id, 'Faltan los datos del titular de la cuenta.');
          when 23 then perform public.approve_payout(v_payout.id);
          when 31 then perform public.approve_payout(v_payout.id);
          else null; -- pending: waiting for the back office
        end case;
      end loop;
    end if;
  end loop;
end
$$;

-- Two days ago the member of the newest pending request moved their payout account to Nequi (their
-- mobile): Pagos shows «cuenta cambiada hace 2 días» beside that request.
do $$
declare
  v_member record;
begin
  select c.email, c.name, c.phone, c.document_number into v_member
    from public.payout_requests r join public.clients c on c.id = r.client_id
   where r.status = 'pending' order by r.requested_at desc limit 1;
  if found then
    perform pg_temp.act(v_member.email, now() - interval '2 days');
    perform public.save_payout_account('1507', 'deposito_electronico', pg_catalog.right(pg_catalog.regexp_replace(v_member.phone, '\D', '', 'g'), 10),
                                       v_member.name, 'CC', private.document_key(v_member.document_number));
  end if;
end
$$;

-- Back to the real clock; activity follows the real current month.
select set_config('savia.now', '', true), set_config('request.jwt.claims', '', true);
select private.refresh_all_activity();

-- Today's digest for the staff: sales waiting more than 48 hours (pg_cron sends it every morning).
select private.queue_approvals_digest();

-- The history's approvals told, as pg_cron does every minute (private.publish_notifications).
select private.publish_notifications();

-- The history's notifications happened months ago: none goes out by e-mail when the stack starts, and
-- each person finds only their three newest unread in the bell.
update public.notifications n
   set email_status = 'skipped',
       read_at = case when n.id in (select x.id from (select y.id, row_number() over (partition by coalesce(y.client_id, y.user_id) order by y.id desc) as k
                                                       from public.notifications y) x where x.k <= 3) then null else now() end
 where n.email_status = 'pending';
