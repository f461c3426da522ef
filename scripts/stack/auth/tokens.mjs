// @ts-check
// Access tokens: JWTs with GoTrue's claim set, signed with the project's signing key (ES256, its
// `kid` in the header) as new projects do, passed through the custom_access_token hook on every
// issue, and the token response GoTrue sends (or puts in a redirect fragment).
import { signAsymmetricJwt } from '../../lib/jwt.mjs';
import { runCustomAccessToken } from './hooks.mjs';
import { transaction } from './db.mjs';
import { sessionAssurance, startSession } from './sessions.mjs';
import { userJson } from './users.mjs';

/**
 * @typedef {{ pool: import('pg').Pool, hookPool: import('pg').Pool, settings: import('./settings.mjs').AuthSettings,
 *   verifyJwt: (token: string) => Promise<import('jose').JWTPayload> }} AuthContext
 * @typedef {import('pg').ClientBase | import('pg').Pool} Db
 * @typedef {{ userAgent?: string, ip?: string }} ClientInfo
 * @typedef {Record<string, any>} Row a row as node-postgres returns it (auth.users, auth.sessions...)
 * @typedef {import('../http.mjs').Request} Request
 * @typedef {import('../http.mjs').Response} Response
 * @typedef {(ctx: AuthContext, req: Request, res: Response, url: URL, adminPool: import('pg').Pool) => Promise<void>} Handler
 */

/**
 * GoTrue's AccessTokenClaims for this user and session, before the hook.
 * @param {Db} db
 * @param {import('./settings.mjs').AuthSettings} settings
 * @param {Row} user
 * @param {string} sessionId
 */
async function baseClaims(db, settings, user, sessionId) {
  const issuedAt = Math.floor(Date.now() / 1000);
  const { aal, amr } = await sessionAssurance(db, sessionId);
  return {
    iss: settings.issuer,
    sub: user.id,
    aud: user.aud,
    exp: issuedAt + settings.jwtExpiry,
    iat: issuedAt,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role,
    aal,
    amr,
    session_id: sessionId,
    is_anonymous: Boolean(user.is_anonymous),
  };
}

/**
 * @param {AuthContext} ctx
 * @param {Db} db where the session lives (the caller's transaction, if any)
 * @param {{ user: Row, sessionId: string, authenticationMethod: string, client?: ClientInfo }} params
 *   authenticationMethod: the hook's `authentication_method` (oauth, token_refresh...)
 */
export async function issueAccessToken(ctx, db, { user, sessionId, authenticationMethod, client = {} }) {
  const claims = await baseClaims(db, ctx.settings, user, sessionId);
  const finalClaims = await runCustomAccessToken(ctx.hookPool, ctx.settings, {
    userId: user.id,
    claims,
    authenticationMethod,
    ip: client.ip,
  });
  return { accessToken: await signAsymmetricJwt(finalClaims, ctx.settings.signingKey), expiresAt: claims.exp };
}

/**
 * GoTrue's AccessTokenResponse.
 * @param {Db} db
 * @param {{ user: Row, accessToken: string, expiresAt: number, refreshToken: string, extra?: Record<string, string> }} session
 */
export async function tokenResponse(db, { user, accessToken, expiresAt, refreshToken, extra = {} }) {
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: expiresAt - Math.floor(Date.now() / 1000),
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: await userJson(db, user),
    ...extra,
  };
}

/**
 * A new session for `user`: its refresh token and a first access token, in one transaction, so
 * that a hook refusing the token leaves no session behind (GoTrue's IssueRefreshToken).
 * @param {AuthContext} ctx
 * @param {Row} user
 * @param {string} authenticationMethod
 * @param {ClientInfo} [client]
 * @param {(tx: import('pg').ClientBase) => Promise<void>} [alsoInTransaction] e.g. consuming the flow state
 */
export function issueSession(ctx, user, authenticationMethod, client = {}, alsoInTransaction = async () => {}) {
  return transaction(ctx.pool, async (tx) => {
    await alsoInTransaction(tx);
    const { sessionId, refreshToken } = await startSession(tx, user.id, authenticationMethod, client);
    const signedIn = (await tx.query('select * from auth.users where id = $1', [user.id])).rows[0];
    const { accessToken, expiresAt } = await issueAccessToken(ctx, tx, { user: signedIn, sessionId, authenticationMethod, client });
    return { user: signedIn, accessToken, expiresAt, refreshToken, sessionId };
  });
}
