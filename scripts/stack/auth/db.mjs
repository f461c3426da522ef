// @ts-check
// The auth emulator talks to Postgres as `supabase_auth_admin`, the role GoTrue uses on a
// hosted project, so triggers on auth.users and the hooks run with the same privileges there.
import pg from 'pg';

/** @param {{ dbPort: number }} cfg @param {number} max */
export function createAuthPool(cfg, max) {
  const pool = new pg.Pool({
    connectionString: `postgresql://supabase_auth_admin:postgres@127.0.0.1:${cfg.dbPort}/postgres`,
    max,
  });
  // An idle connection dropped by the server must not take the whole stack down.
  pool.on('error', (error) => console.error('[auth] conexión perdida:', error.message));
  return pool;
}

export { transaction } from '../../lib/db.mjs';
