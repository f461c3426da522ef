// @ts-check
// POST /token: the grants supabase-js uses here. `pkce` (the code from /callback plus the
// verifier), `refresh_token` (rotating, with GoTrue's reuse rules) and `password`, refused as GoTrue
// refuses it with the e-mail and phone providers off (supabase/config.toml).
import { createHash, timingSafeEqual } from 'node:crypto';
import { sendJson } from '../http.mjs';
import { transaction } from './db.mjs';
import { AuthError, OAuthError, badRequest, notFound, unprocessable } from './errors.mjs';
import { clientInfo, field, readJsonParams } from './request.mjs';
import { activeRefreshToken, lockRefreshToken, revokeTokenFamily, swapRefreshToken, touchSession } from './sessions.mjs';
import { issueAccessToken, issueSession, tokenResponse } from './tokens.mjs';
import { findUserById, isBanned } from './users.mjs';

/**
 * @typedef {(ctx: import('./tokens.mjs').AuthContext, req: import('../http.mjs').Request, params: Record<string, unknown>) => Promise<object>} Grant
 */

const safeEqual = (/** @type {string} */ a, /** @type {string} */ b) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** RFC 7636 as GoTrue checks it (security.VerifyPKCEChallenge). */
/** @param {import('./tokens.mjs').Row} flow @param {string} verifier */
function verifyPkce(flow, verifier) {
  const expected = flow.code_challenge_method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  if (!['s256', 'plain'].includes(flow.code_challenge_method)) throw badRequest('bad_code_verifier', 'code challenge method not supported');
  if (!safeEqual(expected, flow.code_challenge)) {
    throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
}

/** @type {Grant} */
async function pkceGrant(ctx, req, params) {
  const authCode = field(params, 'auth_code', 'string') ?? '';
  const verifier = field(params, 'code_verifier', 'string') ?? '';
  if (!authCode || !verifier) {
    throw badRequest('validation_failed', 'invalid request: both auth code and code verifier should be non-empty');
  }
  const { rows } = await ctx.pool.query('select * from auth.flow_state where auth_code = $1', [authCode]);
  const flow = rows[0];
  if (!flow || !flow.user_id) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
  if (Date.now() > new Date(flow.created_at).getTime() + ctx.settings.flowStateExpirySeconds * 1000) {
    throw unprocessable('flow_state_expired', 'invalid flow state, flow state has expired');
  }
  const user = await findUserById(ctx.pool, flow.user_id);
  if (!user) throw notFound('user_not_found', 'User not found');
  verifyPkce(flow, verifier);
  const session = await issueSession(ctx, user, flow.authentication_method, clientInfo(req), async (tx) => {
    // The code is good once: a parallel exchange finds the row gone.
    const { rowCount } = await tx.query('delete from auth.flow_state where id = $1', [flow.id]);
    if (rowCount === 0) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
  });
  /** @type {Record<string, string>} */
  const extra = flow.provider_access_token ? { provider_token: flow.provider_access_token } : {};
  if (flow.provider_refresh_token) extra.provider_refresh_token = flow.provider_refresh_token;
  return tokenResponse(ctx.pool, { ...session, extra });
}

/**
 * GoTrue's ResourceOwnerPasswordGrant with both providers off (settings.mjs allows nothing else): the
 * parameters are decoded, then the provider refuses before anyone is looked up, so the answer says
 * nothing about whether the account or the password exists.
 * @type {Grant}
 */
async function passwordGrant(_ctx, _req, params) {
  const email = field(params, 'email', 'string') ?? '';
  const phone = field(params, 'phone', 'string') ?? '';
  field(params, 'password', 'string');
  if (email && phone) throw badRequest('validation_failed', 'Only an email address or phone number should be provided on login.');
  if (email) throw unprocessable('email_provider_disabled', 'Email logins are disabled');
  if (phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  throw badRequest('validation_failed', 'missing email or phone');
}

/** GoTrue's RefreshTokenParams.Validate for classic tokens. */
function validRefreshToken(/** @type {string} */ token) {
  if (!/^[a-z0-9]{12}$/.test(token)) throw badRequest('validation_failed', 'Refresh token is not valid');
}

/** @type {Grant} */
async function refreshGrant(ctx, req, params) {
  const presented = field(params, 'refresh_token', 'string') ?? '';
  if (!presented) throw new OAuthError('invalid_request', 'refresh_token required');
  validRefreshToken(presented);
  const client = clientInfo(req);
  const outcome = await transaction(ctx.pool, async (tx) => {
    const token = await lockRefreshToken(tx, presented);
    if (!token) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    const user = await findUserById(tx, token.user_id);
    if (!user) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    if (isBanned(user)) throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');
    if (!token.live_session_id) {
      await tx.query('delete from auth.refresh_tokens where id = $1', [token.id]);
      return { commitThenFail: badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found') };
    }
    let issued = null;
    if (token.revoked) {
      const active = await activeRefreshToken(tx, token.session_id);
      if (active && active.parent === token.token) {
        // The client lost the answer to its last refresh: hand back the token it missed.
        issued = active.token;
      } else {
        const reuseUntil = new Date(token.updated_at).getTime() + ctx.settings.refreshTokenReuseInterval * 1000;
        if (Date.now() > reuseUntil) {
          // Outside the reuse interval a revoked token smells of theft: its whole family goes.
          if (ctx.settings.refreshTokenRotation) await revokeTokenFamily(tx, token.session_id);
          return { commitThenFail: badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used') };
        }
      }
    }
    issued ??= await swapRefreshToken(tx, token);
    const { accessToken, expiresAt } = await issueAccessToken(ctx, tx, {
      user,
      sessionId: token.session_id,
      authenticationMethod: 'token_refresh',
      client,
    });
    await touchSession(tx, token.session_id, client);
    return { user, accessToken, expiresAt, refreshToken: issued };
  });
  if (outcome.commitThenFail) throw outcome.commitThenFail;
  return tokenResponse(ctx.pool, outcome);
}

/** @type {Record<string, Grant>} */
const GRANTS = { pkce: pkceGrant, password: passwordGrant, refresh_token: refreshGrant };

/** @type {import('./tokens.mjs').Handler} */
export async function token(ctx, req, res, url) {
  const grant = GRANTS[url.searchParams.get('grant_type') ?? ''];
  if (!grant) throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
  const params = await readJsonParams(req);
  sendJson(res, 200, await grant(ctx, req, params));
}
