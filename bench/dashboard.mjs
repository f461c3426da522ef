// The Dashboard (issue 12): its reads together — get_dashboard, as the screen calls it on load, and
// get_dashboard_near_active, the panel of members close to the activity points — on the engine
// benchmark's database (100,000 members; BENCH_ORDERS=1000000 for the million sales). Target:
// both together ≤ 100 ms. Not a test: it prints figures for bench/README.md.
//
// Usage: node bench/dashboard.mjs [--keep | --reuse [file.sql …]]
//        (env: SAVIA_DB_PORT, BENCH_MEMBERS, BENCH_ORDERS, BENCH_MEASURED as for bench/engine.mjs;
//        BENCH_CALLS=200 calls per measure, BENCH_CANCELLED=300 paid orders cancelled by staff)
//   --keep   after building (and cancelling), keeps a copy of the database;
//   --reuse  starts from that copy instead of rebuilding, then runs the SQL files given as the superuser.
// Each request is one transaction as role `authenticated` with the admin's claims, shaped as PostgREST
// runs an RPC (bench/lib/postgrest.mjs), one after another on one connection.
import { performance } from 'node:perf_hooks';
import { APPROVALS_AT, benchCluster, buildEngineData, benchDatabase, staffIds } from './lib/engine-data.mjs';
import { fmt, machine, ms, summary } from './lib/measure.mjs';
import { apiConnection, claimsOf, functionSignatures, request, rpc, rpcStatement } from './lib/postgrest.mjs';

const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const CANCELLED = Number(process.env.BENCH_CANCELLED ?? 300);
const WARM_UP = 20;
/** Pending orders approved at the end: the triggers that keep the figures must leave approvals fast (bench/engine.mjs: p95 ≤ 5 ms). */
const APPROVALS = Number(process.env.BENCH_APPROVALS ?? 300);
const TARGET_MS = 100;

const log = (...args) => console.log(...args);
const cfg = benchCluster();
log(`máquina al empezar: ${machine()}`);
const args = process.argv.slice(2);
const SNAPSHOT = 'dashboard';
const db = await benchDatabase(
  cfg,
  SNAPSHOT,
  args,
  async () => {
    const built = await buildEngineData(cfg);
    await prepare(built);
    return built;
  },
  log,
);

/** Staff cancel some paid orders, so the month has cancellations moving figures between rows. */
async function prepare(c) {
  const ids = await staffIds(c);
  const t1 = performance.now();
  await c.query(`select set_config('request.jwt.claims', $1, false), set_config('savia.now', $2, false)`, [JSON.stringify(claimsOf(ids.admin)), APPROVALS_AT]);
  const { rows: toCancel } = await c.query(
    `select s.id from public.sales s where s.status = 'Pagada' and s.commissionable_total > 0 order by random() limit ${CANCELLED}`,
  );
  for (const { id } of toCancel) await c.query(`select public.cancel_sale($1, 'El banco devolvió el pago')`, [id]);
  await c.query(`select set_config('request.jwt.claims', '', false)`);
  log(`${toCancel.length} pedidos pagados cancelados por cancel_sale: ${fmt(ms(t1))} ms`);
}

const { admin } = await staffIds(db);
const asAdmin = claimsOf(admin);
const {
  rows: [sizes],
} = await db.query(`select (select count(*) from public.clients)::int as members, (select count(*) from public.sales)::int as sales,
  (select count(*) from public.reward_transactions)::int as entries`);
log(`datos: ${sizes.members} miembros, ${sizes.sales} ventas, ${sizes.entries} asientos`);

// The kept figures must be right before their speed matters.
let t0 = performance.now();
const { rows: wrong } = await db.query('select * from private.dashboard_month_violations()');
const { rows: wrongSales } = await db.query('select * from private.sales_aggregate_violations()');
log(`comprobación desde cero (recorre todo, una vez): ${wrong.length} meses y ${wrongSales.length} filas de ventas que no cuadran, ${fmt(ms(t0))} ms`);

const sig = await functionSignatures(db, ['get_dashboard', 'get_dashboard_near_active', 'approve_sale']);
const dashboard = rpc(sig, 'get_dashboard', [], 'scalar');
const nearActive = rpc(sig, 'get_dashboard_near_active', ['p_limit'], 'set');
const api = await apiConnection(cfg, APPROVALS_AT);

const results = [];
async function measure(label, run) {
  for (let i = 0; i < WARM_UP; i += 1) await run();
  const times = [];
  for (let i = 0; i < CALLS; i += 1) {
    const t1 = performance.now();
    await run();
    times.push(ms(t1));
  }
  const s = summary(times);
  log(`  ${label}: mediana ${fmt(s.p50)}, p95 ${fmt(s.p95)}, máx ${fmt(s.max)} ms, n ${s.n}`);
  results.push({ label, ...s });
  return s;
}

log(`Dashboard el ${APPROVALS_AT.slice(0, 10)}, como admin:`);
await measure('get_dashboard()', () => dashboard(api, asAdmin, {}));
await measure('get_dashboard_near_active(50)', () => nearActive(api, asAdmin, { p_limit: 50 }));
const together = await measure('las dos lecturas seguidas', async () => {
  await dashboard(api, asAdmin, {});
  await nearActive(api, asAdmin, { p_limit: 50 });
});

// Approvals with the Dashboard's triggers (the month's figures, activity bands, commissionable sales).
const approve = rpcStatement(sig, 'approve_sale', ['p_sale_id'], 'scalar');
const { rows: pendingSales } = await db.query(`select id from public.sales where status = 'Pendiente de Aprobación' order by created_at limit ${APPROVALS}`);
const approvalTimes = [];
for (const { id } of pendingSales) {
  const t1 = performance.now();
  await request(api, { claims: asAdmin, method: 'POST', path: '/rpc/approve_sale', readOnly: false }, approve, [JSON.stringify({ p_sale_id: id })]);
  approvalTimes.push(ms(t1));
}
const approvals = summary(approvalTimes.slice(Math.min(30, approvalTimes.length - 1)));
log(
  `  approve_sale con los disparadores del Dashboard (${pendingSales.length}, sin las 30 primeras): mediana ${fmt(approvals.p50)}, p95 ${fmt(approvals.p95)} ms`,
);
const { rows: wrongAfter } = await db.query('select * from private.dashboard_month_violations()');
log(`  tras aprobarlas, meses que no cuadran desde cero: ${wrongAfter.length}`);
await measure('las dos lecturas seguidas, después', async () => {
  await dashboard(api, asAdmin, {});
  await nearActive(api, asAdmin, { p_limit: 50 });
});

log(`\nresumen (objetivo: las lecturas juntas ≤ ${TARGET_MS} ms): p95 ${fmt(together.p95)} ms, ${together.p95 <= TARGET_MS ? 'cumple' : 'no cumple'}`);
log(`máquina al terminar: ${machine()}`);
await api.end();
await db.end();
