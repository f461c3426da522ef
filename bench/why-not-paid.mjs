// «¿Por qué no cobró?» (issue 11): get_why_not_paid as staff call it from a member's detail, on the
// engine benchmark's database (100,000 members, 300,000 orders of January 2026), for any member and
// month: January open, January closed (its forfeits written by the real close) and February (open,
// nothing yet). Target: p95 ≤ 50 ms. Not a test: it prints figures for bench/README.md.
//
// Usage: node bench/why-not-paid.mjs [--keep | --reuse [file.sql …]]
//        (env: SAVIA_DB_PORT, BENCH_MEMBERS, BENCH_ORDERS, BENCH_MEASURED as for bench/engine.mjs;
//        BENCH_CALLS=300 calls per measure, BENCH_CANCELLED=300 paid orders cancelled by staff)
//   --keep   after building (and cancelling, and choosing the members), keeps a copy of the database;
//   --reuse  starts from that copy instead of rebuilding (seconds, not 5–20 minutes), then runs the SQL files
//            given (e.g. a new version of get_why_not_paid) as the superuser. The copy has the
//            migrations of the run that kept it: a change to the close or a table needs a new --keep.
// Each request is one transaction as role `authenticated` with the admin's claims, shaped as PostgREST
// runs an RPC (bench/lib/postgrest.mjs), one after another on one connection.
import { performance } from 'node:perf_hooks';
import { APPROVALS_AT, MONTH, benchCluster, buildEngineData, checkpoint, benchDatabase, staffIds } from './lib/engine-data.mjs';
import { runJob } from './lib/jobs.mjs';
import { fmt, machine, ms, summary } from './lib/measure.mjs';
import { apiConnection, claimsOf, functionSignatures, request, rpc, setClock } from './lib/postgrest.mjs';

const CALLS = Number(process.env.BENCH_CALLS ?? 300);
const CANCELLED = Number(process.env.BENCH_CANCELLED ?? 300);
const WARM_UP = 50;
const TARGET_MS = 50;
const NEXT_MONTH = '2026-02-01';

const log = (...args) => console.log(...args);
const cfg = benchCluster();
log(`máquina al empezar: ${machine()}`);
const args = process.argv.slice(2);
const SNAPSHOT = 'why-not-paid';
const db = await benchDatabase(
  cfg,
  SNAPSHOT,
  args,
  async () => {
    const built = await buildEngineData(cfg);
    await prepare(built);
    return built;
  },
  log,
);
const { admin, superadmin } = await staffIds(db);
const asAdmin = claimsOf(admin);

/** Cancels some paid orders and chooses the members asked about, in a table the copy keeps. */
async function prepare(c) {
  const ids = await staffIds(c);
  // Staff cancel some paid orders (with a reason), so January has entries reversed by a cancellation.
  let t1 = performance.now();
  await c.query(`select set_config('request.jwt.claims', $1, false), set_config('savia.now', $2, false)`, [JSON.stringify(claimsOf(ids.admin)), APPROVALS_AT]);
  const { rows: toCancel } = await c.query(
    `select s.id from public.sales s where s.status = 'Pagada' and s.commissionable_total > 0 order by random() limit ${CANCELLED}`,
  );
  for (const { id } of toCancel) await c.query(`select public.cancel_sale($1, 'El banco devolvió el pago')`, [id]);
  await c.query(`select set_config('request.jwt.claims', '', false)`);
  log(`${toCancel.length} pedidos pagados cancelados por cancel_sale: ${fmt(ms(t1))} ms`);

  // Members asked about: the 20 largest ledgers of the month (uplines near the root), 30 in the middle,
  // 50 with a small one or none (most members).
  t1 = performance.now();
  await c.query(`
    create schema bench;
    create table bench.asked as
      with ledger as (select c.id, count(r.id) as entries
                        from public.clients c left join public.reward_transactions r on r.beneficiary_id = c.id and r.period_month = '${MONTH}'
                       group by c.id)
      (select 'pesado' as kind, * from ledger order by entries desc limit 20)
      union all
      (select 'medio', * from ledger where entries between 20 and 400 order by random() limit 30)
      union all
      (select 'pequeño', * from ledger where entries < 20 order by random() limit 50)`);
  log(`miembros elegidos: ${fmt(ms(t1))} ms`);
}
const { rows: asked } = await db.query(`select kind, id, entries::int from bench.asked order by kind, entries desc`);
const describe = (kind) => {
  const xs = asked.filter((c) => c.kind === kind);
  return `${xs.length} (${Math.min(...xs.map((c) => c.entries))}–${Math.max(...xs.map((c) => c.entries))} asientos en el mes)`;
};
log(`miembros consultados: ${['pesado', 'medio', 'pequeño'].map((k) => `${k} ${describe(k)}`).join(', ')}`);

const sig = await functionSignatures(db, ['get_why_not_paid']);
const why = rpc(sig, 'get_why_not_paid', ['p_client_id', 'p_month'], 'scalar');
const api = await apiConnection(cfg, APPROVALS_AT);

const shuffle = (xs) => {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
};
const spread = (specs, count = CALLS) => Array.from({ length: Math.max(count, specs.length) }, (_, i) => specs[i % specs.length]);
const results = [];

async function measure(label, calls) {
  for (const call of shuffle(calls).slice(0, WARM_UP)) await call.run();
  const times = [];
  for (const call of shuffle(calls)) {
    const t1 = performance.now();
    await call.run();
    times.push({ kind: call.kind, t: ms(t1) });
  }
  const all = summary(times.map((x) => x.t));
  const byKind = [...new Set(times.map((x) => x.kind))].map((k) => `${k} ${fmt(summary(times.filter((x) => x.kind === k).map((x) => x.t)).p95)}`).join(', ');
  const mark = all.p95 <= TARGET_MS ? '' : '  ← p95 > 50 ms';
  log(`  ${label}: mediana ${fmt(all.p50)}, p95 ${fmt(all.p95)}, máx ${fmt(all.max)} ms, n ${all.n} (p95 por miembro: ${byKind})${mark}`);
  results.push({ label, ...all });
}
const calls = (month) => spread(asked.map((c) => ({ kind: c.kind, run: () => why(api, asAdmin, { p_client_id: c.id, p_month: month }) })));

/** Members whose answer disagrees with the ledger summed here by another route (its reversals by reason). */
async function wrongAnswers(month) {
  const {
    rows: [x],
  } = await db.query(`
    select count(*)::int as n from bench.asked k
     cross join lateral (select public.get_why_not_paid(k.id, '${month}') as w) a
     cross join lateral (select coalesce(sum(r.amount) filter (where r.amount > 0 and r.reverses_id is null), 0) as earned,
                                coalesce(-sum(r.amount) filter (where r.reason = 'Beneficiario inactivo al cierre del mes'), 0) as forfeited,
                                coalesce(-sum(r.amount) filter (where r.type = 'reversal_commission' and r.reason <> 'Beneficiario inactivo al cierre del mes'), 0) as reversed,
                                coalesce(sum(r.points), 0) as points
                           from public.reward_transactions r where r.beneficiary_id = k.id and r.period_month = '${month}') l
     where (a.w ->> 'earned')::numeric <> l.earned or (a.w ->> 'forfeited')::numeric <> l.forfeited
        or (a.w ->> 'reversed')::numeric <> l.reversed or (a.w ->> 'personal_points')::int <> l.points`);
  return x.n;
}
await db.query(`select set_config('request.jwt.claims', $1, false)`, [JSON.stringify(asAdmin)]);

log(`«¿Por qué no cobró?» de ${MONTH.slice(0, 7)} abierto (el 28), como admin:`);
await measure(`get_why_not_paid(miembro, ${MONTH})`, calls(MONTH));
log(`  respuestas que no cuadran con el libro: ${await wrongAnswers(MONTH)} de ${asked.length}`);

await checkpoint(cfg);
let t0 = performance.now();
await setClock(api, `${NEXT_MONTH} 06:00:00-05`);
const closeAsked = await request(
  api,
  { claims: claimsOf(superadmin), method: 'POST', path: '/rpc/request_period_close', readOnly: false },
  'select public.request_period_close($1) as body',
  [MONTH],
);
await db.query(`select set_config('savia.now', '${NEXT_MONTH} 06:00:00-05', false)`);
const { job: ran } = await runJob(db, closeAsked.body.id);
const job = { ...ran, summary: ran.result };
if (job.status !== 'done') throw new Error(`el cierre no terminó: ${JSON.stringify(job)}`);
log(`cierre de ${MONTH.slice(0, 7)}: ${fmt(ms(t0))} ms (${job.summary.forfeits} anulaciones, ${job.summary.volume_bonuses} bonos de volumen)`);
// The close wrote tens of thousands of reversals; autovacuum (its insert threshold) visits the ledger
// soon after, which makes the reversals' index answer from the index alone, as it will every day after.
await db.query('vacuum analyze public.reward_transactions');
const {
  rows: [mix],
} = await db.query(`
  select count(*) filter (where w ->> 'verdict' = 'forfeited')::int as forfeited, count(*) filter (where w ->> 'verdict' = 'paid')::int as paid,
         count(*) filter (where (w ->> 'reversed')::numeric > 0)::int as with_reversals
    from bench.asked k cross join lateral (select public.get_why_not_paid(k.id, '${MONTH}') as w) a`);
log(`  entre los consultados: ${mix.forfeited} con lo suyo anulado al cierre, ${mix.paid} que cobraron, ${mix.with_reversals} con ventas canceladas`);

log(`«¿Por qué no cobró?» de ${MONTH.slice(0, 7)} cerrado y de ${NEXT_MONTH.slice(0, 7)} abierto, el 10 de febrero:`);
await setClock(api, '2026-02-10 12:00:00-05');
await measure(`get_why_not_paid(miembro, ${MONTH}) cerrado`, calls(MONTH));
await measure(`get_why_not_paid(miembro, ${NEXT_MONTH}) abierto, sin asientos`, calls(NEXT_MONTH));
log(`  respuestas que no cuadran con el libro: ${await wrongAnswers(MONTH)} de ${asked.length}`);

log(`\nresumen (objetivo p95 ≤ ${TARGET_MS} ms): ${results.every((r) => r.p95 <= TARGET_MS) ? 'todas cumplen' : 'alguna no cumple'}`);
log(`máquina al terminar: ${machine()}`);
await api.end();
await db.end();
