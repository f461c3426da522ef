// @ts-check
// Who is calling: the verified JWT from `Authorization: Bearer` (for a publishable or secret key,
// the one the gateway minted), or else a legacy `apikey` JWT, as storage-api sees them behind
// Supabase's gateway. The role decides which Postgres role the object queries run as, so storage
// RLS policies judge exactly as on Supabase.
import { ERRORS, StorageError } from './errors.mjs';

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

/**
 * @typedef {{ role: string, claims: Record<string, unknown>, jwt: string, sub: string | null }} Caller
 */

/**
 * The JWT the request carries, or '' when it has none.
 * @param {import('node:http').IncomingMessage} req
 */
function requestJwt(req) {
  const authorization = req.headers.authorization;
  if (authorization) return authorization.replace(/^Bearer\s+/i, '').trim();
  return String(req.headers.apikey ?? '');
}

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {(token: string) => Promise<Record<string, unknown>>} verifyJwt the project's verifier
 * @param {{ optional?: boolean }} options optional: routes storage-api serves without a valid
 *   JWT (public objects, signed URLs) fall back to anon instead of refusing.
 * @returns {Promise<Caller>}
 */
export async function resolveCaller(req, verifyJwt, { optional = false } = {}) {
  const jwt = requestJwt(req);
  try {
    if (!jwt) throw new Error('Invalid Compact JWS');
    const payload = await verifyJwt(jwt);
    const role = String(payload.role ?? '');
    if (!API_ROLES.has(role)) throw ERRORS.accessDenied('Access denied: Invalid role');
    return { role, claims: payload, jwt, sub: typeof payload.sub === 'string' ? payload.sub : null };
  } catch (error) {
    if (optional) return { role: 'anon', claims: { role: 'anon' }, jwt: '', sub: null };
    throw error instanceof StorageError && error.code === 'AccessDenied' ? error : ERRORS.accessDenied(/** @type {Error} */ (error).message);
  }
}

/** Bucket administration needs the service role, as storage-api's bucket routes enforce in practice. */
export const isServiceRole = (/** @type {Caller} */ caller) => caller.role === 'service_role';
