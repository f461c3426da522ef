// The auth emulator talks to Postgres as `supabase_auth_admin`, the role GoTrue uses on a
// hosted project, so triggers on auth.users and the hooks run with the same privileges there.
import pg from 'pg';

/** @param {{ dbPort: number }} cfg */
export function createAuthPool(cfg, max) {
  const pool = new pg.Pool({
    connectionString: `postgresql://supabase_auth_admin:postgres@127.0.0.1:${cfg.dbPort}/postgres`,
    max,
  });
  // An idle connection dropped by the server must not take the whole stack down.
  pool.on('error', (error) => console.error('[auth] conexión perdida:', error.message));
  return pool;
}

/** Runs `fn(client)` inside one transaction. */
export async function transaction(pool, fn) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await fn(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
