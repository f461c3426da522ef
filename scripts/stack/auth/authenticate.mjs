// @ts-check
// Who is calling: GoTrue's requireAuthentication (a user's access token, its user and session
// still existing, not banned) and requireAdminCredentials (a service_role token). Tokens verify
// as GoTrue verifies them: by `kid` against the signing keys, HS256 against the legacy secret.
import { decodeProtectedHeader, errors as joseErrors } from 'jose';
import { bearerToken } from '../http.mjs';
import { AuthError, badRequest, forbidden } from './errors.mjs';
import { findSession } from './sessions.mjs';
import { findUserById, isBanned } from './users.mjs';

const ADMIN_ROLES = ['service_role', 'supabase_admin'];

/**
 * The Bearer token, or GoTrue's 401.
 * @param {import('../http.mjs').Request} req
 */
function requireBearer(req) {
  const token = bearerToken(req);
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  return token;
}

/**
 * Why golang-jwt refused a token, in its words, so error messages read like GoTrue's.
 * @param {unknown} error
 * @param {string} token
 */
function jwtProblem(error, token) {
  if (error instanceof joseErrors.JWKSNoMatchingKey) {
    const { kid, alg } = decodeProtectedHeader(token);
    return `token is unverifiable: error while executing keyfunc: unrecognized JWT kid ${kid ?? '<nil>'} for algorithm ${alg}`;
  }
  if (error instanceof joseErrors.JWTExpired) return 'token has invalid claims: token is expired';
  if (error instanceof joseErrors.JWTClaimValidationFailed) return `token has invalid claims: ${error.message}`;
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return 'token signature is invalid: signature is invalid';
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return 'token signature is invalid: signing method is invalid';
  return 'token is malformed: could not parse the token';
}

/** @param {import('./tokens.mjs').AuthContext} ctx @param {string} token */
async function verifiedClaims(ctx, token) {
  try {
    return await ctx.verifyJwt(token);
  } catch (error) {
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${jwtProblem(error, token)}`);
  }
}

/**
 * @param {import('./tokens.mjs').AuthContext} ctx
 * @param {import('../http.mjs').Request} req
 * @returns {Promise<{ claims: any, user: any, session: any | null }>}
 */
export async function requireUser(ctx, req) {
  const claims = await verifiedClaims(ctx, requireBearer(req));
  if (!claims.sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(String(claims.sub))) {
    throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
  }
  const user = await findUserById(ctx.pool, String(claims.sub));
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  let session = null;
  if (claims.session_id && claims.session_id !== '00000000-0000-0000-0000-000000000000') {
    session = await findSession(ctx.pool, String(claims.session_id));
    if (!session) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  return { claims, user, session };
}

/** @param {import('./tokens.mjs').AuthContext} ctx @param {import('../http.mjs').Request} req */
export async function requireAdmin(ctx, req) {
  const claims = await verifiedClaims(ctx, requireBearer(req));
  if (!ADMIN_ROLES.includes(String(claims.role))) throw forbidden('not_admin', 'User not allowed');
  return claims;
}
