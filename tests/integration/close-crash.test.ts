// The month close survives its runner being killed (issue 27). Two twin months, the same story told
// with different members: the first closes as the job runner closes any month; the second's runner is
// killed twice with pg_terminate_backend, in the middle of two different steps (held there by a lock
// the step needs: the ledger during the forfeits, the members during the level-ups), and each time
// the next runner takes the job up where it was. Afterwards the second month's ledger, summary, frozen
// figures and levels are the first's, member for member: nothing was lost or counted twice. While the
// month is closing, writes into it are refused with a Spanish sentence (an approval on a clock still in
// that month, a cancellation through the API) and leave the sale as it was, and an approval of the
// month in course goes through.
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { callAs, enginePool, member, product, retireTestProducts, staff, tagOf } from './engine-support';
import { staffPersona } from './fixtures/personas';
import { cfg, sql } from './support';

const pool = enginePool(6);
afterAll(async () => {
  await pool.end();
  await retireTestProducts();
});

const ROLES = ['alba', 'bea', 'ciro', 'dani', 'eva'] as const;
type Role = (typeof ROLES)[number];
interface Month {
  month: string;
  at: string;
  ids: Record<Role, string>;
  pendingOrder: string;
  paidSale: string;
}

/** The month before the oldest the database has (none earlier is open) and over two years ago. */
async function monthBeforeAll(): Promise<string> {
  const [{ month }] = await sql<{ month: string }>(
    `select to_char(least(min(p.month), private.current_period() - interval '2 years') - interval '1 month', 'YYYY-MM-DD') as month from public.periods p`,
  );
  return month;
}

/**
 * One month's story, on the 15th: Alba (★2) at the top, Bea under her, Ciro under Bea, Dani under Ciro,
 * Eva under Alba. Alba, Ciro, Dani and Eva buy (active); Bea buys nothing, so her commissions on Ciro's
 * and Dani's purchases are forfeited; Alba earns a volume bonus; Ciro's 1,000 points raise him to ★2.
 * Dani also leaves an order pending.
 */
async function story(month: string, admin: string): Promise<Month> {
  const tag = tagOf();
  const productId = await product(tag, 100, 100, 1000);
  const alba = await member(tag, 'Alba', null);
  const bea = await member(tag, 'Bea', alba.id);
  const ciro = await member(tag, 'Ciro', bea.id);
  const dani = await member(tag, 'Dani', ciro.id);
  const eva = await member(tag, 'Eva', alba.id);
  await sql('update public.clients set star_level = 2 where id = $1', [alba.id]);
  const at = `${month.slice(0, 8)}15 12:00:00-05`;
  const sell = async (buyer: string, quantity: number) => {
    const sale = await callAs<{ id: string }>(
      pool,
      admin,
      'select (public.create_direct_sale($1, $2::jsonb)).id',
      [buyer, JSON.stringify([{ product_id: productId, quantity }])],
      at,
    );
    expect(sale.ok, JSON.stringify(sale)).toBe(true);
    return (sale as { value: { id: string } }).value.id;
  };
  await sell(alba.id, 1);
  const paidSale = await sell(ciro.id, 10);
  await sell(dani.id, 2);
  await sell(eva.id, 1);
  const order = await callAs<{ id: string }>(
    pool,
    dani.userId,
    `select (public.place_order($1::jsonb, 'transferencia')).id`,
    [JSON.stringify([{ product_id: productId, quantity: 1 }])],
    at,
  );
  expect(order.ok).toBe(true);
  return {
    month,
    at,
    ids: { alba: alba.id, bea: bea.id, ciro: ciro.id, dani: dani.id, eva: eva.id },
    pendingOrder: (order as { value: { id: string } }).value.id,
    paidSale,
  };
}

/** Asks for the close as a superadmin and holds the job back from pg_cron's runners, in one transaction. */
async function requestHeld(superadmin: string, month: string): Promise<number> {
  const c = new pg.Client({ connectionString: cfg.dbUrl });
  await c.connect();
  try {
    await c.query('begin');
    await c.query('set local role authenticated');
    await c.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: superadmin, role: 'authenticated', aud: 'authenticated' })]);
    const { rows } = await c.query<{ id: string }>(`select public.request_period_close($1::date) ->> 'id' as id`, [month]);
    await c.query('reset role');
    await c.query(`update private.jobs set run_after = 'infinity' where id = $1`, [rows[0]!.id]);
    await c.query('commit');
    return Number(rows[0]!.id);
  } finally {
    await c.end();
  }
}

/** A job runner of our own (postgres, as pg_cron runs it) on one job; resolves with its outcome. */
async function runner(job: number): Promise<{ pid: number; done: Promise<unknown> }> {
  const c = new pg.Client({ connectionString: cfg.dbUrl });
  await c.connect();
  c.on('error', () => {}); // killed on purpose
  const { rows } = await c.query<{ pid: number }>('select pg_backend_pid() as pid');
  const done = c
    .query('call private.run_jobs(0, $1)', [job])
    .then(
      () => 'terminó',
      (error: Error) => error.message,
    )
    .finally(() => c.end().catch(() => {}));
  return { pid: rows[0]!.pid, done };
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`Esperando: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Runs the job with `table` locked, kills the runner once it waits for that lock, and returns the step it was in. */
async function killWhileWaitingFor(job: number, table: string): Promise<string> {
  const holder = new pg.Client({ connectionString: cfg.dbUrl });
  await holder.connect();
  try {
    await holder.query('begin');
    await holder.query(`lock table ${table} in share mode`);
    const run = await runner(job);
    await waitFor(`el ejecutor ${run.pid} espera el bloqueo de ${table}`, async () => {
      const [row] = await sql<{ waiting: boolean }>(`select wait_event_type = 'Lock' as waiting from pg_stat_activity where pid = $1`, [run.pid]);
      return row?.waiting === true;
    });
    const [{ step }] = await sql<{ step: string }>('select step from private.jobs where id = $1', [job]);
    const [{ killed }] = await sql<{ killed: boolean }>('select pg_terminate_backend($1) as killed', [run.pid]);
    expect(killed).toBe(true);
    expect(await run.done).toMatch(/terminat/i);
    await waitFor('la sesión del ejecutor termina', async () => (await sql('select 1 from pg_stat_activity where pid = $1', [run.pid])).length === 0);
    return step;
  } finally {
    await holder.query('rollback').catch(() => {});
    await holder.end();
  }
}

/** Everything the close wrote for a month, by role, comparable between the twins. */
async function closeOf(m: Month) {
  const byId = Object.fromEntries(ROLES.map((r) => [m.ids[r], r]));
  const ledger = await sql<{ beneficiary_id: string; type: string; amount: string }>(
    `select beneficiary_id, type, amount::text from public.reward_transactions
      where period_month = $1 and type in ('reversal_commission', 'bonus_volume') and beneficiary_id = any($2::uuid[])`,
    [m.month, Object.values(m.ids)],
  );
  const frozen = await sql<Record<string, unknown> & { client_id: string }>(
    `select t.client_id, t.personal_points, t.income::text, t.forfeited::text, t.was_active, t.group_points, t.downline_sales::text,
            t.level_during, t.level_after, c.star_level
       from private.member_period_totals t join public.clients c on c.id = t.client_id
      where t.period = $1 and t.client_id = any($2::uuid[])`,
    [m.month, Object.values(m.ids)],
  );
  const [period] = await sql<{ status: string; summary: Record<string, unknown> }>('select status, summary from public.periods where month = $1', [m.month]);
  const { month: _m, closed_at: _c, plan_version: _v, ...summary } = period!.summary;
  return {
    status: period!.status,
    summary,
    ledger: ledger.map((r) => `${byId[r.beneficiary_id]} ${r.type} ${r.amount}`).sort(),
    frozen: frozen.map(({ client_id, ...rest }) => ({ role: byId[client_id], ...rest })).sort((a, b) => String(a.role).localeCompare(String(b.role))),
  };
}

describe('el cierre sobrevive a que maten a su ejecutor', () => {
  it('dos veces, en dos pasos distintos: el libro queda igual que el de un cierre sin cortes', { timeout: 240_000 }, async () => {
    const admin = await staff(tagOf(), 'admin');
    const superadmin = await staff(tagOf(), 'superadmin');
    const apiAdmin = await staffPersona('admin');

    const first = await story(await monthBeforeAll(), admin);
    // The month before `first` (now the oldest): the twin closes first, as months close in order.
    const twin = await story(await monthBeforeAll(), admin);
    expect(twin.month < first.month).toBe(true);

    // The twin closes as any month does, without a cut.
    const calm = await requestHeld(superadmin, twin.month);
    expect(await (await runner(calm)).done).toBe('terminó');
    expect((await sql<{ status: string }>('select status from private.jobs where id = $1', [calm]))[0]!.status).toBe('done');

    // The other month: killed during its forfeits, with the ledger locked.
    const job = await requestHeld(superadmin, first.month);
    expect(await killWhileWaitingFor(job, 'public.reward_transactions')).toBe('forfeits');
    const [cut] = await sql<{ status: string; closing: boolean; forfeits: string }>(
      `select j.status, p.close_started_at is not null as closing,
              (select count(*) from public.reward_transactions r where r.period_month = j.month and r.type = 'reversal_commission') as forfeits
         from private.jobs j join public.periods p on p.month = j.month where j.id = $1`,
      [job],
    );
    expect(cut).toEqual({ status: 'running', closing: true, forfeits: '0' });

    // While it is closing: an approval on a clock still in that month is refused with a sentence and
    // the order stays pending; a cancellation of one of its sales, through the API, likewise.
    const late = await callAs(pool, admin, 'select public.approve_sale($1)', [first.pendingOrder], first.at);
    expect(late).toMatchObject({ ok: false, hint: 'savia:period_closing' });
    expect((late as { message: string }).message).toMatch(/^El cierre de .+ está en marcha: ya no se registran recompensas en ese mes\./);
    const cancel = await apiAdmin.client.rpc('cancel_sale', { p_sale_id: first.paidSale, p_reason: 'Devolución del cliente' });
    expect(cancel.error).toMatchObject({ hint: 'savia:period_closing' });
    expect(cancel.error!.message).toMatch(/está en marcha: la venta #\d+ se podrá cancelar cuando termine\.$/);
    const states = await sql<{ status: string }>('select status from public.sales where id = any($1::uuid[]) order by status', [
      [first.pendingOrder, first.paidSale],
    ]);
    expect(states.map((s) => s.status)).toEqual(['Pagada', 'Pendiente de Aprobación']);
    // An order of the month in course is approved meanwhile: the close does not hold it.
    const buyer = await member(tagOf(), 'Hoy', null);
    const todayProduct = await product(tagOf(), 10, 10, 10);
    const todays = await callAs<{ id: string }>(pool, buyer.userId, `select (public.place_order($1::jsonb, 'efectivo')).id`, [
      JSON.stringify([{ product_id: todayProduct, quantity: 1 }]),
    ]);
    const approved = await apiAdmin.client.rpc('approve_sale', { p_sale_id: (todays as { value: { id: string } }).value.id });
    expect(approved.error).toBeNull();

    // Taken up again, then killed during the level-ups, with the members locked.
    expect(await killWhileWaitingFor(job, 'public.clients')).toBe('levels');
    // And taken up again to the end.
    expect(await (await runner(job)).done).toBe('terminó');
    const [end] = await sql<{ status: string; attempts: number; step: string }>('select status, attempts, step from private.jobs where id = $1', [job]);
    expect(end).toEqual({ status: 'done', attempts: 3, step: 'done' });

    // The same close as the twin's, member for member.
    const calmClose = await closeOf(twin);
    const cutClose = await closeOf(first);
    expect(calmClose.status).toBe('closed');
    expect(calmClose.ledger.length).toBeGreaterThan(1);
    expect(calmClose.ledger.some((e) => e.startsWith('bea reversal_commission'))).toBe(true);
    expect(calmClose.ledger.some((e) => e.startsWith('alba bonus_volume'))).toBe(true);
    expect(cutClose).toEqual(calmClose);
    expect(calmClose.summary).toMatchObject({ forfeits: 1, volume_bonuses: 1, level_ups: 1 });
    const [{ broken }] = await sql<{ broken: string }>('select count(*) as broken from private.engine_invariant_violations()');
    expect(broken).toBe('0');

    // Nothing was lost: the waiting order is approved now (in the month in course), the sale cancelled.
    const now = await apiAdmin.client.rpc('approve_sale', { p_sale_id: first.pendingOrder });
    expect(now.error).toBeNull();
    const [{ period }] = await sql<{ period: string }>(`select to_char(period_month, 'YYYY-MM-DD') as period from public.sales where id = $1`, [
      first.pendingOrder,
    ]);
    expect(period > first.month).toBe(true);
    const after = await apiAdmin.client.rpc('cancel_sale', { p_sale_id: first.paidSale, p_reason: 'Devolución del cliente' });
    expect(after.error).toBeNull();
  });

  it(
    'dos ejecutores a la vez: el que no tiene trabajo hace tramos del cierre del otro; si lo matan a mitad, el dueño rehace el tramo',
    { timeout: 240_000 },
    async () => {
      const admin = await staff(tagOf(), 'admin');
      const superadmin = await staff(tagOf(), 'superadmin');
      const first = await story(await monthBeforeAll(), admin);
      const twin = await story(await monthBeforeAll(), admin);
      const calm = await requestHeld(superadmin, twin.month);
      expect(await (await runner(calm)).done).toBe('terminó');

      const job = await requestHeld(superadmin, first.month);
      const connect = async () => {
        const c = new pg.Client({ connectionString: cfg.dbUrl });
        await c.connect();
        c.on('error', () => {}); // killed on purpose
        return c;
      };
      const help = async (c: pg.Client) => (await c.query<{ helped: boolean }>('select private.close_help() as helped')).rows[0]!.helped;
      const owner = await connect();
      const helper = await connect();
      try {
        expect(await help(helper), 'sin un ejecutor en el cierre, nadie ayuda').toBe(false);
        // The owner takes the job as a runner does and goes in chunks of two members.
        await owner.query('select private.claim_job($1)', [job]);
        const step = async () =>
          (await owner.query<{ p: { step: string } }>('select private.close_step($1, $2, 2) as p', [first.month, superadmin])).rows[0]!.p.step;
        expect(await step()).toBe('freeze');

        // The helper holds the first chunk of the freeze; the owner does the others (pg_cron's runners may
        // help too), then waits for it before the forfeits.
        await helper.query('begin');
        expect(await help(helper)).toBe(true);
        const [{ pid }] = (await owner.query<{ pid: number }>('select pg_backend_pid() as pid')).rows;
        const waiting = (async () => {
          let s = await step();
          while (s === 'freeze') s = await step();
          return s;
        })();
        await waitFor('el dueño espera el tramo del ayudante', async () => {
          const [row] = await sql<{ waiting: boolean }>(`select wait_event_type = 'Lock' as waiting from pg_stat_activity where pid = $1`, [pid]);
          return row?.waiting === true;
        });
        await helper.query('commit');
        expect(await waiting, 'hecho el tramo del ayudante, el dueño pasa al paso siguiente').toBe('forfeits');

        // Another helper takes a chunk of the forfeits and is killed before it commits: the chunk is undone.
        const doomed = await connect();
        await doomed.query('begin');
        expect(await help(doomed)).toBe(true);
        const [{ doomedPid }] = (await doomed.query<{ doomedPid: number }>('select pg_backend_pid() as "doomedPid"')).rows;
        await sql('select pg_terminate_backend($1)', [doomedPid]);
        await doomed.end().catch(() => {});

        // To the end, the helper taking a chunk between the owner's.
        for (let s = await step(); s !== 'done'; s = await step()) await help(helper);
        expect(await help(helper), 'cerrado el mes, no queda nada que ayudar').toBe(false);
        const [{ left }] = await sql<{ left: string }>('select count(*) as left from private.period_close_chunks where month = $1', [first.month]);
        expect(left).toBe('0');
        // The job, whose runner the owner played, ends as any does.
        expect((await owner.query<{ status: string }>('select private.run_job_step($1) as status', [job])).rows[0]!.status).toBe('done');
        await owner.query('select private.release_job($1)', [job]);
      } finally {
        await owner.end().catch(() => {});
        await helper.end().catch(() => {});
        // A failure above must not leave a close running for the other tests' months.
        await sql(`update private.jobs set status = 'failed', finished_at = now(), error = 'prueba interrumpida' where id = $1 and status = 'running'`, [job]);
      }

      // The same close as the twin's, member for member: no chunk lost, none written twice.
      const calmClose = await closeOf(twin);
      expect(calmClose.ledger.some((e) => e.startsWith('bea reversal_commission'))).toBe(true);
      expect(await closeOf(first)).toEqual(calmClose);
      const [{ broken }] = await sql<{ broken: string }>('select count(*) as broken from private.engine_invariant_violations()');
      expect(broken).toBe('0');
    },
  );

  // pg_cron's call is one statement, which a hosted project cuts at 2 minutes through every commit in it:
  // a close longer than that is handed from runner to runner at the end of a step (p_hand_off, 0 here:
  // after each step), and a hand-off is not one of the five cuts after which a job waits for a person.
  it('un cierre que pasa de un ejecutor a otro en cada paso termina, sin contarlo como cortes', { timeout: 240_000 }, async () => {
    const admin = await staff(tagOf(), 'admin');
    const superadmin = await staff(tagOf(), 'superadmin');
    const m = await story(await monthBeforeAll(), admin);
    const job = await requestHeld(superadmin, m.month);
    let calls = 0;
    let status = 'running';
    while (status === 'running' && calls < 40) {
      await sql('call private.run_jobs(0, $1, null, 0)', [job]);
      calls += 1;
      status = (await sql<{ status: string }>('select status from private.jobs where id = $1', [job]))[0]!.status;
    }
    const [end] = await sql<{ status: string; attempts: number; step: string }>('select status, attempts, step from private.jobs where id = $1', [job]);
    expect(end).toEqual({ status: 'done', attempts: 1, step: 'done' });
    expect(calls, 'más llamadas que los cinco cortes que un trabajo admite').toBeGreaterThan(5);
    const close = await closeOf(m);
    expect(close.status).toBe('closed');
    expect(close.summary).toMatchObject({ forfeits: 1, volume_bonuses: 1, level_ups: 1 });
    const [{ broken }] = await sql<{ broken: string }>('select count(*) as broken from private.engine_invariant_violations()');
    expect(broken).toBe('0');
  });
});
