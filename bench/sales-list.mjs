// Ventas (issue 12): the list (search_sales) with each filter and sort, its totals (get_sales_totals)
// and the CSV's pages (export_sales), on 100,000 members and 1,000,000 sales. Targets: p95 ≤ 50 ms
// per page; a 100,000-row CSV export in bounded memory (its peak RSS is reported). Not a test: it
// prints figures for bench/README.md.
//
// Usage: node bench/sales-list.mjs [--keep | --reuse [file.sql …]]
//        (env: SAVIA_DB_PORT, BENCH_MEMBERS=100000, BENCH_SALES=1000000, BENCH_CALLS=200 calls per measure)
//   --keep   after building, keeps a copy of the database;
//   --reuse  starts from that copy instead of rebuilding, then runs the SQL files given as the superuser.
// These reads touch only sales, clients and the kept daily aggregate, so the data is built set-based
// for them alone (bench/lib/engine-data.mjs writes a whole ledger too: with a million orders that is
// over an hour on this host): a flat network of members and a million sales over 2026's first 120
// days, with the states and kinds of a running business (60 % Entregada, 33 % Pagada, 3 % Cancelada,
// 2 % pending, 1 % Rechazado; 90 % orders, 8 % direct sales, 2 % enrolments), then the aggregate
// rebuilt once by its own function.
// Each request is one transaction as role `authenticated` with the admin's claims, shaped as PostgREST
// runs an RPC (bench/lib/postgrest.mjs), one after another on one connection.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { resetDatabase, withClient } from '../scripts/lib/pg-cluster.mjs';
import { benchCluster, checkpoint, benchDatabase, staffIds } from './lib/engine-data.mjs';
import { fmt, machine, ms, summary } from './lib/measure.mjs';
import { apiConnection, claimsOf, functionSignatures, rpc } from './lib/postgrest.mjs';

const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const WARM_UP = 30;
const TARGET_MS = 50;
const SNAPSHOT = 'sales-list';
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const SALES = Number(process.env.BENCH_SALES ?? 1_000_000);
const DAYS = 120;
const AT = '2026-05-01 12:00:00-05';

const log = (...args) => console.log(...args);
const cfg = benchCluster();
log(`máquina al empezar: ${machine()}`);
const args = process.argv.slice(2);
const db = await benchDatabase(cfg, SNAPSHOT, args, () => build(cfg), log);

/** Members, staff and the sales, set-based; the aggregate rebuilt by its own function. */
async function build(config) {
  let t1 = performance.now();
  await resetDatabase(config, { withSeed: false });
  await withClient(config.dbUrl, (c) => c.query(`select cron.unschedule(jobname) from cron.job where jobname like 'savia-%'`));
  log(`migraciones: ${fmt(ms(t1))} ms`);
  const c = new pg.Client({ connectionString: config.dbUrl });
  await c.connect();
  t1 = performance.now();
  await c.query(`
    insert into public.staff_invitations (email, role) values ('bench.admin@savia.test', 'admin'), ('bench.super@savia.test', 'superadmin');
    insert into auth.users (instance_id, id, aud, role, email, created_at, updated_at)
    values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', 'bench.admin@savia.test', now(), now()),
           ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', 'bench.super@savia.test', now(), now());
    alter table public.clients disable trigger audit;
    insert into public.clients (name, email, enrollment_status, joined_at)
    select 'Miembro ' || i, 'm' || i || '@bench.savia', 'registered', now() from generate_series(1, ${MEMBERS}) i;
    alter table public.clients enable trigger audit;
  `);
  log(`  ${MEMBERS} miembros: ${fmt(ms(t1))} ms`);
  t1 = performance.now();
  await c.query(`
    alter table public.sales disable trigger sales_transition;
    alter table public.sales disable trigger audit;
    alter table public.sales disable trigger sales_keep_daily;
    create temporary table member_ids as select row_number() over (order by id) as n, id from public.clients;
    insert into periods (month) select generate_series('2026-01-01'::date, '2026-04-01'::date, interval '1 month')::date;
    insert into public.sales (client_id, kind, status, total, commissionable_total, points_total, payment_method, payment_reference,
                              created_at, approved_at, delivered_at, cancelled_at, rejected_at, rejection_reason, period_month)
    select m.id, x.kind, x.status, x.total, round(x.total * 0.8, 2), (x.total)::integer, 'transferencia', 'REF-' || g,
           x.at, case when x.status in ('Pagada', 'Entregada', 'Cancelada') then x.at + interval '1 hour' end,
           case when x.status = 'Entregada' then x.at + interval '2 days' end,
           case when x.status = 'Cancelada' then x.at + interval '3 days' end,
           case when x.status = 'Rechazado' then x.at + interval '1 hour' end,
           case when x.status = 'Rechazado' then 'Banco de pruebas' end,
           case when x.status in ('Pagada', 'Entregada', 'Cancelada') then date_trunc('month', x.at at time zone 'America/Bogota')::date end
      from generate_series(1, ${SALES}) g
      cross join lateral (select (hashint4(g) & 2147483647) as h) r
      join member_ids m on m.n = 1 + r.h % ${MEMBERS}
      cross join lateral (select
        case when g % 100 < 90 then 'order' when g % 100 < 98 then 'direct' else 'enrollment' end as kind,
        case when g % 100 between 90 and 97 then case when r.h % 100 < 60 then 'Entregada' when r.h % 100 < 97 then 'Pagada' else 'Cancelada' end
             when r.h % 100 < 60 then 'Entregada' when r.h % 100 < 93 then 'Pagada' when r.h % 100 < 96 then 'Cancelada'
             when r.h % 100 < 98 then case when g % 100 < 90 then 'Pendiente de Aprobación' else 'Pendiente de Enrolamiento' end
             when r.h % 100 < 99 then 'Rechazado' else 'Pagada' end as status,
        (10 + (r.h % 20000) / 100.0)::numeric(12,2) as total,
        timestamptz '2026-01-01 00:00:00-05' + make_interval(secs => ((g - 1)::double precision / ${SALES}) * ${DAYS} * 86400) as at) x
     order by g;
    alter table public.sales enable trigger sales_transition;
    alter table public.sales enable trigger audit;
    alter table public.sales enable trigger sales_keep_daily;
    select private.rebuild_sales_aggregates();
  `);
  log(`  ${SALES} ventas y el agregado diario: ${fmt(ms(t1))} ms`);
  await c.query('vacuum analyze');
  await checkpoint(config);
  const { rows } = await c.query(`select status, kind, count(*)::int n from public.sales group by 1, 2 order by 3 desc`);
  log(`ventas: ${rows.map((r) => `${r.status}/${r.kind} ${r.n}`).join(', ')}`);
  return c;
}

const { admin } = await staffIds(db);
const asAdmin = claimsOf(admin);
const sig = await functionSignatures(db, ['search_sales', 'get_sales_totals', 'export_sales']);
const FILTER = ['p_statuses', 'p_kind', 'p_from', 'p_to', 'p_client_id'];
const list = rpc(sig, 'search_sales', [...FILTER, 'p_sort', 'p_desc', 'p_page', 'p_page_size']);
const totals = rpc(sig, 'get_sales_totals', FILTER);
const exportPage = rpc(sig, 'export_sales', [...FILTER, 'p_before_no', 'p_limit']);
const api = await apiConnection(cfg, AT);

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
const day = (i) => new Date(Date.UTC(2026, 0, 1 + (i % DAYS))).toISOString().slice(0, 10);
const base = { p_page_size: 20 };

log(`\nsearch_sales, 20 por página, páginas 1 a 5, como admin:`);
for (const [sort, desc] of [
  ['fecha', true],
  ['fecha', false],
  ['total', true],
  ['total', false],
  ['numero', true],
  ['numero', false],
]) {
  await measure(`sin filtros, orden ${desc ? '-' : ''}${sort}`, (i) => ({ ...base, p_sort: sort, p_desc: desc, p_page: page(i) }));
}
for (const [label, statuses] of [
  ['estado Entregada (≈60 %)', ['Entregada']],
  ['estado Cancelada (≈3 %)', ['Cancelada']],
  ['estado Pendiente de Aprobación (≈2 %)', ['Pendiente de Aprobación']],
  ['estados Pagada + Entregada', ['Pagada', 'Entregada']],
  ['estados Cancelada + Rechazado', ['Cancelada', 'Rechazado']],
]) {
  for (const sort of ['fecha', 'total']) {
    await measure(`${label}, orden -${sort}`, (i) => ({ ...base, p_statuses: statuses, p_sort: sort, p_desc: true, p_page: page(i) }));
  }
}
for (const sort of ['fecha', 'total']) {
  await measure(`tipo venta directa (≈8 %), orden -${sort}`, (i) => ({ ...base, p_kind: 'direct', p_sort: sort, p_desc: true, p_page: page(i) }));
}
for (const sort of ['fecha', 'total', 'numero']) {
  await measure(`un día (≈8.300), orden -${sort}`, (i) => ({ ...base, p_from: day(i), p_to: day(i), p_sort: sort, p_desc: true, p_page: page(i) }));
}
await measure('una semana, orden -total', (i) => ({ ...base, p_from: '2026-02-02', p_to: '2026-02-08', p_sort: 'total', p_desc: true, p_page: page(i) }));
for (const sort of ['fecha', 'total']) {
  await measure(`un miembro, orden -${sort}`, (i) => ({ ...base, p_client_id: members[i % members.length].id, p_sort: sort, p_desc: true, p_page: 1 }));
}
await measure('Cancelada + venta directa + un día, orden -fecha', (i) => ({
  ...base,
  p_statuses: ['Cancelada'],
  p_kind: 'direct',
  p_from: day(i),
  p_to: day(i),
  p_sort: 'fecha',
  p_desc: true,
  p_page: 1,
}));
await measure('un miembro + Entregada + cuatro meses, orden -total', (i) => ({
  ...base,
  p_client_id: members[i % members.length].id,
  p_statuses: ['Entregada'],
  p_from: '2026-01-01',
  p_to: '2026-04-30',
  p_sort: 'total',
  p_desc: true,
  p_page: 1,
}));

log(`\nget_sales_totals (de private.sales_daily salvo con miembro):`);
await measure('sin filtros', () => ({}), totals);
await measure('estado Entregada', () => ({ p_statuses: ['Entregada'] }), totals);
await measure(
  'un día + estados Pagada y Entregada + pedido',
  (i) => ({ p_from: day(i), p_to: day(i), p_statuses: ['Pagada', 'Entregada'], p_kind: 'order' }),
  totals,
);
await measure('un miembro', (i) => ({ p_client_id: members[i % members.length].id }), totals);

// The CSV: 100,000 rows page by page (1,000 each), as the browser builds it (src/lib/files/csv.ts keeps the
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
let t0 = performance.now();
while (exported < 100_000) {
  const t1 = performance.now();
  const r = await exportPage(api, asAdmin, { p_statuses: ['Pagada', 'Entregada'], p_before_no: before, p_limit: 1000 });
  pageTimes.push(ms(t1));
  const rows = r.body ?? [];
  if (rows.length === 0) break;
  for (const s of rows) {
    parts.push(
      `${[s.sale_no, s.created_at, s.client_name, s.client_email, s.kind, s.status, s.total, s.points_total, s.payment_method, s.payment_reference, s.id].map(csvField).join(',')}\r\n`,
    );
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

log(
  `\nresumen (objetivo p95 ≤ ${TARGET_MS} ms por página): ${
    results.every((r) => r.p95 <= TARGET_MS)
      ? 'todas cumplen'
      : `no cumplen: ${results
          .filter((r) => r.p95 > TARGET_MS)
          .map((r) => r.label)
          .join('; ')}`
  }`,
);
log(`máquina al terminar: ${machine()}`);
await api.end();
await db.end();
