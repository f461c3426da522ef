// Configuración and Finanzas (issue 13), on the benchmarks' database of 100,000 members and 1,000,000
// sales (bench/lib/engine-data.mjs, BENCH_ORDERS=1000000): Finanzas' three reads (target p95 ≤ 100 ms),
// the close preview against the close itself (target: the preview no slower than the close), and the
// what-if replay of the closed month (target ≤ 30 s). Both simulations are jobs
// (20250701101000_jobs_simulations.sql): the request and the screen's reads are timed as PostgREST runs
// them, the job itself as the job runner runs it. Not a test: it prints figures for bench/README.md.
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
import { runJob, stepTable } from './lib/jobs.mjs';
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

// The job runner is run by the bench itself below, as pg_cron would (a migration given to --reuse may schedule it again).
await db.query(`select cron.unschedule(jobname) from cron.job where jobname like 'savia-%'`);
const { superadmin } = await staffIds(db);
await db.query(`update public.users_roles set finance = true where user_id = $1 and role = 'superadmin'`, [superadmin]);
const asSuper = claimsOf(superadmin);
const {
  rows: [sizes],
} = await db.query(`select (select count(*) from public.clients)::int as members, (select count(*) from public.sales)::int as sales,
  (select count(*) from public.reward_transactions)::int as entries`);
log(`datos: ${sizes.members} miembros, ${sizes.sales} ventas, ${sizes.entries} asientos`);

const sig = await functionSignatures(db, [
  'get_finance_month',
  'get_finance_series',
  'get_finance_products',
  'get_close_preview',
  'request_close_preview',
  'request_plan_what_if',
  'get_simulation_job',
  'request_period_close',
]);
const financeMonth = rpc(sig, 'get_finance_month', ['p_month'], 'scalar');
const financeSeries = rpc(sig, 'get_finance_series', ['p_months'], 'set');
const financeProducts = rpc(sig, 'get_finance_products', ['p_month'], 'set');
const closePreviewPage = rpc(sig, 'get_close_preview', ['p_job_id', 'p_page', 'p_page_size'], 'set');
const simulationJob = rpc(sig, 'get_simulation_job', ['p_id'], 'scalar');
const api = await apiConnection(cfg, APPROVALS_AT);

/**
 * A simulation as the screen gets it: the request through the API (timed), then the worker as pg_cron
 * runs it (postgres, outside any request) until the queue is empty; returns the job with its times.
 */
async function simulate(label, fn, args) {
  const t1 = performance.now();
  const job = await request(
    api,
    { claims: asSuper, method: 'POST', path: `/rpc/${fn}`, readOnly: false },
    `select public.${fn}(${args.map((_, i) => `$${i + 1}`).join(', ')}) as body`,
    args,
  );
  const asked = ms(t1);
  const run = await runJob(db, job.body?.id ?? job.id);
  const done = run.job;
  log(
    `  ${label}: pedirla ${fmt(asked)} ms; el trabajo ${fmt(run.ms)} ms en ${run.steps.length} pasos (el más largo ${fmt(run.longest)} ms); ${done.status}${done.error ? ` (${done.error})` : ''} (carga ${machine().split('carga ')[1]})`,
  );
  return done;
}

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
const preview = await simulate('vista previa del cierre de enero (request_close_preview + el trabajador)', 'request_close_preview', [MONTH]);
log(`  sus totales: ${JSON.stringify(preview.result)}`);
const pages = Math.max(1, Math.ceil(Number(preview.result?.rows ?? 0) / 10));
await measure('get_simulation_job(vista previa), como la pantalla al consultarla', () => simulationJob(api, asSuper, { p_id: preview.id }));
await measure('get_close_preview(página 1 de 10 filas)', () => closePreviewPage(api, asSuper, { p_job_id: preview.id, p_page: 1, p_page_size: 10 }));
await measure(`get_close_preview(página ${pages}, la última)`, () => closePreviewPage(api, asSuper, { p_job_id: preview.id, p_page: pages, p_page_size: 10 }));
let t0 = performance.now();
const asked = await request(
  api,
  { claims: asSuper, method: 'POST', path: '/rpc/request_period_close', readOnly: false },
  'select public.request_period_close($1) as body',
  [MONTH],
);
log(`  request_period_close: ${fmt(ms(t0))} ms`);
const close = await runJob(db, asked.body.id);
const job = { ...close.job, summary: close.job.result };
log(
  `  el trabajo de cierre: ${fmt(close.ms)} ms en ${close.steps.length} pasos, el más largo ${fmt(close.longest)} ms; ${job.status}${job.error ? ` (${job.error})` : ''} (carga ${machine().split('carga ')[1]})`,
);
for (const line of stepTable(close.steps)) log(`    ${line}`);
log(`  resumen: ${JSON.stringify(job.summary)}`);

// What-if on the closed month ------------------------------------------------------------------------------
const {
  rows: [{ levels }],
} = await db.query(`select jsonb_agg(l - 'level' order by (l ->> 'level')::int) as levels
  from jsonb_array_elements((select plan -> 'levels' from private.plan())) l`);
const draft = structuredClone(levels);
draft[1].commission_rates[0] = Math.round((Number(draft[1].commission_rates[0]) + 0.01) * 10000) / 10000;
draft[draft.length - 1].volume_bonus_rate = Math.round((Number(draft[draft.length - 1].volume_bonus_rate) + 0.01) * 10000) / 10000;
log('Simulación del plan sobre enero cerrado (request_plan_what_if + el trabajador), como superadmin:');
const sameRuns = [];
const changedRuns = [];
for (let i = 0; i < SLOW_CALLS; i += 1) {
  sameRuns.push(await simulate('el plan vigente', 'request_plan_what_if', [JSON.stringify(levels)]));
  changedRuns.push(
    await simulate('un borrador (nivel 2 gen. 1 +1 punto, bono de volumen del último +1 punto)', 'request_plan_what_if', [JSON.stringify(draft)]),
  );
}
for (const [label, runs] of [
  ['el plan vigente', sameRuns],
  ['el borrador', changedRuns],
]) {
  const s2 = summary(runs.map((r) => Number(r.run_ms)));
  log(`  ${label}, el trabajo: mediana ${fmt(s2.p50)}, máx ${fmt(s2.max)} ms, n ${s2.n}`);
}
const same = { body: sameRuns.at(-1)?.result };
const changed = { body: changedRuns.at(-1)?.result };
const {
  rows: [ledger],
} = await db.query(
  `select sum(amount) as paid from public.reward_transactions where period_month = $1
  and type in ('commission_purchase', 'commission_enrollment', 'bonus_starter', 'bonus_volume', 'reversal_commission')`,
  [MONTH],
);
const sameBody = same?.body;
const changedBody = changed?.body;
log(
  `  vigente: antes ${sameBody?.before}, diferencia ${sameBody?.difference}; el libro de enero: ${ledger.paid} (${String(sameBody?.before) === String(ledger.paid) ? 'coinciden' : 'NO COINCIDEN'})`,
);
log(`  borrador: después ${changedBody?.after}, diferencia ${changedBody?.difference}, ${changedBody?.members?.length} miembros en la lista`);

await setClock(api, '2026-02-10 12:00:00-05');
await finance('con enero cerrado (febrero, el 10)');

log(`máquina al terminar: ${machine()}`);
await api.end();
await db.end();
