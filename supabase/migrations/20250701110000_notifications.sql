-- Notifications (issue 26): what happened, told in the app and by e-mail, delivered once.
--
-- One table is both the in-app list and the e-mail outbox. A row is written by a trigger on the
-- event's own table (sales, reward_transactions, payout_requests, leads, products,
-- private.jobs), inside the transaction that commits the event: a notification exists if and
-- only if its event committed, and no feature's function knows about notifications. The triggers
-- write ids and nothing else; the words are made when someone reads them
-- (private.notification_message), the same words in the bell and in the e-mail. The daily jobs (the
-- approvals digest, the activity reminder) are pg_cron's.
--
-- The two kinds an approval raises (the sale's own, and a «Ganaste» per person it pays) are staged,
-- as the group points are (kept_group_points): the approval appends one small row per person told to
-- private.notifications_staged (no key, no index, no foreign key to check), in its own transaction,
-- and private.publish_notifications moves the committed ones into public.notifications, in one
-- statement that deletes what it inserts. It runs every minute before the e-mail delivery is asked
-- for, and at the start of every drain, so a staged notification reaches the bell within a minute
-- and the inbox with the first drain after it; an approval pays for a heap row, not for an indexed
-- insert with its checks (issue 26: at most 0.2 ms at p95).
--
-- E-mail leaves through the send-notifications edge function (SMTP, credentials in its secrets),
-- started by pg_cron through pg_net, as Supabase documents for scheduling an edge function. The
-- function claims a batch (claim_notification_emails), marks each message handed over just before
-- giving it to the SMTP server (begin_notification_email), and records the outcome
-- (finish_notification_email). A crash between handing over and recording leaves the row
-- «handed over, not finished»: the SMTP server may or may not have accepted it, so it is never sent
-- again by itself (at most once) and is shown to staff as unconfirmed; a crash before handing over
-- is safe to retry and is retried.

-- The recipients' e-mail preferences --------------------------------------------------------------------
-- The kinds a person may hear about, each a sentence's subject: the e-mail can be turned off per kind
-- (in-app is always on). Members: order, earning, payout, enrolment, lead, activity. Staff:
-- approvals_digest, low_stock, period_close, payout_account, email_failed (in-app only).
create or replace function private.notification_kinds() returns text[]
language sql
immutable
set search_path = ''
as $$
  select array['order', 'earning', 'payout', 'enrolment', 'lead', 'activity',
               'approvals_digest', 'low_stock', 'period_close', 'payout_account', 'email_failed']
$$;
comment on function private.notification_kinds() is 'Los tipos de aviso (el sujeto de cada frase): cada uno se puede dejar de recibir por correo.';

create table public.notification_email_opt_outs (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  kind text not null constraint notification_email_opt_outs_tipo_valido
    check (kind in ('order', 'earning', 'payout', 'enrolment', 'lead', 'activity',
                    'approvals_digest', 'low_stock', 'period_close', 'payout_account')),
  created_at timestamptz not null default now(),
  primary key (user_id, kind)
);
comment on table public.notification_email_opt_outs is
  'Los tipos de aviso que una persona no quiere recibir por correo (en la app llegan siempre). Cada uno edita solo los suyos.';

alter table public.notification_email_opt_outs enable row level security;
grant select, insert, delete on public.notification_email_opt_outs to authenticated;
create policy notification_email_opt_outs_own on public.notification_email_opt_outs for all to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

-- The notifications (and the e-mail outbox) ---------------------------------------------------------------
create table public.notifications (
  id bigint generated always as identity primary key,
  -- Exactly one recipient: a member (even one who has never signed in: an approved enrolment is told
  -- to the new member's own address) or a staff user.
  client_id uuid references public.clients (id) on delete cascade,
  user_id uuid references auth.users (id) on delete cascade,
  kind text not null constraint notifications_tipo_valido
    check (kind in ('order', 'earning', 'payout', 'enrolment', 'lead', 'activity',
                    'approvals_digest', 'low_stock', 'period_close', 'payout_account', 'email_failed')),
  -- What happened, as ids and the figures of the moment; the words are made on reading.
  payload jsonb not null default '{}',
  -- Once-per-day or once-per-month kinds: the day or month they are about (unique per recipient).
  dedupe_key text,
  created_at timestamptz not null default now(),
  read_at timestamptz,
  -- The e-mail: pending → sending (claimed, attempt n) → sent | pending again (retry, with backoff)
  -- | failed (after the last try, or refused for good) | unconfirmed (a crash after handing it to the
  -- SMTP server: maybe sent, never sent again by itself) | skipped (turned off, no address, in-app only).
  email_status text not null default 'pending' constraint notifications_estado_correo_valido
    check (email_status in ('pending', 'sending', 'sent', 'failed', 'unconfirmed', 'skipped')),
  -- The idempotency key: the message's Message-ID, the same on every attempt of this notification.
  email_key uuid not null default gen_random_uuid(),
  email_attempts smallint not null default 0,
  email_next_at timestamptz not null default now(),
  email_lease_until timestamptz,
  email_handed_at timestamptz,
  email_sent_at timestamptz,
  email_error text constraint notifications_error_valido check (char_length(email_error) <= 1000),
  constraint notifications_un_destinatario check ((client_id is null) <> (user_id is null)),
  constraint notifications_enviado_con_fecha check ((email_status = 'sent') = (email_sent_at is not null))
);
create index notifications_client_idx on public.notifications (client_id, id desc) where client_id is not null;
create index notifications_user_idx on public.notifications (user_id, id desc) where user_id is not null;
create index notifications_unread_client_idx on public.notifications (client_id) where read_at is null and client_id is not null;
create index notifications_unread_user_idx on public.notifications (user_id) where read_at is null and user_id is not null;
-- The outbox's queue: only the rows still to send or being sent (a few, whatever the history).
create index notifications_email_queue_idx on public.notifications (email_next_at) where email_status in ('pending', 'sending');
create index notifications_email_trouble_idx on public.notifications (id desc) where email_status in ('failed', 'unconfirmed');
create unique index notifications_una_vez on public.notifications (kind, coalesce(client_id, user_id), dedupe_key) where dedupe_key is not null;
comment on table public.notifications is
  'Avisos a una persona (un miembro o alguien del personal) y su bandeja de salida de correo. Los escriben disparadores en la misma transacción que el hecho (aprobación, pago, cierre…): existe si y solo si el hecho se confirmó. Cada uno lee solo los suyos; el texto lo hace private.notification_message al leer.';
-- The approval's notifications on their way: appended by the approval, moved by publish_notifications.
create table private.notifications_staged (
  client_id uuid not null,
  kind text not null,
  payload jsonb not null,
  created_at timestamptz not null default now()
);
comment on table private.notifications_staged is
  'Avisos de una aprobación aún no publicados: el pedido aprobado, rechazado o entregado, el enrolamiento y cada «Ganaste». Los añade el disparador en la transacción del hecho; private.publish_notifications los pasa a public.notifications (cada minuto y al empezar cada envío). Sin clave ni índice: solo se añaden y se mueven todos juntos.';
revoke all on table private.notifications_staged from public, anon, authenticated, service_role;

comment on column public.notifications.email_key is
  'Clave de idempotencia del correo (su Message-ID): la misma en cada intento de este aviso.';
comment on column public.notifications.email_handed_at is
  'Cuándo se entregó al servidor SMTP el intento en curso: a partir de ahí un reenvío podría duplicarlo, así que un intento que no terminó queda «unconfirmed» y no se repite solo.';

alter table public.notifications enable row level security;
-- Read through the RPCs below (which make the words); the table itself, each person's own rows.
grant select (id, client_id, user_id, kind, created_at, read_at) on public.notifications to authenticated;
create policy notifications_select_own on public.notifications for select to authenticated
  using (user_id = (select auth.uid()) or client_id = (select private.my_client_id()));

-- Who hears what ----------------------------------------------------------------------------------------
create or replace function private.notify_staff(p_kind text, p_payload jsonb, p_roles text[], p_finance_only boolean default false,
                                                 p_dedupe_key text default null) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  insert into public.notifications (user_id, kind, payload, dedupe_key)
  select ur.user_id, p_kind, p_payload, p_dedupe_key
    from public.users_roles ur
   where ur.role = any (p_roles) and (not p_finance_only or ur.finance)
  on conflict do nothing;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;
comment on function private.notify_staff(text, jsonb, text[], boolean, text) is
  'Un aviso a cada persona del personal con uno de esos roles (y el permiso de finanzas si se pide), una sola vez por dedupe_key.';

-- A staff member's notices are the role's: they leave with it. Someone revoked may come back as a
-- member (the same Google account, linked at their enrolment's approval), whose bell must not list
-- other members' payout accounts or the company's close; nor should e-mails still queued reach them.
create or replace function private.forget_staff_notifications() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.notifications n where n.user_id = old.user_id;
  return null;
end
$$;
comment on function private.forget_staff_notifications() is
  'Disparador: al quitarle el acceso a alguien del personal, borra sus avisos (y sus correos por enviar), que eran de su rol.';
revoke all on function private.forget_staff_notifications() from public, anon, authenticated;
create trigger users_roles_forget_notifications after delete on public.users_roles
  for each row when (old.role in ('admin', 'superadmin'))
  execute function private.forget_staff_notifications();

-- Sales: approved, rejected with the reason, delivered; an enrolment approved (to the new member and
-- to the sponsor) or rejected (to the sponsor). A direct sale is born paid: nobody waits for it.
create or replace function private.notify_sale_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_event text := case new.status when 'Pagada' then 'approved' when 'Rechazado' then 'rejected' when 'Entregada' then 'delivered' end;
  v_sponsor uuid;
begin
  if v_event is null or new.kind = 'direct' then
    return null;
  end if;
  if new.kind = 'order' then
    insert into private.notifications_staged (client_id, kind, payload)
    values (new.client_id, 'order', jsonb_build_object('event', v_event, 'sale_id', new.id));
  elsif v_event in ('approved', 'rejected') then
    select c.enroller_id into v_sponsor from public.clients c where c.id = new.client_id;
    insert into private.notifications_staged (client_id, kind, payload)
    select x.client_id, 'enrolment', jsonb_build_object('event', x.event, 'sale_id', new.id, 'member_id', new.client_id)
      from (values (new.client_id, 'approved'), (v_sponsor, 'sponsor_' || v_event)) x (client_id, event)
     where x.client_id is not null and (v_event = 'approved' or x.event like 'sponsor_%');
  end if;
  return null;
end
$$;
comment on function private.notify_sale_change() is
  'Disparador (por publicar: notifications_staged): avisa al comprador de su pedido aprobado, rechazado (con el motivo) o entregado; de un enrolamiento aprobado, al nuevo miembro y a quien lo enroló; de uno rechazado, a quien lo enroló.';
create trigger sales_notify after update of status on public.sales
  for each row when (new.status is distinct from old.status and new.status in ('Pagada', 'Rechazado', 'Entregada'))
  execute function private.notify_sale_change();

-- The ledger: what each person earned, one notification per person per statement (an approval tells
-- each upline once; a close of 12,000 volume bonuses writes 12,000 rows in the same statement). A
-- person paid by several sales of one statement hears it once, grouped.
create or replace function private.notify_earnings() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.notifications_staged (client_id, kind, payload)
  select n.beneficiary_id, 'earning', jsonb_build_object('entries', array_agg(n.id order by n.id))
    from new_entries n
   where n.amount > 0
   group by n.beneficiary_id;
  return null;
end
$$;
comment on function private.notify_earnings() is
  'Disparador por sentencia sobre el libro (por publicar: notifications_staged): un aviso «Ganaste …» por beneficiario con los asientos de comisión o bono de esa sentencia (una venta aprobada, o todos los bonos de un cierre).';
create trigger reward_transactions_notify after insert on public.reward_transactions
  referencing new table as new_entries
  for each statement execute function private.notify_earnings();

-- Publishing the staged notifications: every committed one, once. Rows of a transaction still in
-- flight are invisible here and wait for the next run; two runs at once cannot both move a row (the
-- second waits for the first's delete, then skips what it deleted). A member deleted since (a
-- rejected enrolment's) is told nothing.
create or replace function private.publish_notifications() returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  -- The WHERE is for pg-safeupdate, on for API sessions (the e-mail drain's claim publishes too),
  -- which refuses a DELETE without one.
  with moved as (
    delete from private.notifications_staged s where s.client_id is not null returning s.*
  )
  insert into public.notifications (client_id, kind, payload, created_at)
  select m.client_id, m.kind, m.payload, m.created_at
    from moved m
   where exists (select 1 from public.clients c where c.id = m.client_id)
   order by m.created_at;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;
comment on function private.publish_notifications() is
  'Pasa los avisos de las aprobaciones ya confirmadas (notifications_staged) a public.notifications, cada uno una vez. Cada minuto (pg_cron, antes de pedir el envío de correos) y al empezar cada envío. Devuelve cuántos publicó.';

-- Payouts: approved, paid with the bank reference, rejected with the reason.
create or replace function private.notify_payout_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.notifications (client_id, kind, payload)
  values (new.client_id, 'payout', jsonb_build_object('event', new.status, 'payout_id', new.id));
  return null;
end
$$;
comment on function private.notify_payout_change() is 'Disparador: avisa al miembro de su retiro aprobado, pagado (con la referencia) o rechazado (con el motivo).';
create trigger payout_requests_notify after update of status on public.payout_requests
  for each row when (new.status is distinct from old.status and new.status in ('approved', 'paid', 'rejected'))
  execute function private.notify_payout_change();

-- Leads from the public page.
create or replace function private.notify_lead() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Once per member and hour: anyone can post the public form (up to 20 leads per page and hour), and
  -- each notice is also an e-mail through the company's server. The leads themselves are all kept.
  insert into public.notifications (client_id, kind, payload, dedupe_key)
  values (new.client_id, 'lead', jsonb_build_object('lead_id', new.id), pg_catalog.to_char(now() at time zone 'UTC', 'YYYY-MM-DD HH24'))
  on conflict (kind, coalesce(client_id, user_id), dedupe_key) where dedupe_key is not null do nothing;
  return null;
end
$$;
comment on function private.notify_lead() is 'Disparador: avisa al miembro de un contacto nuevo desde su página pública (sin los datos del contacto en el correo), como mucho una vez por hora: el formulario es público y cada aviso es también un correo.';
create trigger leads_notify after insert on public.leads for each row execute function private.notify_lead();

-- Low stock: when a movement takes a product's stock down to the threshold or below (not again on each
-- sale below it; again after it went back above). On the movements rather than on products.stock, which
-- a new product's opening stock also sets (to zero, then up).
create or replace function private.notify_low_stock() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_threshold integer := (select m.low_stock_threshold from public.metadata m where m.id = 'app_settings');
  v_product public.products;
begin
  -- stock_movements_apply (AFTER, before this trigger by name) has already moved products.stock.
  select * into v_product from public.products p where p.id = new.product_id;
  if v_product.is_active and v_product.stock <= v_threshold and v_product.stock - new.quantity > v_threshold then
    perform private.notify_staff('low_stock', jsonb_build_object('product_id', v_product.id, 'stock', v_product.stock, 'threshold', v_threshold),
                                 array['admin', 'superadmin']);
  end if;
  return null;
end
$$;
comment on function private.notify_low_stock() is 'Disparador: avisa al personal cuando un movimiento baja el stock de un producto activo hasta el umbral de stock bajo.';
create trigger stock_movements_notify_low_stock after insert on public.stock_movements
  for each row when (new.quantity < 0) execute function private.notify_low_stock();

-- The month close's job: done or failed, to the superadmins.
create or replace function private.notify_period_close_job() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.notify_staff('period_close',
    jsonb_build_object('event', new.status, 'job_id', new.id, 'month', new.month, 'error', new.error), array['superadmin']);
  return null;
end
$$;
comment on function private.notify_period_close_job() is 'Disparador: avisa a los superadmin de que un trabajo de cierre de mes terminó o falló (con el error).';
create trigger jobs_notify_period_close after update of status on private.jobs
  for each row when (new.kind = 'period_close' and new.status is distinct from old.status and new.status in ('done', 'failed'))
  execute function private.notify_period_close_job();

-- A member's payout account changed: to finance, since it decides where their money goes. A change
-- is save_payout_account marking the current version replaced (the new one is inserted in the same
-- transaction): a member's first account replaces nothing, and saving the same account again writes
-- nothing, so neither is told.
create or replace function private.notify_payout_account_changed(p_client_id uuid) returns integer
language plpgsql
security definer
set search_path = ''
as $$
begin
  return private.notify_staff('payout_account', jsonb_build_object('client_id', p_client_id), array['superadmin'], true);
end
$$;
comment on function private.notify_payout_account_changed(uuid) is
  'Avisa a finanzas (superadmin con finance) de que un miembro cambió su cuenta de cobro.';

create or replace function private.notify_payout_account_replaced() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.notify_payout_account_changed(new.client_id);
  return null;
end
$$;
comment on function private.notify_payout_account_replaced() is
  'Disparador: una versión de cuenta de pago quedó reemplazada por otra (el miembro cambió su cuenta): avisa a finanzas.';
create trigger payout_accounts_notify after update of replaced_at on public.payout_accounts
  for each row when (old.replaced_at is null and new.replaced_at is not null)
  execute function private.notify_payout_account_replaced();

-- The daily jobs ------------------------------------------------------------------------------------------
create or replace function private.business_day(p_at timestamptz) returns date
language sql
stable
security definer
set search_path = ''
as $$
  select (p_at at time zone coalesce((select m.timezone from public.metadata m where m.id = 'app_settings'), 'America/Bogota'))::date
$$;
comment on function private.business_day(timestamptz) is 'El día de un instante en la zona horaria de la empresa.';

-- The approvals digest: one a day to staff when sales or enrolments have waited more than 48 hours.
create or replace function private.queue_approvals_digest(p_now timestamptz default now()) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_orders integer;
  v_enrolments integer;
begin
  select count(*) filter (where s.status = 'Pendiente de Aprobación'), count(*) filter (where s.status = 'Pendiente de Enrolamiento')
    into v_orders, v_enrolments
    from public.sales s
   where s.status in ('Pendiente de Aprobación', 'Pendiente de Enrolamiento') and s.created_at < p_now - interval '48 hours';
  if v_orders + v_enrolments = 0 then
    return 0;
  end if;
  return private.notify_staff('approvals_digest', jsonb_build_object('orders', v_orders, 'enrolments', v_enrolments),
                              array['admin', 'superadmin'], false, private.business_day(p_now)::text);
end
$$;
comment on function private.queue_approvals_digest(timestamptz) is
  'Resumen diario al personal: cuántos pedidos y enrolamientos llevan más de 48 horas esperando (uno por persona y día, nada si no hay).';

-- The activity reminder: five days before the month closes (in the company's time zone), to each
-- member still short of the activity points who has income pending this month (what the close would
-- take away), once per month.
create or replace function private.queue_activity_reminders(p_now timestamptz default now()) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_day date := private.business_day(p_now);
  v_month date := date_trunc('month', v_day)::date;
  v_days_left integer := ((v_month + interval '1 month')::date - v_day);
  v_needed integer := (select m.activity_points from public.metadata m where m.id = 'app_settings');
  v_count integer;
begin
  if v_days_left > 5 then
    return 0;
  end if;
  insert into public.notifications (client_id, kind, payload, dedupe_key)
  select t.client_id, 'activity',
         jsonb_build_object('month', v_month, 'missing_points', v_needed - t.personal_points, 'days_left', v_days_left, 'pending', t.income),
         v_month::text
    from private.member_period_totals t
    join public.clients c on c.id = t.client_id and c.enrollment_status = 'registered'
   where t.period = v_month and t.income > 0 and t.personal_points < v_needed
  on conflict do nothing;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;
comment on function private.queue_activity_reminders(timestamptz) is
  'Recordatorio de actividad: desde cinco días antes del fin del mes (zona de la empresa), a cada miembro bajo los puntos de actividad con ingresos pendientes que perdería al cierre; una vez por mes.';

create or replace function private.queue_daily_notifications(p_now timestamptz default now()) returns integer
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- pg_cron runs it every hour, in UTC: the notices go out at 8 in the morning of the company's own
  -- zone, whichever it is (the digest is once a day and the reminder once a month: a second run in
  -- that hour sends nothing).
  if extract(hour from p_now at time zone private.company_timezone()) <> 8 then
    return 0;
  end if;
  return private.queue_approvals_digest(p_now) + private.queue_activity_reminders(p_now);
end
$$;
comment on function private.queue_daily_notifications(timestamptz) is
  'Tarea de pg_cron cada hora: a las 8 de la mañana en la zona de la empresa, el resumen de aprobaciones atrasadas y los recordatorios de actividad del día.';

-- The words (money and rates through private.money and private.pct, in the company's locale, as the
-- screens write them) ---------------------------------------------------------------------------------------
-- The sentence of a ledger entry, as Mis Recompensas says it (src/components/ledger/ledger-why.ts, which an
-- integration test holds this to) for the entries a notification tells: commissions and bonuses.
create or replace function private.earning_why(p_entry public.reward_transactions, p_currency text) returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_who text := coalesce((select c.name from public.clients c where c.id = p_entry.source_client_id), 'un miembro');
  v_sale text := coalesce('la venta #' || (select s.sale_no from public.sales s where s.id = p_entry.source_sale_id), 'una venta');
  v_how text := private.pct(p_entry.rate) || ' de ' || private.money(p_entry.base, p_currency);
  v_stamp text := coalesce(' · nivel ★' || p_entry.star_level, '') || ' · plan v' || p_entry.plan_version;
  v_amount text := private.money(p_entry.amount, p_currency);
begin
  return case p_entry.type
    when 'commission_purchase' then
      format('Comisión por la compra de %s (%s.ª generación): %s = %s%s', v_who, p_entry.generation, v_how, v_amount, v_stamp)
    when 'commission_enrollment' then format('Comisión por enrolar a %s (kit de %s): %s = %s%s', v_who, v_sale, v_how, v_amount, v_stamp)
    when 'bonus_starter' then format('Bono de inicio por enrolar a %s (%s): %s%s', v_who, v_sale, v_amount, v_stamp)
    when 'bonus_volume' then
      format('Bono de volumen de %s: %s en ventas de tu red = %s%s', private.period_label(p_entry.period_month), v_how, v_amount, v_stamp)
    else p_entry.rule end;
end
$$;
comment on function private.earning_why(public.reward_transactions, text) is
  'La frase de un asiento de comisión o bono, la misma que muestra Mis Recompensas (ledger-why.ts), con los importes como los escribe la app.';

-- Title, body and the screen a notification links to. The body never carries a dosage, a diagnosis or
-- another member's contact data: it names the sale, the amount, the month; a lead's details stay in the app.
create or replace function private.notification_message(p_kind text, p_payload jsonb, p_currency text,
                                                        out title text, out body text, out link text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_event text := p_payload ->> 'event';
  v_sale public.sales;
  v_payout public.payout_requests;
  v_name text;
  v_total numeric;
  v_whys text[];
  v_count integer;
begin
  case p_kind
  when 'order' then
    select * into v_sale from public.sales s where s.id = (p_payload ->> 'sale_id')::uuid;
    title := format('Tu pedido #%s %s', v_sale.sale_no,
                    case v_event when 'approved' then 'fue aprobado' when 'rejected' then 'fue rechazado' else 'fue entregado' end);
    body := case v_event
              when 'approved' then 'Confirmamos tu pago. Ya cuenta para tus puntos del mes.'
              when 'rejected' then format('Motivo: %s', v_sale.rejection_reason)
              else 'Tu pedido llegó a su destino. ¡Gracias por tu compra!' end;
    link := '/mi-cuenta/mis-pedidos?pedido=' || v_sale.id;
  when 'enrolment' then
    select c.name into v_name from public.clients c where c.id = (p_payload ->> 'member_id')::uuid;
    select * into v_sale from public.sales s where s.id = (p_payload ->> 'sale_id')::uuid;
    case v_event
    when 'approved' then
      title := 'Tu enrolamiento fue aprobado';
      body := 'Ya puedes entrar con tu cuenta de Google.';
      link := '/login';
    when 'sponsor_approved' then
      title := format('Aprobamos el enrolamiento de %s', v_name);
      body := 'Ya puede entrar con su cuenta de Google. Lo verás en Mi Red.';
      link := '/mi-cuenta/mi-red';
    else
      title := format('El enrolamiento de %s fue rechazado', v_name);
      body := format('Motivo: %s', v_sale.rejection_reason);
      link := '/mi-cuenta/enrolar';
    end case;
  when 'earning' then
    select sum(r.amount), count(*), (array_agg(private.earning_why(r, p_currency) order by r.id))[1:5]
      into v_total, v_count, v_whys
      from public.reward_transactions r
     where r.id = any (array(select jsonb_array_elements_text(p_payload -> 'entries')::bigint));
    title := 'Ganaste ' || private.money(v_total, p_currency);
    body := array_to_string(v_whys, E'\n')
            || case when v_count > 5 then format(E'\nY %s más en Mis Recompensas.', v_count - 5) else '' end;
    link := '/mi-cuenta/recompensas';
  when 'payout' then
    select * into v_payout from public.payout_requests p where p.id = (p_payload ->> 'payout_id')::uuid;
    case v_event
    when 'approved' then
      title := format('Aprobamos tu retiro de %s', private.money(v_payout.amount, p_currency));
      body := 'Te avisaremos cuando esté pagado.';
    when 'paid' then
      title := format('Te pagamos %s', private.money(v_payout.amount, p_currency));
      body := format('Referencia bancaria: %s', v_payout.payment_reference);
    else
      title := format('Tu retiro de %s fue rechazado', private.money(v_payout.amount, p_currency));
      body := format('Motivo: %s. El importe vuelve a tu saldo disponible.', rtrim(v_payout.rejection_reason, '. '));
    end case;
    link := '/mi-cuenta/recompensas';
  when 'lead' then
    title := 'Tienes un contacto nuevo desde tu página';
    body := 'Sus datos están en Mi Cuenta: escríbele pronto.';
    link := '/mi-cuenta';
  when 'activity' then
    title := format('Te faltan %s puntos para activarte: quedan %s días', p_payload ->> 'missing_points', p_payload ->> 'days_left');
    body := format('Si no llegas a los puntos antes del cierre de %s, perderás %s en comisiones pendientes.',
                   private.period_label((p_payload ->> 'month')::date), private.money((p_payload ->> 'pending')::numeric, p_currency));
    link := '/mi-cuenta/hacer-pedido';
  when 'approvals_digest' then
    title := format('%s esperan aprobación hace más de 48 horas',
                    concat_ws(' y ', nullif(format('%s %s', p_payload ->> 'orders', case when (p_payload ->> 'orders') = '1' then 'pedido' else 'pedidos' end), '0 pedidos'),
                              nullif(format('%s %s', p_payload ->> 'enrolments', case when (p_payload ->> 'enrolments') = '1' then 'enrolamiento' else 'enrolamientos' end), '0 enrolamientos')));
    body := 'Revísalos en Aprobaciones.';
    link := '/aprobaciones';
  when 'low_stock' then
    select p.name into v_name from public.products p where p.id = (p_payload ->> 'product_id')::uuid;
    title := format('Stock bajo: %s', v_name);
    body := format('Quedan %s unidades (el umbral es %s).', p_payload ->> 'stock', p_payload ->> 'threshold');
    link := '/productos';
  when 'period_close' then
    title := format('El cierre de %s %s', private.period_label((p_payload ->> 'month')::date),
                    case v_event when 'done' then 'terminó' else 'falló' end);
    body := case v_event when 'done' then 'Los ingresos del mes ya están disponibles.' else coalesce(p_payload ->> 'error', 'Revisa el cierre.') end;
    link := '/configuracion';
  when 'payout_account' then
    select c.name into v_name from public.clients c where c.id = (p_payload ->> 'client_id')::uuid;
    title := format('%s cambió su cuenta de cobro', v_name);
    body := 'Revísala antes de pagarle el próximo retiro.';
    link := '/clientes/' || (p_payload ->> 'client_id');
  when 'email_failed' then
    title := case p_payload ->> 'status' when 'unconfirmed' then 'Un correo quedó sin confirmar' else 'Un correo no se pudo enviar' end;
    body := format('«%s» a %s: %s', p_payload ->> 'title', p_payload ->> 'recipient', p_payload ->> 'error');
    link := '/dashboard';
  end case;
end
$$;
comment on function private.notification_message(text, jsonb, text) is
  'Las palabras de un aviso (título, cuerpo y la pantalla a la que lleva), hechas al leerlo: las mismas en la app y en el correo. Nunca una dosis, un diagnóstico ni datos de contacto de otro miembro.';

-- Reading and marking, as each person ----------------------------------------------------------------------
-- Planned for each call's cursor, as get_ledger (20250701090000_reads_member_portal.sql): a generic plan
-- cannot start the index scan at p_before_id.
create or replace function public.get_my_notifications(p_before_id bigint default null, p_limit integer default 20)
returns table (id bigint, kind text, title text, body text, link text, created_at timestamptz, read_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
set plan_cache_mode = force_custom_plan
as $$
declare
  v_user uuid := auth.uid();
  v_client uuid := private.my_client_id();
  v_currency text := (select m.currency from public.metadata m where m.id = 'app_settings');
begin
  if v_user is null or not private.has_role() then
    perform private.refuse('forbidden', 'Inicia sesión para ver tus avisos.', null, '42501');
  end if;
  if p_limit not between 1 and 100 then
    perform private.refuse('invalid_page', 'Página no válida: de 1 a 100 avisos.');
  end if;
  -- Two index scans (as a member, as staff), each newest first: one person is one or the other.
  return query
    select n.id, n.kind, m.title, m.body, m.link, n.created_at, n.read_at
      from (select * from public.notifications x
             where x.client_id = v_client and (p_before_id is null or x.id < p_before_id)
             order by x.id desc limit p_limit) n
      cross join lateral private.notification_message(n.kind, n.payload, v_currency) m
    union all
    select n.id, n.kind, m.title, m.body, m.link, n.created_at, n.read_at
      from (select * from public.notifications x
             where x.user_id = v_user and (p_before_id is null or x.id < p_before_id)
             order by x.id desc limit p_limit) n
      cross join lateral private.notification_message(n.kind, n.payload, v_currency) m
    order by 1 desc
    limit p_limit;
end
$$;
comment on function public.get_my_notifications(bigint, integer) is
  'Los avisos de quien llama, del más nuevo al más viejo (la página siguiente empieza tras p_before_id), con su título, texto y la pantalla a la que llevan.';
revoke all on function public.get_my_notifications(bigint, integer) from public, anon, authenticated, service_role;
grant execute on function public.get_my_notifications(bigint, integer) to authenticated;

create or replace function public.count_my_unread_notifications() returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
  v_client uuid := private.my_client_id();
begin
  -- Each side from its partial index of unread rows (a person is a member or staff, not both).
  return (select count(*) from public.notifications n where n.read_at is null and n.client_id = v_client)
       + (select count(*) from public.notifications n where n.read_at is null and n.user_id = v_user);
end
$$;
comment on function public.count_my_unread_notifications() is 'Cuántos avisos sin leer tiene quien llama (la campana).';
revoke all on function public.count_my_unread_notifications() from public, anon, authenticated, service_role;
grant execute on function public.count_my_unread_notifications() to authenticated;

create or replace function public.mark_notifications_read(p_ids bigint[] default null) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_client uuid := private.my_client_id();
  v_count integer;
begin
  if auth.uid() is null then
    perform private.refuse('forbidden', 'Inicia sesión para ver tus avisos.', null, '42501');
  end if;
  -- Only the caller's own: another person's ids are simply not theirs to mark.
  update public.notifications n set read_at = now()
   where n.read_at is null and (n.user_id = auth.uid() or n.client_id = v_client)
     and (p_ids is null or n.id = any (p_ids));
  get diagnostics v_count = row_count;
  return v_count;
end
$$;
comment on function public.mark_notifications_read(bigint[]) is
  'Marca como leídos los avisos indicados de quien llama, o todos los suyos si no indica ninguno («Marcar todo como leído»). Devuelve cuántos marcó.';
revoke all on function public.mark_notifications_read(bigint[]) from public, anon, authenticated, service_role;
grant execute on function public.mark_notifications_read(bigint[]) to authenticated;

create or replace function public.get_my_email_preferences()
returns table (kind text, label text, email boolean)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_member boolean := private.my_client_id() is not null;
begin
  if auth.uid() is null or not private.has_role() then
    perform private.refuse('forbidden', 'Inicia sesión para ver tus avisos.', null, '42501');
  end if;
  return query
    select k.kind, k.label, not exists (select 1 from public.notification_email_opt_outs o where o.user_id = auth.uid() and o.kind = k.kind)
      from (values (1, 'order', 'Mis pedidos: aprobado, rechazado, entregado', true),
                   (2, 'earning', 'Lo que gano: comisiones y bonos', true),
                   (3, 'payout', 'Mis retiros: aprobado, pagado, rechazado', true),
                   (4, 'enrolment', 'Enrolamientos aprobados o rechazados', true),
                   (5, 'lead', 'Contactos nuevos desde mi página', true),
                   (6, 'activity', 'Recordatorio de actividad antes del cierre', true),
                   (7, 'approvals_digest', 'Resumen diario de aprobaciones atrasadas', false),
                   (8, 'low_stock', 'Productos con stock bajo', false),
                   (9, 'period_close', 'Cierre de mes terminado o fallido', false),
                   (10, 'payout_account', 'Cambios de cuenta de cobro', false)) k (ord, kind, label, for_members)
     where k.for_members = v_member
     order by k.ord;
end
$$;
comment on function public.get_my_email_preferences() is
  'Los tipos de aviso de quien llama (los de miembro o los del personal) y si le llegan por correo; en la app llegan siempre.';
revoke all on function public.get_my_email_preferences() from public, anon, authenticated, service_role;
grant execute on function public.get_my_email_preferences() to authenticated;

-- The e-mail delivery, for the send-notifications function (service role only) -----------------------------
create or replace function private.notify_email_trouble(p_row public.notifications) returns integer
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- In the staff's bell (in-app only: a failure about e-mail is not sent by e-mail).
  return private.notify_staff('email_failed',
    jsonb_build_object('notification_id', p_row.id, 'status', p_row.email_status,
      'title', (private.notification_message(p_row.kind, p_row.payload, (select m.currency from public.metadata m where m.id = 'app_settings'))).title,
      'recipient', coalesce((select c.name from public.clients c where c.id = p_row.client_id), (select u.email from auth.users u where u.id = p_row.user_id)),
      'error', p_row.email_error),
    array['admin', 'superadmin']);
end
$$;
comment on function private.notify_email_trouble(public.notifications) is
  'Avisa al personal, en la app, de un correo que no salió tras el último intento o que quedó sin confirmar.';

create or replace function public.claim_notification_emails(p_limit integer default 50, p_lease_seconds integer default 120)
returns table (id bigint, attempt smallint, email_key uuid, to_address text, to_name text, subject text, body text, link text,
               company_name text, contact_info text)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_settings public.metadata;
  v_judged public.notifications;
begin
  if not private.is_service() then
    perform private.refuse('forbidden', 'Solo la función de envío de correos reclama avisos.', null, '42501');
  end if;
  select * into v_settings from public.metadata m where m.id = 'app_settings';
  perform private.publish_notifications();

  -- A claim whose lease ran out after the message was handed to the SMTP server: maybe sent. Never
  -- again by itself; staff see it as unconfirmed.
  for v_judged in
    update public.notifications n set email_status = 'unconfirmed', email_lease_until = null,
           email_error = 'El envío se interrumpió después de entregar el mensaje al servidor de correo: puede haber llegado. No se reenvía solo.'
     where n.email_status = 'sending' and n.email_lease_until < now() and n.email_handed_at is not null
    returning n.*
  loop
    perform private.notify_email_trouble(v_judged);
  end loop;

  -- Turned off by its recipient, no address, or in-app only: nothing to send. Nor to an address a
  -- staff member gave a member and nobody else confirmed yet (issue 23 §2): it opens no account, and
  -- it gets no news of their money either; the bell still has it.
  update public.notifications n set email_status = 'skipped', email_lease_until = null
   where ((n.email_status = 'pending' and n.email_next_at <= now())
          -- a claim whose lease ran out before the hand-over is claimed again below: judged again here too
          or (n.email_status = 'sending' and n.email_lease_until < now() and n.email_handed_at is null))
     and (n.kind = 'email_failed'
          or (n.user_id is not null and (select u.email from auth.users u where u.id = n.user_id) is null)
          or (n.client_id is not null and (select c.email_set_by from public.clients c where c.id = n.client_id) is not null)
          or exists (select 1 from public.notification_email_opt_outs o
                      where o.kind = n.kind
                        and o.user_id = coalesce(n.user_id, (select c.auth_uid from public.clients c where c.id = n.client_id))));

  return query
    with claimed as (
      update public.notifications n
         set email_status = 'sending', email_attempts = n.email_attempts + 1, email_handed_at = null,
             email_lease_until = now() + make_interval(secs => p_lease_seconds)
       where n.id in (select q.id from public.notifications q
                       where (q.email_status = 'pending' and q.email_next_at <= now())
                          or (q.email_status = 'sending' and q.email_lease_until < now() and q.email_handed_at is null)
                       order by q.email_next_at, q.id
                       limit p_limit
                       for update skip locked)
      returning n.*
    )
    select c.id, c.email_attempts, c.email_key,
           coalesce(m.email, u.email)::text, coalesce(m.name, ''), t.title, t.body, t.link,
           v_settings.company_name, v_settings.contact_info
      from claimed c
      left join public.clients m on m.id = c.client_id
      left join auth.users u on u.id = c.user_id
      cross join lateral private.notification_message(c.kind, c.payload, v_settings.currency) t
     order by c.id;
end
$$;
comment on function public.claim_notification_emails(integer, integer) is
  'Función de envío (service_role): publica los avisos de las aprobaciones confirmadas y reclama hasta p_limit correos pendientes (o reclamados por un envío que murió antes de entregarlos al servidor SMTP) por p_lease_seconds, con su destinatario, asunto, texto, enlace y los datos de la empresa. Marca «unconfirmed» los que murieron después de entregarlos (nunca se reenvían solos) y «skipped» los que su destinatario apagó.';
revoke all on function public.claim_notification_emails(integer, integer) from public, anon, authenticated, service_role;
grant execute on function public.claim_notification_emails(integer, integer) to service_role;

create or replace function public.begin_notification_email(p_id bigint, p_attempt smallint) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not private.is_service() then
    perform private.refuse('forbidden', 'Solo la función de envío de correos entrega avisos.', null, '42501');
  end if;
  -- Only the holder of this attempt's live lease may hand the message over, once. The lease then runs
  -- at least 3 minutes from now, longer than one message's talk with the SMTP server (each command may
  -- wait 30 s): a message handed over at the lease's last second and accepted a moment later must not
  -- be judged «unconfirmed» by another drain meanwhile.
  update public.notifications n set email_handed_at = now(), email_lease_until = greatest(n.email_lease_until, now() + interval '3 minutes')
   where n.id = p_id and n.email_status = 'sending' and n.email_attempts = p_attempt
     and n.email_handed_at is null and n.email_lease_until > now();
  return found;
end
$$;
comment on function public.begin_notification_email(bigint, smallint) is
  'Función de envío (service_role): anota que el intento p_attempt se entrega ahora al servidor SMTP. Falso si ese intento ya no es suyo (venció o lo tomó otro): entonces no debe enviarlo.';
revoke all on function public.begin_notification_email(bigint, smallint) from public, anon, authenticated, service_role;
grant execute on function public.begin_notification_email(bigint, smallint) to service_role;

create or replace function private.email_retry_delay(p_attempts integer) returns interval
language sql
immutable
set search_path = ''
as $$
  select (array[interval '1 minute', interval '5 minutes', interval '30 minutes', interval '2 hours'])[least(p_attempts, 4)]
$$;
comment on function private.email_retry_delay(integer) is 'Espera antes del siguiente intento de un correo: 1 min, 5 min, 30 min, 2 h.';

create or replace function private.email_max_attempts() returns integer
language sql
immutable
set search_path = ''
as $$ select 5 $$;
comment on function private.email_max_attempts() is 'Intentos de envío de un correo antes de darlo por fallido.';

create or replace function public.finish_notification_email(p_id bigint, p_attempt smallint, p_outcome text, p_error text default null)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.notifications;
begin
  if not private.is_service() then
    perform private.refuse('forbidden', 'Solo la función de envío de correos entrega avisos.', null, '42501');
  end if;
  if p_outcome is null or p_outcome not in ('sent', 'retry', 'failed', 'unconfirmed') then
    perform private.refuse('invalid_outcome', 'El resultado de un envío es sent, retry, failed o unconfirmed.');
  end if;
  update public.notifications n
     set email_status = case
           when p_outcome = 'sent' then 'sent'
           when p_outcome = 'retry' and n.email_attempts < private.email_max_attempts() then 'pending'
           when p_outcome = 'unconfirmed' then 'unconfirmed'
           else 'failed' end,
         email_sent_at = case when p_outcome = 'sent' then now() end,
         email_next_at = case when p_outcome = 'retry' then now() + private.email_retry_delay(n.email_attempts) else n.email_next_at end,
         email_error = case when p_outcome = 'sent' then null else left(p_error, 1000) end,
         email_lease_until = null
   where n.id = p_id and n.email_status = 'sending' and n.email_attempts = p_attempt
  returning n.* into v_row;
  if not found then
    return null; -- the attempt is no longer this caller's (its lease ran out and it was judged)
  end if;
  if v_row.email_status in ('failed', 'unconfirmed') then
    perform private.notify_email_trouble(v_row);
  end if;
  return v_row.email_status;
end
$$;
comment on function public.finish_notification_email(bigint, smallint, text, text) is
  'Función de envío (service_role): el resultado del intento p_attempt: sent (el servidor SMTP lo aceptó), retry (no lo aceptó: otra vez tras 1 min, 5 min, 30 min, 2 h; fallido tras el quinto intento), failed (no se puede enviar nunca) o unconfirmed (se cortó con el mensaje ya entregado: puede haber llegado, no se reenvía solo). Un fallo definitivo se avisa al personal en la app. Devuelve el estado que quedó, o null si el intento ya no era suyo.';
revoke all on function public.finish_notification_email(bigint, smallint, text, text) from public, anon, authenticated, service_role;
grant execute on function public.finish_notification_email(bigint, smallint, text, text) to service_role;

create or replace function public.get_notification_email_trouble(p_before_id bigint default null, p_limit integer default 20)
returns table (id bigint, kind text, recipient text, title text, status text, attempts smallint, error text, created_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_currency text := (select m.currency from public.metadata m where m.id = 'app_settings');
begin
  perform private.require_staff();
  return query
    select n.id, n.kind, coalesce(c.name, u.email)::text, (private.notification_message(n.kind, n.payload, v_currency)).title,
           n.email_status, n.email_attempts, n.email_error, n.created_at
      from public.notifications n
      left join public.clients c on c.id = n.client_id
      left join auth.users u on u.id = n.user_id
     where n.email_status in ('failed', 'unconfirmed') and (p_before_id is null or n.id < p_before_id)
     order by n.id desc
     limit least(greatest(p_limit, 1), 100);
end
$$;
comment on function public.get_notification_email_trouble(bigint, integer) is
  'Personal: los correos que no salieron tras el último intento (failed) o que quedaron sin confirmar por una caída (unconfirmed), del más nuevo al más viejo.';
revoke all on function public.get_notification_email_trouble(bigint, integer) from public, anon, authenticated, service_role;
grant execute on function public.get_notification_email_trouble(bigint, integer) to authenticated;

-- Starting the delivery: pg_cron → pg_net → the edge function ------------------------------------------------
-- Supabase's documented way to run an edge function on a schedule. pg_net sends the request after the
-- calling transaction commits, from its own worker. On a hosted project pg_net is an extension; the
-- local stack, whose PostgreSQL 15 has no pg_net package, provides the same net.http_post through its
-- platform bootstrap and a worker of its own (scripts/stack/pg-net.mjs).
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_net') then
    -- Its functions go to the schema `net` whatever this says; the extension itself is recorded in
    -- `extensions`, as the dashboard enables it, not in public (the Security Advisor flags that).
    create extension if not exists pg_net with schema extensions;
  end if;
end
$$;

-- Where the function lives and the (public) key the gateway wants. No secret is kept here: the
-- function drains with its own service key, and a drain asked by anyone only sends what is due, once.
create table private.notification_delivery (
  id boolean primary key default true constraint notification_delivery_una_fila check (id),
  function_url text not null,
  api_key text not null,
  updated_at timestamptz not null default now()
);
comment on table private.notification_delivery is
  'Dónde está la función send-notifications y la clave pública (publishable) con que se la llama. Se fija al desplegar (private.configure_notification_delivery).';

create or replace function private.configure_notification_delivery(p_function_url text, p_api_key text) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.notification_delivery (function_url, api_key) values (p_function_url, p_api_key)
  on conflict (id) do update set function_url = excluded.function_url, api_key = excluded.api_key, updated_at = now();
end
$$;
comment on function private.configure_notification_delivery(text, text) is
  'Al desplegar: la URL de la función send-notifications (https://<proyecto>.supabase.co/functions/v1/send-notifications) y la clave publishable.';

create or replace function private.request_notification_delivery() returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_target private.notification_delivery;
  v_request bigint;
begin
  -- The approvals' notifications reach the bell now, e-mail or not.
  perform private.publish_notifications();
  select * into v_target from private.notification_delivery;
  -- Not configured yet, or nothing due: no request (an idle minute costs one index probe).
  if not found or not exists (
       select 1 from public.notifications n
        where (n.email_status = 'pending' and n.email_next_at <= now())
           or (n.email_status = 'sending' and n.email_lease_until < now())) then
    return null;
  end if;
  execute 'select net.http_post(url := $1, body := $2, headers := $3, timeout_milliseconds := 30000)'
     into v_request
    using v_target.function_url, '{}'::jsonb,
          jsonb_build_object('Content-Type', 'application/json', 'apikey', v_target.api_key, 'Authorization', 'Bearer ' || v_target.api_key);
  return v_request;
end
$$;
comment on function private.request_notification_delivery() is
  'Tarea de pg_cron cada minuto: publica los avisos de las aprobaciones confirmadas y, si hay correos por enviar, pide a pg_net una llamada a la función send-notifications (que sale al confirmarse). Devuelve el id de la petición de pg_net, o null.';

select cron.schedule('savia-envio-de-avisos', '* * * * *', 'select private.request_notification_delivery()');
-- Every hour: the function acts at 8:00 in the company's zone, the start of its working day.
select cron.schedule('savia-avisos-diarios', '0 * * * *', 'select private.queue_daily_notifications()');
