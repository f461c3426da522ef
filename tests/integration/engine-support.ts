// Shared by the engine's integration tests: a pool of real connections that behave like
// PostgREST's (role `authenticated` and the request's JWT claims, set per transaction), and small
// fixtures built through the engine itself, under unique e-mails so runs never collide.
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { signJwt } from '../../scripts/lib/jwt.mjs';
import { cfg, freeMonth, sql } from './support';

export type Outcome<T = unknown> = { ok: true; value: T } | { ok: false; message: string; hint?: string };

export function enginePool(max = 50) {
  return new pg.Pool({ connectionString: cfg.dbUrl, max, idleTimeoutMillis: 2000 });
}

/**
 * One call as a user, in its own transaction, exactly as PostgREST runs an RPC; `at` moves the
 * engine's clock (savia.now, honoured on direct sessions only) to write history in a past month.
 */
export async function callAs<T = unknown>(pool: pg.Pool, userId: string, text: string, params: unknown[] = [], at?: string): Promise<Outcome<T>> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    if (at) await client.query(`select set_config('savia.now', $1, true)`, [at]);
    await client.query('set local role authenticated');
    await client.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: userId, role: 'authenticated', aud: 'authenticated' })]);
    const { rows } = await client.query(text, params);
    await client.query('commit');
    return { ok: true, value: rows[0] as T };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    const e = error as { message: string; hint?: string };
    return { ok: false, message: e.message, hint: e.hint };
  } finally {
    client.release();
  }
}

/** supabase-js through PostgREST with an access token for the user, as the app after a Google sign-in. */
export async function apiAs(userId: string): Promise<SupabaseClient> {
  const now = Math.floor(Date.now() / 1000);
  const token: string = await signJwt({ sub: userId, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 600 }, cfg.jwtSecret);
  return createClient(cfg.apiUrl, cfg.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
    realtime: { transport: WebSocket as never },
  });
}

/** An auth user; the link trigger gives it its role (staff invitation or registered member). */
export async function authUser(email: string): Promise<string> {
  const id = randomUUID();
  await sql(
    `insert into auth.users (instance_id, id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, now(), '{"provider":"google"}', '{}', now(), now())`,
    [id, email],
  );
  return id;
}

export async function staff(tag: string, role: 'admin' | 'superadmin' = 'admin'): Promise<string> {
  const email = `motor.${role}.${tag}@tests.savia`;
  await sql(`insert into public.staff_invitations (email, role) values ($1, $2)`, [email, role]);
  return authUser(email);
}

/** A registered member (fixture rows are written as postgres, as the seed does) with a linked account. */
export async function member(tag: string, name: string, enrollerId: string | null): Promise<{ id: string; userId: string }> {
  const email = `motor.${name.toLowerCase()}.${tag}@tests.savia`;
  const [row] = await sql<{ id: string }>(
    `insert into public.clients (name, email, enroller_id, enrollment_status, joined_at)
     values ($1, $2, $3, 'registered', now()) returning id`,
    [`${name} ${tag}`, email, enrollerId],
  );
  return { id: row.id, userId: await authUser(email) };
}

/**
 * A payout account in the member's own name (Bancolombia, savings), so they may ask for payouts:
 * their record gets a document, and the account that document (written as postgres, as the seed does;
 * the table's trigger still validates it).
 */
export async function payoutAccount(memberId: string): Promise<{ document: string; accountNumber: string }> {
  const document = String(10_000_000 + Math.floor(Math.random() * 89_999_999));
  const accountNumber = String(10_000_000_000 + Math.floor(Math.random() * 89_999_999_999));
  await sql(`update public.clients set document_number = 'CC ' || $2 where id = $1`, [memberId, document]);
  await sql(
    `insert into public.payout_accounts (client_id, institution_code, account_type, account_number, holder_name, holder_document_type, holder_document_number)
     values ($1, '1007', 'ahorros', $2, 'Titular De Prueba', 'CC', $3)`,
    [memberId, accountNumber, document],
  );
  return { document, accountNumber };
}

export async function product(tag: string, price: number, points: number, stock: number): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into public.products (sku, name, price, commissionable_amount, points, stock)
     values ($1, $2, $3, $3, $4, $5) returning id`,
    [`T-${tag}`.slice(0, 40), `Producto de carrera ${tag}`, price, points, stock],
  );
  return row.id;
}

export const tagOf = () => randomUUID().slice(0, 8);

/** Takes the race products out of the catalogue, so later suites (e2e) see only the demo's. */
export async function retireTestProducts(): Promise<void> {
  await sql(`update public.products set is_active = false where sku like 'T-%' and name like 'Producto de carrera %' and is_active`);
}

/**
 * A member with 60000.00 available (pesos, as the demo company's), made by the engine in a past month
 * of its own (reruns never meet a closed one): her recruit buys 6 × 100000.00 (10 % to her), she buys
 * one to stay active, the close makes it available. She has a payout account in her name. With her
 * recruit's purchase (`purchaseId`), the sale that paid her.
 */
export async function earnerWithBalance(pool: pg.Pool, tag: string, admin: string, superadmin: string) {
  const earner = await member(tag, 'Cobradora', null);
  await payoutAccount(earner.id);
  const buyer = await member(tag, 'Compradora', earner.id);
  const productId = await product(tag, 100_000, 100, 20);
  const month = await freeMonth(1000, 600);
  const during = `${month.slice(0, 8)}15 12:00:00-05`;
  const order = async (userId: string, quantity: number) => {
    const placed = await callAs<{ id: string }>(
      pool,
      userId,
      `select (public.place_order($1::jsonb)).id`,
      [JSON.stringify([{ product_id: productId, quantity }])],
      during,
    );
    if (!placed.ok) throw new Error(placed.message);
    const approved = await callAs(pool, admin, 'select public.approve_sale($1)', [placed.value.id], during);
    if (!approved.ok) throw new Error(approved.message);
    return placed.value.id;
  };
  const purchaseId = await order(buyer.userId, 6);
  await order(earner.userId, 1);
  const next = new Date(`${month}T12:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  await closeMonthAt(pool, month, `${next.toISOString().slice(0, 10)} 12:00:00-05`, superadmin);
  // The close brought activity to its own clock's month; everyone back on the real one.
  await sql('select private.refresh_all_activity()');
  return { ...earner, purchaseId };
}

/**
 * Closes a past month with the close the queue's job runs (private.close_period), on the engine's
 * clock moved to `at`: the job itself runs on the real clock, history needs this one.
 */
export async function closeMonthAt(pool: pg.Pool, month: string, at: string, actor: string | null = null): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('savia.now', $1, true)`, [at]);
    await client.query('select private.close_period($1::date, $2)', [month, actor]);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
