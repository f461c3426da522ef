// Reward engine benchmark (issue 5): a network of 100,000 members up to 30 generations deep and a
// month of 300,000 orders, then approval latency and throughput, the month close, a member's
// downline count and first page, and an upline walk. Not a test: it prints figures for bench/README.md.
//
// Usage: node bench/engine.mjs   (env: BENCH_MEMBERS, BENCH_ORDERS, BENCH_MEASURED, BENCH_WORKERS=2,4, SAVIA_DB_PORT,
//        BENCH_BUILD_ONLY=1 to stop once the data is built)
// The data (bench/lib/engine-data.mjs) is built set-based in SQL; the orders already approved when
// measuring are settled by the engine's own rule function (private.sale_reward_lines), and the
// measured ones go through public.approve_sale as staff.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { APPROVALS_AT, MONTH, SIZES, benchCluster, buildEngineData, checkpoint as checkpointOf, staffIds } from './lib/engine-data.mjs';
import { fmt, machine, ms, pct } from './lib/measure.mjs';

const MEASURED = SIZES.pending;
const WORKERS = (process.env.BENCH_WORKERS ?? '2,4').split(',').map(Number);

const cfg = benchCluster();
const log = (...args) => console.log(...args);
const checkpoint = () => checkpointOf(cfg);

async function timed(label, client, text, params) {
  const t0 = performance.now();
  const res = await client.query(text, params);
  const t = ms(t0);
  log(`  ${label}: ${fmt(t)} ms`);
  return { res, t };
}

// 1–3. A fresh database with the real schema, the network, the month's orders ------------------------
const db = await buildEngineData(cfg);
if (process.env.BENCH_BUILD_ONLY) {
  // Leaves the built database (its measured orders still pending) for profiling by hand.
  await db.end();
  process.exit(0);
}

// 4. Approvals through the engine, as staff ----------------------------------------------------------
const { admin, superadmin } = await staffIds(db);
const { rows: pending } = await db.query(`select s.id from public.sales s join ord o on o.id = s.id where o.k <= ${MEASURED} order by o.k`);

async function staffSession(userId) {
  const c = new pg.Client({ connectionString: cfg.dbUrl });
  await c.connect();
  await c.query(`select set_config('savia.now', $1, false)`, [APPROVALS_AT]);
  await c.query('set role authenticated');
  await c.query(`select set_config('request.jwt.claims', $1, false)`, [JSON.stringify({ sub: userId, role: 'authenticated' })]);
  return c;
}
/** CPU time (user + system, ms) the server processes of these sessions have used: what an approval costs
 *  the server itself, which a busy host's waits for the CPU do not inflate as they do the latency. */
async function serverCpuMs(sessions) {
  let ticks = 0;
  for (const c of sessions) {
    const {
      rows: [{ pid }],
    } = await c.query('select pg_backend_pid() as pid');
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of proc(5))
  }
  return ticks * 10; // USER_HZ = 100 on Linux
}

async function approveAll(ids, workers) {
  const sessions = await Promise.all(Array.from({ length: workers }, () => staffSession(admin)));
  const cpuBefore = await serverCpuMs(sessions);
  const latencies = [];
  let next = 0;
  const t = performance.now();
  await Promise.all(
    sessions.map(async (c) => {
      while (next < ids.length) {
        const id = ids[next++];
        const t1 = performance.now();
        await c.query('select public.approve_sale($1)', [id]);
        latencies.push(performance.now() - t1);
      }
    }),
  );
  const seconds = ms(t) / 1000;
  const cpuMs = (await serverCpuMs(sessions)) - cpuBefore;
  await Promise.all(sessions.map((c) => c.end()));
  return { latencies, perSecond: ids.length / seconds, cpuMs };
}

log(`aprobaciones por approve_sale (rol authenticated, claims de admin; latencia medida en el cliente):`);
// A tenth of the orders warm the caches first (not measured), as a running server's would be.
const warm = Math.floor(pending.length / 10);
await approveAll(
  pending.slice(0, warm).map((r) => r.id),
  1,
);
// The notifications' outbox (issue 26) A/B: batches of 1 connection alternate between the triggers that
// write the notifications switched off (A, as before them) and on (B), so both meet the same caches.
const NOTIFY_TRIGGERS = [
  ['public.sales', 'sales_notify'],
  ['public.reward_transactions', 'reward_transactions_notify'],
  ['public.stock_movements', 'stock_movements_notify_low_stock'],
];
const notifications = (on) =>
  db.query(NOTIFY_TRIGGERS.map(([table, trigger]) => `alter table ${table} ${on ? 'enable' : 'disable'} trigger ${trigger}`).join('; '));
const abIds = pending.slice(warm, warm + 2 * warm).map((r) => r.id);
const ab = { A: [], B: [] };
const abCpu = { A: 0, B: 0 };
for (let i = 0, batch = 100; i < abIds.length; i += batch) {
  const side = (i / batch) % 2 === 0 ? 'A' : 'B';
  await notifications(side === 'B');
  const run = await approveAll(abIds.slice(i, i + batch), 1);
  ab[side].push(...run.latencies);
  abCpu[side] += run.cpuMs;
}
await notifications(true);
for (const side of ['A', 'B'])
  log(
    `  avisos ${side === 'A' ? 'apagados (antes)' : 'encendidos (después)'}, 1 conexión, ${ab[side].length}: p50 ${fmt(pct(ab[side], 50))} ms, p95 ${fmt(pct(ab[side], 95))} ms, CPU del servidor ${fmt(abCpu[side] / ab[side].length)} ms por aprobación`,
  );
log(
  `    escribir los avisos suma al p95: ${fmt(pct(ab.B, 95) - pct(ab.A, 95))} ms (p50: ${fmt(pct(ab.B, 50) - pct(ab.A, 50))} ms; CPU del servidor: ${fmt(abCpu.B / ab.B.length - abCpu.A / ab.A.length)} ms)`,
);
const measuredFrom = warm + abIds.length;
const rounds = [1, ...WORKERS];
const share = Math.floor((pending.length - measuredFrom) / rounds.length);
for (const [i, workers] of rounds.entries()) {
  const ids = pending.slice(measuredFrom + i * share, measuredFrom + (i + 1) * share).map((r) => r.id);
  const run = await approveAll(ids, workers);
  log(
    `  ${workers} conexión(es), ${ids.length}: p50 ${fmt(pct(run.latencies, 50))} ms, p95 ${fmt(pct(run.latencies, 95))} ms, p99 ${fmt(pct(run.latencies, 99))} ms, ${run.perSecond.toFixed(0)} aprobaciones/s`,
  );
}

// 5. Reads: downline count and first page, upline walk ---------------------------------------------------
// After thousands of approvals, let vacuum catch up first, as autovacuum does between bursts.
await db.query('vacuum analyze public.clients, private.member_period_totals, public.sales');
await checkpoint();
const member = await staffSession(admin);
const {
  rows: [root],
} = await db.query(`select id, path from public.clients where enroller_id is null`);
const {
  rows: [deep],
} = await db.query(`select id from public.clients order by extensions.nlevel(path) desc limit 1`);
const {
  rows: [mid],
} = await db.query(`
  select c.id, x.n - 1 as downline
    from (select extensions.subpath(path, 0, 3) as top, count(*) as n from public.clients
           where extensions.nlevel(path) >= 3 group by 1 order by 2 desc limit 1) x
    join public.clients c on c.path = x.top`);
log(`lecturas (mediana de 5):`);
async function median5(label, client, text, params) {
  const times = [];
  let res;
  for (let i = 0; i < 5; i += 1) {
    const t1 = performance.now();
    res = await client.query(text, params);
    times.push(ms(t1));
  }
  log(`  ${label}: ${fmt(pct(times, 50))} ms`);
  return res;
}
const count = await median5(
  `descendencia de la raíz (count)`,
  db,
  `select count(*) from public.clients where path operator(extensions.<@) $1::extensions.ltree and id <> $2`,
  [root.path, root.id],
);
log(`    = ${count.rows[0].count} descendientes`);
await median5(`resumen por generación de la raíz (get_network_summary)`, member, 'select * from public.get_network_summary($1)', [root.id]);
await median5(`primera página, generación 1 de la raíz (get_network_page)`, member, 'select * from public.get_network_page($1, p_generation => 1)', [root.id]);
await median5(`primera página, generación 5 de la raíz (get_network_page)`, member, 'select * from public.get_network_page($1, p_generation => 5)', [root.id]);
await median5(`resumen de un miembro de 3.ª generación con ${mid.downline} descendientes`, member, 'select * from public.get_network_summary($1)', [mid.id]);
await median5(
  `línea ascendente completa del miembro más profundo`,
  db,
  `
  select c.id, extensions.nlevel(me.path) - a.pos as generation
    from public.clients me
    cross join lateral unnest(string_to_array(extensions.ltree2text(me.path), '.')) with ordinality a(member_no, pos)
    join public.clients c on c.member_no = a.member_no::bigint
   where me.id = $1 and a.pos < extensions.nlevel(me.path)`,
  [deep.id],
);
await member.end();

// 6. The month close, as production runs it: the superadmin asks, the queue's runner closes --------------
await checkpoint();
const closer = await staffSession(superadmin);
await closer.query(`select set_config('savia.now', '2026-02-01 06:00:00-05', false)`);
// The preview is an API request (8 s on Supabase); PostgREST answers its first 1,000 rows (max_rows).
await timed('vista previa del cierre (todas las filas)', closer, `select count(*) from public.preview_period_close('${MONTH}')`);
await timed(
  'vista previa del cierre (las 1.000 filas que responde la API)',
  closer,
  `select json_agg(p) from (select * from public.preview_period_close('${MONTH}') limit 1000) p`,
);
// The close with and without its notifications (issue 26: 12,000 «Ganaste» queued in the same job),
// each in a transaction rolled back, before the real job below.
for (const on of [false, true]) {
  const probe = new pg.Client({ connectionString: cfg.dbUrl });
  await probe.connect();
  await probe.query(`begin; select set_config('savia.now', '2026-02-01 06:00:00-05', true)`);
  if (!on) await probe.query(NOTIFY_TRIGGERS.map(([table, trigger]) => `alter table ${table} disable trigger ${trigger}`).join('; '));
  await timed(`el cierre ${on ? 'con' : 'sin'} sus avisos (private.close_period, deshecho)`, probe, `select private.close_period('${MONTH}', null)`);
  const {
    rows: [told],
  } = await probe.query(
    `select count(*) filter (where kind = 'earning')::int as earning, count(*)::int as total from public.notifications where created_at = now()`,
  );
  log(`    avisos en la cola: ${told.earning} «Ganaste», ${told.total} en total`);
  await probe.query('rollback');
  await probe.end();
  await checkpoint();
}
const { res: asked } = await timed('pedir el cierre (request_period_close)', closer, `select (public.request_period_close('${MONTH}')).id`);
const runner = new pg.Client({ connectionString: cfg.dbUrl }); // postgres, as pg_cron runs it
await runner.connect();
await runner.query(`select set_config('savia.now', '2026-02-01 06:00:00-05', false)`);
await timed('el trabajo de cierre (call private.run_period_close_jobs)', runner, 'call private.run_period_close_jobs()');
const {
  rows: [job],
} = await runner.query('select status, summary, error from public.period_close_jobs where id = $1', [asked.rows[0].id]);
log(`    ${job.status}: ${JSON.stringify(job.summary ?? job.error)}`);
await runner.end();
await timed('pedirlo otra vez (idempotente)', closer, `select (public.request_period_close('${MONTH}')).status`);
await closer.end();
const { rows: bad } = await db.query(`select count(*) from private.engine_invariant_violations()`);
log(`invariantes violados: ${bad[0].count}`);
log(`máquina: ${machine()}, PostgreSQL ${(await db.query('show server_version')).rows[0].server_version}`);
await db.end();
