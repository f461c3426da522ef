// Scratch: multixacts created per approval, on 1 and 2 connections (restores the kept copy).
import pg from 'pg';
import { performance } from 'node:perf_hooks';
import { adminUrl, stopCluster, withClient } from '../scripts/lib/pg-cluster.mjs';
import { atExit } from './lib/cleanup.mjs';
import { APPROVALS_AT, applySql, benchCluster, restoreSnapshot, staffIds } from './lib/engine-data.mjs';
import { fmt, pct } from './lib/measure.mjs';
const cfg = benchCluster();
restoreSnapshot(cfg, 'engine');
atExit(() => stopCluster(cfg));
if (process.env.APPLY) await applySql(cfg, process.env.APPLY.split(','));
const admin = (sql) => withClient(adminUrl(cfg.dbUrl), (c) => c.query(sql));
const db = new pg.Client({ connectionString: cfg.dbUrl }); await db.connect();
await db.query(`select cron.unschedule(jobname) from cron.job where jobname like 'savia-%'`);
const { admin: adminId } = await staffIds(db);
const { rows: pending } = await db.query(`select id from public.sales where status = 'Pendiente de Aprobación' and period_month is null order by created_at, id`);
const mx = async () => (await admin(`select mxid_age(datminmxid)::bigint as a, (select sum(blks_zeroed+blks_hit+blks_read+blks_written)::bigint from pg_stat_slru where name like 'Multi%') s, (select wal_records from pg_stat_wal)::bigint w from pg_database where datname = current_database()`)).rows[0];
async function session() {
  const c = new pg.Client({ connectionString: cfg.dbUrl }); await c.connect();
  await c.query(`select set_config('savia.now', $1, false)`, [APPROVALS_AT]);
  await c.query('set role authenticated');
  await c.query(`select set_config('request.jwt.claims', $1, false)`, [JSON.stringify({ sub: adminId, role: 'authenticated', aud: 'authenticated' })]);
  return c;
}
let cursor = 0; console.log("pendientes", pending.length);
async function run(n, workers) {
  const ids = pending.slice(cursor, (cursor += n)).map((r) => r.id);
  const ss = await Promise.all(Array.from({ length: workers }, session));
  const m0 = await mx(); let next = 0; const lat = []; const t = performance.now();
  await Promise.all(ss.map(async (c) => { while (next < ids.length) { const id = ids[next++]; const t1 = performance.now(); await c.query('select public.approve_sale($1)', [id]); lat.push(performance.now() - t1); } }));
  const secs = (performance.now() - t) / 1000; const m1 = await mx();
  console.log(`${workers} conn, ${n}: multixacts/approval ${((m1.a - m0.a) / n).toFixed(2)}, slru ops/approval ${((m1.s - m0.s) / n).toFixed(2)}, WAL records/approval ${((m1.w - m0.w)/n).toFixed(1)}, p50 ${fmt(pct(lat,50))} p95 ${fmt(pct(lat,95))}, ${(n/secs).toFixed(0)}/s`);
  await Promise.all(ss.map((c) => c.end()));
}
await run(1000, 1);
for (const w of (process.env.W ?? '1,2,1,2').split(',')) await run(1000, Number(w));
await db.end();
