// @ts-check
// Postgres auth hooks run the way Supabase Auth runs `pg-functions://` hooks: the event as one
// jsonb argument, as supabase_auth_admin, in a transaction with a 2 s statement timeout; an
// `{"error": {"http_code", "message"}}` answer becomes an HTTP error with that status.
import { randomUUID } from 'node:crypto';
import { AuthError, internalError } from './errors.mjs';
import { transaction } from './db.mjs';

const HOOK_TIMEOUT = '2s';

/**
 * GoTrue puts this in every hook event (v0hooks.Metadata).
 * @param {string} name
 * @param {string | undefined} ip
 */
function eventMetadata(name, ip) {
  return { uuid: randomUUID(), time: new Date().toISOString(), name, ...(ip ? { ip_address: ip } : {}) };
}

/**
 * @param {import('pg').Pool} pool connected as supabase_auth_admin
 * @param {import('./settings.mjs').HookConfig} hook
 * @param {object} event
 * @returns {Promise<any>} the function's jsonb answer
 */
async function runHook(pool, hook, event) {
  let answer;
  try {
    answer = await transaction(pool, async (client) => {
      await client.query(`set local statement_timeout = '${HOOK_TIMEOUT}'`);
      const { rows } = await client.query(`select ${hook.functionName}($1::jsonb) as answer`, [JSON.stringify(event)]);
      return rows[0]?.answer ?? null;
    });
  } catch (error) {
    // A missing function, a timeout or a raised exception: GoTrue logs it and answers 500.
    console.error(`[auth] hook ${hook.uri} falló: ${/** @type {Error} */ (error).message}`);
    throw internalError(`Error running hook URI: ${hook.uri}`);
  }
  const hookError = answer && typeof answer === 'object' ? answer.error : undefined;
  // As in GoTrue, an error object only counts when it carries a message; no status means 500.
  if (hookError && typeof hookError === 'object' && typeof hookError.message === 'string' && hookError.message) {
    const status = Number.isInteger(hookError.http_code) && hookError.http_code > 0 ? hookError.http_code : 500;
    throw new AuthError(status, '', hookError.message);
  }
  return answer;
}

/**
 * before_user_created: only called when a new user would be created. Throws the hook's refusal.
 * @param {import('pg').Pool} pool
 * @param {import('./settings.mjs').AuthSettings} settings
 * @param {object} user the would-be user, in GoTrue's user JSON
 * @param {string | undefined} ip
 */
export async function runBeforeUserCreated(pool, settings, user, ip) {
  const hook = settings.hooks.beforeUserCreated;
  if (!hook) return;
  await runHook(pool, hook, { metadata: eventMetadata(hook.name, ip), user });
}

// The claims every access token must keep after the hook (GoTrue's MinimumViableTokenSchema).
const REQUIRED_CLAIMS = ['aud', 'exp', 'iat', 'sub', 'email', 'phone', 'role', 'aal', 'session_id', 'is_anonymous'];
/** @type {Record<string, string[]>} */
const CLAIM_TYPES = {
  aud: ['string', 'array'],
  exp: ['integer'],
  jti: ['string'],
  iat: ['integer'],
  iss: ['string'],
  nbf: ['integer'],
  sub: ['string'],
  email: ['string'],
  phone: ['string'],
  app_metadata: ['object'],
  user_metadata: ['object'],
  role: ['string'],
  aal: ['string'],
  amr: ['array'],
  session_id: ['string'],
  client_id: ['string'],
};

/** @param {unknown} value */
function jsonType(value) {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  if (Number.isInteger(value)) return 'integer';
  return typeof value;
}

/**
 * Mirrors GoTrue's JSON-schema check of the hook's claims; a violation is a 500.
 * @param {Record<string, unknown>} claims
 */
function validateClaims(claims) {
  const problems = [];
  for (const name of REQUIRED_CLAIMS) if (!(name in claims)) problems.push(`- (root): ${name} is required`);
  for (const [name, types] of Object.entries(CLAIM_TYPES)) {
    if (name in claims && !types.includes(jsonType(claims[name]))) problems.push(`- ${name}: Invalid type. Expected: ${types.join(' or ')}`);
  }
  if (problems.length) {
    throw new AuthError(500, '', `output claims do not conform to the expected schema: \n${problems.join('\n')}\n`);
  }
}

/**
 * custom_access_token: called on every token issue; returns the claims to sign.
 * @param {import('pg').Pool} pool
 * @param {import('./settings.mjs').AuthSettings} settings
 * @param {{ userId: string, claims: Record<string, unknown>, authenticationMethod: string, ip?: string }} event
 *   authenticationMethod: e.g. 'oauth', 'token_refresh'
 * @returns {Promise<Record<string, unknown>>}
 */
export async function runCustomAccessToken(pool, settings, { userId, claims, authenticationMethod, ip }) {
  const hook = settings.hooks.customAccessToken;
  if (!hook) return claims;
  const answer = await runHook(pool, hook, {
    metadata: eventMetadata(hook.name, ip),
    user_id: userId,
    claims,
    authentication_method: authenticationMethod,
  });
  if (!answer || typeof answer !== 'object' || !('claims' in answer)) throw new AuthError(500, '', 'output claims field is missing');
  if (jsonType(answer.claims) !== 'object') throw internalError('Error unmarshaling JSON output.');
  validateClaims(answer.claims);
  return answer.claims;
}
