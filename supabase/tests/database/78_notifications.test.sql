-- Notifications (issue 26): written with the event that causes them and only if it commits; each
-- person reads only their own; the e-mail outbox hands each message to SMTP at most once. On the
-- engine's fixture (50_engine_fixture.psql): Fabio's order of one Té de moringa (base 33.33) pays
-- Elena ★1 g1 10 % = 3.33, Darío ★2 g2 5 % = 1.67, Celia ★3 g3 4 % = 1.33, Bruno ★4 g4 3 % = 1.00 and
-- Amparo ★5 g5 2 % = 0.67, each told once.
begin;
\ir 50_engine_fixture.psql
select plan(74);

create function pg_temp.mine(p_key text) returns setof public.notifications language sql as $$
  select * from public.notifications where client_id = engine_tests.id(p_key) order by id
$$;
create function pg_temp.as_service() returns text language plpgsql as $$
begin
  perform set_config('request.jwt.claims', '{"role":"service_role"}', true);
  return '# actúa: service_role';
end
$$;
create function pg_temp.nb(p_text text) returns text language sql as $$ select replace(p_text, '~', chr(160)) $$;

-- An approval tells the buyer and each upline it pays, in its own transaction: staged there, published
-- after it commits (every minute, and before each e-mail drain).
select engine_tests.at('2026-03-10 10:00:00-05');
select engine_tests.order_as('fabio', engine_tests.items('te', '1')) as sale \gset
select is((select count(*)::int from public.notifications), 0, 'un pedido pendiente no avisa a nadie');
select engine_tests.approve(:'sale');
select is((select count(*)::int from public.notifications), 0, 'la aprobación no escribe en la tabla de avisos: deja los suyos por publicar');
select is(private.publish_notifications(), 6, 'publicados: el pedido de Fabio y un «Ganaste» por cada línea ascendente que cobra');
select is(private.publish_notifications(), 0, 'publicar otra vez no repite ninguno');
select results_eq($$select kind, payload ->> 'event' from pg_temp.mine('fabio')$$, $$values ('order'::text, 'approved'::text)$$,
  'Fabio: su pedido aprobado (sus puntos, sin importe, no son un «Ganaste»)');
select results_eq($$select c.name, count(*)::int from public.notifications n join public.clients c on c.id = n.client_id
                     where n.kind = 'earning' group by c.name order by c.name$$,
  $$values ('Amparo Ruiz'::text, 1), ('Bruno Díaz', 1), ('Celia Mora', 1), ('Darío León', 1), ('Elena Vega', 1)$$,
  'cada línea ascendente que cobra recibe un solo aviso');
select results_eq($$select m.title, m.body, m.link from pg_temp.mine('elena') n, private.notification_message(n.kind, n.payload, 'USD') m$$,
  $$select pg_temp.nb('Ganaste US$~3,33'), pg_temp.nb('Comisión por la compra de Fabio Sanz (1.ª generación): 10% de US$~33,33 = US$~3,33 · nivel ★1 · plan v')
                || (select max(plan_version) from public.reward_transactions), '/mi-cuenta/recompensas'::text$$,
  'Elena: «Ganaste US$ 3,33» con el porqué de Mis Recompensas y el enlace a la pantalla');
select is((select m.title from pg_temp.mine('fabio') n, private.notification_message(n.kind, n.payload, 'USD') m),
  format('Tu pedido #%s fue aprobado', (select sale_no from public.sales where id = :'sale')), 'Fabio: «Tu pedido #… fue aprobado»');

-- Nothing is told of an event that did not commit.
select engine_tests.order_as('gala', engine_tests.items('curcuma', '2')) as too_many \gset
select engine_tests.approve(engine_tests.order_as('olga', engine_tests.items('curcuma', '2')));
select throws_ok(format($$select public.approve_sale(%L)$$, :'too_many'), 'P0001', null, 'la aprobación sin stock se rechaza');
select is((select count(*)::int from private.notifications_staged where payload ->> 'sale_id' = :'too_many'), 0,
  'la aprobación que falló no deja nada por publicar');
select ok(private.publish_notifications() > 0, 'se publica lo de la aprobación de Olga');
select is((select count(*)::int from public.notifications where payload ->> 'sale_id' = :'too_many'), 0,
  'y no deja aviso: existe si y solo si el hecho se confirmó');
select is((select count(*)::int from pg_temp.mine('elena')), 1, 'ni un «Ganaste» de lo que no se aprobó');
delete from public.notifications where client_id = engine_tests.id('olga') or user_id is not null; -- Olga's order and its low stock: told, not needed below

-- Rejected with the reason; delivered.
select engine_tests.act_as('admin');
select public.reject_sale(:'too_many', 'El comprobante no corresponde al pedido') is not null as ok \gset
select private.publish_notifications() is not null as ok \gset
select is((select m.body from public.notifications n, private.notification_message(n.kind, n.payload, 'USD') m
            where n.payload ->> 'sale_id' = :'too_many'), 'Motivo: El comprobante no corresponde al pedido', 'el rechazo dice el motivo');
select public.deliver_sale(:'sale') is not null as ok \gset
select private.publish_notifications() is not null as ok \gset
select results_eq($$select payload ->> 'event' from pg_temp.mine('fabio')$$, $$values ('approved'::text), ('delivered')$$,
  'la entrega también se avisa');

-- Each person reads only their own (RLS and the RPCs).
select engine_tests.act_as('elena');
set local role authenticated;
select results_eq($$select kind from public.notifications$$, $$values ('earning'::text)$$, 'Elena lee por la API solo su aviso');
select is((select count(*)::int from public.get_my_notifications()), 1, 'y get_my_notifications le da solo el suyo');
select is(public.count_my_unread_notifications(), 1, 'la campana: 1 sin leer');
select is(public.mark_notifications_read((select array_agg(id) from public.notifications)), 1, 'marca el suyo');
reset role;
select is((select count(*)::int from public.notifications where read_at is not null), 1, 'y solo el suyo quedó leído');
select engine_tests.act_as('fabio');
set local role authenticated;
select is(public.mark_notifications_read(array(select id from public.notifications where false)), 0, 'sin ids no marca nada');
select is(public.count_my_unread_notifications(), 2, 'Fabio: sus 2 sin leer');
select is(public.mark_notifications_read(), 2, '«Marcar todo como leído» marca los suyos');
select is(public.count_my_unread_notifications(), 0, 'y la campana queda en 0');
reset role;
select is((select count(*)::int from public.notifications where read_at is null and kind = 'earning'), 4,
  'los avisos de los demás siguen sin leer');
select engine_tests.act_as('nadie');
set local role anon;
select throws_ok($$select count(*) from public.notifications$$, '42501', null, 'anon no lee avisos');
reset role;

-- E-mail preferences: each person turns off their own kinds.
select user_id as fabio_user from engine_tests.ids where key = 'fabio' \gset
select engine_tests.act_as('elena');
set local role authenticated;
select lives_ok($$insert into public.notification_email_opt_outs (kind) values ('earning')$$, 'Elena apaga los correos de ganancias');
select throws_ok(format($$insert into public.notification_email_opt_outs (user_id, kind) values (%L, 'order')$$, :'fabio_user'),
  '42501', null, 'pero no los de Fabio');
select results_eq($$select kind, email from public.get_my_email_preferences() where kind in ('earning', 'order')$$,
  $$values ('order'::text, true), ('earning', false)$$, 'sus preferencias: pedidos sí, ganancias no');
reset role;

-- The outbox: only the send function claims; a turned-off kind is skipped; each message is handed over once.
select engine_tests.act_as('elena');
select throws_ok($$select * from public.claim_notification_emails()$$, '42501', null, 'un miembro no reclama correos');
select pg_temp.as_service();
select is((select count(*)::int from public.claim_notification_emails(100)), 7,
  'la función reclama los 7 correos por enviar: Fabio 2, Gala 1, las líneas de Fabio 4 (el de Elena no: lo apagó)');
select is((select email_status from pg_temp.mine('elena')), 'skipped', 'el de Elena queda omitido');
select is((select count(*)::int from public.claim_notification_emails(100)), 0, 'reclamados, nadie más los toma mientras dura el plazo');
select id as fabio_n from pg_temp.mine('fabio') limit 1 \gset
update public.notifications set email_lease_until = now() + interval '1 second' where id = :fabio_n; -- its lease's last second
select ok(public.begin_notification_email(:fabio_n, 1::smallint), 'el intento 1 se entrega al servidor SMTP');
select ok((select email_lease_until >= now() + interval '3 minutes' from public.notifications where id = :fabio_n),
  'y su plazo se alarga: otro envío no lo juzga sin confirmar mientras habla con el servidor');
select ok(not public.begin_notification_email(:fabio_n, 1::smallint), 'una sola vez');
select is(public.finish_notification_email(:fabio_n, 1::smallint, 'sent'), 'sent', 'y queda enviado');

-- A crash after handing it over: never sent again by itself, and staff see it.
select id as dario_n from pg_temp.mine('dario') \gset
select ok(public.begin_notification_email(:dario_n, 1::smallint), 'el de Darío se entrega…');
update public.notifications set email_lease_until = now() - interval '1 second' where id = :dario_n;
select id as celia_n from pg_temp.mine('celia') \gset
update public.notifications set email_lease_until = now() - interval '1 second' where id = :celia_n;
select results_eq($$select id, attempt from public.claim_notification_emails(100)$$, format($$values (%s::bigint, 2::smallint)$$, :celia_n),
  '…y la función muere: al vencer el plazo se reclama otra vez solo el de Celia (no se había entregado), en su intento 2');
select is((select email_status from public.notifications where id = :dario_n), 'unconfirmed', 'el de Darío queda sin confirmar, no se reenvía');
select ok((select count(*) from public.notifications where kind = 'email_failed' and payload ->> 'notification_id' = :'dario_n')
          = (select count(*) from public.users_roles where role in ('admin', 'superadmin')),
  'y se avisa en la app a cada persona del personal');
select ok(public.begin_notification_email(:celia_n, 2::smallint), 'el intento 2 de Celia sí se entrega');
select ok(not public.begin_notification_email(:celia_n, 1::smallint), 'el intento 1, ya vencido, no');

-- Retries with backoff, then failed after the fifth try.
select is(public.finish_notification_email(:celia_n, 2::smallint, 'retry', '421 ocupado'), 'pending', 'un 4xx vuelve a la cola…');
select ok((select email_next_at between now() + interval '4 minutes' and now() + interval '6 minutes' from public.notifications where id = :celia_n),
  '…tras 5 minutos (el segundo intento)');
update public.notifications set email_attempts = 4, email_next_at = now() where id = :celia_n;
select is((select attempt from public.claim_notification_emails(100) where id = :celia_n), 5::smallint, 'quinto intento');
select is(public.finish_notification_email(:celia_n, 5::smallint, 'retry', '421 ocupado'), 'failed', 'tras el quinto, fallido');
select engine_tests.act_as('admin');
select results_eq($$select status from public.get_notification_email_trouble() order by status$$, $$values ('failed'::text), ('unconfirmed')$$,
  'el personal ve el sin confirmar y el fallido');
select engine_tests.act_as('elena');
select throws_ok($$select * from public.get_notification_email_trouble()$$, 'P0001', null, 'un miembro no');

-- Payouts, leads, enrolments, stock, the close, the daily jobs. Elena buys in March: active, her 3.33 stays hers.
select engine_tests.at('2026-03-20 10:00:00-05');
select engine_tests.approve(engine_tests.order_as('elena', engine_tests.items('lavanda', '1')));
select engine_tests.at('2026-04-01 00:30:00-05');
select engine_tests.close_month('2026-03-01');
select ok((select count(*) from public.notifications where kind = 'period_close' and payload ->> 'event' = 'done')
          = (select count(*) from public.users_roles where role = 'superadmin'), 'el cierre hecho se avisa a cada superadmin');
select engine_tests.act_as('elena');
select engine_tests.at('2026-04-02 09:00:00-05');
update public.metadata set min_payout = 1 where id = 'app_settings';
select (public.request_payout(3.00, 'Banco Uno')).id as payout \gset
select engine_tests.act_as('admin');
select public.approve_payout(:'payout') is not null as ok \gset
select public.pay_payout(:'payout', 'TRF-778') is not null as ok \gset
select results_eq($$select m.title, m.body from pg_temp.mine('elena') n, private.notification_message(n.kind, n.payload, 'USD') m where n.kind = 'payout'$$,
  $$select pg_temp.nb('Aprobamos tu retiro de US$~3,00'), 'Te avisaremos cuando esté pagado.'::text
    union all select pg_temp.nb('Te pagamos US$~3,00'), 'Referencia bancaria: TRF-778'$$, 'el retiro aprobado y pagado, con la referencia');

update public.clients set slug = 'olga-pardo' where id = engine_tests.id('olga');
select public.submit_lead('olga-pardo', 'Ana Visitante', 'ana@tests.savia', null, 'Hola', true)
  is not null as ok \gset
select results_eq($$select m.title, m.body from pg_temp.mine('olga') n, private.notification_message(n.kind, n.payload, 'USD') m$$,
  $$values ('Tienes un contacto nuevo desde tu página'::text, 'Sus datos están en Mi Cuenta: escríbele pronto.'::text)$$,
  'un contacto nuevo, sin sus datos en el texto');
select public.submit_lead('olga-pardo', 'Beto Visitante', 'beto@tests.savia', null, 'Hola otra vez', true)
  is not null as ok \gset
select results_eq($$select (select count(*)::integer from public.leads where client_id = engine_tests.id('olga')),
                           (select count(*)::integer from pg_temp.mine('olga') where kind = 'lead')$$,
  $$values (2, 1)$$, 'un segundo contacto en la misma hora se guarda, sin otro aviso ni otro correo (el formulario es público)');

select engine_tests.act_as('elena');
select (public.enrol_member('Hugo Nuevo', 'motor.hugo@tests.savia', engine_tests.id('kit'), '300 000 0000', 'CC 99', 'Calle 1', 'Bogotá',
                            'transferencia', 'REF-1', null, null)).id as enrolment \gset
select engine_tests.approve(:'enrolment');
select private.publish_notifications() is not null as ok \gset
select results_eq($$select c.email, m.title, m.body from public.notifications n join public.clients c on c.id = n.client_id,
                     private.notification_message(n.kind, n.payload, 'USD') m where n.kind = 'enrolment' order by c.email$$,
  $$values ('motor.elena@tests.savia'::text, 'Aprobamos el enrolamiento de Hugo Nuevo'::text, 'Ya puede entrar con su cuenta de Google. Lo verás en Mi Red.'::text),
           ('motor.hugo@tests.savia', 'Tu enrolamiento fue aprobado', 'Ya puedes entrar con tu cuenta de Google.')$$,
  'el enrolamiento aprobado: al nuevo miembro, a su propia dirección, y a quien lo enroló');

update public.metadata set low_stock_threshold = 95 where id = 'app_settings';
select engine_tests.approve(engine_tests.order_as('gala', engine_tests.items('te', '3')));
select engine_tests.approve(engine_tests.order_as('gala', engine_tests.items('te', '1')));
select ok((select count(*) from public.notifications where kind = 'low_stock')
          = (select count(*) from public.users_roles where role in ('admin', 'superadmin')),
  'el té baja de 99 a 96 y luego a 95 (el umbral): un aviso de stock bajo a cada persona del personal, no uno por venta');

select engine_tests.order_as('gala', engine_tests.items('lavanda', '1')) as waiting \gset
update public.sales set created_at = now() - interval '49 hours' where id = :'waiting';
select ok(private.queue_approvals_digest() > 0, 'un pedido espera más de 48 horas: el resumen diario sale');
select is(private.queue_approvals_digest(), 0, 'una sola vez por día');
-- pg_cron asks every hour; the day's notices go out at 8 in the morning of the company's zone (Bogotá here).
select is(private.queue_daily_notifications((date_trunc('day', now() at time zone 'America/Bogota') + interval '1 day 7 hours') at time zone 'America/Bogota'),
  0, 'mañana a las 7 de Bogotá, todavía nada');
select ok(private.queue_daily_notifications((date_trunc('day', now() at time zone 'America/Bogota') + interval '1 day 8 hours') at time zone 'America/Bogota') > 0,
  'a las 8, el resumen del día');

-- The activity reminder: five days before the close, to those below 100 points with income pending.
select engine_tests.at('2026-04-26 08:00:00-05');
select is(private.queue_activity_reminders('2026-04-25 08:00:00-05'), 0, 'a seis días del cierre, todavía no');
select ok(private.queue_activity_reminders('2026-04-26 08:00:00-05') > 0, 'a cinco, sí');
select results_eq($$select m.title from pg_temp.mine('elena') n, private.notification_message(n.kind, n.payload, 'USD') m where n.kind = 'activity'$$,
  $$values ('Te faltan 60 puntos para activarte: quedan 5 días'::text)$$, 'Elena (40 puntos del kit de Hugo en abril, con su comisión y su bono pendientes)');
select is(private.queue_activity_reminders('2026-04-27 08:00:00-05'), 0, 'una vez por mes');

-- A changed payout account, to finance (its trigger on payout_accounts): not the first account, nor the same one saved again.
select is((select count(*)::int from public.notifications where kind = 'payout_account'), 0,
  'las cuentas de pago del fixture son las primeras de cada miembro: no son un cambio');
select engine_tests.act_as('elena');
select (public.save_payout_account('1007', 'ahorros', '10000000005', 'Elena Vega', 'CC', '10000005')).id is not null as ok \gset
select is((select count(*)::int from public.notifications where kind = 'payout_account'), 0, 'guardar la misma cuenta no es un cambio');
select (public.save_payout_account('1007', 'corriente', '20000000005', 'Elena Vega', 'CC', '10000005')).id is not null as ok \gset
select results_eq($$select n.user_id, m.title, m.link from public.notifications n, private.notification_message(n.kind, n.payload, 'USD') m
                     where n.kind = 'payout_account' order by n.user_id$$,
  $$select ur.user_id, 'Elena Vega cambió su cuenta de cobro'::text, '/clientes/' || engine_tests.id('elena')
      from public.users_roles ur where ur.role = 'superadmin' and ur.finance order by ur.user_id$$,
  'Elena cambia su cuenta: cada superadmin de finanzas lo sabe (el admin sin finanzas, no), con el enlace a su ficha');

-- A staff member's notices leave with their access: revoked, then enrolled as a member with the same
-- Google account, their bell is a member's (no other member's payout account, no stock, no close).
insert into public.notifications (user_id, kind, payload) select user_id, 'low_stock', '{}' from engine_tests.ids where key = 'admin';
create function pg_temp.admins_staff_notices() returns integer language sql as $$
  select count(*)::integer from public.notifications n join engine_tests.ids i on i.user_id = n.user_id where i.key = 'admin'
$$;
select ok(pg_temp.admins_staff_notices() > 0, 'el admin tiene avisos del personal');
select engine_tests.act_as('super');
select public.revoke_staff_access((select user_id from engine_tests.ids where key = 'admin')) is not null as ok \gset
select is(pg_temp.admins_staff_notices(), 0, 'al quitarle el acceso, sus avisos (y sus correos por enviar) se van con su rol');
select engine_tests.act_as('elena');
select (public.enrol_member('Antiguo Admin', 'motor.admin@tests.savia', engine_tests.id('kit'), p_payment_method => 'efectivo')).id as readmin \gset
select engine_tests.act_as('super');
select public.approve_sale(:'readmin') is not null as ok \gset
select private.publish_notifications() > 0 as ok \gset
select engine_tests.act_as('admin');
select results_eq($$select kind from public.get_my_notifications()$$, $$values ('enrolment'::text)$$,
  'miembro ahora, con la misma cuenta: su campana es la de un miembro, su enrolamiento aprobado y nada del personal');
select is(public.count_my_unread_notifications(), 1, 'y la cuenta de la campana, la misma');

-- An address staff gave a member and nobody confirmed yet gets no e-mail (issue 23 §2); the bell keeps the notice.
update public.clients set email = 'motor.olga.nueva@tests.savia', email_set_by = (select user_id from engine_tests.ids where key = 'super'),
       email_set_at = now() where id = engine_tests.id('olga');
insert into public.notifications (client_id, kind, payload) values (engine_tests.id('olga'), 'lead', '{}') returning id as olga_n \gset
select pg_temp.as_service();
select is((select count(*)::int from public.claim_notification_emails(100) where id = :olga_n), 0, 'no se reclama para enviarlo…');
select is((select email_status from public.notifications where id = :olga_n), 'skipped', '…queda sin correo, y en la campana');

-- The same sentences as Mis Recompensas (src/components/ledger/ledger-why.test.ts says these two too).
insert into public.clients (name, email, enrollment_status, joined_at) values ('Lorena Peña', 'motor.lorena@tests.savia', 'registered', now());
select is(private.earning_why(jsonb_populate_record(null::public.reward_transactions, jsonb_build_object(
            'type', 'commission_purchase', 'amount', 2.4, 'generation', 5, 'base', 120, 'rate', 0.02, 'star_level', 5, 'plan_version', 1,
            'source_client_id', (select id from public.clients where email = 'motor.lorena@tests.savia'))), 'USD'),
  pg_temp.nb('Comisión por la compra de Lorena Peña (5.ª generación): 2% de US$~120,00 = US$~2,40 · nivel ★5 · plan v1'),
  'la comisión por compra, como la dice Mis Recompensas');
select is(private.earning_why(jsonb_populate_record(null::public.reward_transactions, jsonb_build_object(
            'type', 'bonus_volume', 'amount', 69.72, 'base', 2324, 'rate', 0.03, 'star_level', 3, 'plan_version', 1, 'period_month', '2026-10-01')), 'USD'),
  pg_temp.nb('Bono de volumen de octubre de 2026: 3% de US$~2.324,00 en ventas de tu red = US$~69,72 · nivel ★3 · plan v1'),
  'el bono de volumen, como lo dice Mis Recompensas');

select * from finish();
rollback;
