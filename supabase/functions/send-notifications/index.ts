// send-notifications: drains the notifications' e-mail outbox through SMTP, each message at most once.
//
// Started every minute by pg_cron through pg_net (private.request_notification_delivery) when something
// is due; anyone may ask for a drain (it only sends what is due, once), so the runtime checks no JWT.
// The database is reached with the function's own service key, never the caller's.
//
// For each message: claim (a batch, with a lease) → begin (recorded just before the message goes to
// the SMTP server) → send → finish (sent, retry with backoff, failed, or unconfirmed). A crash after
// «begin» leaves the row unfinished and the next claim marks it unconfirmed instead of sending it
// again: the SMTP server may have accepted it. Every attempt carries the notification's idempotency
// key as its Message-ID.
//
// Secrets (supabase secrets set …): SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASS, SMTP_SECURE (true for
// implicit TLS on 465; otherwise STARTTLS when offered), SMTP_FROM («Savia <avisos@empresa.com>»),
// SITE_URL (the app's address, for the links). SUPABASE_URL and the service key are the platform's.
// A hosted function may not connect to ports 25 and 587 (Supabase's Edge Functions limits): there,
// port 465 with SMTP_SECURE=true (README «Deploying»).
//
// supabase-js and nodemailer are pinned to the versions of package-lock.json: `supabase functions deploy`
// reads no package.json outside the function's folder, so an unpinned `npm:` import would bundle whatever
// npm has newest that day. Locally Deno resolves these same specifiers to node_modules.
import { createClient } from 'npm:@supabase/supabase-js@2.109.0';
import SMTPConnection from 'npm:nodemailer@10.6.1/lib/smtp-connection';
import MailComposer from 'npm:nodemailer@10.6.1/lib/mail-composer';
import { classifyFailure, composeEmail, type ClaimedEmail, type FailureOutcome } from './mail.ts';

const env = (name: string, fallback = '') => Deno.env.get(name) ?? fallback;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const smtp = {
  host: env('SMTP_HOST', '127.0.0.1'),
  port: Number(env('SMTP_PORT', '1025')),
  secure: env('SMTP_SECURE') === 'true',
  user: env('SMTP_USER'),
  pass: env('SMTP_PASS'),
};
const from = env('SMTP_FROM', 'Savia <avisos@savia.test>');
const siteUrl = env('SITE_URL', 'http://127.0.0.1:5173');
const mailDomain = /@([^>\s]+)/.exec(from)?.[1] ?? 'savia.local';
// How many SMTP connections send at once (each message waits on two short database calls, so several
// in flight keep the SMTP server busy; SMTP_CONNECTIONS if the provider allows fewer or more), and how
// long one drain may run before it returns (the next minute's call carries on): well inside a hosted
// function's wall-clock limit.
const CONNECTIONS = Math.max(1, Number(env('SMTP_CONNECTIONS', '4')) || 4);
const DRAIN_BUDGET_MS = 50_000;
const BATCH = 50;

// The project's secret key first: once the legacy keys are disabled, the platform still puts the legacy
// service_role key in SUPABASE_SERVICE_ROLE_KEY, and every call made with it is refused (supabase/supabase#37648).
// The one named `default` when there is one, otherwise the first listed: a key made to rotate it, under
// another name, keeps the drain working after the old one is deleted.
const secretKeys: Record<string, string> = JSON.parse(env('SUPABASE_SECRET_KEYS', '{}')) ?? {};
const serviceKey = secretKeys.default || Object.values(secretKeys).find(Boolean) || env('SUPABASE_SERVICE_ROLE_KEY');
const db = createClient(env('SUPABASE_URL'), serviceKey, { auth: { persistSession: false, autoRefreshToken: false } });

interface Tally {
  sent: number;
  retry: number;
  failed: number;
  unconfirmed: number;
}

type SmtpError = Error & { responseCode?: number; code?: string; command?: string };

/** One open SMTP connection, or the error that kept it from opening (nothing was handed over then). */
async function openConnection(): Promise<SMTPConnection> {
  const conn = new SMTPConnection({ host: smtp.host, port: smtp.port, secure: smtp.secure, connectionTimeout: 10_000, socketTimeout: 30_000 });
  conn.on('error', () => {}); // each call's callback reports its own failure
  await new Promise<void>((resolve, reject) => conn.connect((err?: Error) => (err ? reject(err) : resolve())));
  if (smtp.user)
    await new Promise<void>((resolve, reject) => conn.login({ user: smtp.user, pass: smtp.pass }, (err?: Error) => (err ? reject(err) : resolve())));
  return conn;
}

async function build(n: ClaimedEmail): Promise<Buffer> {
  const mail = composeEmail(n, siteUrl, mailDomain);
  return await new MailComposer({ from, to: mail.to, subject: mail.subject, text: mail.text, messageId: mail.messageId, headers: mail.headers })
    .compile()
    .build();
}

function sendOne(conn: SMTPConnection, n: ClaimedEmail, raw: Buffer): Promise<void> {
  const envelope = { from: /<([^>]+)>/.exec(from)?.[1] ?? from, to: [n.to_address] };
  return new Promise((resolve, reject) => conn.send(envelope, raw, (err: SmtpError | null) => (err ? reject(err) : resolve())));
}

async function finish(n: ClaimedEmail, outcome: 'sent' | FailureOutcome, error?: string): Promise<string | null> {
  const { data, error: dbError } = await db.rpc('finish_notification_email', { p_id: n.id, p_attempt: n.attempt, p_outcome: outcome, p_error: error ?? null });
  // Not recorded (the database is unreachable): the row stays «handed over, unfinished» and the next
  // claim marks it unconfirmed once its lease has run out; it is never sent again by itself.
  if (dbError) console.error(`[send-notifications] no se pudo anotar el aviso ${n.id}: ${dbError.message}`);
  return dbError ? null : data;
}

/** One sender: its own connection, messages taken from the shared batch until it is empty. */
async function sender(queue: ClaimedEmail[], tally: Tally): Promise<void> {
  let conn: SMTPConnection | null = null;
  for (let n = queue.shift(); n; n = queue.shift()) {
    if (!conn) {
      try {
        conn = await openConnection();
      } catch (error) {
        // The server could not be reached: nothing of this message was handed over. Another try later.
        const status = await finish(n, 'retry', `No se pudo conectar con el servidor de correo: ${(error as Error).message}`);
        if (status === 'pending') tally.retry += 1;
        else if (status === 'failed') tally.failed += 1;
        continue;
      }
    }
    const raw = await build(n);
    const { data: mine, error: beginError } = await db.rpc('begin_notification_email', { p_id: n.id, p_attempt: n.attempt });
    if (beginError || !mine) continue; // its lease ran out or another drain took it: not ours to send
    try {
      await sendOne(conn, n, raw);
    } catch (error) {
      const outcome = classifyFailure(error as SmtpError);
      const status = await finish(n, outcome, (error as Error).message);
      if (status === 'pending') tally.retry += 1;
      else if (status === 'failed') tally.failed += 1;
      else if (status === 'unconfirmed') tally.unconfirmed += 1;
      conn.close();
      conn = null;
      continue;
    }
    if ((await finish(n, 'sent')) === 'sent') tally.sent += 1;
  }
  if (conn) conn.quit();
}

Deno.serve(async (req) => {
  if (req.method !== 'POST') return json(405, { error: 'Usa POST para enviar los avisos pendientes.' });
  let limit = BATCH;
  const text = await req.text();
  if (text.trim()) {
    try {
      const asked = JSON.parse(text).limit;
      if (asked !== undefined) limit = Math.max(1, Math.min(500, Number(asked) || BATCH));
    } catch {
      return json(400, { error: 'El cuerpo debe ser JSON, por ejemplo {"limit": 50}.' });
    }
  }
  const started = Date.now();
  const tally: Tally = { sent: 0, retry: 0, failed: 0, unconfirmed: 0 };
  while (Date.now() - started < DRAIN_BUDGET_MS) {
    const { data, error } = await db.rpc('claim_notification_emails', { p_limit: limit });
    if (error) return json(500, { error: error.message, ...tally });
    const batch = (data ?? []) as ClaimedEmail[];
    if (batch.length === 0) break;
    await Promise.all(Array.from({ length: Math.min(CONNECTIONS, batch.length) }, () => sender(batch, tally)));
  }
  return json(200, tally);
});
