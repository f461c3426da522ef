// @ts-check
// GoTrue's routes as far as supabase-js and Savia use them (README «What the emulators implement»
// lists them, and those it leaves out; tests/unit/readme.node.test.ts keeps the list true). Unknown paths and
// wrong methods are answered in GoTrue's HTTP error shape (GoTrue's router itself would send
// chi's plain-text 404/405; a JSON body keeps supabase-js's error handling meaningful).
import { publishedJwks } from '../../lib/jwt.mjs';
import { sendJson } from '../http.mjs';
import { adminHandlers } from './admin.mjs';
import { recover, signup } from './email-provider.mjs';
import { AuthError } from './errors.mjs';
import { authorize, callback } from './oauth.mjs';
import { token } from './token-endpoint.mjs';
import { getUser, logout, updateUser } from './user-endpoints.mjs';

/** @type {import('./tokens.mjs').Handler} */
const health = async (_ctx, _req, res) =>
  sendJson(res, 200, { version: 'savia-local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' });

const PROVIDERS = [
  'anonymous_users',
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'snapchat',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'email',
  'phone',
  'zoom',
];

/** GoTrue's WellKnownJwks: the public signing keys (never the shared secret), cacheable for 10 minutes. */
/** @type {import('./tokens.mjs').Handler} */
const jwks = async (ctx, _req, res) => sendJson(res, 200, publishedJwks(ctx.settings), { 'cache-control': 'public, max-age=600' });

/** @type {import('./tokens.mjs').Handler} */
async function settingsHandler(ctx, _req, res) {
  /** @type {Record<string, boolean>} */
  const enabled = {
    anonymous_users: ctx.settings.anonymousSignIns,
    google: ctx.settings.googleEnabled,
    email: ctx.settings.emailEnabled,
    phone: ctx.settings.phoneEnabled,
  };
  sendJson(res, 200, {
    external: Object.fromEntries(PROVIDERS.map((p) => [p, Boolean(enabled[p])])),
    disable_signup: ctx.settings.disableSignup,
    mailer_autoconfirm: ctx.settings.mailerAutoconfirm,
    phone_autoconfirm: ctx.settings.phoneAutoconfirm,
    sms_provider: 'twilio',
    saml_enabled: false,
    saml_private_key_next_configured: false,
    passkeys_enabled: false,
  });
}

/**
 * path → { METHOD: handler(ctx, req, res, url, adminPool) }
 * @type {Record<string, Record<string, import('./tokens.mjs').Handler>>}
 */
export const ROUTES = {
  '/health': { GET: health },
  '/.well-known/jwks.json': { GET: jwks },
  '/settings': { GET: settingsHandler },
  '/authorize': { GET: authorize },
  '/callback': { GET: callback, POST: callback },
  '/token': { POST: token },
  '/signup': { POST: signup },
  '/recover': { POST: recover },
  '/user': { GET: getUser, PUT: updateUser },
  '/logout': { POST: logout },
};

// GoTrue routes the emulator leaves out, by path prefix: answered like an unknown route, saying so.
export const NOT_EMULATED = [
  '/.well-known',
  '/invite',
  '/resend',
  '/magiclink',
  '/otp',
  '/verify',
  '/reauthenticate',
  '/user/identities',
  '/user/oauth',
  '/factors',
  '/passkeys',
  '/sso',
  '/oauth',
  '/scim',
  '/admin/audit',
  '/admin/generate_link',
  '/admin/sso',
  '/admin/oauth',
  '/admin/custom-providers',
];
const NOT_EMULATED_ADMIN_USER = /^\/admin\/users\/[^/]+\/(?:factors|passkeys)(?:\/|$)/;

const notEmulated = (/** @type {string} */ path) =>
  NOT_EMULATED.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)) || NOT_EMULATED_ADMIN_USER.test(path);

/**
 * The handler for this request; throws GoTrue-shaped 404/405 when there is none.
 * @param {string} path
 * @param {string} method
 */
export function route(path, method) {
  const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const byMethod = ROUTES[normalised] ?? (normalised.startsWith('/admin/users') ? adminHandlers(normalised.slice('/admin/users'.length)) : null);
  if (!byMethod && notEmulated(normalised)) throw new AuthError(404, '', '404 page not found (not implemented by the local auth emulator)');
  if (!byMethod) throw new AuthError(404, '', '404 page not found');
  const handler = byMethod[method === 'HEAD' ? 'GET' : method];
  if (!handler) throw new AuthError(405, '', '405 method not allowed');
  return handler;
}
