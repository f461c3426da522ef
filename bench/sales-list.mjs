// Ventas (issue 12): the list (search_sales) with each filter and sort, its totals (get_sales_totals)
// and the CSV's pages (export_sales), on the engine benchmark's database with 1,000,000 sales
// (100,000 members). Targets: p95 ≤ 50 ms per page; a 100,000-row CSV export in bounded memory
// (its peak RSS is reported). Not a test: it prints figures for bench/README.md.
//
// Usage: BENCH_ORDERS=1000000 node bench/sales-list.mjs [--keep | --reuse [file.sql …]]
//        (env: SAVIA_DB_PORT, BENCH_MEMBERS, BENCH_ORDERS, BENCH_MEASURED as for bench/engine.mjs;
//        BENCH_CALLS=200 calls per measure)
//   --keep   after building (and varying the sales' kinds, states and days), keeps a copy of the database;
//   --reuse  starts from that copy instead of rebuilding, then runs the SQL files given as the superuser.
// The builder's orders are all of January 2026, all kind order, Pagada or pending. Before measuring,
// set-based and as postgres: 2 % become direct sales, 30 % of the paid ones Entregada, 1 % Cancelada
// and 0.5 % Rechazado; then the kept daily aggregate is rebuilt once, as the lead's builder does.
// Each request is one transaction as role `authenticated` with the admin's claims, shaped as PostgREST
// runs an RPC (bench/lib/postgrest.mjs), one after another on one connection.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { APPROVALS_AT, applySql, benchCluster, buildEngineData, restoreSnapshot, saveSnapshot, staffIds } from './lib/engine-data.mjs';
import { fmt, machine, ms, summary } from './lib/measure.mjs';
import { apiConnection, claimsOf, functionSignatures, rpc } from './lib/postgrest.mjs';

const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const WARM_UP = 30;
const TARGET_MS = 50;
const SNAPSHOT = 'sales-list';

const log = (...args) => console.log(...args);
const cfg = benchCluster();
log(`máquina al empezar: ${machine()}`);
const args = process.argv.slice(2);
let db;
let t0 = performance.now();
if (args[0] === '--reuse' && restoreSnapshot(cfg, SNAPSHOT)) {
  await applySql(cfg, args.slice(1));
  db = new pg.Client({ connectionString: cfg.dbUrl });
  await db.connect();
  log(`base de datos de la copia guardada${args.length > 1 ? ` más ${args.slice(1).join(', ')}` : ''}: ${fmt(ms(t0))} ms`);
} else {
  if (args[0] === '--reuse') log('no hay copia guardada: se construye (y se guarda)');
  db = await buildEngineData(cfg);
  await vary(db);
  if (args[0] === '--keep' || args[0] === '--reuse') {
    await db.end();
    t0 = performance.now();
    saveSnapshot(cfg, SNAPSHOT);
    db = new pg.Client({ connectionString: cfg.dbUrl });
    await db.connect();
    log(`copia guardada: ${fmt(ms(t0))} ms`);
  }
}

/** Kinds, states and a spread of days, set-based (the engine's own paths are measured elsewhere). */
async function vary(c) {
  const t1 = performance.now();
  await c.query(`
    alter table public.sales disable trigger sales_transition;
    alter table public.sales disable trigger audit;
    alter table public.sales disable trigger sales_keep_daily_update;
    update public.sales set kind = 'direct' where sale_no % 50 = 7 and status = 'Pagada';
    update public.sales set status = 'Entregada', delivered_at = approved_at + interval '2 days' where sale_no % 10 in (1, 2, 3) and status = 'Pagada';
    update public.sales set status = 'Cancelada', cancelled_at = approved_at + interval '3 days', cancellation_reason = 'Banco de pruebas'
     where sale_no % 100 = 5 and status = 'Pagada';
    update public.sales set status = 'Rechazado', rejected_at = created_at + interval '1 hour', rejection_reason = 'Banco de pruebas'
     where sale_no % 200 = 9 and status = 'Pendiente de Aprobación';
    alter table public.sales enable trigger sales_transition;
    alter table public.sales enable trigger audit;
    alter table public.sales enable trigger sales_keep_daily_update;
    select private.rebuild_sales_aggregates();
    vacuum analyze public.sales;
  `);
  const { rows } = await c.query(`select status, kind, count(*)::int n from public.sales group by 1, 2 order by 3 desc`);
  log(`ventas variadas (${fmt(ms(t1))} ms): ${rows.map((r) => `${r.status}/${r.kind} ${r.n}`).join(', ')}`);
}

const { admin } = await staffIds(db);
const asAdmin = claimsOf(admin);
const sig = await functionSignatures(db, ['search_sales', 'get_sales_totals', 'export_sales']);
const FILTER = ['p_statuses', 'p_kind', 'p_from', 'p_to', 'p_client_id'];
const list = rpc(sig, 'search_sales', [...FILTER, 'p_sort', 'p_desc', 'p_page', 'p_page_size']);
const totals = rpc(sig, 'get_sales_totals', FILTER);
const exportPage = rpc(sig, 'export_sales', [...FILTER, 'p_before_no', 'p_limit']);
const api = await apiConnection(cfg, APPROVALS_AT);

// Members to filter by: the 20 with the most sales and 80 at random.
const { rows: members } = await db.query(`
  (select client_id as id from public.sales group by client_id order by count(*) desc limit 20)
  union all
  (select id from public.clients order by random() limit 80)`);

const shuffle = (xs) => {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
};
const results = [];

async function measure(label, makeArgs, call = list) {
  const calls = Array.from({ length: CALLS }, (_, i) => makeArgs(i));
  for (const a of calls.slice(0, WARM_UP)) await call(api, asAdmin, a);
  const times = [];
  let rows = 0;
  for (const a of shuffle(calls)) {
    const t1 = performance.now();
    const r = await call(api, asAdmin, a);
    times.push(ms(t1));
    rows = Math.max(rows, Number(r.page_total));
  }
  const s = summary(times);
  const mark = s.p95 <= TARGET_MS ? '' : '  ← p95 > 50 ms';
  log(`  ${label}: mediana ${fmt(s.p50)}, p95 ${fmt(s.p95)}, máx ${fmt(s.max)} ms (${rows} filas)${mark}`);
  results.push({ label, ...s });
}

const page = (i) => 1 + (i % 5); // pages 1 to 5
const day = (i) => `2026-01-${String(1 + (i % 27)).padStart(2, '0')}`;
const base = { p_page_size: 20 };

log(`\nsearch_sales, 20 por página, páginas 1 a 5, como admin:`);
for (const [sort, desc] of [['fecha', true], ['fecha', false], ['total', true], ['total', false], ['numero', true], ['numero', false]]) {
  await measure(`sin filtros, orden ${desc ? '-' : ''}${sort}`, (i) => ({ ...base, p_sort: sort, p_desc: desc, p_page: page(i) }));
}
for (const [label, statuses] of [
  ['estado Entregada (≈30 %)', ['Entregada']],
  ['estado Cancelada (≈1 %)', ['Cancelada']],
  ['estado Pendiente de Aprobación (≈1 %)', ['Pendiente de Aprobación']],
  ['estados Pagada + Entregada', ['Pagada', 'Entregada']],
  ['estados Cancelada + Rechazado', ['Cancelada', 'Rechazado']],
]) {
  for (const sort of ['fecha', 'total']) {
    await measure(`${label}, orden -${sort}`, (i) => ({ ...base, p_statuses: statuses, p_sort: sort, p_desc: true, p_page: page(i) }));
  }
}
for (const sort of ['fecha', 'total']) {
  await measure(`tipo venta directa (≈2 %), orden -${sort}`, (i) => ({ ...base, p_kind: 'direct', p_sort: sort, p_desc: true, p_page: page(i) }));
}
for (const sort of ['fecha', 'total', 'numero']) {
  await measure(`un día (≈37.000), orden -${sort}`, (i) => ({ ...base, p_from: day(i), p_to: day(i), p_sort: sort, p_desc: true, p_page: page(i) }));
}
await measure('una semana, orden -total', (i) => ({ ...base, p_from: '2026-01-05', p_to: '2026-01-11', p_sort: 'total', p_desc: true, p_page: page(i) }));
for (const sort of ['fecha', 'total']) {
  await measure(`un miembro, orden -${sort}`, (i) => ({ ...base, p_client_id: members[i % members.length].id, p_sort: sort, p_desc: true, p_page: 1 }));
}
await measure('Cancelada + venta directa + un día, orden -fecha', (i) => ({
  ...base, p_statuses: ['Cancelada'], p_kind: 'direct', p_from: day(i), p_to: day(i), p_sort: 'fecha', p_desc: true, p_page: 1,
}));
await measure('un miembro + Entregada + enero, orden -total', (i) => ({
  ...base, p_client_id: members[i % members.length].id, p_statuses: ['Entregada'], p_from: '2026-01-01', p_to: '2026-01-31', p_sort: 'total', p_desc: true, p_page: 1,
}));

log(`\nget_sales_totals (de private.sales_daily salvo con miembro):`);
await measure('sin filtros', () => ({}), totals);
await measure('estado Entregada', () => ({ p_statuses: ['Entregada'] }), totals);
await measure('un día + estados Pagada y Entregada + pedido', (i) => ({ p_from: day(i), p_to: day(i), p_statuses: ['Pagada', 'Entregada'], p_kind: 'order' }), totals);
await measure('un miembro', (i) => ({ p_client_id: members[i % members.length].id }), totals);

// The CSV: 100,000 rows page by page (1,000 each), as the browser builds it (src/lib/csv.ts keeps the
// lines until the file is made), with the process's peak resident memory sampled along the way.
log(`\nexportación CSV de 100.000 filas (export_sales de a 1.000, por número):`);
const rssBefore = process.memoryUsage().rss;
let peak = rssBefore;
const sample = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 20);
const csvField = (v) => {
  if (v === null || v === undefined) return '';
  const text = String(v);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
const parts = ['\uFEFF', 'Número,Fecha,Miembro,Correo,Tipo,Estado,Total,Puntos,Medio de pago,Referencia,Venta\r\n'];
const pageTimes = [];
let exported = 0;
let before = null;
t0 = performance.now();
while (exported < 100_000) {
  const t1 = performance.now();
  const r = await exportPage(api, asAdmin, { p_statuses: ['Pagada', 'Entregada'], p_before_no: before, p_limit: 1000 });
  pageTimes.push(ms(t1));
  const rows = r.body ?? [];
  if (rows.length === 0) break;
  for (const s of rows) {
    parts.push(`${[s.sale_no, s.created_at, s.client_name, s.client_email, s.kind, s.status, s.total, s.points_total, s.payment_method, s.payment_reference, s.id].map(csvField).join(',')}\r\n`);
  }
  exported += rows.length;
  before = rows.at(-1).sale_no;
  peak = Math.max(peak, process.memoryUsage().rss);
}
const file = new Blob(parts, { type: 'text/csv;charset=utf-8' });
peak = Math.max(peak, process.memoryUsage().rss);
clearInterval(sample);
const p = summary(pageTimes);
log(`  ${exported} filas en ${pageTimes.length} páginas: ${fmt(ms(t0))} ms en total; por página mediana ${fmt(p.p50)}, p95 ${fmt(p.p95)} ms`);
log(`  archivo ${(file.size / 1e6).toFixed(1)} MB; RSS del proceso: ${(rssBefore / 1e6).toFixed(0)} MB antes, pico ${(peak / 1e6).toFixed(0)} MB`);

log(`\nresumen (objetivo p95 ≤ ${TARGET_MS} ms por página): ${results.every((r) => r.p95 <= TARGET_MS) ? 'todas cumplen' : `no cumplen: ${results.filter((r) => r.p95 > TARGET_MS).map((r) => r.label).join('; ')}`}`);
log(`máquina al terminar: ${machine()}`);
await api.end();
await db.end();
