// Configuración and Finanzas (issue 13), on the benchmarks' database of 100,000 members and 1,000,000
// sales (bench/lib/engine-data.mjs, BENCH_ORDERS=1000000): Finanzas' three reads (target p95 ≤ 100 ms),
// the close preview against the close itself (target: the preview no slower than the close), and the
// what-if replay of the closed month (target ≤ 30 s, and under the 8 s statement_timeout of
// `authenticated` if it is to stay an API request). Not a test: it prints figures for bench/README.md.
//
// Usage: node bench/governance.mjs [--keep | --reuse [file.sql …]]
//        (env: SAVIA_DB_PORT; BENCH_MEMBERS, BENCH_ORDERS, BENCH_MEASURED as for bench/engine.mjs;
//        BENCH_CALLS=200 calls per fast read, BENCH_SLOW_CALLS=3 per slow one)
//   --reuse shares the Dashboard's kept copy (`node bench/dashboard.mjs --keep`: the same build plus 300
//   cancellations), so the data is built once for both. The close is committed on that copy, which
//   the next --reuse puts back.
// Every read is one transaction as role `authenticated` with the superadmin's claims (finance claim
// on), shaped as PostgREST runs an RPC (bench/lib/postgrest.mjs), statement_timeout 8 s included.
import { performance } from 'node:perf_hooks';
import { APPROVALS_AT, MONTH, benchCluster, benchDatabase, buildEngineData, staffIds } from './lib/engine-data.mjs';
import { fmt, machine, ms, summary } from './lib/measure.mjs';
import { apiConnection, claimsOf, functionSignatures, request, rpc, setClock } from './lib/postgrest.mjs';

const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const SLOW_CALLS = Number(process.env.BENCH_SLOW_CALLS ?? 3);
const WARM_UP = 20;
const CLOSE_AT = '2026-02-02 09:00:00-05';

const log = (...args) => console.log(...args);
const cfg = benchCluster();
log(`máquina al empezar: ${machine()}`);
const db = await benchDatabase(cfg, 'dashboard', process.argv.slice(2), () => buildEngineData(cfg), log);

const { superadmin } = await staffIds(db);
await db.query(`update public.users_roles set finance = true where user_id = $1 and role = 'superadmin'`, [superadmin]);
const asSuper = claimsOf(superadmin);
const { rows: [sizes] } = await db.query(`select (select count(*) from public.clients)::int as members, (select count(*) from public.sales)::int as sales,
  (select count(*) from public.reward_transactions)::int as entries`);
log(`datos: ${sizes.members} miembros, ${sizes.sales} ventas, ${sizes.entries} asientos`);

const sig = await functionSignatures(db, ['get_finance_month', 'get_finance_series', 'get_finance_products', 'get_close_preview',
  'preview_period_close', 'preview_plan_change', 'request_period_close']);
const financeMonth = rpc(sig, 'get_finance_month', ['p_month'], 'scalar');
const financeSeries = rpc(sig, 'get_finance_series', ['p_months'], 'set');
const financeProducts = rpc(sig, 'get_finance_products', ['p_month'], 'set');
const closePreviewPage = rpc(sig, 'get_close_preview', ['p_month', 'p_page', 'p_page_size'], 'set');
const closePreviewAll = rpc(sig, 'preview_period_close', ['p_month'], 'set');
const planChange = rpc(sig, 'preview_plan_change', ['p_levels'], 'scalar');
const api = await apiConnection(cfg, APPROVALS_AT);

/** Fast reads: warm-up, then CALLS calls; slow ones: SLOW_CALLS calls, each timed (and failures named). */
async function measure(label, run, calls = CALLS, warmUp = WARM_UP) {
  for (let i = 0; i < warmUp; i += 1) await run();
  const times = [];
  for (let i = 0; i < calls; i += 1) {
    const t1 = performance.now();
    try {
      await run();
      times.push(ms(t1));
    } catch (error) {
      log(`  ${label}: falló tras ${fmt(ms(t1))} ms: ${error.message}`);
    }
  }
  if (times.length === 0) return null;
  const s = summary(times);
  log(`  ${label}: mediana ${fmt(s.p50)}, p95 ${fmt(s.p95)}, máx ${fmt(s.max)} ms, n ${s.n} (carga ${machine().split('carga ')[1]})`);
  return s;
}

async function finance(when) {
  log(`Finanzas ${when}, como superadmin con finanzas:`);
  await measure('get_finance_month(enero)', () => financeMonth(api, asSuper, { p_month: MONTH }));
  await measure('get_finance_series(12)', () => financeSeries(api, asSuper, { p_months: 12 }));
  await measure('get_finance_products(enero)', () => financeProducts(api, asSuper, { p_month: MONTH }));
}
await finance('con enero abierto (el 28)');

// The close preview, then the close, on the same month -----------------------------------------------------
await setClock(api, CLOSE_AT);
await db.query(`select set_config('savia.now', $1, false)`, [CLOSE_AT]);
log(`Cierre de enero el ${CLOSE_AT.slice(0, 10)}:`);
await measure('get_close_preview(enero, página 1 de 10), como la pantalla', () =>
  closePreviewPage(api, asSuper, { p_month: MONTH, p_page: 1, p_page_size: 10 }), SLOW_CALLS, 1);
await measure('preview_period_close(enero), todas las filas', () => closePreviewAll(api, asSuper, { p_month: MONTH }), SLOW_CALLS, 0);
let t0 = performance.now();
await request(api, { claims: asSuper, method: 'POST', path: '/rpc/request_period_close', readOnly: false },
  'select public.request_period_close($1)', [MONTH]);
log(`  request_period_close: ${fmt(ms(t0))} ms`);
t0 = performance.now();
await db.query('call private.run_period_close_jobs()');
const closeMs = ms(t0);
const { rows: [job] } = await db.query(`select status, error, extract(epoch from finished_at - started_at) * 1000 as close_ms, summary
  from public.period_close_jobs order by id desc limit 1`);
log(`  el trabajo de cierre (call private.run_period_close_jobs): ${fmt(closeMs)} ms; el cierre dentro de él: ${fmt(Number(job.close_ms))} ms; ${job.status}${job.error ? ` (${job.error})` : ''} (carga ${machine().split('carga ')[1]})`);
log(`  resumen: ${JSON.stringify(job.summary)}`);

// What-if on the closed month ------------------------------------------------------------------------------
const { rows: [{ levels }] } = await db.query(`select jsonb_agg(l - 'level' order by (l ->> 'level')::int) as levels
  from jsonb_array_elements((select plan -> 'levels' from private.plan())) l`);
const draft = structuredClone(levels);
draft[1].commission_rates[0] = Math.round((Number(draft[1].commission_rates[0]) + 0.01) * 10000) / 10000;
draft[draft.length - 1].volume_bonus_rate = Math.round((Number(draft[draft.length - 1].volume_bonus_rate) + 0.01) * 10000) / 10000;
log('Simulación del plan (preview_plan_change) sobre enero cerrado, como superadmin:');
let same;
await measure('el plan vigente', async () => { same = await planChange(api, asSuper, { p_levels: levels }); }, SLOW_CALLS, 0);
let changed;
await measure('un borrador (nivel 2 gen. 1 +1 punto, bono de volumen del último +1 punto)', async () => {
  changed = await planChange(api, asSuper, { p_levels: draft });
}, SLOW_CALLS, 0);
/** If the API's 8 s cut a call short, its full time as the same role and claims with no timeout (a job would take that long). */
async function withoutTimeout(label, text, params) {
  const t1 = performance.now();
  await api.query('begin read only');
  await api.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true),
                          set_config('statement_timeout', '0', true)`, [JSON.stringify(asSuper)]);
  const { rows: [row] } = await api.query(text, params);
  await api.query('commit');
  log(`  ${label}, sin el límite de 8 s: ${fmt(ms(t1))} ms (carga ${machine().split('carga ')[1]})`);
  return { body: row.body };
}
if (!same) same = await withoutTimeout('el plan vigente', 'select public.preview_plan_change($1) as body', [JSON.stringify(levels)]);
if (!changed) changed = await withoutTimeout('el borrador', 'select public.preview_plan_change($1) as body', [JSON.stringify(draft)]);
const { rows: [ledger] } = await db.query(`select sum(amount) as paid from public.reward_transactions where period_month = $1
  and type in ('commission_purchase', 'commission_enrollment', 'bonus_starter', 'bonus_volume', 'reversal_commission')`, [MONTH]);
const sameBody = same?.body;
const changedBody = changed?.body;
log(`  vigente: antes ${sameBody?.before}, diferencia ${sameBody?.difference}; el libro de enero: ${ledger.paid} (${String(sameBody?.before) === String(ledger.paid) ? 'coinciden' : 'NO COINCIDEN'})`);
log(`  borrador: después ${changedBody?.after}, diferencia ${changedBody?.difference}, ${changedBody?.members?.length} miembros en la lista`);

await setClock(api, '2026-02-10 12:00:00-05');
await finance('con enero cerrado (febrero, el 10)');

log(`máquina al terminar: ${machine()}`);
await api.end();
await db.end();
