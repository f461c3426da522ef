// The e-mail drain (issue 26): how many e-mails per second send-notifications hands to the local SMTP
// server (MailDev), each claimed, marked handed over, sent and recorded, as production runs it. Target:
// at least 50 per second. Not a test: it prints figures for bench/README.md.
//
// Usage: node bench/notifications-drain.mjs   (env: BENCH_EMAILS=2000; SAVIA_DB_PORT, SAVIA_API_PORT,
//        SAVIA_REST_PORT as for npm start: the bench starts a stack of its own on them, with a fresh
//        database and no seed, and stops it at the end)
// The bench asks for the drains itself, one after another as pg_cron's minute would if the queue never
// emptied (the minute's schedule is taken out so that it does not drain beside it).
import { performance } from 'node:perf_hooks';
import { stackConfig } from '../scripts/lib/config.mjs';
import { stopAll } from '../scripts/lib/processes.mjs';
import { startStack } from '../scripts/stack/run.mjs';
import { fmt, machine, ms } from './lib/measure.mjs';

const EMAILS = Number(process.env.BENCH_EMAILS ?? 2000);
const log = (...args) => console.log(...args);

process.env.SAVIA_DATA_DIR ??= `/var/tmp/savia-bench-drain-${process.env.SAVIA_DB_PORT ?? 54322}`;
const cfg = stackConfig('dev');
const { pool } = await startStack(cfg, { fresh: true, seed: false, log: () => {} });
try {
  await pool.query(`select cron.unschedule('savia-envio-de-avisos')`);
  // EMAILS members, one notification each (a lead: the words need no sale), all due now.
  await pool.query(
    `insert into public.clients (name, email, enrollment_status, joined_at)
     select 'Miembro ' || g, 'drain' || g || '@bench.savia', 'registered', now() from generate_series(1, $1) g`,
    [EMAILS],
  );
  await pool.query(`insert into public.notifications (client_id, kind, payload) select id, 'lead', '{}' from public.clients`);
  await fetch(`${cfg.mailUrl}/api/email/all`, { method: 'DELETE' });

  // The first call boots the function's Deno worker: not measured, as a warm function's would not be.
  const drain = async () => {
    const res = await fetch(`${cfg.apiUrl}/functions/v1/send-notifications`, {
      method: 'POST',
      headers: { apikey: cfg.publishableKey, 'content-type': 'application/json' },
      body: '{}',
    });
    if (!res.ok) throw new Error(`send-notifications: ${res.status} ${await res.text()}`);
    return res.json();
  };
  await pool.query(`update public.notifications set email_next_at = now() + interval '1 hour' where id > (select min(id) from public.notifications)`);
  await drain();
  await pool.query(`update public.notifications set email_next_at = now() where email_status = 'pending'`);

  const t0 = performance.now();
  const totals = { sent: 0, retry: 0, failed: 0, unconfirmed: 0 };
  for (let left = EMAILS - 1; left > 0;) {
    const got = await drain();
    for (const k of Object.keys(totals)) totals[k] += got[k] ?? 0;
    const {
      rows: [{ n }],
    } = await pool.query(`select count(*)::int as n from public.notifications where email_status in ('pending', 'sending')`);
    if (n === left && got.sent === 0) throw new Error('la cola no avanza');
    left = n;
  }
  const seconds = ms(t0) / 1000;
  const inbox = await (await fetch(`${cfg.mailUrl}/api/email`)).json();
  const {
    rows: [states],
  } = await pool.query(`select count(*) filter (where email_status = 'sent')::int as sent, count(*)::int as total from public.notifications`);
  log(`correos: ${EMAILS} avisos pendientes, enviados por send-notifications a MailDev`);
  log(`  ${totals.sent} enviados en ${fmt(seconds * 1000)} ms: ${(totals.sent / seconds).toFixed(0)} correos/s`);
  log(`  reintentos ${totals.retry}, fallidos ${totals.failed}, sin confirmar ${totals.unconfirmed}`);
  log(`  en la bandeja de MailDev: ${inbox.length} (uno por aviso: ${inbox.length === states.total ? 'sí' : 'NO'}); enviados en la base: ${states.sent}`);
  log(`máquina: ${machine()}`);
} finally {
  await stopAll();
}
