// @ts-check
// GET /authorize (the chooser instead of Google) and GET|POST /callback (the chosen e-mail
// comes back), with GoTrue's flow state: its id is the OAuth `state`, it remembers the
// redirect target, and for PKCE it carries the auth code later exchanged at /token.
import { randomBytes, randomUUID } from 'node:crypto';
import { demoAccounts } from '../demo-accounts.mjs';
import { redirect, sendHtml } from '../http.mjs';
import { chooserPage } from './chooser-page.mjs';
import { AuthError, OAuthError, badRequest, internalError } from './errors.mjs';
import { resolveGoogleUser } from './google-account.mjs';
import { chooseRedirect } from './redirects.mjs';
import { clientInfo, readFormParams } from './request.mjs';
import { issueSession } from './tokens.mjs';
import { validateEmail, validatePkceParams } from './validation.mjs';

const CALLBACK_PATH = '/auth/v1/callback';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** @type {import('./tokens.mjs').Handler} */
export async function authorize(ctx, req, res, url, adminPool) {
  const provider = (url.searchParams.get('provider') ?? '').toLowerCase();
  if (provider !== 'google') throw badRequest('validation_failed', `Unsupported provider: Provider ${provider} could not be found`);
  if (!ctx.settings.googleEnabled) throw badRequest('validation_failed', 'Unsupported provider: provider is not enabled');
  const referrer = chooseRedirect(ctx.settings, url.searchParams.get('redirect_to'), req.headers.referer);
  const pkce = validatePkceParams(url.searchParams.get('code_challenge') ?? '', url.searchParams.get('code_challenge_method') ?? '');
  const state = randomUUID();
  await ctx.pool.query(
    `insert into auth.flow_state (id, auth_code, code_challenge_method, code_challenge, provider_type, authentication_method, referrer, created_at, updated_at)
     values ($1, $2, $3, $4, 'google', 'oauth', $5, now(), now())`,
    [state, pkce ? randomUUID() : null, pkce?.method ?? null, pkce?.challenge ?? null, referrer],
  );
  sendHtml(res, 200, chooserPage({ state, accounts: await demoAccounts(adminPool), callbackPath: CALLBACK_PATH }));
}

/**
 * GoTrue's loadFlowState middleware: these errors are answered as JSON, not redirected.
 * @param {import('./tokens.mjs').AuthContext} ctx
 * @param {string | null} state
 * @returns {Promise<import('./tokens.mjs').Row>}
 */
async function loadFlowState(ctx, state) {
  if (!state) throw badRequest('bad_oauth_callback', 'OAuth state parameter missing');
  if (!UUID.test(state)) throw badRequest('bad_oauth_state', 'OAuth state parameter is invalid');
  const { rows } = await ctx.pool.query('select * from auth.flow_state where id = $1', [state]);
  const flow = rows[0];
  if (!flow) throw badRequest('bad_oauth_state', 'OAuth state not found or expired');
  if (Date.now() > new Date(flow.created_at).getTime() + ctx.settings.flowStateExpirySeconds * 1000) {
    throw badRequest('bad_oauth_state', 'OAuth state has expired');
  }
  if (flow.code_challenge && flow.user_id) throw badRequest('flow_state_already_used', 'State has already been used');
  return flow;
}

/** @param {string[][]} entries */
const sortedQuery = (entries) => new URLSearchParams(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))).toString();

/**
 * GoTrue's redirectErrors: the error in the query (with error_code) and again in the fragment.
 * @param {string} target
 * @param {AuthError | OAuthError} error
 */
function errorRedirectUrl(target, error) {
  const url = new URL(target);
  /** @type {string[][]} */
  let entries;
  if (error instanceof OAuthError)
    entries = [
      ['error', error.error],
      ['error_description', error.description],
    ];
  else {
    /** @type {Record<number, string>} */
    const known = { 400: 'invalid_request', 401: 'unauthorized_client', 403: 'access_denied', 500: 'server_error', 503: 'temporarily_unavailable' };
    const denied = ['signup_disabled', 'user_banned', 'provider_email_needs_verification'].includes(error.errorCode);
    entries = [
      ['error', denied ? 'access_denied' : (known[error.status] ?? 'server_error')],
      ['error_description', error.message],
      ['error_code', error.errorCode],
    ];
  }
  for (const [key, value] of entries) url.searchParams.set(key, value);
  url.search = sortedQuery([...url.searchParams]);
  url.hash = sortedQuery([...entries.filter(([, value]) => value), ['sb', '']]);
  return url.toString();
}

/** @type {import('./tokens.mjs').Handler} */
export async function callback(ctx, req, res, url, adminPool) {
  const params = req.method === 'POST' ? await readFormParams(req) : url.searchParams;
  const flow = await loadFlowState(ctx, params.get('state'));
  const target = flow.referrer || ctx.settings.siteUrl;
  try {
    redirect(res, await completeSignIn(ctx, req, flow, target, (params.get('email') ?? '').trim(), adminPool));
  } catch (error) {
    if (!(error instanceof AuthError) && !(error instanceof OAuthError)) console.error('[auth] callback', error);
    const known = error instanceof AuthError || error instanceof OAuthError ? error : internalError('Unexpected failure');
    redirect(res, errorRedirectUrl(target, known));
  }
}

/**
 * @param {import('./tokens.mjs').AuthContext} ctx
 * @param {import('../http.mjs').Request} req
 * @param {import('./tokens.mjs').Row} flow
 * @param {string} target
 * @param {string} email
 * @param {import('pg').Pool} adminPool
 */
async function completeSignIn(ctx, req, flow, target, email, adminPool) {
  if (!email) throw internalError('Error getting user email from external provider');
  validateEmail(email);
  const demo = (await demoAccounts(adminPool)).find((a) => a.email.toLowerCase() === email.toLowerCase());
  const name = demo?.name || email.split('@')[0];
  const client = clientInfo(req);
  const user = await resolveGoogleUser(ctx, { email, name, ip: client.ip });
  const providerToken = `ya29.local-${randomBytes(24).toString('base64url')}`;

  if (flow.code_challenge) {
    // Claim the flow state once; a parallel callback for the same state finds it locked or used.
    const { rowCount } = await ctx.pool.query(
      `update auth.flow_state set user_id = $2, provider_access_token = $3, auth_code_issued_at = now(), updated_at = now()
        where id = $1 and user_id is null`,
      [flow.id, user.id, providerToken],
    );
    if (rowCount === 0) throw badRequest('flow_state_already_used', 'State has already been used');
    const url = new URL(target);
    url.searchParams.set('code', flow.auth_code);
    return url.toString();
  }

  const session = await issueSession(ctx, user, 'oauth', client);
  await ctx.pool.query('delete from auth.flow_state where id = $1', [flow.id]);
  const fragment = sortedQuery([
    ['access_token', session.accessToken],
    ['token_type', 'bearer'],
    ['expires_in', String(session.expiresAt - Math.floor(Date.now() / 1000))],
    ['expires_at', String(session.expiresAt)],
    ['refresh_token', session.refreshToken],
    ['provider_token', providerToken],
    ['sb', ''],
  ]);
  return `${target.split('#')[0]}#${fragment}`;
}
