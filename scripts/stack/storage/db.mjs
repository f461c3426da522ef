// @ts-check
// Database access as the caller. Each unit of work is one transaction in which the role and
// the JWT settings are set locally, the way storage-api scopes its connections, so that
// `auth.uid()`, `auth.jwt()` and every storage policy see the caller's token.
import { transaction } from '../../lib/db.mjs';

/**
 * @template T
 * @param {import('pg').Pool} pool
 * @param {import('./caller.mjs').Caller} caller
 * @param {(client: import('pg').PoolClient) => Promise<T>} work runs inside the transaction;
 *   if it throws, everything is rolled back.
 * @param {{ method?: string, path?: string }} request recorded like storage-api does
 * @returns {Promise<T>}
 */
export function asCaller(pool, caller, work, request = {}) {
  return transaction(pool, async (client) => {
    await client.query(
      `select set_config('role', $1, true),
              set_config('request.jwt.claim.role', $1, true),
              set_config('request.jwt', $2, true),
              set_config('request.jwt.claim.sub', $3, true),
              set_config('request.jwt.claims', $4, true),
              set_config('request.method', $5, true),
              set_config('request.path', $6, true)`,
      [caller.role, caller.jwt, caller.sub ?? '', JSON.stringify(caller.claims), request.method ?? '', request.path ?? ''],
    );
    return work(client);
  });
}

/**
 * Platform lookups that storage-api makes as its own superuser (bucket settings, public reads).
 * @param {import('pg').Pool} pool
 * @param {string} id
 * @returns {Promise<{ id: string, name: string, public: boolean, file_size_limit: string | null, allowed_mime_types: string[] | null } | null>}
 */
export async function findBucket(pool, id) {
  const { rows } = await pool.query('select id, name, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1', [id]);
  return rows[0] ?? null;
}
