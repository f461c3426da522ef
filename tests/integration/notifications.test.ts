// Notifications through the real stack: the event writes them (through PostgREST, as each persona);
// an approval's are published after it commits, once, and never those of one still in flight; each
// person reads only their own, and send-notifications hands each e-mail to the stack's real SMTP
// server (MailDev) at most once, also when the function dies between sending and recording it.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberPersona, staffPersona, type Persona } from './fixtures/personas';
import { product, retireTestProducts, tagOf } from './engine-support';
import { cfg, sql } from './support';

const mailUrl = (cfg as unknown as { mailUrl: string }).mailUrl;

interface Mail {
  subject: string;
  text: string;
  to: { address: string }[];
  headers: Record<string, string>;
}

async function inbox(address: string): Promise<Mail[]> {
  const res = await fetch(`${mailUrl}/api/email`);
  expect(res.ok).toBe(true);
  return ((await res.json()) as Mail[]).filter((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()));
}

/** What pg_net does every minute: ask the function to drain the outbox (with the public key). */
async function drain(): Promise<Record<string, number>> {
  const res = await fetch(`${cfg.apiUrl}/functions/v1/send-notifications`, {
    method: 'POST',
    headers: { apikey: cfg.publishableKey, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, number>;
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function outbox(id: number) {
  const [row] = await sql<{ email_status: string; email_attempts: number; email_key: string }>(
    'select email_status, email_attempts, email_key from public.notifications where id = $1',
    [id],
  );
  return row;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() - started > timeoutMs) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

let sponsor: Persona & { clientId: string };
let buyer: Persona & { clientId: string };
let admin: Persona;
let saleNo: number;
let productId: string;
/** 2.80 and 28.00 as the notifications write them in the company's currency (the demo's is COP). */
let earned: string;
let base: string;

beforeAll(async () => {
  const tag = tagOf();
  admin = await staffPersona('admin');
  sponsor = await memberPersona();
  buyer = await memberPersona(sponsor.clientId);
  productId = await product(tag, 28, 50, 10);
  const { data: sale, error } = await buyer.client.rpc('place_order', { p_items: [{ product_id: productId, quantity: 1 }] });
  expect(error).toBeNull();
  const { error: approveError } = await admin.client.rpc('approve_sale', { p_sale_id: (sale as { id: string }).id });
  expect(approveError).toBeNull();
  saleNo = (sale as { sale_no: number }).sale_no;
  // What pg_cron does every minute (and each e-mail drain first): the approval's notifications reach the bell.
  await sql('select private.publish_notifications()');
  [{ earned, base }] = await sql<{ earned: string; base: string }>(
    `select private.money(2.80, m.currency) as earned, private.money(28, m.currency) as base from public.metadata m where m.id = 'app_settings'`,
  );
});
afterAll(retireTestProducts);

describe('avisos: cada uno lee los suyos', () => {
  it('la aprobación avisa al comprador y a su patrocinador, cada uno en su campana', async () => {
    const { data: mine, error } = await sponsor.client.rpc('get_my_notifications');
    expect(error).toBeNull();
    expect(mine).toEqual([
      expect.objectContaining({
        kind: 'earning',
        title: `Ganaste ${earned}`,
        body: expect.stringMatching(
          new RegExp(
            `^Comisión por la compra de Miembro de Prueba \\(1\\.ª generación\\): 10% de ${literal(base)} = ${literal(earned)} · nivel ★1 · plan v\\d+$`,
          ),
        ),
        link: '/mi-cuenta/recompensas',
        read_at: null,
      }),
    ]);
    const { data: theirs } = await buyer.client.rpc('get_my_notifications');
    expect(theirs).toEqual([expect.objectContaining({ kind: 'order', title: `Tu pedido #${saleNo} fue aprobado` })]);
    expect((await sponsor.client.rpc('count_my_unread_notifications')).data).toBe(1);
  });

  it('por la API nadie lee ni marca los avisos de otro', async () => {
    const { data: rows } = await buyer.client.from('notifications').select('id, client_id, kind');
    expect(rows?.every((r) => r.client_id === buyer.clientId)).toBe(true);
    const [{ id: sponsorsId }] = await sql<{ id: number }>('select id from public.notifications where client_id = $1', [sponsor.clientId]);
    const { data: marked } = await buyer.client.rpc('mark_notifications_read', { p_ids: [sponsorsId] });
    expect(marked).toBe(0);
    expect((await sponsor.client.rpc('count_my_unread_notifications')).data).toBe(1);
    const { error } = await buyer.client.from('notifications').update({ read_at: new Date().toISOString() }).eq('id', sponsorsId);
    expect(error?.code).toBe('42501');
    const { data: all } = await sponsor.client.rpc('mark_notifications_read', {});
    expect(all).toBe(1);
    expect((await sponsor.client.rpc('count_my_unread_notifications')).data).toBe(0);
  });
});

describe('los avisos de una aprobación se publican después de confirmarse', () => {
  it('nunca los de una aprobación sin confirmar; una vez confirmada, una sola vez aunque se publique de nuevo', async () => {
    // A sponsor and a buyer of its own: the other tests count the first pair's notifications and mail.
    const ownBuyer = await memberPersona((await memberPersona()).clientId);
    const { data: sale, error } = await ownBuyer.client.rpc('place_order', { p_items: [{ product_id: productId, quantity: 1 }] });
    expect(error).toBeNull();
    const saleId = (sale as { id: string }).id;
    const told = () =>
      sql<{ kind: string; n: number }>(
        `select n.kind, count(*)::int as n from public.notifications n
          where n.payload ->> 'sale_id' = $1::text
             or exists (select 1 from public.reward_transactions r
                         where r.source_sale_id = $1::uuid and r.id = any (array(select jsonb_array_elements_text(n.payload -> 'entries')::bigint)))
          group by n.kind order by n.kind`,
        [saleId],
      );
    // The approval in a transaction of its own, left open, as PostgREST runs it for the admin.
    const approving = new pg.Client({ connectionString: cfg.dbUrl });
    await approving.connect();
    try {
      await approving.query('begin');
      await approving.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: admin.userId, role: 'authenticated' })]);
      await approving.query('set local role authenticated');
      await approving.query('select public.approve_sale($1)', [saleId]);
      await sql('select private.publish_notifications()');
      expect(await told()).toEqual([]);
      await approving.query('commit');
    } finally {
      await approving.end();
    }
    await sql('select private.publish_notifications()');
    await sql('select private.publish_notifications()');
    expect(await told()).toEqual([
      { kind: 'earning', n: 1 },
      { kind: 'order', n: 1 },
    ]);
  });
});

describe('el correo sale una sola vez', () => {
  it('el patrocinador recibe «Ganaste 2,80» (en la moneda de la empresa) con el porqué, el enlace y la empresa; pedir otra vez no lo repite', async () => {
    await drain();
    const mails = await until(
      () => inbox(sponsor.email),
      (m) => m.length > 0,
    );
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toBe(`Ganaste ${earned}`);
    expect(mail.text).toContain('Comisión por la compra de Miembro de Prueba (1.ª generación)');
    expect(mail.text).toContain(`Míralo aquí: ${cfg.siteUrl}/mi-cuenta/recompensas`);
    const [{ company_name }] = await sql<{ company_name: string }>(`select company_name from public.metadata where id = 'app_settings'`);
    expect(mail.text).toContain(company_name);
    const [{ id }] = await sql<{ id: number }>('select id from public.notifications where client_id = $1', [sponsor.clientId]);
    const row = await outbox(id);
    expect(row.email_status).toBe('sent');
    expect(mail.headers['message-id']).toBe(`<${row.email_key}@savia.test>`);
    await drain();
    await drain();
    expect(await inbox(sponsor.email)).toHaveLength(1);
  });

  it('una caída entre entregarlo al servidor y anotarlo enviado: nunca se reenvía, y el personal lo ve', async () => {
    const member = await memberPersona();
    const [{ id }] = await sql<{ id: number }>(`insert into public.notifications (client_id, kind, payload) values ($1, 'lead', '{}') returning id`, [
      member.clientId,
    ]);
    // The function dies after the SMTP server accepted the message: recording it fails, as if the
    // process were killed right then (the row stays «handed over, unfinished»).
    await sql(`create function public.tests_crash_before_recording() returns trigger language plpgsql as $$
                 begin raise exception 'la función murió antes de anotar el envío'; end $$`);
    await sql(`create trigger tests_crash_before_recording before update on public.notifications for each row
                 when (new.email_status = 'sent' and old.id = ${Number(id)}) execute function public.tests_crash_before_recording()`);
    try {
      await until(
        async () => (await drain(), inbox(member.email)),
        (m) => m.length > 0,
      );
    } finally {
      await sql('drop trigger tests_crash_before_recording on public.notifications');
      await sql('drop function public.tests_crash_before_recording()');
    }
    expect(await inbox(member.email)).toHaveLength(1);
    expect((await outbox(id)).email_status).toBe('sending');
    // The lease runs out; the next drains judge the row instead of sending it again.
    await sql(`update public.notifications set email_lease_until = now() - interval '1 second' where id = $1`, [id]);
    await drain();
    await drain();
    expect(await inbox(member.email)).toHaveLength(1);
    expect((await outbox(id)).email_status).toBe('unconfirmed');
    const { data: trouble, error } = await admin.client.rpc('get_notification_email_trouble');
    expect(error).toBeNull();
    expect(trouble).toEqual(expect.arrayContaining([expect.objectContaining({ id: Number(id), status: 'unconfirmed' })]));
  });

  it('una caída antes de entregarlo: se envía en el intento siguiente, una vez', async () => {
    const member = await memberPersona();
    // The state a function killed between claiming and handing over leaves: claimed, lease run out.
    const [{ id }] = await sql<{ id: number }>(
      `insert into public.notifications (client_id, kind, payload, email_status, email_attempts, email_lease_until)
       values ($1, 'lead', '{}', 'sending', 1, now() - interval '1 second') returning id`,
      [member.clientId],
    );
    await drain();
    const mails = await until(
      () => inbox(member.email),
      (m) => m.length > 0,
    );
    expect(mails).toHaveLength(1);
    expect(await outbox(id)).toEqual(expect.objectContaining({ email_status: 'sent', email_attempts: 2 }));
  });

  it('tres envíos a la vez: cada correo sale una vez', async () => {
    const members = await Promise.all(Array.from({ length: 12 }, () => memberPersona()));
    for (const m of members) await sql(`insert into public.notifications (client_id, kind, payload) values ($1, 'lead', '{}')`, [m.clientId]);
    await Promise.all([drain(), drain(), drain()]);
    for (const m of members)
      expect(
        await until(
          () => inbox(m.email),
          (x) => x.length > 0,
        ),
      ).toHaveLength(1);
  });

  it('pg_cron lo pide por pg_net: la tarea de cada minuto entrega lo pendiente', async () => {
    const member = await memberPersona();
    await sql(`insert into public.notifications (client_id, kind, payload) values ($1, 'lead', '{}')`, [member.clientId]);
    const [{ request }] = await sql<{ request: string | null }>('select private.request_notification_delivery() as request');
    expect(request).not.toBeNull();
    const mails = await until(
      () => inbox(member.email),
      (m) => m.length > 0,
    );
    expect(mails.map((m) => m.subject)).toEqual(['Tienes un contacto nuevo desde tu página']);
  });
});
