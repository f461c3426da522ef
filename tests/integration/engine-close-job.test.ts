// The month close as a job, end to end on the running stack: a superadmin asks through the API, the
// close-period function asks for the same month with the service key and with the superadmin's
// session (the caller's own keys reach the database, which decides), pg_cron's runner closes the
// month outside any request, and the job row tells the screen how it went. Staff who are not
// superadmin, and members, are refused.
import { afterAll, describe, expect, it } from 'vitest';
import { createUser, signInWithGoogle } from './fixtures/auth-helpers';
import { callAs, enginePool, member, product, retireTestProducts, tagOf } from './engine-support';
import { cfg, freeMonth, sql } from './support';

const pool = enginePool(5);
afterAll(async () => {
  await pool.end();
  await retireTestProducts();
});

/** A Google sign-in through the auth emulator: the session the app would hold. */
async function signIn(person: { id: string; email: string }) {
  const { client, session } = await signInWithGoogle(person.email);
  return { client, userId: person.id, token: session.access_token };
}

async function staffSession(role: 'superadmin' | 'admin') {
  const person = await createUser();
  await sql(`insert into public.users_roles (user_id, role) values ($1, $2)`, [person.id, role]);
  return signIn(person);
}

/** A registered member whose account the link trigger makes a cliente, as at a first sign-in. */
async function memberSession() {
  const tag = tagOf();
  const email = `motor.socia.${tag}@tests.savia`;
  await sql(`insert into public.clients (name, email, enrollment_status, joined_at) values ($1, $2, 'registered', now())`, [`Socia ${tag}`, email]);
  return signIn(await createUser(email));
}

const closePeriod = (headers: Record<string, string>, body?: unknown) =>
  fetch(`${cfg.apiUrl}/functions/v1/close-period`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const serviceKey = { apikey: cfg.serviceRoleKey, authorization: `Bearer ${cfg.serviceRoleKey}` };

type Job = {
  id: number;
  month: string;
  status: string;
  origin: string;
  requested_at: string;
  started_at: string | null;
  finished_at: string | null;
  summary: Record<string, unknown> | null;
  error: string | null;
};

/** A month of its own in the past, with a sale whose commission the close forfeits: its sponsor bought nothing. */
async function monthWithActivity(): Promise<string> {
  const tag = tagOf();
  const sponsor = await member(tag, 'Madrina', null);
  const buyer = await member(tag, 'Compradora', sponsor.id);
  const productId = await product(tag, 100, 100, 20);
  const admin = await staffSession('admin');
  // 100 to 199 months back: before the demo's history, after engine-races' months (200 and more).
  const month = await freeMonth(100, 100);
  const at = `${month.slice(0, 8)}15 12:00:00-05`;
  const order = await callAs<{ id: string }>(
    pool,
    buyer.userId,
    `select (public.place_order($1::jsonb, 'transferencia')).id`,
    [JSON.stringify([{ product_id: productId, quantity: 6 }])],
    at,
  );
  expect(order.ok).toBe(true);
  const approval = await callAs(pool, admin.userId, 'select public.approve_sale($1)', [(order as { value: { id: string } }).value.id], at);
  expect(approval.ok).toBe(true);
  return month;
}

describe('el cierre del mes como trabajo', () => {
  it('el superadmin lo pide por la API, la función pide el mismo trabajo y pg_cron cierra el mes', { timeout: 180_000 }, async () => {
    const month = await monthWithActivity();
    const superadmin = await staffSession('superadmin');

    const asked = await superadmin.client.rpc('request_period_close', { p_month: month });
    expect(asked.error).toBeNull();
    const job = asked.data as Job;
    expect(job).toMatchObject({ month, status: expect.stringMatching(/^(queued|running)$/) });
    // pg_cron's hourly task may have asked for this open month first: the same job either way.
    if (job.origin === 'superadmin') expect(asked.data.requested_by).toBe(superadmin.userId);

    const byService = await closePeriod(serviceKey, { month });
    expect([200, 202]).toContain(byService.status);
    expect((await byService.json()).id).toBe(job.id);
    const bySession = await closePeriod({ apikey: cfg.anonKey, authorization: `Bearer ${superadmin.token}` }, { month });
    expect((await bySession.json()).id).toBe(job.id);

    // pg_cron's runners look at the queue every half second: wait for the job to end, reading it as the
    // screen does (the month's latest job, with its step while it runs).
    const deadline = Date.now() + 150_000;
    let seen = { status: job.status, finished_at: null as string | null, error: null as string | null, step: null as string | null };
    while (seen.status === 'queued' || seen.status === 'running') {
      expect(Date.now(), `el trabajo ${job.id} sigue «${seen.status}»`).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const read = await superadmin.client.rpc('get_close_months');
      expect(read.error).toBeNull();
      const row = read.data!.find((m: { month: string }) => m.month === month)!;
      expect(row.job_id).toBe(job.id);
      seen = { status: row.job_status, finished_at: row.job_finished_at, error: row.job_error, step: row.job_step };
    }
    expect(seen.error).toBeNull();
    expect(seen).toMatchObject({ status: 'done', step: 'done' });
    expect(Date.parse(seen.finished_at!)).toBeGreaterThanOrEqual(Date.parse(job.requested_at));
    // The jobs are not a table of the API; the summary's money is finance's: a superadmin without the claim reads the counts only.
    const table = await superadmin.client.from('period_close_jobs').select('id');
    expect(table.data).toBeNull();
    expect(table.error?.message).toMatch(/period_close_jobs/);
    const counts = (await superadmin.client.rpc('request_period_close', { p_month: month })).data as Job;
    expect(counts.summary).toMatchObject({ members: 2, forfeits: 1 });
    expect(counts.summary).not.toHaveProperty('forfeited_amount');
    const whole = (await (await closePeriod(serviceKey, { month })).json()) as Job;

    const [period] = await sql<{ status: string; summary: Record<string, unknown> }>('select status, summary from public.periods where month = $1', [month]);
    expect(period.status).toBe('closed');
    expect(whole.summary).toEqual({ ...period.summary, already_closed: false });
    // The sponsor ended the month inactive: her 10 % of 600.00 is forfeited; the buyer was active.
    expect(whole.summary).toMatchObject({ month, members: 2, active: 1, forfeits: 1, forfeited_amount: 60 });

    const again = await closePeriod(serviceKey, { month });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ id: job.id, status: 'done' });
  });

  it('un admin no lo pide, ni por la API ni por la función; un miembro tampoco', async () => {
    const refusal = { message: 'Solo un superadmin (o el cierre programado) puede cerrar un mes.', hint: 'savia:forbidden' };
    const member = await memberSession();
    const [{ role }] = await sql<{ role: string }>('select role from public.users_roles where user_id = $1', [member.userId]);
    expect(role).toBe('cliente');
    for (const who of [await staffSession('admin'), member]) {
      const refused = await who.client.rpc('request_period_close');
      expect(refused.error).toMatchObject(refusal);
      const byFunction = await closePeriod({ apikey: cfg.anonKey, authorization: `Bearer ${who.token}` });
      expect(byFunction.status).toBe(403);
      expect(await byFunction.json()).toEqual({ error: refusal.message, code: refusal.hint });
    }
  });

  it('la función sin clave, con la clave anónima o con un mes sin terminar responde con el rechazo', async () => {
    expect((await closePeriod({})).status).toBe(401);
    const anon = await closePeriod({ apikey: cfg.anonKey, authorization: `Bearer ${cfg.anonKey}` });
    expect(anon.status).toBe(401);
    const notEnded = await closePeriod(serviceKey, { month: '2999-01-01' });
    expect(notEnded.status).toBe(409);
    expect((await notEnded.json()).code).toBe('savia:period_not_ended');
  });
});
