// Reward engine benchmark (issues 5, 27): a network of members up to 30 generations deep and a month of
// orders (100,000 and 300,000 by default; 1,000,000 and 3,000,000 for issue 27's close), then approval
// latency and throughput, a member's downline reads, and the jobs: the close preview, the month close
// (step by step, each step's longest transaction), the what-if on the closed month and a change of the
// company's time zone. Not a test: it prints figures for bench/README.md.
//
// Usage: node bench/engine.mjs [--keep | --reuse [file.sql …]]
//   env: BENCH_MEMBERS, BENCH_ORDERS, BENCH_MEASURED (orders left pending), BENCH_WORKERS=2,4,
//        BENCH_PARTS=approvals,reads,jobs (which parts run), BENCH_DATA_DIR (the cluster's folder),
//        SAVIA_DB_PORT; BENCH_CLOSE_HELPERS=1 (runners helping with the close, as pg_cron's second
//        one does; 0: the close's runner alone); BENCH_AB=old.sql,new.sql (approvals: the two
//        versions side by side, below);
//        BENCH_BUILD_ONLY=1 to stop once the data is built (kept with --keep); BENCH_PROFILE=functions
//        (approvals: the time inside each PL/pgSQL function and trigger, per approval, instead of the rounds;
//        BENCH_PROFILE_TOP=60 lists more than the first 25).
//   --keep saves the built database (its measured orders still pending) as the copy `engine`;
//   --reuse starts from that copy (seconds instead of the build), then applies the SQL files given.
// The data (bench/lib/engine-data.mjs) is built set-based in SQL; the orders already approved when
// measuring are settled by the engine's own rule function (private.sale_reward_lines), and the
// measured ones go through public.approve_sale as staff. The cluster this script starts is stopped when
// it ends, fails or is interrupted (bench/lib/cleanup.mjs).
//
// BENCH_AB: each round applies one file, approves a slice of the pending orders, applies the other,
// approves the next slice, alternately (six rounds on one connection, then six on two), so both
// versions meet the same moments of a shared, loaded host; the figures of each are pooled and their
// ratio printed.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import {
  APPROVALS_AT,
  MONTH,
  applySql,
  benchCluster,
  benchDatabase,
  buildEngineData,
  checkpoint as checkpointOf,
  functionProfile,
  staffIds,
} from './lib/engine-data.mjs';
import { runJob, stepTable } from './lib/jobs.mjs';
import { fmt, machine, ms, pct } from './lib/measure.mjs';

const WORKERS = (process.env.BENCH_WORKERS ?? '2,4').split(',').map(Number);
const PARTS = new Set((process.env.BENCH_PARTS ?? 'approvals,reads,jobs').split(','));
const AB = process.env.BENCH_AB?.split(',');
const CLOSE_AT = '2026-02-01 06:00:00-05';

// The two versions' files are read before anything is built, so a wrong name fails at once.
if (AB) for (const file of AB) readFileSync(file);
const cfg = benchCluster();
const log = (...args) => console.log(...args);
const checkpoint = () => checkpointOf(cfg);
const load = () => machine().split('carga ')[1];

async function timed(label, client, text, params) {
  const t0 = performance.now();
  const res = await client.query(text, params);
  const t = ms(t0);
  log(`  ${label}: ${fmt(t)} ms`);
  return { res, t };
}

// 1–3. A database with the real schema, the network, the month's orders (or the kept copy) --------------
log(`máquina al empezar: ${machine()}`);
const db = await benchDatabase(cfg, 'engine', process.argv.slice(2), () => buildEngineData(cfg), log);
// The jobs are run by the bench itself, as pg_cron would (a migration given to --reuse schedules them again).
await db.query(`select cron.unschedule(jobname) from cron.job where jobname like 'savia-%'`);
if (process.env.BENCH_BUILD_ONLY) {
  await db.end();
  process.exit(0);
}
const {
  rows: [sizes],
} = await db.query(`select (select count(*) from public.clients)::int as members, (select count(*) from public.sales)::int as sales,
  (select count(*) from public.reward_transactions)::int as entries, pg_size_pretty(pg_database_size(current_database())) as size`);
log(`datos: ${sizes.members} miembros, ${sizes.sales} pedidos, ${sizes.entries} asientos, ${sizes.size}`);

// 4. Approvals through the engine, as staff ----------------------------------------------------------
const { admin, superadmin } = await staffIds(db);
const { rows: pending } = await db.query(`
  select s.id from public.sales s where s.status = 'Pendiente de Aprobación' and s.period_month is null order by s.created_at, s.id`);

async function staffSession(userId) {
  const c = new pg.Client({ connectionString: cfg.dbUrl });
  await c.connect();
  await c.query(`select set_config('savia.now', $1, false)`, [APPROVALS_AT]);
  await c.query('set role authenticated');
  await c.query(`select set_config('request.jwt.claims', $1, false)`, [JSON.stringify({ sub: userId, role: 'authenticated', aud: 'authenticated' })]);
  return c;
}
/** CPU time (ms) the backend of a session has used: the database runs on this machine, so /proc tells. */
async function backendCpu(c) {
  c.pid ??= (await c.query('select pg_backend_pid() as pid')).rows[0].pid;
  try {
    const fields = readFileSync(`/proc/${c.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in ticks of 10 ms
  } catch {
    return NaN; // a server on another machine
  }
}
async function approveAll(ids, workers) {
  const sessions = await Promise.all(Array.from({ length: workers }, () => staffSession(admin)));
  const cpu0 = (await Promise.all(sessions.map(backendCpu))).reduce((a, b) => a + b, 0);
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
  const cpu = (await Promise.all(sessions.map(backendCpu))).reduce((a, b) => a + b, 0) - cpu0;
  await Promise.all(sessions.map((c) => c.end()));
  return { latencies, perSecond: ids.length / seconds, seconds, cpu };
}
// The server's CPU per approval is what a busy shared host distorts least (its wall times include the
// wait for a core).
const line = (run) =>
  `p50 ${fmt(pct(run.latencies, 50))} ms, p95 ${fmt(pct(run.latencies, 95))} ms, p99 ${fmt(pct(run.latencies, 99))} ms, ${run.perSecond.toFixed(0)} aprobaciones/s, CPU del servidor ${fmt(run.cpu / run.latencies.length)} ms por aprobación`;

if (PARTS.has('approvals')) {
  log(`aprobaciones por approve_sale (rol authenticated, claims de admin; latencia medida en el cliente; ${pending.length} pendientes):`);
  // A tenth of the orders warm the caches first (not measured), as a running server's would be.
  const warm = Math.floor(pending.length / 10);
  await approveAll(
    pending.slice(0, warm).map((r) => r.id),
    1,
  );
  let cursor = warm;
  const take = (n) => pending.slice(cursor, (cursor += n)).map((r) => r.id);
  if (process.env.BENCH_PROFILE === 'functions') {
    // Where an approval's time goes, function by function (PostgreSQL's own timing of each call).
    const profile = functionProfile(cfg);
    await profile.start();
    const ids = take(pending.length - warm);
    const run = await approveAll(ids, 1);
    log(`  1 conexión, ${ids.length} con el perfil de funciones encendido: ${line(run)} (carga ${load()})`);
    log(`  por aprobación (ms dentro de cada función, con las que llama / solo la suya; llamadas):`);
    for (const f of (await profile.report(ids.length)).slice(0, Number(process.env.BENCH_PROFILE_TOP ?? 25)))
      log(`    ${f.name.padEnd(48)} ${f.total.toFixed(3).padStart(7)} / ${f.self.toFixed(3).padStart(7)}  × ${f.calls.toFixed(2)}`);
  } else if (!AB) {
    const rounds = [1, ...WORKERS];
    const share = Math.floor((pending.length - warm) / rounds.length);
    for (const workers of rounds) log(`  ${workers} conexión(es), ${share}: ${line(await approveAll(take(share), workers))} (carga ${load()})`);
  } else {
    // Side by side: the two versions alternate, a slice each, on the same data and the same moments.
    const ROUNDS = 6;
    const share = Math.floor((pending.length - warm) / (2 * ROUNDS * 2));
    for (const workers of [1, 2]) {
      const pooled = { [AB[0]]: { latencies: [], seconds: 0, n: 0, cpu: 0 }, [AB[1]]: { latencies: [], seconds: 0, n: 0, cpu: 0 } };
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const file of round % 2 === 0 ? AB : [...AB].reverse()) {
          await applySql(cfg, [file]);
          const run = await approveAll(take(share), workers);
          pooled[file].latencies.push(...run.latencies);
          pooled[file].seconds += run.seconds;
          pooled[file].n += run.latencies.length;
          pooled[file].cpu += run.cpu;
        }
      }
      const [a, b] = AB.map((file) => ({ file, latencies: pooled[file].latencies, perSecond: pooled[file].n / pooled[file].seconds, cpu: pooled[file].cpu }));
      for (const v of [a, b]) log(`  ${workers} conexión(es), ${v.file} (${v.latencies.length} en ${ROUNDS} tandas): ${line(v)}`);
      log(
        `    ${b.file} / ${a.file}: p50 × ${(pct(b.latencies, 50) / pct(a.latencies, 50)).toFixed(2)}, p95 × ${(pct(b.latencies, 95) / pct(a.latencies, 95)).toFixed(2)}, por segundo × ${(b.perSecond / a.perSecond).toFixed(2)}, CPU por aprobación × ${(b.cpu / b.latencies.length / (a.cpu / a.latencies.length)).toFixed(2)} (carga ${load()})`,
      );
    }
  }
}

// 5. Reads: downline count and first page, upline walk ---------------------------------------------------
if (PARTS.has('reads')) {
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
  const median5 = async (label, client, text, params) => {
    const times = [];
    let res;
    for (let i = 0; i < 5; i += 1) {
      const t1 = performance.now();
      res = await client.query(text, params);
      times.push(ms(t1));
    }
    log(`  ${label}: ${fmt(pct(times, 50))} ms`);
    return res;
  };
  const count = await median5(
    `descendencia de la raíz (count)`,
    db,
    `select count(*) from public.clients where path operator(extensions.<@) $1::extensions.ltree and id <> $2`,
    [root.path, root.id],
  );
  log(`    = ${count.rows[0].count} descendientes`);
  await median5(`resumen por generación de la raíz (get_network_summary)`, member, 'select * from public.get_network_summary($1)', [root.id]);
  await median5(`primera página, generación 1 de la raíz (get_network_page)`, member, 'select * from public.get_network_page($1, p_generation => 1)', [
    root.id,
  ]);
  await median5(`primera página, generación 5 de la raíz (get_network_page)`, member, 'select * from public.get_network_page($1, p_generation => 5)', [
    root.id,
  ]);
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
}

// 6. The jobs, as production runs them: a superadmin asks (an API request), the job runner works ----------
if (PARTS.has('jobs')) {
  await checkpoint();
  const closer = await staffSession(superadmin);
  await closer.query(`select set_config('savia.now', $1, false)`, [CLOSE_AT]);
  await db.query(`select set_config('savia.now', $1, false)`, [CLOSE_AT]);
  await db.query(`update public.users_roles set finance = true where user_id = $1 and role = 'superadmin'`, [superadmin]);
  const ask = async (label, text, params) => (await timed(label, closer, text, params)).res.rows[0].job;
  const report = (label, run) => {
    log(
      `  ${label}: ${fmt(run.ms)} ms en ${run.steps.length} pasos, el más largo ${fmt(run.longest)} ms; ${run.job.status}${run.job.error ? ` (${run.job.error})` : ''} (carga ${load()})`,
    );
    for (const l of stepTable(run.steps)) log(`    ${l}`);
  };

  log(`trabajos (el ejecutor, como pg_cron: cada paso una transacción):`);
  const preview = await ask('pedir la vista previa del cierre (request_close_preview)', `select public.request_close_preview($1) as job`, [MONTH]);
  const previewRun = await runJob(db, preview.id);
  report('la vista previa del cierre', previewRun);
  log(`    ${JSON.stringify(previewRun.job.result)}`);

  const asked = await ask('pedir el cierre (request_period_close)', `select public.request_period_close($1) as job`, [MONTH]);
  // As production: pg_cron's other runner helps with the close's chunks (BENCH_CLOSE_HELPERS=0: the runner alone).
  const helpers = [];
  for (let i = 0; i < Number(process.env.BENCH_CLOSE_HELPERS ?? 1); i += 1) {
    const helper = new pg.Client({ connectionString: cfg.dbUrl });
    await helper.connect();
    await helper.query(`select set_config('savia.now', $1, false)`, [CLOSE_AT]);
    helpers.push(helper);
  }
  const closeRun = await runJob(db, asked.id, helpers);
  await Promise.all(helpers.map((h) => h.end()));
  report(`el cierre (${helpers.length ? `el ejecutor y ${helpers.length} más: ${closeRun.helped} tramos hechos por ellos` : 'un ejecutor'})`, closeRun);
  log(`    ${JSON.stringify(closeRun.job.result)}`);
  await timed('pedirlo otra vez (idempotente)', closer, `select public.request_period_close($1) ->> 'status'`, [MONTH]);
  // Autovacuum would visit the ledger and the members after the close's writes; the bench does it now.
  await db.query('vacuum analyze public.clients, public.reward_transactions, private.member_period_totals');

  const plan = (await db.query(`select p.plan -> 'levels' as levels from private.plan() p`)).rows[0].levels;
  const whatIf = await ask('pedir la simulación del plan vigente (request_plan_what_if)', `select public.request_plan_what_if($1) as job`, [
    JSON.stringify(plan),
  ]);
  const whatIfRun = await runJob(db, whatIf.id);
  report('la simulación del plan sobre el mes cerrado', whatIfRun);
  log(`    antes ${whatIfRun.job.result?.before}, diferencia ${whatIfRun.job.result?.difference}`);

  // The company moves to another time zone: the settings row is saved (an API request), the job moves
  // the days of every sale; an approval made meanwhile waits at most for one chunk.
  await db.query(`select set_config('savia.now', '', false)`);
  await db.query(`update public.metadata set timezone = 'America/Lima' where id = 'app_settings'`);
  const {
    rows: [tz],
  } = await db.query(`select id from private.jobs where kind = 'timezone_change' and status = 'queued' order by id desc limit 1`);
  const tzRun = await runJob(db, tz.id);
  report('el cambio de zona horaria (America/Lima)', tzRun);
  const t0 = performance.now();
  const { rows: broken } = await db.query(`select count(*)::int as n from private.sales_aggregate_violations()`);
  log(`  agregados de ventas distintos de su cálculo desde cero en la zona nueva: ${broken[0].n} (${fmt(ms(t0))} ms)`);
  await closer.end();
}

const t0 = performance.now();
const { rows: bad } = await db.query(`select count(*) from private.engine_invariant_violations()`);
log(`invariantes violados: ${bad[0].count} (${fmt(ms(t0))} ms)`);
log(`máquina al terminar: ${machine()}, PostgreSQL ${(await db.query('show server_version')).rows[0].server_version}`);
await db.end();
