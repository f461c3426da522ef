// The database as the end-to-end tests reach it: a connection per call, and statements run as a
// signed-in person the way PostgREST runs an RPC (role `authenticated`, that person's JWT claims),
// either kept (`asPerson`) or rolled back at once (`readAs`), so a spec compares the screen with the
// database's own figures rather than with numbers it computed.
import type pg from 'pg';
import { withDb } from './support';

/** An e-mail of someone who has signed in, or an auth user's id. */
export type Who = string | { userId: string };

/** The first row of a query, as `T`. */
export const one = async <T>(sql: string, params: unknown[] = []): Promise<T> => withDb(async (db) => (await db.query(sql, params)).rows[0] as T);

/** Every row of a query, as `T`. */
export const rows = async <T>(sql: string, params: unknown[] = []): Promise<T[]> => withDb(async (db) => (await db.query(sql, params)).rows as T[]);

async function userIdOf(db: pg.Client, who: Who): Promise<string> {
  if (typeof who !== 'string') return who.userId;
  const { rows: users } = await db.query<{ id: string }>('select id from auth.users where lower(email) = lower($1)', [who]);
  if (!users[0]) throw new Error(`${who} no tiene cuenta todavía`);
  return users[0].id;
}

/**
 * Inside a transaction `db` has open: `sql` as `who`, on the engine's clock `at` when given (the seed's
 * `savia.now`, honoured on direct connections only). Several can share a transaction, so a fixture
 * that writes history in a past month commits it whole: nobody sees that month half made.
 */
export async function actAs<T extends pg.QueryResultRow>(db: pg.Client, who: Who, sql: string, params: unknown[] = [], at?: string): Promise<T[]> {
  const userId = await userIdOf(db, who);
  await db.query(`select set_config('savia.now', $1, true), set_config('request.jwt.claims', $2, true)`, [
    at ?? '',
    JSON.stringify({ sub: userId, role: 'authenticated', aud: 'authenticated' }),
  ]);
  await db.query('set local role authenticated');
  const result = (await db.query<T>(sql, params)).rows;
  // Back to the connection's own role for what follows in the transaction (a refusal aborts the
  // transaction instead, and its rollback undoes the role with everything else).
  await db.query(`reset role; select set_config('savia.now', '', true)`);
  return result;
}

/** `sql` as `who` in a transaction of its own, kept, as one API call would be. */
export async function asPerson<T extends pg.QueryResultRow>(who: Who, sql: string, params: unknown[] = [], { at }: { at?: string } = {}): Promise<T[]> {
  return withDb(async (db) => {
    await db.query('begin');
    try {
      const result = await actAs<T>(db, who, sql, params, at);
      await db.query('commit');
      return result;
    } catch (error) {
      await db.query('rollback');
      throw error;
    }
  });
}

/** Runs `fn` with the claims of the person signed in as `email`, then rolls everything back. */
export async function readAs<T>(email: string, fn: (db: pg.Client) => Promise<T>): Promise<T> {
  return withDb(async (db) => {
    await db.query('begin');
    try {
      await db.query(
        `select set_config('request.jwt.claims', json_build_object('sub', u.id, 'role', 'authenticated')::text, true)
           from auth.users u where lower(u.email) = lower($1)`,
        [email],
      );
      return await fn(db);
    } finally {
      await db.query('rollback');
    }
  });
}

/** The refusal message a call gives, as the member (nothing is kept). */
export async function refusalOf(email: string, sql: string, params: unknown[] = []): Promise<string> {
  return readAs(email, async (db) => {
    try {
      await db.query(sql, params);
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error(`${sql} no fue rechazado`);
  });
}

export interface Settings {
  currency: string;
  timezone: string;
  locale: string;
  company_name: string;
}

export const readSettings = () => one<Settings>("select currency, timezone, locale, company_name from public.metadata where id = 'app_settings'");
