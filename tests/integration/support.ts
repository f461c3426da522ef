// Shared by the integration tests and the stack's conformance tests (tests/stack): where the
// stack under test listens, and supabase-js clients made the way the app and a server make them:
// with the publishable key (as the browser does) and the secret key (under Node 20 realtime needs
// the `ws` transport). Tests that need the legacy JWT keys use cfg.anonKey and cfg.serviceRoleKey.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { stackConfig } from '../../scripts/lib/config.mjs';

export const cfg = stackConfig(process.env.SAVIA_PROFILE ?? 'test');

export function anonClient(options: { flowType?: 'pkce' | 'implicit'; storageKey?: string } = {}): SupabaseClient {
  return createClient(cfg.apiUrl, cfg.publishableKey, {
    auth: {
      flowType: options.flowType ?? 'pkce',
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storageKey: options.storageKey,
      storage: memoryStorage(),
    },
    realtime: { transport: WebSocket as never },
  });
}

export function serviceClient(): SupabaseClient {
  return createClient(cfg.apiUrl, cfg.secretKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
}

/** A fresh in-memory storage per client, like one browser profile. */
export function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

/** Direct SQL as postgres, for fixtures only (never to assert what the API allows). As on a hosted project, postgres
 * is not a superuser: it owns the schema and may read and write the auth and storage tables. */
export async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: cfg.dbUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Every value inside an API answer, however nested: to look for a figure by value, not as a substring (a
 * timestamp such as 23:42:17.523 contains «7.5»). */
export const leafValues = (value: unknown): unknown[] => (value !== null && typeof value === 'object' ? Object.values(value).flatMap(leafValues) : [value]);

/**
 * A past month `from` to `from + span - 1` months back with nothing in it yet (no period row): the
 * test's own. Months another test wrote into or closed (close-crash's go just before the oldest, which
 * may be one of these) are never picked, so an approval never meets a month closed by someone else.
 */
export async function freeMonth(from: number, span: number): Promise<string> {
  const [row] = await sql<{ month: string }>(
    `select to_char(x.m, 'YYYY-MM-DD') as month
       from (select (date_trunc('month', now() at time zone 'America/Bogota')
                     - make_interval(months => $1 + floor(random() * $2)::int))::date as m
               from generate_series(1, 200)) x
      where not exists (select 1 from public.periods p where p.month = x.m)
      limit 1`,
    [from, span],
  );
  if (!row) throw new Error(`No hay un mes libre entre ${from} y ${from + span - 1} meses atrás.`);
  return row.month;
}
