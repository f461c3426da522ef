// The screens' reads (issue 10): what Aprobaciones, Mis Recompensas, Pagos and Mi Cuenta ask the
// database for, on the engine benchmark's database (100,000 members, 300,000 orders of one month,
// 10,000 of them pending), timed in the client as PostgREST runs each request. Target: p95 ≤ 50 ms.
// Not a test: it prints figures for bench/README.md.
//
// Usage: node bench/screens.mjs   (env: SAVIA_DB_PORT, BENCH_MEMBERS, BENCH_ORDERS, BENCH_MEASURED as for
//        bench/engine.mjs; BENCH_CALLS=300 calls per measure, BENCH_PAYOUTS=5000 payout requests,
//        BENCH_UNFOLDED=1000 approvals left unfolded before group points are read again)
// Every request is one transaction as role `authenticated` with the persona's JWT claims (an admin,
// or a member signed in with their own account), made over one connection, one after another, as
// one PostgREST worker would serve them. Each measure runs a warm-up first, then its calls in random order.
import { performance } from 'node:perf_hooks';
import { APPROVALS_AT, MONTH, benchCluster, buildEngineData, checkpoint, staffIds } from './lib/engine-data.mjs';
import { runJob } from './lib/jobs.mjs';
import { fmt, machine, ms, summary } from './lib/measure.mjs';
import { apiConnection, claimsOf, functionSignatures, request, rpc, setClock } from './lib/postgrest.mjs';

const CALLS = Number(process.env.BENCH_CALLS ?? 300);
const PAYOUTS = Number(process.env.BENCH_PAYOUTS ?? 5000);
const WARM_UP = 50;
const TARGET_MS = 50;
/** After the close of the bench's month: February, when members ask for their January income. */
const NEXT_MONTH = '2026-02-01';
const AFTER_CLOSE_AT = '2026-02-10 12:00:00-05';

const log = (...args) => console.log(...args);
const cfg = benchCluster();
log(`máquina al empezar: ${machine()}`);
const db = await buildEngineData(cfg);
const { admin, superadmin } = await staffIds(db);
// The build makes 300,000 sales pending and settles 290,000 of them in one statement, which leaves the
// partial index of pending sales at ≈ 60 MB of empty pages for 10,000 entries (and the planner then
// counts the queue from the table instead). A real queue's entries come and go a few at a time and
// its index stays near its live size, as rebuilt here.
await db.query('reindex index public.sales_pending_queue_idx');
const asAdmin = claimsOf(admin);

// Callers: members across the tree, signed in with their own accounts --------------------------------
// The heaviest uplines (largest ledgers, near the root), mid-level members with a downline of their
// own, and leaves. An account created with a member's e-mail is linked to them with the role cliente
// by the same trigger a Google sign-in goes through.
let t0 = performance.now();
await db.query(`
  create temporary table reach as
    select l.label::bigint as member_no, count(*) - 1 as downline
      from public.clients c cross join lateral unnest(string_to_array(extensions.ltree2text(c.path), '.')) l(label)
     group by 1;
  create temporary table callers as
    with ledger as (select beneficiary_id as id, count(*) as entries from public.reward_transactions group by 1),
    m as (select c.id, c.email, r.downline, coalesce(l.entries, 0) as entries
            from public.clients c join reach r on r.member_no = c.member_no left join ledger l on l.id = c.id)
    (select 'heavy' as kind, * from m order by entries desc limit 20)
    union all
    (select 'mid', * from m where downline between 20 and 5000 order by random() limit 30)
    union all
    (select 'leaf', * from m where downline = 0 order by random() limit 50);
  insert into auth.users (instance_id, id, aud, role, email, created_at, updated_at)
  select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', email, now(), now()
    from callers;
`);
const { rows: callers } = await db.query(`
  select k.kind, k.id, k.downline, k.entries, c.auth_uid from callers k join public.clients c on c.id = k.id order by k.kind, k.entries desc`);
if (callers.some((c) => !c.auth_uid)) throw new Error('un miembro de la muestra quedó sin cuenta vinculada');
const describe = (kind) => {
  const xs = callers.filter((c) => c.kind === kind);
  return `${xs.length} (${Math.min(...xs.map((c) => c.entries))}–${Math.max(...xs.map((c) => c.entries))} asientos, descendencia ${Math.min(...xs.map((c) => Number(c.downline)))}–${Math.max(...xs.map((c) => Number(c.downline)))})`;
};
log(`miembros que llaman: uplines pesados ${describe('heavy')}, nivel medio ${describe('mid')}, hojas ${describe('leaf')} (${fmt(ms(t0))} ms)`);

const sig = await functionSignatures(db, [
  'get_ledger',
  'get_ledger_months',
  'get_member_month',
  'get_balance',
  'get_sale_checks',
  'preview_sale_rewards',
  'get_staff_work_counts',
  'get_payout_queue',
  'get_payout_totals',
  'get_approval_queue',
]);
const api = await apiConnection(cfg, APPROVALS_AT);

// Measuring ----------------------------------------------------------------------------------------------
const shuffle = (xs) => {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
};
/** `count` calls taken round-robin from `specs` (so every caller or page gets its share). */
const spread = (specs, count = CALLS) => Array.from({ length: Math.max(count, specs.length) }, (_, i) => specs[i % specs.length]);
const results = [];

/** Runs the calls (each `{ kind?, run }`), a warm-up first, and prints median, p95, max and n. */
async function measure(label, calls, warmUp = WARM_UP) {
  for (const call of shuffle(calls).slice(0, warmUp)) await call.run();
  const times = [];
  for (const call of shuffle(calls)) {
    const t1 = performance.now();
    await call.run();
    times.push({ kind: call.kind, t: ms(t1) });
  }
  const all = summary(times.map((x) => x.t));
  const kinds = [...new Set(times.map((x) => x.kind).filter(Boolean))];
  const byKind = kinds.map((k) => `${k} ${fmt(summary(times.filter((x) => x.kind === k).map((x) => x.t)).p95)}`).join(', ');
  const mark = all.p95 <= TARGET_MS ? '' : '  ← p95 > 50 ms';
  log(`  ${label}: mediana ${fmt(all.p50)}, p95 ${fmt(all.p95)}, máx ${fmt(all.max)} ms, n ${all.n}${byKind ? ` (p95 por miembro: ${byKind})` : ''}${mark}`);
  results.push({ label, ...all });
}

const memberCalls = (fn) => callers.map((c) => ({ kind: c.kind, run: () => fn(claimsOf(c.auth_uid), c) }));

// Mi Cuenta in the open month ------------------------------------------------------------------------------
// The month at a glance as a member sees it on the 28th: points, activity, group points of the whole
// downline, what the close would forfeit.
const memberMonth = rpc(sig, 'get_member_month', [], 'single');
const ledgerMonths = rpc(sig, 'get_ledger_months', []);
const balance = rpc(sig, 'get_balance', [], 'single');
log(`Mi Cuenta, mes en curso (${MONTH.slice(0, 7)}, abierto), como cada miembro:`);
await measure('get_member_month()', spread(memberCalls((claims) => memberMonth(api, claims))));
await measure('get_ledger_months()', spread(memberCalls((claims) => ledgerMonths(api, claims))));
await measure('get_balance()', spread(memberCalls((claims) => balance(api, claims))));

// Group points with approvals not yet folded: the build leaves none pending (it rebuilds the sums),
// so approve some of the pending orders through the engine, as staff, and read again. Each appends
// one row per ancestor; the heaviest uplines then add up to UNFOLDED of them at read time, what a
// minute of approvals at about that rate leaves between two folds (pg_cron, every minute).
const UNFOLDED = Number(process.env.BENCH_UNFOLDED ?? 1000);
t0 = performance.now();
await db.query(`select set_config('request.jwt.claims', $1, false), set_config('savia.now', $2, false)`, [JSON.stringify(asAdmin), APPROVALS_AT]);
const { rows: toApprove } = await db.query(`select o.id from ord o where o.k <= ${UNFOLDED} order by o.k`);
for (const { id } of toApprove) await db.query('select public.approve_sale($1)', [id]);
const {
  rows: [unfolded],
} = await db.query(`
  select count(*)::int as rows,
         count(*) filter (where extensions.subpath(p.path, 0, 1)::text = (select c.member_no::text from public.clients c where c.enroller_id is null limit 1))::int as root_rows
    from private.group_points_pending p`);
log(
  `${toApprove.length} aprobaciones por approve_sale: ${fmt(ms(t0))} ms; pendientes sin plegar: ${unfolded.rows} filas (una por cambio), ${unfolded.root_rows} cuentan para la raíz`,
);
await measure(`get_member_month() con ${toApprove.length} aprobaciones sin plegar`, spread(memberCalls((claims) => memberMonth(api, claims))));
// Exact whatever is folded: the figure every caller reads against their subtree summed by brute force.
const {
  rows: [wrong],
} = await db.query(`
  select count(*)::int as n from callers k
   cross join lateral public.get_member_month(k.id, '${MONTH}') g
   where g.group_points <> (select sum(t.personal_points) from public.clients c
                              join private.member_period_totals t on t.client_id = c.id and t.period = '${MONTH}'
                             where c.path operator(extensions.<@) (select path from public.clients where id = k.id))`);
log(`puntos de grupo distintos de la suma de su red: ${wrong.n} de ${callers.length} miembros`);
await db.query(`select set_config('request.jwt.claims', '', false)`);

// The month closes; then members ask for their income ------------------------------------------------------
await checkpoint(cfg);
t0 = performance.now();
// As production runs it: the superadmin asks (an API request), the queue's runner closes (as pg_cron).
await setClock(api, `${NEXT_MONTH} 06:00:00-05`);
const asked = await request(
  api,
  { claims: claimsOf(superadmin), method: 'POST', path: '/rpc/request_period_close', readOnly: false },
  'select public.request_period_close($1) as body',
  [MONTH],
);
await db.query(`select set_config('savia.now', '${NEXT_MONTH} 06:00:00-05', false)`);
const { job: ran } = await runJob(db, asked.body.id);
const job = { ...ran, summary: ran.result };
if (job.status !== 'done') throw new Error(`el cierre no terminó: ${JSON.stringify(job)}`);
log(`cierre de ${MONTH.slice(0, 7)}: ${fmt(ms(t0))} ms (${job.summary.forfeits} anulaciones, ${job.summary.volume_bonuses} bonos de volumen)`);

// Payout requests as the engine would leave them after ten days of February: members with income to
// collect ask for part of it (some twice), staff approve, pay or reject. Set-based, each row within
// the constraints, and the balance rows (reserved, paid) summed from the requests as the engine keeps them.
t0 = performance.now();
await db.query(`select set_config('savia.now', '${AFTER_CLOSE_AT}', false)`);
await db.query(`
  create temporary table payers as
    select c.id, c.auth_uid, b.settled, row_number() over (order by random()) as n
      from private.member_period_totals t
      join public.clients c on c.id = t.client_id
      cross join lateral private.balance_of(c.id) b
     where t.period = '${MONTH}' and b.available >= 2 * (select m.min_payout from public.metadata m where m.id = 'app_settings')
     order by random()
     limit ${Math.round(PAYOUTS * 0.8)};
  -- Each payer's bank account, in their own name: a request is approved and paid with one.
  update public.clients c set document_number = 'CC ' || (10000000 + p.n) from payers p where c.id = p.id;
  insert into public.payout_accounts (client_id, institution_code, account_type, account_number, holder_name,
                                      holder_document_type, holder_document_number)
  select p.id, '1007', 'ahorros', lpad(p.n::text, 11, '0'), 'Titular De Prueba', 'CC', (10000000 + p.n)::text from payers p;
  -- The first request of each member: most already paid, some rejected, approved or still pending.
  insert into public.payout_requests (client_id, amount, status, payment_details, payment_reference, rejection_reason,
                                      requested_by, decided_by, paid_by, requested_at, decided_at, paid_at, payout_account_id)
  select p.id, a.amount, s.status, 'Banco de pruebas, cuenta ' || lpad(p.n::text, 10, '0'),
         case when s.status = 'paid' then 'TRF-' || p.n end,
         case when s.status = 'rejected' then 'La cuenta indicada no está a nombre del miembro.' end,
         p.auth_uid, case when s.status <> 'pending' then '${admin}'::uuid end, case when s.status = 'paid' then '${admin}'::uuid end,
         w.at, case when s.status <> 'pending' then w.at + interval '1 day' end, case when s.status = 'paid' then w.at + interval '2 days' end,
         case when s.status in ('approved', 'paid') then
           (select k.id from public.payout_accounts k where k.client_id = p.id and k.replaced_at is null) end
    from payers p
    cross join lateral (select greatest((select m.min_payout from public.metadata m where m.id = 'app_settings'),
                                        round(p.settled * (0.2 + 0.3 * random())::numeric, 2)) as amount) a
    cross join lateral (select case when p.n % 20 < 12 then 'paid' when p.n % 20 < 15 then 'rejected'
                                    when p.n % 20 < 18 then 'approved' else 'pending' end as status) s
    cross join lateral (select '${NEXT_MONTH} 07:00:00-05'::timestamptz + make_interval(secs => (p.n * 97) % (5 * 86400)) as at) w;
  -- A second, newer request, still pending, from those with the most left to ask for after the first.
  insert into public.payout_requests (client_id, amount, status, payment_details, requested_by, requested_at)
  select p.id, round(p.available * 0.5, 2), 'pending', 'Banco de pruebas, cuenta ' || lpad(p.n::text, 10, '0'), p.auth_uid,
         '2026-02-08 07:00:00-05'::timestamptz + make_interval(secs => (p.n * 89) % (2 * 86400))
    from (select p.*, p.settled - coalesce(sum(r.amount) filter (where r.status <> 'rejected'), 0) as available
            from payers p join public.payout_requests r on r.client_id = p.id
           group by p.id, p.auth_uid, p.settled, p.n
           order by 5 desc
           limit ${PAYOUTS - Math.round(PAYOUTS * 0.8)}) p
   where p.available >= 2 * (select m.min_payout from public.metadata m where m.id = 'app_settings');
  insert into private.reward_balances (client_id, reserved, paid)
  select r.client_id, coalesce(sum(r.amount) filter (where r.status in ('pending', 'approved')), 0),
         coalesce(sum(r.amount) filter (where r.status = 'paid'), 0)
    from public.payout_requests r group by r.client_id;
  analyze public.payout_requests, private.reward_balances;
`);
const { rows: payoutStates } = await db.query(`select status, count(*)::int as n from public.payout_requests group by 1 order by 1`);
log(`solicitudes de cobro: ${payoutStates.map((s) => `${s.n} ${s.status}`).join(', ')} (${fmt(ms(t0))} ms)`);
await db.query('vacuum analyze');
await checkpoint(cfg);
await setClock(api, AFTER_CLOSE_AT);

// Aprobaciones, as an admin ------------------------------------------------------------------------------
// The queue as src/api/sales fetchApprovalQueue asks for it: get_approval_queue, pending sales oldest
// first with their member and lines, a page of 20 (the screen's default) and the exact total.
const {
  rows: [{ pending }],
} = await db.query(`select count(*)::int as pending from public.sales where status in ('Pendiente de Aprobación', 'Pendiente de Enrolamiento')`);
const approvalQueue = rpc(sig, 'get_approval_queue', ['p_page', 'p_page_size'], 'scalar');
const PAGE = 20;
const queuePage = (page) => ({ run: () => approvalQueue(api, asAdmin, { p_page: page, p_page_size: PAGE }) });
const pages = Math.ceil(pending / PAGE);
const { rows: pendingSales } = await db.query(
  `select id from public.sales where status in ('Pendiente de Aprobación', 'Pendiente de Enrolamiento') order by random() limit ${CALLS}`,
);
const saleChecks = rpc(sig, 'get_sale_checks', ['p_sale_id'], 'scalar');
const previewRewards = rpc(sig, 'preview_sale_rewards', ['p_sale_id']);
const workCounts = rpc(sig, 'get_staff_work_counts', [], 'single');
log(`Aprobaciones (${pending} ventas pendientes, ${pages} páginas de ${PAGE}), como admin:`);
await measure('get_approval_queue, primera página con el total', spread([queuePage(1)]));
await measure('get_approval_queue, páginas 2–10', spread(Array.from({ length: 9 }, (_, i) => queuePage(i + 2))));
await measure(`get_approval_queue, página ${Math.ceil(pages / 2)} de ${pages}`, spread([queuePage(Math.ceil(pages / 2))]));
await measure(`get_approval_queue, última página (${pages})`, spread([queuePage(pages)]));
await measure(
  `get_approval_queue, página al azar (1–${pages})`,
  Array.from({ length: CALLS }, () => queuePage(1 + Math.floor(Math.random() * pages))),
);
await measure(
  'get_sale_checks(venta al azar)',
  pendingSales.map((s) => ({ run: () => saleChecks(api, asAdmin, { p_sale_id: s.id }) })),
);
await measure(
  'preview_sale_rewards(venta al azar)',
  pendingSales.map((s) => ({ run: () => previewRewards(api, asAdmin, { p_sale_id: s.id }) })),
);
await measure('get_staff_work_counts() (la insignia del menú)', spread([{ run: () => workCounts(api, asAdmin) }]));

// Mis Recompensas, as each member --------------------------------------------------------------------------
// Pages of 50. The deep page starts after the entry 90 % down the member's ledger (the keyset cursor
// the screen would hold after scrolling that far); filters: the month, and one or two entry types.
const { rows: cursors } = await db.query(`
  select k.id, x.period_month::text as month, x.id as entry
    from callers k
    cross join lateral (select r.period_month, r.id from public.reward_transactions r where r.beneficiary_id = k.id
                         order by r.period_month desc, r.id desc offset greatest(floor(k.entries * 0.9)::integer - 1, 0) limit 1) x`);
const cursorOf = new Map(cursors.map((c) => [c.id, c]));
const LEDGER = 50;
const ledgerCall = (args) => rpc(sig, 'get_ledger', ['p_limit', ...Object.keys(args)]);
const ledgerFirst = ledgerCall({});
const ledgerDeep = ledgerCall({ p_before_month: 0, p_before_id: 0 });
const ledgerMonth = ledgerCall({ p_month: 0 });
const ledgerTypes = ledgerCall({ p_types: 0 });
const ledgerFiltered = ledgerCall({ p_before_month: 0, p_before_id: 0, p_month: 0, p_types: 0 });
const deepArgs = (c) => {
  const cur = cursorOf.get(c.id);
  return cur ? { p_before_month: cur.month, p_before_id: cur.entry } : { p_before_month: NEXT_MONTH, p_before_id: 0 };
};
log('Mis Recompensas (libro, páginas de 50), como cada miembro:');
await measure('get_ledger primera página', spread(memberCalls((claims) => ledgerFirst(api, claims, { p_limit: LEDGER }))));
await measure('get_ledger página profunda (cursor al 90 %)', spread(memberCalls((claims, c) => ledgerDeep(api, claims, { p_limit: LEDGER, ...deepArgs(c) }))));
await measure(
  `get_ledger primera página, mes ${MONTH.slice(0, 7)}`,
  spread(memberCalls((claims) => ledgerMonth(api, claims, { p_limit: LEDGER, p_month: MONTH }))),
);
await measure(
  'get_ledger primera página, tipo comisión por compra',
  spread(memberCalls((claims) => ledgerTypes(api, claims, { p_limit: LEDGER, p_types: ['commission_purchase'] }))),
);
await measure(
  'get_ledger primera página, tipos puntos por compra y reversos',
  spread(memberCalls((claims) => ledgerTypes(api, claims, { p_limit: LEDGER, p_types: ['points_purchase', 'reversal_commission'] }))),
);
await measure(
  'get_ledger página profunda con mes y tipo',
  spread(memberCalls((claims, c) => ledgerFiltered(api, claims, { p_limit: LEDGER, ...deepArgs(c), p_month: MONTH, p_types: ['commission_purchase'] }))),
);

// Pagos, as an admin ------------------------------------------------------------------------------------------
const payoutQueue = rpc(sig, 'get_payout_queue', ['p_statuses', 'p_page', 'p_page_size']);
const payoutQueueAll = rpc(sig, 'get_payout_queue', ['p_page', 'p_page_size']);
const payoutTotals = rpc(sig, 'get_payout_totals', []);
const countOf = (status) => payoutStates.filter((s) => !status || s.status === status).reduce((n, s) => n + s.n, 0);
log(`Pagos (${countOf(null)} solicitudes, páginas de ${PAGE}), como admin:`);
for (const status of ['pending', 'approved', 'paid', 'rejected', null]) {
  const pagesOf = Math.max(1, Math.ceil(countOf(status) / PAGE));
  const call = (page) => ({
    run: () =>
      status
        ? payoutQueue(api, asAdmin, { p_statuses: [status], p_page: page, p_page_size: PAGE })
        : payoutQueueAll(api, asAdmin, { p_page: page, p_page_size: PAGE }),
  });
  await measure(`get_payout_queue(${status ?? 'todas'}), primera página`, spread([call(1)], CALLS / 3));
  await measure(
    `get_payout_queue(${status ?? 'todas'}), página al azar (1–${pagesOf})`,
    spread(
      Array.from({ length: pagesOf }, (_, i) => call(i + 1)),
      CALLS / 3,
    ),
  );
}
await measure('get_payout_totals()', spread([{ run: () => payoutTotals(api, asAdmin) }]));
await measure('get_staff_work_counts() con cobros', spread([{ run: () => workCounts(api, asAdmin) }]));

// Mi Cuenta after the close ---------------------------------------------------------------------------------------
const memberMonthOf = rpc(sig, 'get_member_month', ['p_month'], 'single');
log(`Mi Cuenta tras el cierre (${AFTER_CLOSE_AT.slice(0, 10)}), como cada miembro:`);
await measure(`get_member_month(${MONTH.slice(0, 7)}, cerrado)`, spread(memberCalls((claims) => memberMonthOf(api, claims, { p_month: MONTH }))));
await measure(`get_member_month() (${NEXT_MONTH.slice(0, 7)}, en curso)`, spread(memberCalls((claims) => memberMonth(api, claims))));
await measure('get_ledger_months()', spread(memberCalls((claims) => ledgerMonths(api, claims))));
await measure('get_balance()', spread(memberCalls((claims) => balance(api, claims))));
await api.end();

const slow = results.filter((r) => r.p95 > TARGET_MS);
log(slow.length ? `por encima de ${TARGET_MS} ms de p95: ${slow.map((r) => r.label).join('; ')}` : `todas con p95 ≤ ${TARGET_MS} ms`);
const {
  rows: [bad],
} = await db.query(`select count(*)::int as n from private.engine_invariant_violations()`);
log(`invariantes violados: ${bad.n}`);
log(`máquina al terminar: ${machine()}, PostgreSQL ${(await db.query('show server_version')).rows[0].server_version}`);
await db.end();
