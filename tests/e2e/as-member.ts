// What the database says to a member, read the way the screens read it: the engine's read functions
// called with that member's claims (in a transaction rolled back at once), so a spec compares the
// screen with the database's own figures rather than with numbers it computed.
import type pg from 'pg';
import { withDb } from './support';

/** Runs `fn` with the claims of the member signed in as `email`, then rolls everything back. */
export async function asMember<T>(email: string, fn: (db: pg.Client) => Promise<T>): Promise<T> {
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
  return asMember(email, async (db) => {
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
  company_name: string;
}

export const readSettings = () =>
  withDb(async (db) => (await db.query<Settings>("select currency, timezone, company_name from public.metadata where id = 'app_settings'")).rows[0]!);
