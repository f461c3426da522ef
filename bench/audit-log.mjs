// Configuración › Bitácora (issue 13): get_audit_log as the superadmin's screen calls it, one page of
// 25 with filters, on 1,000,000 audit rows. Target: p95 ≤ 50 ms. Not a test: it prints figures for
// bench/README.md.
//
// Usage: node bench/audit-log.mjs   (env: SAVIA_DB_PORT; BENCH_AUDIT_ROWS=1000000, BENCH_CALLS=200)
// Runs on the benchmarks' own cluster (bench-<port>, as bench/engine.mjs: not while `npm test` uses
// that port), rebuilt from the real migrations without the seed. The rows are written set-based
// straight into public.audit_logs (the triggers only ever insert): 16 tables, 200,000 records, two
// years of changes, one row in 500 by the bench's superadmin, the rest by other people or none.
// Each request is one transaction as role `authenticated` with the superadmin's claims, shaped as
// PostgREST runs an RPC (bench/lib/postgrest.mjs), one after another on one connection.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { resetDatabase, withClient } from '../scripts/lib/pg-cluster.mjs';
import { benchCluster, staffIds } from './lib/engine-data.mjs';
import { fmt, machine, ms, summary } from './lib/measure.mjs';
import { claimsOf, functionSignatures, rpc } from './lib/postgrest.mjs';

const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 1_000_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const WARM_UP = 30;
const TARGET_MS = 50;
const TABLES = [
  'clients',
  'sales',
  'sale_items',
  'products',
  'product_costs',
  'suppliers',
  'payout_requests',
  'periods',
  'metadata',
  'star_level_configs',
  'users_roles',
  'staff_invitations',
  'recipes',
  'recipe_products',
  'health_analyses',
  'leads',
];

const log = (...args) => console.log(...args);
log(`máquina al empezar: ${machine()}`);
const cfg = benchCluster();
let t0 = performance.now();
await resetDatabase(cfg, { withSeed: false });
await withClient(cfg.dbUrl, (c) => c.query(`select cron.unschedule(jobname) from cron.job where jobname like 'savia-%'`));
log(`migraciones: ${fmt(ms(t0))} ms`);

const db = new pg.Client({ connectionString: cfg.dbUrl });
await db.connect();
await db.query(`
  insert into public.staff_invitations (email, role) values ('bench.admin@savia.test', 'admin'), ('bench.super@savia.test', 'superadmin');
  insert into auth.users (instance_id, id, aud, role, email, created_at, updated_at)
  values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', 'bench.admin@savia.test', now(), now()),
         ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', 'bench.super@savia.test', now(), now());`);
const { superadmin } = await staffIds(db);

t0 = performance.now();
await db.query(
  `insert into public.audit_logs (occurred_at, actor_id, actor_role, db_role, action, table_name, row_id, old_values, new_values)
   select now() - (random() * interval '730 days'),
          case when g % 500 = 0 then $2::uuid when g % 7 = 0 then null else ('00000000-0000-4000-8000-' || lpad(((g * 7919) % 300)::text, 12, '0'))::uuid end,
          case when g % 500 = 0 then 'superadmin' when g % 7 = 0 then 'postgres' else 'admin' end,
          case when g % 7 = 0 then 'postgres' else 'authenticated' end,
          'UPDATE',
          ($3::text[])[1 + (g % 16)],
          'r' || ((g * 104729) % 200000),
          jsonb_build_object('name', 'antes ' || g, 'price', g % 100, 'notes', repeat('x', 40)),
          jsonb_build_object('name', 'después ' || g, 'price', g % 100, 'notes', repeat('x', 40))
     from generate_series(1::bigint, $1::bigint) g`,
  [ROWS, superadmin, TABLES],
);
// Vacuumed as autovacuum keeps an append-only table (its insert threshold): all-visible pages, so the
// page's keys and the count are index-only scans, as in production.
await db.query('vacuum analyze public.audit_logs');
log(`${ROWS} filas de bitácora: ${fmt(ms(t0))} ms`);

const signatures = await functionSignatures(db, ['get_audit_log']);
const ARGS = ['p_table', 'p_actor_email', 'p_row_id', 'p_from', 'p_to', 'p_page', 'p_page_size', 'p_search'];
const getAuditLog = rpc(signatures, 'get_audit_log', ARGS);
const claims = claimsOf(superadmin);
// PostgREST's pool, played as the other benches do (role `authenticated` and claims per request).
const conn = new pg.Client({ connectionString: cfg.dbUrl });
await conn.connect();

const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
const day = (d) => d.toISOString().slice(0, 10);
const monthRange = () => {
  const end = new Date(Date.now() - Math.random() * 700 * 86_400_000);
  return { p_from: day(new Date(end.getTime() - 30 * 86_400_000)), p_to: day(end) };
};

const cases = [
  ['sin filtros, página 1', () => ({})],
  ['por tabla', () => ({ p_table: pick(TABLES) })],
  ['por tabla y un mes', () => ({ p_table: pick(TABLES), ...monthRange() })],
  ['por tabla, página 20', () => ({ p_table: pick(TABLES), p_page: 20 })],
  ['por persona (correo)', () => ({ p_actor_email: 'bench.super@savia.test' })],
  ['por persona y tabla', () => ({ p_actor_email: 'bench.super@savia.test', p_table: pick(TABLES) })],
  ['por registro', () => ({ p_row_id: `r${Math.floor(Math.random() * 200000)}` })],
  ['por tabla y registro', () => ({ p_table: pick(TABLES), p_row_id: `r${Math.floor(Math.random() * 200000)}` })],
  ['solo un mes', () => monthRange()],
  // The words a person types read the sentences newest first until a page's worth: a common word
  // stops early, a rare one reads the filtered log whole (issue 25 §9; not yet measured in README).
  ['palabras comunes', () => ({ p_search: 'cambió' })],
  ['palabras y un mes', () => ({ p_search: 'cambió el producto', ...monthRange() })],
];

log(`\n| filtros (página de 25) | p50 ms | p95 ms | máx ms | n |\n|---|---|---|---|---|`);
let worst = 0;
for (const [name, args] of cases) {
  const latencies = [];
  for (let i = 0; i < WARM_UP + CALLS; i++) {
    const t = performance.now();
    await getAuditLog(conn, claims, { p_page: 1, p_page_size: 25, ...args() });
    if (i >= WARM_UP) latencies.push(ms(t));
  }
  const s = summary(latencies);
  worst = Math.max(worst, s.p95);
  log(`| ${name} | ${fmt(s.p50)} | ${fmt(s.p95)} | ${fmt(s.max)} | ${s.n} |`);
}
log(`\npeor p95: ${fmt(worst)} ms (objetivo ≤ ${TARGET_MS} ms) ${worst <= TARGET_MS ? 'OK' : 'POR ENCIMA'}`);
log(`máquina al terminar: ${machine()}`);
await db.end();
await conn.end();
