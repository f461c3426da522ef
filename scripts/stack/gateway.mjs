// The API gateway on :54321, standing in for Supabase's Kong: it routes the four prefixes,
// answers CORS like Kong's cors plugin, and checks the `apikey` like key-auth does on the
// routes where Supabase's gateway checks it.
import http from 'node:http';
import { sendJson } from './http.mjs';
import { verifyJwt } from '../lib/jwt.mjs';

const CORS_METHODS = 'GET,HEAD,PUT,PATCH,POST,DELETE,OPTIONS,TRACE,CONNECT';
// Auth routes that Supabase's gateway leaves open (browsers reach them by navigation, without headers).
const OPEN_AUTH_ROUTES = ['/authorize', '/callback', '/verify'];

const CORS_ORIGIN = { 'access-control-allow-origin': '*' };

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

/** Kong key-auth: the apikey header (or query parameter) must be one of the project's keys. */
async function checkApiKey(req, url, secret) {
  const key = req.headers.apikey ?? url.searchParams.get('apikey');
  if (!key) return { status: 401, body: { message: 'No API key found in request' } };
  const claims = await verifyJwt(String(key), secret);
  if (!claims || !['anon', 'service_role'].includes(claims.role)) {
    return { status: 401, body: { message: 'Invalid authentication credentials' } };
  }
  return null;
}

/** Forwards the request to a local upstream, streaming both ways. */
export function proxy(req, res, { port, path, headers = {} }) {
  const upstream = http.request(
    { host: '127.0.0.1', port, method: req.method, path, headers: { ...req.headers, ...headers, host: `127.0.0.1:${port}` } },
    (up) => {
      const out = { ...up.headers, ...CORS_ORIGIN };
      res.writeHead(up.statusCode ?? 502, out);
      up.pipe(res);
    },
  );
  upstream.on('error', () => sendJson(res, 502, { message: 'An invalid response was received from the upstream server' }));
  req.pipe(upstream);
}

/**
 * @param {object} cfg stack config
 * @param {{ auth: Service, storage: Service, functions: Service }} services each with
 *   `handle(req, res, subPath, url)`; REST is proxied to PostgREST on cfg.restPort.
 */
export function createGateway(cfg, services) {
  return http.createServer(async (req, res) => {
    const originalWriteHead = res.writeHead.bind(res);
    // Every answer carries the CORS header, whichever service wrote it.
    res.writeHead = (status, ...rest) => {
      if (!res.getHeader('access-control-allow-origin')) res.setHeader('access-control-allow-origin', '*');
      return originalWriteHead(status, ...rest);
    };
    try {
      const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
      if (req.method === 'OPTIONS') return preflight(req, res);
      const match = /^\/(rest|auth|storage|functions)\/v1(\/.*)?$/.exec(url.pathname);
      if (!match) return sendJson(res, 404, { message: 'no Route matched with those values' });
      const [, service, rest = '/'] = match;

      const needsKey = service === 'rest' || (service === 'auth' && !OPEN_AUTH_ROUTES.includes(rest));
      if (needsKey) {
        const refusal = await checkApiKey(req, url, cfg.jwtSecret);
        if (refusal) return sendJson(res, refusal.status, refusal.body);
      }
      if (service === 'rest') {
        // Without a user token, the apikey's own role applies (anon or service_role).
        const headers = req.headers.authorization ? {} : { authorization: `Bearer ${req.headers.apikey ?? url.searchParams.get('apikey')}` };
        return proxy(req, res, { port: cfg.restPort, path: rest + url.search, headers });
      }
      await services[service].handle(req, res, rest, url);
    } catch (error) {
      console.error('[gateway]', error);
      sendJson(res, 500, { message: 'An unexpected error occurred' });
    }
  });
}
