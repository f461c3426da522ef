// @ts-check
// The API gateway on :54321, standing in for Supabase's: it routes the four prefixes, answers
// CORS like Kong's cors plugin, checks the API key (the `apikey` header or query parameter) where
// Supabase's gateway checks it, and turns a publishable or secret key into a short-lived JWT for
// `anon` or `service_role` in `Authorization`, as the hosted gateway and `supabase start` do.
import http from 'node:http';
import { bearerToken, sendJson } from './http.mjs';
import { isOpaqueKey } from './api-keys.mjs';

const CORS_METHODS = 'GET,HEAD,PUT,PATCH,POST,DELETE,OPTIONS,TRACE,CONNECT';
// Auth routes that Supabase's gateway leaves open: browsers reach the first three by navigation,
// without headers, and anyone may read the public signing keys.
const OPEN_AUTH_ROUTES = ['/authorize', '/callback', '/verify', '/.well-known/jwks.json'];

const CORS_ORIGIN = { 'access-control-allow-origin': '*' };

/**
 * @typedef {import('./http.mjs').Request} Request
 * @typedef {import('./http.mjs').Response} Response
 * @typedef {{ handle: (req: Request, res: Response, subPath: string, url: URL) => Promise<void>, close?: () => unknown }} Service
 */

/** The hosted gateway's refusals, with its `sb-error-code` header. */
const REFUSALS = {
  noKey: { status: 401, body: { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' } },
  invalidKey: { status: 401, code: 'UNAUTHORIZED_INVALID_API_KEY', body: { message: 'Invalid API key' } },
  secretKeyInBrowser: {
    status: 401,
    code: 'UNAUTHORIZED_INVALID_API_KEY_TYPE',
    body: {
      message: 'Forbidden use of secret API key in browser',
      hint: 'Secret API keys can only be used in a protected environment and should never be used in a browser. Delete this secret API key immediately!',
    },
  },
  // PostgREST's OpenAPI description lists every exposed table and function: only for the service role.
  openApiNeedsServiceRole: {
    status: 401,
    code: 'UNAUTHORIZED_INVALID_API_KEY_TYPE',
    body: { message: 'Invalid API key', hint: 'Only the `service_role` API key can be used for this endpoint.' },
  },
};

/** The hosted gateway tells a browser by its User-Agent (browsers, and tools imitating them, start with Mozilla/). */
const looksLikeBrowser = (/** @type {Request} */ req) => /^Mozilla\//.test(String(req.headers['user-agent'] ?? ''));

/** @param {Request} req @param {Response} res */
function preflight(req, res) {
  res.writeHead(200, {
    ...CORS_ORIGIN,
    'access-control-allow-methods': CORS_METHODS,
    'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
    'access-control-max-age': '3600',
    'content-length': 0,
  });
  res.end();
}

/**
 * Decides who the request speaks for, and rewrites its `Authorization` the way Supabase's gateway
 * does: a user's JWT is left alone; an opaque key (on `apikey`, or repeated as the bearer) becomes
 * a minted JWT for its role. Legacy JWT keys pass as they are.
 * @param {Request} req
 * @param {URL} url
 * @param {{ keys: ReturnType<import('./api-keys.mjs').createApiKeys>, service: string, path: string }} route
 * @returns {Promise<null | { status: number, code?: string, body: object }>} a refusal, or null
 */
async function authorizeRequest(req, url, { keys, service, path }) {
  const bearer = bearerToken(req);
  const keyRequired = service === 'rest' || (service === 'auth' && !OPEN_AUTH_ROUTES.includes(path));
  let key = /** @type {string | undefined} */ (req.headers.apikey) ?? url.searchParams.get('apikey') ?? null;
  if (isOpaqueKey(bearer)) {
    // An opaque key is no JWT: as a bearer it may only repeat the request's API key. Storage and
    // functions, which do not demand the apikey header, take it from either header.
    if (!key && !keyRequired) key = bearer;
    else if (key !== bearer) return REFUSALS.invalidKey;
  }
  if (!key) return keyRequired ? REFUSALS.noKey : null;

  const identity = await keys.identify(String(key));
  if (!identity) return REFUSALS.invalidKey;
  if (identity.kind === 'secret' && looksLikeBrowser(req)) return REFUSALS.secretKeyInBrowser;
  if (service === 'rest' && path === '/' && identity.role !== 'service_role') return REFUSALS.openApiNeedsServiceRole;

  if (identity.kind !== 'legacy' && (!req.headers.authorization || isOpaqueKey(bearer))) {
    req.headers.authorization = `Bearer ${await keys.mint(identity.role)}`;
  } else if (service === 'rest' && !req.headers.authorization) {
    // Without a user token, PostgREST applies the legacy key's own role.
    req.headers.authorization = `Bearer ${key}`;
  }
  return null;
}

/**
 * Forwards the request to a local upstream, streaming both ways.
 * @param {Request} req
 * @param {Response} res
 * @param {{ port: number, path: string }} upstream
 */
export function proxy(req, res, { port, path }) {
  const upstream = http.request({ host: '127.0.0.1', port, method: req.method, path, headers: { ...req.headers, host: `127.0.0.1:${port}` } }, (up) => {
    const out = { ...up.headers, ...CORS_ORIGIN };
    res.writeHead(up.statusCode ?? 502, out);
    up.pipe(res);
  });
  upstream.on('error', () => sendJson(res, 502, { message: 'An invalid response was received from the upstream server' }));
  req.pipe(upstream);
}

/**
 * @param {import('../lib/config.mjs').StackConfig} cfg
 * @param {{ auth: Service, storage: Service, functions: Service }} services each with
 *   `handle(req, res, subPath, url)`; REST is proxied to PostgREST on cfg.restPort.
 * @param {ReturnType<import('./api-keys.mjs').createApiKeys>} keys the project's API keys
 */
export function createGateway(cfg, services, keys) {
  return http.createServer(async (req, res) => {
    const originalWriteHead = res.writeHead.bind(res);
    // Every answer carries the CORS header, whichever service wrote it.
    res.writeHead = /** @type {typeof res.writeHead} */ (
      (/** @type {number} */ status, /** @type {any[]} */ ...rest) => {
        if (!res.getHeader('access-control-allow-origin')) res.setHeader('access-control-allow-origin', '*');
        return originalWriteHead(status, ...rest);
      }
    );
    try {
      const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
      const match = /^\/(rest|auth|storage|functions)\/v1(\/.*)?$/.exec(url.pathname);
      // A function answers its own preflight, as on a hosted project (Supabase's function examples
      // handle OPTIONS); every other preflight is the gateway's, like Kong's cors plugin.
      if (req.method === 'OPTIONS' && match?.[1] !== 'functions') return preflight(req, res);
      if (!match) return sendJson(res, 404, { message: 'no Route matched with those values' });
      const [, service, path = '/'] = match;

      const refusal = await authorizeRequest(req, url, { keys, service, path });
      if (refusal) return sendJson(res, refusal.status, refusal.body, refusal.code ? { 'sb-error-code': refusal.code } : {});
      if (service === 'rest') return proxy(req, res, { port: cfg.restPort, path: path + url.search });
      await services[/** @type {keyof typeof services} */ (service)].handle(req, res, path, url);
    } catch (error) {
      console.error('[gateway]', error);
      sendJson(res, 500, { message: 'An unexpected error occurred' });
    }
  });
}
