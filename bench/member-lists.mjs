// A member's own lists read from the tables (Mis Pedidos, Mis retiros, the payout account), as PostgREST
// runs supabase-js's GET with `count: 'exact'`, on the engine benchmark's database: with the owner named
// in the request's filter (the app now) and without it (the app before 2026-11-28, RLS alone deciding
// whose). A member's policies on these tables are OR'ed with staff's (`client_id = mine OR is_staff()`),
// which no index serves: unnamed, a member's page reads the whole table. Not a test: figures for
// bench/README.md. Target: p95 ≤ 50 ms.
//
// Usage: node bench/member-lists.mjs   (env as for bench/screens.mjs: BENCH_FROM_SNAPSHOT, BENCH_DATA_DIR,
//        SAVIA_DB_PORT, BENCH_MEMBERS, BENCH_ORDERS; BENCH_CALLS=200 calls per measure)
import { performance } from 'node:perf_hooks';
import { APPROVALS_AT, benchCluster, buildEngineData } from './lib/engine-data.mjs';
import { fmt, machine, ms, summary } from './lib/measure.mjs';
import { apiConnection, claimsOf, request } from './lib/postgrest.mjs';

const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const WARM_UP = 20;
const TARGET_MS = 50;
const log = (...args) => console.log(...args);

const cfg = benchCluster();
log(`máquina al empezar: ${machine()}`);
const db = await buildEngineData(cfg);
// The index as the migrations make it now (a copy saved before 2026-11-28 has it on created_by alone).
await db.query(`drop index if exists public.sales_created_by_idx;
  create index sales_created_by_idx on public.sales (created_by, kind);
  analyze public.sales`);

// Callers: members with the most orders, and any members, each signed in with their own account (the
// link trigger gives it the role cliente, as a Google sign-in would).
let t0 = performance.now();
await db.query(`
  create temporary table callers as
    (select client_id as id from public.sales where client_id is not null group by 1 order by count(*) desc limit 20)
    union
    (select id from public.clients where enrollment_status = 'registered' and auth_uid is null order by random() limit 40);
  insert into auth.users (instance_id, id, aud, role, email, created_at, updated_at)
  select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', c.email, now(), now()
    from callers k join public.clients c on c.id = k.id where c.auth_uid is null;
`);
const { rows: callers } = await db.query(`
  select c.id, c.auth_uid, (select count(*)::int from public.sales s where s.client_id = c.id) as orders
    from callers k join public.clients c on c.id = k.id where c.auth_uid is not null`);
const { rows: sizes } = await db.query(`
  select (select count(*) from public.sales)::int as sales, (select count(*) from public.payout_requests)::int as payouts,
         (select count(*) from public.payout_accounts)::int as accounts`);
log(
  `${callers.length} miembros (${Math.min(...callers.map((c) => c.orders))}–${Math.max(...callers.map((c) => c.orders))} pedidos cada uno), ` +
    `${sizes[0].sales} ventas, ${sizes[0].payouts} retiros, ${sizes[0].accounts} cuentas (${fmt(ms(t0))} ms)`,
);
const api = await apiConnection(cfg, APPROVALS_AT);

/** A GET of `table` with `where`, one page and the exact count, as PostgREST 12 builds it. */
const page = (table, columns, where, order, limit) => `
  WITH pgrst_source AS (SELECT ${columns} FROM "public"."${table}" WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET 0)
  SELECT (SELECT pg_catalog.count(*) FROM "public"."${table}" WHERE ${where}) AS total_result_set,
         pg_catalog.count(_postgrest_t) AS page_total, coalesce(json_agg(_postgrest_t), '[]') AS body
    FROM (SELECT * FROM pgrst_source) _postgrest_t`;

const reads = {
  'Mis Pedidos': {
    table: 'sales',
    before: page('sales', 'id, sale_no, kind, status, total, created_at', 'true', 'created_at DESC, id', 10),
    now: page(
      'sales',
      'id, sale_no, kind, status, total, created_at',
      `(client_id = $1 OR (kind = 'enrollment' AND created_by = $2))`,
      'created_at DESC, id',
      10,
    ),
  },
  'Mis retiros': {
    table: 'payout_requests',
    before: page('payout_requests', 'id, amount, status, requested_at', 'true', 'requested_at DESC, id', 5),
    now: page('payout_requests', 'id, amount, status, requested_at', 'client_id = $1', 'requested_at DESC, id', 5),
  },
  'su cuenta de cobro': {
    table: 'payout_accounts',
    before: page('payout_accounts', 'id, account_number', 'replaced_at IS NULL', 'id', 2),
    now: page('payout_accounts', 'id, account_number', 'replaced_at IS NULL AND client_id = $1', 'id', 2),
  },
};

async function measure(label, text, withOwner) {
  const calls = Array.from({ length: CALLS }, (_, i) => callers[i % callers.length]);
  const run = (c) =>
    request(api, { claims: claimsOf(c.auth_uid), method: 'GET', path: '/x' }, text, withOwner ? (text.includes('$2') ? [c.id, c.auth_uid] : [c.id]) : []);
  for (const c of calls.slice(0, WARM_UP)) await run(c);
  const times = [];
  for (const c of calls.sort(() => Math.random() - 0.5)) {
    const t1 = performance.now();
    await run(c);
    times.push(ms(t1));
  }
  const s = summary(times);
  log(`  ${label}: mediana ${fmt(s.p50)}, p95 ${fmt(s.p95)}, máx ${fmt(s.max)} ms, n ${s.n}${s.p95 <= TARGET_MS ? '' : '  ← p95 > 50 ms'}`);
}

for (const [screen, r] of Object.entries(reads)) {
  log(`${screen}:`);
  await measure('sin dueño en el filtro (antes)', r.before, false);
  await measure('con el dueño en el filtro (ahora)', r.now, true);
  // The plan as the member's request gets it (RLS applied), for the heaviest caller.
  await api.query('begin');
  await api.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
    JSON.stringify(claimsOf(callers[0].auth_uid)),
  ]);
  const { rows } = await api.query(`explain (costs off) ${r.now}`, r.now.includes('$2') ? [callers[0].id, callers[0].auth_uid] : [callers[0].id]);
  await api.query('rollback');
  log(
    `    plan (ahora): ${rows
      .map((x) => x['QUERY PLAN'].trim())
      .filter((l) => /Scan|Cond/.test(l))
      .join(' · ')}`,
  );
}
await api.end();
await db.end();
log(`máquina al terminar: ${machine()}`);
