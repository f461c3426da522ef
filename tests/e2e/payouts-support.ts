// Shared by the specs of Pagos and of paying through the bank: a member of the test's own with money
// available (made by the engine in a month of its own), her payout account and her requests, and
// the database's view of a request and a balance.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { personas, withDb } from './support';

export interface Payout {
  id: string;
  amount: number;
  details: string | null;
}
export interface Earner {
  clientId: string;
  userId: string;
  name: string;
  email: string;
  document: string;
  payouts: Payout[];
}

/** One statement as a signed-in person, in its own transaction, as PostgREST runs an RPC. */
export async function as<T extends pg.QueryResultRow>(db: pg.Client, userId: string, text: string, params: unknown[] = [], at?: string): Promise<T[]> {
  await db.query('begin');
  try {
    if (at) await db.query(`select set_config('savia.now', $1, true)`, [at]);
    await db.query('set local role authenticated');
    await db.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: userId, role: 'authenticated', aud: 'authenticated' })]);
    const { rows } = await db.query<T>(text, params);
    await db.query('commit');
    return rows;
  } catch (error) {
    await db.query('rollback');
    throw error;
  }
}

export const userIdOf = async (db: pg.Client, email: string) =>
  (await db.query<{ id: string }>('select id from auth.users where lower(email) = lower($1)', [email])).rows[0]!.id;

async function registeredMember(db: pg.Client, name: string, email: string, document: string | null, enrollerId: string | null) {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.clients (name, email, document_number, enroller_id, enrollment_status, joined_at)
     values ($1, $2, $3, $4, 'registered', now()) returning id`,
    [name, email, document, enrollerId],
  );
  const userId = randomUUID();
  // The link trigger makes the account this member's, as a first Google sign-in would.
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, now(), '{"provider":"google"}', '{}', now(), now())`,
    [userId, email],
  );
  return { id: rows[0]!.id, userId };
}

/**
 * A member with 100.00 available, made by the engine: in a month of its own long ago (so it never
 * meets a closed one), her recruit buys 10 × 100.00 (10 % to her, level ★1) and she buys one to
 * stay active; the close of that month makes the 100.00 available. Then she asks for `amounts`.
 */
export async function earnerWithPayouts(
  amounts: readonly { amount: number; details: string | null }[],
  { withAccount = true }: { withAccount?: boolean } = {},
): Promise<Earner> {
  const tag = randomUUID().slice(0, 8);
  return withDb(async (db) => {
    const name = `Ana Pagos ${tag}`;
    const email = `ana.pagos.${tag}@tests.savia`;
    const document = `CC 90${parseInt(tag.slice(0, 6), 16)}`;
    const ana = await registeredMember(db, name, email, document, null);
    const beto = await registeredMember(db, `Beto Pagos ${tag}`, `beto.pagos.${tag}@tests.savia`, null, ana.id);
    const { rows: product } = await db.query<{ id: string }>(
      `insert into public.products (sku, name, price, commissionable_amount, points, stock)
       values ($1, $2, 100, 100, 100, 20) returning id`,
      [`T-PAG-${tag}`, `Producto de pagos ${tag}`],
    );
    let month = '';
    for (let back = 900 + Math.floor(Math.random() * 300); ; back += 1) {
      const { rows } = await db.query<{ month: string; free: boolean }>(
        `select to_char(m, 'YYYY-MM-DD') as month, not exists (select 1 from public.periods p where p.month = m::date) as free
           from (select date_trunc('month', now() at time zone 'America/Bogota') - make_interval(months => $1) as m) x`,
        [back],
      );
      if (rows[0]!.free) {
        month = rows[0]!.month;
        break;
      }
    }
    const during = `${month.slice(0, 8)}15 12:00:00-05`;
    const items = (quantity: number) => JSON.stringify([{ product_id: product[0]!.id, quantity }]);
    const [order] = await as<{ id: string }>(db, beto.userId, `select (public.place_order($1::jsonb)).id`, [items(10)], during);
    const [own] = await as<{ id: string }>(db, ana.userId, `select (public.place_order($1::jsonb)).id`, [items(1)], during);
    const admin = await userIdOf(db, personas.admin);
    await as(db, admin, 'select public.approve_sale($1)', [order!.id], during);
    await as(db, admin, 'select public.approve_sale($1)', [own!.id], during);
    await db.query('begin');
    const next = new Date(`${month}T12:00:00Z`);
    next.setUTCMonth(next.getUTCMonth() + 1);
    await db.query(`select set_config('savia.now', $1, true)`, [`${next.toISOString().slice(0, 10)} 06:00:00-05`]);
    await db.query('select private.close_period($1::date, null)', [month]);
    await db.query('commit');
    // The close brought activity to its own clock's month; everyone back on today's, and the
    // product out of the catalogue other specs read.
    await db.query('select private.refresh_all_activity()');
    await db.query('update public.products set is_active = false where id = $1', [product[0]!.id]);

    // Her payout account in Mi Cuenta (Bancolombia, savings, in her name), as she would save it.
    if (withAccount)
      await as(db, ana.userId, `select public.save_payout_account('1007', 'ahorros', $1, $2, 'CC', $3)`, [
        accountNumberOf(tag),
        name.replace(/ [0-9a-f]+$/, ''),
        document.slice(3),
      ]);
    const payouts: Payout[] = [];
    for (const { amount, details } of amounts) {
      const [row] = await as<{ id: string }>(db, ana.userId, 'select (public.request_payout($1, $2)).id', [amount, details]);
      payouts.push({ id: row!.id, amount, details });
    }
    return { clientId: ana.id, userId: ana.userId, name, email, document, payouts };
  });
}

/** An 11-digit Bancolombia number of the run's own. */
export const accountNumberOf = (tag: string) => String(30_000_000_000 + (parseInt(tag.slice(0, 7), 16) % 9_999_999_999));

export interface PayoutRow {
  status: string;
  payment_reference: string | null;
  rejection_reason: string | null;
  decided_at: Date | null;
  paid_at: Date | null;
}
export const payoutInDb = (id: string) =>
  withDb(
    async (db) =>
      (await db.query<PayoutRow>('select status, payment_reference, rejection_reason, decided_at, paid_at from public.payout_requests where id = $1', [id]))
        .rows[0]!,
  );
export const balanceOf = (clientId: string) =>
  withDb(
    async (db) =>
      (await db.query<{ available: string; reserved: string; paid: string }>('select available, reserved, paid from private.balance_of($1)', [clientId]))
        .rows[0]!,
  );

export async function currency() {
  return withDb(async (db) => (await db.query<{ currency: string }>("select currency from public.metadata where id = 'app_settings'")).rows[0]!.currency);
}
