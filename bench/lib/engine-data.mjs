// The benchmarks' database: a cluster of their own and, on it, the real migrations with a network of
// members and a month of orders built set-based in SQL (issue 5). bench/engine.mjs measures the engine
// on it, bench/screens.mjs the screens' reads.
//
// The cluster is `bench-<port>` beside the test profile's, on SAVIA_DB_PORT (so not while `npm test`
// uses that port); its `postgres` database is rebuilt on every run. pg_cron, which the migrations
// schedule the close with, lives in that one database.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { stackConfig } from '../../scripts/lib/config.mjs';
import { adminUrl, ensureCluster, isRunning, resetDatabase, startCluster, stopCluster, withClient } from '../../scripts/lib/pg-cluster.mjs';
import { atExit } from './cleanup.mjs';
import { fmt, ms } from './measure.mjs';

export const MAX_DEPTH = 30;
/** The one month of orders, and the moment inside it when the benchmarks act as staff or members. */
export const MONTH = '2026-01-01';
export const APPROVALS_AT = '2026-01-28 12:00:00-05';

/** Sizes, overridable by environment (BENCH_MEMBERS, BENCH_ORDERS, BENCH_MEASURED). */
export const SIZES = {
  members: Number(process.env.BENCH_MEMBERS ?? 100_000),
  orders: Number(process.env.BENCH_ORDERS ?? 300_000),
  /** Orders left pending (the rest are settled): approve_sale's measures, the approvals queue. */
  pending: Number(process.env.BENCH_MEASURED ?? 10_000),
};

/**
 * Starts (creating it if needed) the benchmarks' cluster and returns its settings. A cluster this
 * process started is stopped when it ends, also on a failure or Ctrl-C (bench/lib/cleanup.mjs); its
 * data stays in its folder for `--reuse`. `BENCH_DATA_DIR` puts it in a folder of one's own (a big
 * data set kept between runs).
 */
export function benchCluster() {
  const base = stackConfig(process.env.SAVIA_PROFILE ?? 'test');
  const dataDir = process.env.BENCH_DATA_DIR ?? join(base.dataDir, '..', `bench-${base.dbPort}`);
  const cfg = { ...base, dataDir, pgData: join(dataDir, 'pg') }; // the test profile's settings (fsync off)
  const wasRunning = isRunning(cfg);
  ensureCluster(cfg);
  startCluster(cfg);
  if (!wasRunning) atExit(() => stopCluster(cfg));
  return cfg;
}

/** A checkpoint needs a superuser (postgres is not one, as on a hosted project): the cluster's own admin. */
export const checkpoint = (cfg) => withClient(adminUrl(cfg.dbUrl), (c) => c.query('checkpoint'));

/**
 * Rebuilds the database and fills it. Returns the open connection (as postgres) that built it: its
 * temporary tables `tree` (n, id, parent, depth) and `ord` (k, id, buyer, at; orders with k ≤ pending
 * are the pending ones) stay readable there.
 */
export async function buildEngineData(cfg, { members, orders, pending } = SIZES, log = console.log) {
  let t0 = performance.now();
  // BENCH_FROM_SNAPSHOT=engine: the data `node bench/engine.mjs --keep` saved (at any size) instead of a
  // build, so every screen's bench can run on one million-member data set built once.
  const from = process.env.BENCH_FROM_SNAPSHOT;
  if (from) {
    if (!restoreSnapshot(cfg, from)) throw new Error(`No hay copia «${from}» en ${cfg.dataDir}: guárdala antes con node bench/engine.mjs --keep.`);
    const db = new pg.Client({ connectionString: cfg.dbUrl });
    await db.connect();
    await db.query(`set search_path = public, extensions`);
    await db.query(`select cron.unschedule(jobname) from cron.job where jobname like 'savia-%'`);
    // The build's list of the pending orders, as the benches read it.
    await db.query(`create temporary table ord as
      select row_number() over (order by s.created_at, s.id) as k, s.id, s.client_id as buyer, s.created_at as at
        from public.sales s where s.status = 'Pendiente de Aprobación' and s.period_month is null`);
    log(`datos de la copia «${from}»: ${fmt(ms(t0))} ms`);
    return db;
  }
  await resetDatabase(cfg, { withSeed: false });
  log(`migraciones: ${fmt(ms(t0))} ms`);
  // pg_cron would run the hourly close with the real clock in the middle of the measures.
  await withClient(cfg.dbUrl, (c) => c.query(`select cron.unschedule(jobname) from cron.job where jobname like 'savia-%'`));

  const db = new pg.Client({ connectionString: cfg.dbUrl });
  await db.connect();
  await db.query(`set search_path = public, extensions`);
  // The bulk load is an operator's, not the app's: at a million members some of its statements take
  // minutes, past the 2-minute limit the database has as on hosted (scripts/stack/platform.sql), which
  // still holds for everything the benches measure.
  await db.query(`set statement_timeout = 0`);

  // The network, set-based ----------------------------------------------------------------------------
  log(`construyendo ${members} miembros (hasta ${MAX_DEPTH} generaciones) y ${orders} pedidos…`);
  t0 = performance.now();
  // A million rows inserted one index entry at a time (trigram GIN, GiST on the path, …) is most of a
  // build: the tables' secondary indexes are dropped for the bulk load and built again in one pass at
  // the end (those behind a constraint stay: the load's own lookups use them).
  await db.query(`set maintenance_work_mem = '1GB'`);
  const indexes = await dropIndexes(db, ['public.clients', 'public.sales', 'public.sale_items', 'public.stock_movements', 'public.reward_transactions']);
  await db.query(`
    insert into public.staff_invitations (email, role) values ('bench.admin@savia.test', 'admin'), ('bench.super@savia.test', 'superadmin');
    insert into auth.users (instance_id, id, aud, role, email, created_at, updated_at)
    values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', 'bench.admin@savia.test', now(), now()),
           ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', 'bench.super@savia.test', now(), now());

    -- Bulk building only: the audit trail of 100,000 fixture rows is not what we measure.
    alter table public.clients disable trigger audit;
    alter table public.sales disable trigger audit;
    alter table public.sale_items disable trigger audit;
    -- Nor the notifications of the history's 290,000 settled orders (the measured ones are told).
    alter table public.sales disable trigger sales_notify;
    alter table public.reward_transactions disable trigger reward_transactions_notify;
    alter table public.stock_movements disable trigger stock_movements_notify_low_stock;
    -- The kept sales aggregates are rebuilt once at the end (private.rebuild_sales_aggregates).
    alter table public.sales disable trigger sales_keep_daily;
    alter table public.sales disable trigger sales_keep_daily_update;
    alter table public.stock_movements disable trigger stock_movements_keep_product_sales;
    -- The Dashboard's month figures likewise (private.rebuild_dashboard_months), not a million sales one by one.
    alter table public.sales disable trigger sales_keep_dashboard;
    alter table public.sales disable trigger sales_keep_dashboard_update;
    alter table public.clients disable trigger clients_keep_dashboard;
    alter table private.member_period_totals disable trigger member_period_totals_keep_dashboard_insert;

    create temporary table tree (n integer primary key, id uuid not null, parent integer, depth integer not null);
    do $$
    declare
      v_parent integer[] := array[null::integer];
      v_depth integer[] := array[1];
      p integer;
    begin
      -- A spine of ${MAX_DEPTH} generations under the root, then each member under a random earlier
      -- one (a random recursive tree, average depth ≈ ln n), re-hung near the top past ${MAX_DEPTH}.
      for n in 2..${members} loop
        if n <= ${MAX_DEPTH} + 1 then p := n - 1; else p := 1 + floor(random() * (n - 1))::integer; end if;
        if v_depth[p] > ${MAX_DEPTH} then p := 1 + (n % 20); end if;
        v_parent := v_parent || p;
        v_depth := v_depth || (v_depth[p] + 1);
      end loop;
      insert into tree select i, gen_random_uuid(), v_parent[i], v_depth[i] from generate_series(1, ${members}) i;
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

    -- ${orders} orders of the month by random members, one or two lines each.
    create temporary table ord as
      select g as k, gen_random_uuid() as id, (select t.id from tree t where t.n = 1 + (hashint4(g) & 2147483647) % ${members}) as buyer,
             ('${MONTH}'::date + make_interval(days => g % 27, secs => g % 86000))::timestamptz as at
        from generate_series(1, ${orders}) g;
    -- Paid as a month's orders are: six in ten by transfer, with its reference and a voucher file (its
    -- Storage ETag), two by card with a reference, two in cash with neither. Every approval then looks
    -- for the fraud signs a sale can have (private.sale_fraud_signs), in the indexes at this size; no
    -- two sales share a reference or a file, so none of them is held for «Lo revisé».
    insert into public.sales (id, client_id, kind, status, created_at, payment_method, payment_reference, voucher_path, voucher_hash)
    select id, buyer, 'order', 'Pendiente de Aprobación', at,
           case when k % 10 < 6 then 'transferencia' when k % 10 < 8 then 'tarjeta' else 'efectivo' end,
           case when k % 10 < 6 then 'TRF-' || k when k % 10 < 8 then 'TAR-' || k end,
           case when k % 10 < 6 then 'comprobantes/' || buyer || '/' || id || '.jpg' end,
           case when k % 10 < 6 then md5('comprobante ' || k) end
      from ord order by k;
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

  // All but the pending orders approved, their entries written by the engine's rule function ----------
  t0 = performance.now();
  await db.query(`
    insert into public.periods (month) values ('${MONTH}');
    create temporary table settled as select id from ord where k > ${pending};
    alter table public.sales disable trigger sales_transition;
    -- Committed units (Productos) are recounted once below, not bumped 290,000 times in one transaction.
    alter table public.sales disable trigger sales_keep_committed;
    update public.sales s set status = 'Pagada', approved_at = s.created_at + interval '1 hour', period_month = '${MONTH}'
     where s.id in (select id from settled);
    alter table public.sales enable trigger sales_transition;
    alter table public.sales enable trigger sales_keep_committed;
    delete from private.product_committed;
    insert into private.product_committed (product_id, stripe, units)
    select i.product_id, private.committed_stripe(s.id), sum(i.quantity)
      from public.sales s join public.sale_items i on i.sale_id = s.id
     where s.status in ('Pendiente de Aprobación', 'Pendiente de Enrolamiento')
     group by 1, 2;
    -- Their stock leaves as one movement per line, applied in bulk (the per-row trigger is for real use).
    alter table public.stock_movements disable trigger stock_movements_apply;
    alter table public.stock_movements disable trigger stock_movements_keep_finance;
    alter table public.products disable trigger products_prepare;
    alter table public.products disable trigger audit;
    insert into public.stock_movements (product_id, quantity, kind, sale_id, note, created_at)
    select i.product_id, -i.quantity, 'sale', i.sale_id, 'Venta (banco de pruebas)', '${MONTH}'
      from public.sale_items i where i.sale_id in (select id from settled);
    update public.products p set stock = p.stock + m.q
      from (select product_id, sum(quantity) q from public.stock_movements where kind = 'sale' group by 1) m where m.product_id = p.id;
    alter table public.stock_movements enable trigger stock_movements_apply;
    alter table public.stock_movements enable trigger stock_movements_keep_finance;
    -- Finanzas' cost of each line sold and its month's figures, set-based (the per-row trigger is for real use).
    insert into private.sale_line_costs (sale_id, product_id, month, units, unit_price, unit_cost)
    select i.sale_id, i.product_id, s.period_month, i.quantity, i.unit_price, c.unit_cost
      from public.sale_items i join public.sales s on s.id = i.sale_id
      left join public.product_costs c on c.product_id = i.product_id
     where s.id in (select id from settled);
    insert into private.finance_product_months (month, product_id, units, revenue, cost, units_without_cost)
    select month, product_id, sum(units), sum(units * unit_price), sum(units * coalesce(unit_cost, 0)),
           sum(case when unit_cost is null then units else 0 end)
      from private.sale_line_costs group by 1, 2;
    alter table public.products enable trigger products_prepare;
    alter table public.products enable trigger audit;
    -- The entries the engine writes on approval (private.sale_reward_lines: the buyer's points, then each
    -- registered upline's commission at its level's rate for that generation), computed for all the
    -- orders in one statement: calling the rule function once per sale took 15 minutes for 240,000
    -- orders. Checked below against that function on a sample, line for line.
    create temporary table plan_rates as
      select v.version, (l ->> 'level')::smallint as star_level, l ->> 'name' as level_name,
             r.generation::smallint as generation, r.rate::numeric as rate
        from private.plan() v
       cross join jsonb_array_elements(v.plan -> 'levels') l
       cross join lateral jsonb_array_elements_text(l -> 'commission_rates') with ordinality as r(rate, generation);
    -- Fresh statistics first: without them the planner took the just-filled tables for empty and chose
    -- nested loops over them (30 s for 19,000 orders instead of half a second).
    analyze public.sales;
    analyze public.clients;
    analyze settled;
    analyze plan_rates;
    insert into public.reward_transactions (beneficiary_id, type, amount, points, period_month, source_sale_id, source_client_id,
                                            generation, base, rate, star_level, rule, plan_version, created_at)
    select x.beneficiary_id, x.type, x.amount, x.points, '${MONTH}', x.sale_id, x.buyer_id, x.generation, x.base, x.rate,
           x.star_level, x.rule, (select max(version) from plan_rates), x.approved_at
      from (
        select s.approved_at, s.id as sale_id, 0 as generation_order, b.id as buyer_id, b.id as beneficiary_id,
               'points_purchase' as type, 0::numeric as amount, s.points_total as points, null::smallint as generation,
               s.commissionable_total as base, null::numeric as rate, b.star_level,
               format('Puntos por tu compra (venta #%s): %s puntos.', s.sale_no, s.points_total) as rule
          from public.sales s join public.clients b on b.id = s.client_id
         where s.id in (select id from settled) and s.points_total > 0
        union all
        select s.approved_at, s.id, up.generation, b.id, c.id, 'commission_purchase', round(s.commissionable_total * rt.rate, 2), 0,
               up.generation, s.commissionable_total, rt.rate, c.star_level,
               format('Comisión por compra de %s (venta #%s), generación %s con %s: %s de %s = %s.',
                      b.name, s.sale_no, up.generation, rt.level_name, private.pct(rt.rate),
                      private.money(s.commissionable_total, cur.currency), private.money(round(s.commissionable_total * rt.rate, 2), cur.currency))
          from public.sales s
          join public.clients b on b.id = s.client_id
         cross join (select coalesce((select m.currency from public.metadata m where m.id = 'app_settings'), '') as currency) cur
         cross join lateral (
           select a.member_no::bigint as member_no, (extensions.nlevel(b.path) - a.pos)::smallint as generation
             from unnest(string_to_array(extensions.ltree2text(b.path), '.')) with ordinality as a(member_no, pos)
            where a.pos < extensions.nlevel(b.path) and a.pos >= extensions.nlevel(b.path) - (select max(generation) from plan_rates)
         ) up
          join public.clients c on c.member_no = up.member_no and c.enrollment_status = 'registered'
          join plan_rates rt on rt.star_level = c.star_level and rt.generation = up.generation
         where s.id in (select id from settled) and s.commissionable_total > 0 and round(s.commissionable_total * rt.rate, 2) > 0
      ) x
     order by x.approved_at, x.sale_id, x.generation_order;
    do $$
    declare
      v_wrong bigint;
    begin
      -- The set-based entries must be the engine's own, line for line: 2,000 sales checked both ways.
      create temporary table sample as select id from settled order by hashtext(id::text) limit 2000;
      select count(*) into v_wrong from (
        (select s.id, l.beneficiary_id, l.type, l.amount, l.points, l.generation, l.base, l.rate, l.star_level, l.rule
           from sample s cross join (select * from private.plan()) v cross join lateral private.sale_reward_lines(s.id, v.plan) l
         except all
         select r.source_sale_id, r.beneficiary_id, r.type, r.amount, r.points, r.generation, r.base, r.rate, r.star_level, r.rule
           from public.reward_transactions r where r.source_sale_id in (select id from sample))
        union all
        (select r.source_sale_id, r.beneficiary_id, r.type, r.amount, r.points, r.generation, r.base, r.rate, r.star_level, r.rule
           from public.reward_transactions r where r.source_sale_id in (select id from sample)
         except all
         select s.id, l.beneficiary_id, l.type, l.amount, l.points, l.generation, l.base, l.rate, l.star_level, l.rule
           from sample s cross join (select * from private.plan()) v cross join lateral private.sale_reward_lines(s.id, v.plan) l)) d;
      if v_wrong > 0 then
        raise exception 'El libro del banco de pruebas no coincide con private.sale_reward_lines en % asientos de la muestra.', v_wrong;
      end if;
    end
    $$;
    -- The group points of the month are then rebuilt in one statement: the per-row trigger would
    -- append ~1.5 million pending rows (one per ancestor of each of ~97,000 members) one at a time.
    alter table private.member_period_totals disable trigger member_period_totals_group_points_insert;
    insert into private.member_period_totals (client_id, period, personal_points, income, own_sales)
    select c, '${MONTH}', sum(p)::integer, sum(a), sum(o)
      from (select beneficiary_id c, points p, amount a, 0 o from public.reward_transactions
            union all
            select client_id, 0, 0, commissionable_total from public.sales where status = 'Pagada') x
     group by c;
    alter table private.member_period_totals enable trigger member_period_totals_group_points_insert;
  `);
  log(`  ${orders - pending} pedidos liquidados: ${fmt(ms(t0))} ms`);
  t0 = performance.now();
  for (const def of indexes) await db.query(def);
  log(`  ${indexes.length} índices construidos de nuevo: ${fmt(ms(t0))} ms`);
  // The kept figures are then rebuilt by the engine's own functions, each in its own transaction after
  // fresh, committed statistics of every table: inside the bulk load's transaction the planner took the
  // new rows for none, and refresh_all_activity (member_period_totals) and rebuild_sales_aggregates
  // (stock_movements) intersected two bitmaps of a whole index for each row (over 20 minutes, not
  // finished); with the statistics, 2 s and 3.5 s at 1,000,000 orders.
  t0 = performance.now();
  await db.query('vacuum analyze');
  log(`  vacuum analyze: ${fmt(ms(t0))} ms`);
  const step = async (label, text) => {
    const t1 = performance.now();
    await db.query(text);
    log(`  ${label}: ${fmt(ms(t1))} ms`);
  };
  await step('puntos de grupo', 'select private.rebuild_group_points()');
  // Activity as the engine keeps it, by its own rule, on the day the pending orders are approved.
  await step('actividad', `begin; select set_config('savia.now', '${APPROVALS_AT}', true); select private.refresh_all_activity(); commit;`);
  await step(
    'agregados de ventas',
    `
    alter table public.clients enable trigger audit;
    alter table public.sales enable trigger audit;
    alter table public.sale_items enable trigger audit;
    alter table public.sales enable trigger sales_notify;
    alter table public.reward_transactions enable trigger reward_transactions_notify;
    alter table public.stock_movements enable trigger stock_movements_notify_low_stock;
    select private.rebuild_sales_aggregates();
    alter table public.sales enable trigger sales_keep_daily;
    alter table public.sales enable trigger sales_keep_daily_update;
    alter table public.stock_movements enable trigger stock_movements_keep_product_sales;`,
  );
  await step(
    'cifras del Dashboard',
    `
    select private.rebuild_dashboard_months();
    alter table public.sales enable trigger sales_keep_dashboard;
    alter table public.sales enable trigger sales_keep_dashboard_update;
    alter table public.clients enable trigger clients_keep_dashboard;
    alter table private.member_period_totals enable trigger member_period_totals_keep_dashboard_insert;`,
  );
  t0 = performance.now();
  const { rows: broken } = await db.query('select * from private.engine_invariant_violations() limit 5');
  if (broken.length > 0) throw new Error(`Los datos del banco de pruebas rompen invariantes del motor: ${JSON.stringify(broken)}`);
  log(`  invariantes del motor: ninguna rota (${fmt(ms(t0))} ms)`);
  await db.query('vacuum analyze');
  await checkpoint(cfg); // each measured phase starts without a pending checkpoint from the build
  const {
    rows: [sizes],
  } = await db.query(`
    select (select count(*) from public.clients) members, (select max(extensions.nlevel(path)) - 1 from public.clients) depth,
           (select count(*) from public.reward_transactions) entries, (select count(*) from public.sales) sales`);
  log(`datos: ${sizes.members} miembros, ${sizes.depth} generaciones bajo la raíz, ${sizes.sales} pedidos, ${sizes.entries} asientos`);
  return db;
}

/** Drops the secondary indexes of `tables` that no constraint owns; returns their definitions, to build them again. */
async function dropIndexes(db, tables) {
  const { rows } = await db.query(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
       from pg_index i
      where i.indrelid = any($1::regclass[]) and not i.indisprimary
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
    [tables],
  );
  for (const r of rows) await db.query(`drop index ${r.name}`);
  return rows.map((r) => r.def);
}

// A built database kept as a copy of the cluster's files, so a benchmark can be run again on the same
// data in a minute instead of rebuilding it (15–20 minutes on a shared host). `cp -a` keeps the
// owner (the `postgres` OS user when run as root) and the modes PostgreSQL insists on.
const snapshotDir = (cfg, name) => join(cfg.dataDir, `snapshot-${name}`);

/** Copies the stopped cluster's files to the snapshot `name` (replacing an older one), then starts it again. */
export function saveSnapshot(cfg, name) {
  stopCluster(cfg);
  rmSync(snapshotDir(cfg, name), { recursive: true, force: true });
  execFileSync('cp', ['-a', cfg.pgData, snapshotDir(cfg, name)]);
  startCluster(cfg);
}

/** Puts the snapshot `name` back in place of the cluster's files; false if there is none. */
export function restoreSnapshot(cfg, name) {
  if (!existsSync(snapshotDir(cfg, name))) return false;
  stopCluster(cfg);
  rmSync(cfg.pgData, { recursive: true, force: true });
  execFileSync('cp', ['-a', snapshotDir(cfg, name), cfg.pgData]);
  startCluster(cfg);
  return true;
}

/**
 * The database a benchmark measures, connected. `--reuse [file.sql …]`: the saved copy `snapshot`, with
 * those files applied (a function's new version); otherwise `build()` makes it (and returns a connected
 * client), and `--keep` or `--reuse` save it for the next run.
 */
export async function benchDatabase(cfg, snapshot, args, build, log = console.log) {
  const connect = async () => {
    const db = new pg.Client({ connectionString: cfg.dbUrl });
    await db.connect();
    return db;
  };
  let t0 = performance.now();
  if (args[0] === '--reuse' && restoreSnapshot(cfg, snapshot)) {
    await applySql(cfg, args.slice(1));
    log(`base de datos de la copia guardada${args.length > 1 ? ` más ${args.slice(1).join(', ')}` : ''}: ${fmt(ms(t0))} ms`);
    return connect();
  }
  if (args[0] === '--reuse') log('no hay copia guardada: se construye (y se guarda)');
  const db = await build();
  if (args[0] !== '--keep' && args[0] !== '--reuse') return db;
  await db.end();
  t0 = performance.now();
  saveSnapshot(cfg, snapshot);
  log(`copia guardada: ${fmt(ms(t0))} ms`);
  return connect();
}

/** Runs SQL files on the database as its superuser (a function's new version on a restored snapshot). */
export const applySql = (cfg, files) =>
  withClient(adminUrl(cfg.dbUrl), async (c) => {
    for (const file of files) await c.query(readFileSync(file, 'utf8'));
  });

/** The auth user ids of the bench's admin and superadmin (their invitations gave them the roles). */
export async function staffIds(db) {
  const {
    rows: [ids],
  } = await db.query(`
    select (select id from auth.users where email = 'bench.admin@savia.test') admin,
           (select id from auth.users where email = 'bench.super@savia.test') superadmin`);
  return ids;
}

/**
 * BENCH_PROFILE=functions: PostgreSQL's own count of the time spent in each PL/pgSQL function (the
 * triggers included), turned on for the sessions opened after `start` (track_functions = 'all', set by
 * the cluster's superuser on the database) and read by `report` as milliseconds per approval. The
 * cost of one trigger is read apart from the approval around it, which a host this noisy cannot time
 * side by side to a tenth of a millisecond.
 */
export function functionProfile(cfg) {
  const admin = (sql) => withClient(adminUrl(cfg.dbUrl), (c) => c.query(sql));
  return {
    start: async () => {
      await admin(`alter database postgres set track_functions = 'all'`);
      await admin('select pg_stat_reset()');
    },
    /** The functions' total and own time per approval, most expensive first. */
    report: async (approvals) => {
      // Each session flushes its counts when it ends; the statistics collector takes a moment more.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const { rows } = await admin(`
        select schemaname || '.' || funcname as name, calls, total_time, self_time from pg_stat_user_functions
         where schemaname in ('public', 'private') order by total_time desc`);
      await admin(`alter database postgres reset track_functions`);
      return rows.map((r) => ({ name: r.name, calls: Number(r.calls) / approvals, total: r.total_time / approvals, self: r.self_time / approvals }));
    },
  };
}
