// Reward engine benchmark (issue 5): a network of 100,000 members up to 30 generations deep and a
// month of 300,000 orders, then approval latency and throughput, the month close, a member's
// downline count and first page, and an upline walk. Not a test: it prints figures for bench/README.md.
//
// Usage: node bench/engine.mjs   (env: BENCH_MEMBERS, BENCH_ORDERS, BENCH_MEASURED, BENCH_WORKERS=2,4, SAVIA_DB_PORT,
//        BENCH_BUILD_ONLY=1 to stop once the data is built)
// It runs a cluster of its own (bench-<port> beside the test profile's, on SAVIA_DB_PORT: not while
// `npm test` uses that port) and rebuilds its `postgres` database with the real migrations: pg_cron,
// which they schedule the close with, lives in that one database. Data is built set-based in SQL; the
// orders already approved when measuring are settled by the engine's own rule function
// (private.sale_reward_lines), and the measured ones go through public.approve_sale as staff.
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { stackConfig } from '../scripts/lib/config.mjs';
import { adminUrl, ensureCluster, resetDatabase, startCluster, withClient } from '../scripts/lib/pg-cluster.mjs';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 300_000);
const MEASURED = Number(process.env.BENCH_MEASURED ?? 10_000);
const WORKERS = (process.env.BENCH_WORKERS ?? '2,4').split(',').map(Number);
const MAX_DEPTH = 30;
const MONTH = '2026-01-01';
const APPROVALS_AT = '2026-01-28 12:00:00-05';

const base = stackConfig(process.env.SAVIA_PROFILE ?? 'test');
const dataDir = join(base.dataDir, '..', `bench-${base.dbPort}`);
const cfg = { ...base, dataDir, pgData: join(dataDir, 'pg') }; // the test profile's settings (fsync off)
ensureCluster(cfg);
startCluster(cfg);

const log = (...args) => console.log(...args);
// A checkpoint needs a superuser (postgres is not one, as on a hosted project): the cluster's own admin.
const checkpoint = () => withClient(adminUrl(cfg.dbUrl), (c) => c.query('checkpoint'));
const ms = (t0) => performance.now() - t0;
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const fmt = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(2));

async function timed(label, client, text, params) {
  const t0 = performance.now();
  const res = await client.query(text, params);
  const t = ms(t0);
  log(`  ${label}: ${fmt(t)} ms`);
  return { res, t };
}

// 1. A fresh database with the real schema --------------------------------------------------------
let t0 = performance.now();
await resetDatabase(cfg, { withSeed: false });
log(`migraciones: ${fmt(ms(t0))} ms`);
// pg_cron would run the hourly close with the real clock in the middle of the measures.
await withClient(cfg.dbUrl, (c) => c.query(`select cron.unschedule(jobname) from cron.job where jobname like 'savia-%'`));

const db = new pg.Client({ connectionString: cfg.dbUrl });
await db.connect();
await db.query(`set search_path = public, extensions`);

// 2. The network, set-based ----------------------------------------------------------------------------
log(`construyendo ${MEMBERS} miembros (hasta ${MAX_DEPTH} generaciones) y ${ORDERS} pedidos…`);
t0 = performance.now();
await db.query(`
  insert into public.staff_invitations (email, role) values ('bench.admin@savia.test', 'admin'), ('bench.super@savia.test', 'superadmin');
  insert into auth.users (instance_id, id, aud, role, email, created_at, updated_at)
  values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', 'bench.admin@savia.test', now(), now()),
         ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', 'bench.super@savia.test', now(), now());

  -- Bulk building only: the audit trail of 100,000 fixture rows is not what we measure.
  alter table public.clients disable trigger audit;
  alter table public.sales disable trigger audit;
  alter table public.sale_items disable trigger audit;

  create temporary table tree (n integer primary key, id uuid not null, parent integer, depth integer not null);
  do $$
  declare
    v_parent integer[] := array[null::integer];
    v_depth integer[] := array[1];
    p integer;
  begin
    -- A spine of ${MAX_DEPTH} generations under the root, then each member under a random earlier
    -- one (a random recursive tree, average depth ≈ ln n), re-hung near the top past ${MAX_DEPTH}.
    for n in 2..${MEMBERS} loop
      if n <= ${MAX_DEPTH} + 1 then p := n - 1; else p := 1 + floor(random() * (n - 1))::integer; end if;
      if v_depth[p] > ${MAX_DEPTH} then p := 1 + (n % 20); end if;
      v_parent := v_parent || p;
      v_depth := v_depth || (v_depth[p] + 1);
    end loop;
    insert into tree select i, gen_random_uuid(), v_parent[i], v_depth[i] from generate_series(1, ${MEMBERS}) i;
  end
  $$;
  -- Parents are inserted before their children, so the path trigger finds them (same statement).
  insert into public.clients (id, name, email, enroller_id, enrollment_status, joined_at, star_level)
  select t.id, 'Miembro ' || t.n, 'm' || t.n || '@bench.savia', p.id, 'registered', now(),
         case when random() < 0.70 then 1 when random() < 0.6 then 2 when random() < 0.6 then 3 when random() < 0.6 then 4 else 5 end
    from tree t left join tree p on p.n = t.parent
   order by t.n;
`);
log(`  red: ${fmt(ms(t0))} ms`);

t0 = performance.now();
await db.query(`
  insert into public.products (sku, name, price, commissionable_amount, points, stock)
  select 'B-' || i, 'Producto ' || i, 5 + i * 2.35, round((5 + i * 2.35) * 0.8, 2), 10 + i * 3, 10000000
    from generate_series(1, 20) i;
  create temporary table prod as select row_number() over (order by sku) as k, id, price, commissionable_amount, points from public.products;

  -- ${ORDERS} orders of the month by random members, one or two lines each.
  create temporary table ord as
    select g as k, gen_random_uuid() as id, (select t.id from tree t where t.n = 1 + (hashint4(g) & 2147483647) % ${MEMBERS}) as buyer,
           ('${MONTH}'::date + make_interval(days => g % 27, secs => g % 86000))::timestamptz as at
      from generate_series(1, ${ORDERS}) g;
  insert into public.sales (id, client_id, kind, status, created_at)
  select id, buyer, 'order', 'Pendiente de Aprobación', at from ord order by k;
  insert into public.sale_items (sale_id, product_id, quantity, unit_price, unit_commissionable, unit_points)
  select o.id, p.id, 1 + o.k % 3, p.price, p.commissionable_amount, p.points
    from ord o join prod p on p.k = 1 + o.k % 20
  union all
  select o.id, p.id, 1, p.price, p.commissionable_amount, p.points
    from ord o join prod p on p.k = 1 + (o.k / 7) % 20
   where o.k % 2 = 0 and 1 + (o.k / 7) % 20 <> 1 + o.k % 20;
  update public.sales s set total = x.total, commissionable_total = x.base, points_total = x.points
    from (select i.sale_id, sum(i.quantity * i.unit_price) total, sum(i.quantity * i.unit_commissionable) base,
                 sum(i.quantity * i.unit_points)::integer points
            from public.sale_items i group by i.sale_id) x
   where s.id = x.sale_id;
`);
log(`  pedidos: ${fmt(ms(t0))} ms`);

// 3. All but the measured orders approved, their entries written by the engine's rule function ----------
t0 = performance.now();
await db.query(`
  insert into public.periods (month) values ('${MONTH}');
  create temporary table settled as select id from ord where k > ${MEASURED};
  alter table public.sales disable trigger sales_transition;
  update public.sales s set status = 'Pagada', approved_at = s.created_at + interval '1 hour', period_month = '${MONTH}'
   where s.id in (select id from settled);
  alter table public.sales enable trigger sales_transition;
  -- Their stock leaves as one movement per line, applied in bulk (the per-row trigger is for real use).
  alter table public.stock_movements disable trigger stock_movements_apply;
  alter table public.products disable trigger products_prepare;
  alter table public.products disable trigger audit;
  insert into public.stock_movements (product_id, quantity, kind, sale_id, note, created_at)
  select i.product_id, -i.quantity, 'sale', i.sale_id, 'Venta (banco de pruebas)', '${MONTH}'
    from public.sale_items i where i.sale_id in (select id from settled);
  update public.products p set stock = p.stock + m.q
    from (select product_id, sum(quantity) q from public.stock_movements where kind = 'sale' group by 1) m where m.product_id = p.id;
  alter table public.stock_movements enable trigger stock_movements_apply;
  alter table public.products enable trigger products_prepare;
  alter table public.products enable trigger audit;
  insert into public.reward_transactions (beneficiary_id, type, amount, points, period_month, source_sale_id, source_client_id,
                                          generation, base, rate, star_level, rule, plan_version, created_at)
  select l.beneficiary_id, l.type, l.amount, l.points, '${MONTH}', s.id, s.client_id, l.generation, l.base, l.rate, l.star_level,
         l.rule, v.version, s.approved_at
    from public.sales s
    cross join (select * from private.plan()) v
    cross join lateral private.sale_reward_lines(s.id, v.plan) l
   where s.id in (select id from settled);
  insert into private.member_period_totals (client_id, period, personal_points, income, own_sales)
  select c, '${MONTH}', sum(p)::integer, sum(a), sum(o)
    from (select beneficiary_id c, points p, amount a, 0 o from public.reward_transactions
          union all
          select client_id, 0, 0, commissionable_total from public.sales where status = 'Pagada') x
   group by c;
  -- Activity as the engine keeps it, by its own rule, on the day the measured approvals happen.
  select set_config('savia.now', '${APPROVALS_AT}', true);
  select private.refresh_all_activity();
  alter table public.clients enable trigger audit;
  alter table public.sales enable trigger audit;
  alter table public.sale_items enable trigger audit;
`);
log(`  ${ORDERS - MEASURED} pedidos liquidados: ${fmt(ms(t0))} ms`);
await db.query('vacuum analyze');
await checkpoint(); // each measured phase starts without a pending checkpoint from the build
const { rows: [sizes] } = await db.query(`
  select (select count(*) from public.clients) members, (select max(extensions.nlevel(path)) - 1 from public.clients) depth,
         (select count(*) from public.reward_transactions) entries, (select count(*) from public.sales) sales`);
log(`datos: ${sizes.members} miembros, ${sizes.depth} generaciones bajo la raíz, ${sizes.sales} pedidos, ${sizes.entries} asientos`);
if (process.env.BENCH_BUILD_ONLY) {
  // Leaves the built database (its measured orders still pending) for profiling by hand.
  await db.end();
  process.exit(0);
}

// 4. Approvals through the engine, as staff ----------------------------------------------------------
const { rows: [{ admin, superadmin }] } = await db.query(`
  select (select id from auth.users where email = 'bench.admin@savia.test') admin,
         (select id from auth.users where email = 'bench.super@savia.test') superadmin`);
const { rows: pending } = await db.query(`select s.id from public.sales s join ord o on o.id = s.id where o.k <= ${MEASURED} order by o.k`);

async function staffSession(userId) {
  const c = new pg.Client({ connectionString: cfg.dbUrl });
  await c.connect();
  await c.query(`select set_config('savia.now', $1, false)`, [APPROVALS_AT]);
  await c.query('set role authenticated');
  await c.query(`select set_config('request.jwt.claims', $1, false)`, [JSON.stringify({ sub: userId, role: 'authenticated' })]);
  return c;
}
async function approveAll(ids, workers) {
  const sessions = await Promise.all(Array.from({ length: workers }, () => staffSession(admin)));
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
  await Promise.all(sessions.map((c) => c.end()));
  return { latencies, perSecond: ids.length / seconds };
}

log(`aprobaciones por approve_sale (rol authenticated, claims de admin; latencia medida en el cliente):`);
// A tenth of the orders warm the caches first (not measured), as a running server's would be.
const warm = Math.floor(pending.length / 10);
await approveAll(pending.slice(0, warm).map((r) => r.id), 1);
const rounds = [1, ...WORKERS];
const share = Math.floor((pending.length - warm) / rounds.length);
for (const [i, workers] of rounds.entries()) {
  const ids = pending.slice(warm + i * share, warm + (i + 1) * share).map((r) => r.id);
  const run = await approveAll(ids, workers);
  log(`  ${workers} conexión(es), ${ids.length}: p50 ${fmt(pct(run.latencies, 50))} ms, p95 ${fmt(pct(run.latencies, 95))} ms, p99 ${fmt(pct(run.latencies, 99))} ms, ${run.perSecond.toFixed(0)} aprobaciones/s`);
}

// 5. Reads: downline count and first page, upline walk ---------------------------------------------------
// After thousands of approvals, let vacuum catch up first, as autovacuum does between bursts.
await db.query('vacuum analyze public.clients, private.member_period_totals, public.sales');
await checkpoint();
const member = await staffSession(admin);
const { rows: [root] } = await db.query(`select id, path from public.clients where enroller_id is null`);
const { rows: [deep] } = await db.query(`select id from public.clients order by extensions.nlevel(path) desc limit 1`);
const { rows: [mid] } = await db.query(`
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
const count = await median5(`descendencia de la raíz (count)`, db,
  `select count(*) from public.clients where path operator(extensions.<@) $1::extensions.ltree and id <> $2`, [root.path, root.id]);
log(`    = ${count.rows[0].count} descendientes`);
await median5(`resumen por generación de la raíz (get_network_summary)`, member, 'select * from public.get_network_summary($1)', [root.id]);
await median5(`primera página, generación 1 de la raíz (get_network_page)`, member, 'select * from public.get_network_page($1, p_generation => 1)', [root.id]);
await median5(`primera página, generación 5 de la raíz (get_network_page)`, member, 'select * from public.get_network_page($1, p_generation => 5)', [root.id]);
await median5(`resumen de un miembro de 3.ª generación con ${mid.downline} descendientes`, member, 'select * from public.get_network_summary($1)', [mid.id]);
await median5(`línea ascendente completa del miembro más profundo`, db, `
  select c.id, extensions.nlevel(me.path) - a.pos as generation
    from public.clients me
    cross join lateral unnest(string_to_array(extensions.ltree2text(me.path), '.')) with ordinality a(member_no, pos)
    join public.clients c on c.member_no = a.member_no::bigint
   where me.id = $1 and a.pos < extensions.nlevel(me.path)`, [deep.id]);
await member.end();

// 6. The month close, as production runs it: the superadmin asks, the queue's runner closes --------------
await checkpoint();
const closer = await staffSession(superadmin);
await closer.query(`select set_config('savia.now', '2026-02-01 06:00:00-05', false)`);
// The preview is an API request (8 s on Supabase); PostgREST answers its first 1,000 rows (max_rows).
await timed('vista previa del cierre (todas las filas)', closer, `select count(*) from public.preview_period_close('${MONTH}')`);
await timed('vista previa del cierre (las 1.000 filas que responde la API)', closer,
  `select json_agg(p) from (select * from public.preview_period_close('${MONTH}') limit 1000) p`);
const { res: asked } = await timed('pedir el cierre (request_period_close)', closer, `select (public.request_period_close('${MONTH}')).id`);
const runner = new pg.Client({ connectionString: cfg.dbUrl }); // postgres, as pg_cron runs it
await runner.connect();
await runner.query(`select set_config('savia.now', '2026-02-01 06:00:00-05', false)`);
await timed('el trabajo de cierre (call private.run_period_close_jobs)', runner, 'call private.run_period_close_jobs()');
const { rows: [job] } = await runner.query('select status, summary, error from public.period_close_jobs where id = $1', [asked.rows[0].id]);
log(`    ${job.status}: ${JSON.stringify(job.summary ?? job.error)}`);
await runner.end();
await timed('pedirlo otra vez (idempotente)', closer, `select (public.request_period_close('${MONTH}')).status`);
await closer.end();
const { rows: bad } = await db.query(`select count(*) from private.engine_invariant_violations()`);
log(`invariantes violados: ${bad[0].count}`);
log(`máquina: ${cpus().length} núcleos (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(0)} GB RAM, PostgreSQL ${(await db.query('show server_version')).rows[0].server_version}`);
await db.end();
