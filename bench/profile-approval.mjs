// Profiles approve_sale on the engine benchmark's kept copy (node bench/engine.mjs --keep): N approvals
// on one connection as the bench's admin, after 500 to warm up, then either `perf record -g` on the
// backend serving them (MODE=perf, the default; read it with `perf report -i <file> --no-children`) or
// plpgsql_check's profiler (MODE=plprof: per line of each function in FNS, `;`-separated signatures).
// MODE=plans: pg_stat_statements, every statement the approval runs (nested ones too), how often each
// was planned: a statement planned on every call pays its planning each time (bench/README.md, «Planned
// again on every call»). Not a benchmark with targets: the tool behind "How the approval got here" in
// bench/README.md.
//
// Usage: node bench/profile-approval.mjs   env: SAVIA_DB_PORT, N=2000, MODE=perf|plprof|plans, FNS,
//        APPLY=a.sql,b.sql (applied after the copy is restored), NO_RESTORE=1 (profile the cluster's data as it is),
//        PERF_OUT (default: a file in the temporary folder).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { adminUrl, startCluster, stopCluster, withClient } from '../scripts/lib/pg-cluster.mjs';
import { atExit } from './lib/cleanup.mjs';
import { APPROVALS_AT, applySql, benchCluster, restoreSnapshot, staffIds } from './lib/engine-data.mjs';
import { fmt, pct } from './lib/measure.mjs';

const N = Number(process.env.N ?? 2000);
const MODE = process.env.MODE ?? 'perf';
const FNS = (process.env.FNS ?? 'public.approve_sale(uuid,boolean);private.settle_sale(uuid,date,uuid)').split(';');
const PERF_OUT = process.env.PERF_OUT ?? join(tmpdir(), 'savia-approval.perf.data');

const cfg = benchCluster();
if (!process.env.NO_RESTORE && !restoreSnapshot(cfg, 'engine')) throw new Error('No hay copia «engine»: node bench/engine.mjs --keep primero.');
if (process.env.APPLY) await applySql(cfg, process.env.APPLY.split(','));
/** A statement as the cluster's superuser, on a connection of its own. */
const asSuperuser = (sql, params) => withClient(adminUrl(cfg.dbUrl), (a) => a.query(sql, params));
if (MODE === 'plans') {
  // In the copy's postgresql.auto.conf, reset at the end (below) so that a run on the cluster's data as it
  // is (NO_RESTORE=1) leaves nothing behind. The module's settings exist only once it is preloaded: a
  // restart, then them.
  await asSuperuser(`alter system set shared_preload_libraries = 'pg_cron', 'pg_stat_statements'`);
  stopCluster(cfg);
  startCluster(cfg);
  await asSuperuser(`alter system set pg_stat_statements.track = 'all'`);
  await asSuperuser(`alter system set pg_stat_statements.track_planning = on`);
  await asSuperuser('select pg_reload_conf()');
}

const db = new pg.Client({ connectionString: cfg.dbUrl });
await db.connect();
await db.query(`select cron.unschedule(jobname) from cron.job where jobname like 'savia-%'`);
const { admin } = await staffIds(db);
const { rows: pending } = await db.query(
  `select id from public.sales where status = 'Pendiente de Aprobación' and period_month is null order by created_at, id`,
);
if (pending.length < 500 + N) throw new Error(`Solo hay ${pending.length} pedidos pendientes; N=${N} necesita ${500 + N}.`);

// The profiler is loaded by a superuser session that then acts as the admin through PostgREST's role.
const c = new pg.Client({ connectionString: MODE === 'plprof' ? adminUrl(cfg.dbUrl) : cfg.dbUrl });
await c.connect();
if (MODE === 'plprof') {
  await c.query('create extension if not exists plpgsql_check');
  await c.query(`load 'plpgsql_check'`);
  await c.query('set plpgsql_check.profiler = on');
}
await c.query(`select set_config('savia.now', $1, false)`, [APPROVALS_AT]);
await c.query('set role authenticated');
await c.query(`select set_config('request.jwt.claims', $1, false)`, [JSON.stringify({ sub: admin, role: 'authenticated', aud: 'authenticated' })]);
const {
  rows: [{ pid }],
} = await c.query('select pg_backend_pid() as pid');
/** The backend's CPU time in ms (utime + stime in ticks of 10 ms). */
const cpu = () => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
};

for (const { id } of pending.slice(0, 500)) await c.query('select public.approve_sale($1)', [id]);
let perf;
if (MODE === 'perf') {
  perf = spawn('perf', ['record', '-F', '999', '-g', '-p', String(pid), '-o', PERF_OUT], { stdio: 'ignore' });
  atExit(() => perf.exitCode === null && perf.kill('SIGINT'));
  await new Promise((resolve) => setTimeout(resolve, 500)); // perf attaches
}
if (MODE === 'plans') await asSuperuser('select extensions.pg_stat_statements_reset()');
const cpu0 = cpu();
const t0 = performance.now();
const latencies = [];
for (const { id } of pending.slice(500, 500 + N)) {
  const t = performance.now();
  await c.query('select public.approve_sale($1)', [id]);
  latencies.push(performance.now() - t);
}
const total = performance.now() - t0;
console.log(`CPU del backend: ${fmt((cpu() - cpu0) / N)} ms por aprobación`);
console.log(`${N} aprobaciones: ${fmt(total / N)} ms cada una, p50 ${fmt(pct(latencies, 50))} ms, p95 ${fmt(pct(latencies, 95))} ms`);
if (perf) {
  perf.kill('SIGINT');
  await new Promise((resolve) => perf.on('exit', resolve));
  console.log(`perf: ${PERF_OUT}`);
}
if (MODE === 'plprof') {
  await c.query('reset role');
  for (const fn of FNS) {
    const { rows } = await c.query(
      `select lineno, exec_stmts, round(total_time::numeric, 1) as total_ms, round(avg_time::numeric, 4) as avg_ms,
              left(regexp_replace(source, '\\s+', ' ', 'g'), 90) as src
         from plpgsql_profiler_function_tb($1) where exec_stmts > 0 order by total_time desc limit 12`,
      [fn],
    );
    console.log(`== ${fn}`);
    for (const r of rows) console.log(`${r.lineno}\t${r.exec_stmts}\t${r.total_ms} ms\t${r.avg_ms} ms\t${r.src}`);
  }
}
if (MODE === 'plans') {
  // Those run at least once per approval, by planning time; `plans` ≈ `calls` is one planned every time.
  const { rows } = await asSuperuser(
    `select calls, plans, round((total_plan_time / $1)::numeric, 4) as plan_ms, round((total_exec_time / $1)::numeric, 4) as exec_ms,
            left(regexp_replace(query, '\\s+', ' ', 'g'), 90) as src
       from extensions.pg_stat_statements where calls >= $1 order by total_plan_time desc limit 15`,
    [N],
  );
  console.log('llamadas\tplanes\tms de plan por aprobación\tms de ejecución por aprobación\tsentencia');
  for (const r of rows) console.log(`${r.calls}\t${r.plans}\t${r.plan_ms}\t${r.exec_ms}\t${r.src}`);
  for (const setting of ['shared_preload_libraries', 'pg_stat_statements.track', 'pg_stat_statements.track_planning']) {
    await asSuperuser(`alter system reset ${setting}`);
  }
}
await c.end();
await db.end();
