// @ts-check
// The functions runner behind /functions/v1: it finds `supabase/functions/<name>/index.ts`
// (and SAVIA_EXTRA_FUNCTIONS_DIR's functions), checks the JWT like `supabase functions serve`
// unless the function's config says `verify_jwt = false`, and forwards the request to that
// function's own Deno process (see worker.mjs), started lazily and restarted when its source
// changes, so edits show up on the next call as with the Supabase CLI.
import http from 'node:http';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../lib/config.mjs';
import { publishedJwks } from '../../lib/jwt.mjs';
import { sendJson } from '../http.mjs';
import { createCatalog } from './catalog.mjs';
import { checkJwt } from './jwt-gate.mjs';
import { startWorker } from './worker.mjs';

/**
 * The latest modification time under the function's folder and the shared `_shared` folder.
 * @param {string[]} dirs
 */
function sourceStamp(dirs) {
  let latest = 0;
  const visit = (/** @type {string} */ dir) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else latest = Math.max(latest, statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? 0);
    }
  };
  dirs.forEach(visit);
  return latest;
}

/**
 * `KEY=value` lines of supabase/functions/.env, which the Supabase CLI also hands to functions.
 * @param {string} path
 * @returns {Record<string, string>}
 */
function readDotEnv(path) {
  let text = '';
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return {};
  }
  /** @type {Record<string, string>} */
  const env = {};
  for (const line of text.split('\n')) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (match) env[match[1]] = match[2].replace(/^(['"])(.*)\1$/, '$2');
  }
  return env;
}

/**
 * What a function sees in Deno.env: the Supabase variables hosted functions get (the legacy keys,
 * the named publishable and secret keys as JSON, the public key set that verifies user JWTs),
 * and only what Deno itself needs besides.
 * @param {import('../../lib/config.mjs').StackConfig} cfg
 * @returns {Record<string, string>}
 */
function functionEnv(cfg) {
  const inherited = Object.fromEntries(['HOME', 'PATH', 'DENO_DIR', 'TMPDIR'].flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])));
  return {
    ...inherited,
    // send-notifications' secrets, pointing at the stack's own mail server; supabase/functions/.env
    // (read next, as the CLI reads it) may point them at a real one.
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(cfg.smtpPort),
    SMTP_FROM: 'Savia <avisos@savia.test>',
    SITE_URL: cfg.siteUrl,
    ...readDotEnv(join(ROOT, 'supabase/functions/.env')),
    DENO_NO_UPDATE_CHECK: '1',
    NO_COLOR: '1',
    SUPABASE_URL: cfg.apiUrl,
    SUPABASE_ANON_KEY: cfg.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: cfg.serviceRoleKey,
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: cfg.publishableKey }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: cfg.secretKey }),
    SUPABASE_JWKS: JSON.stringify(publishedJwks(cfg)),
    SUPABASE_DB_URL: cfg.dbUrl,
  };
}

/** @param {import('node:http').ServerResponse} res @param {number} status @param {string} text */
function sendText(res, status, text) {
  res.writeHead(status, { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** The edge runtime's answers when a worker cannot serve (same codes and texts as the CLI). */
const BOOT_ERROR = { code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' };
const WORKER_ERROR = { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' };

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {number} port
 * @param {string} path
 */
function forward(req, res, port, path) {
  const upstream = http.request({ host: '127.0.0.1', port, method: req.method, path, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 500, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => (res.headersSent ? res.destroy() : sendJson(res, 500, WORKER_ERROR)));
  req.pipe(upstream);
}

/**
 * @param {{ cfg: import('../../lib/config.mjs').StackConfig,
 *   verifyJwt: (token: string) => Promise<unknown> }} deps verifyJwt: the project's verifier
 */
export function createFunctionsService({ cfg, verifyJwt }) {
  const findFunction = createCatalog(ROOT, process.env.SAVIA_EXTRA_FUNCTIONS_DIR);
  const env = functionEnv(cfg);
  const sharedDir = join(ROOT, 'supabase/functions/_shared');
  /** @type {Map<string, { worker: ReturnType<typeof startWorker>, stamp: number, entrypoint: string }>} */
  const workers = new Map();

  /** @param {{ name: string, dir: string, entrypoint: string }} fn */
  async function portFor(fn) {
    const stamp = sourceStamp([fn.dir, sharedDir]);
    let entry = workers.get(fn.name);
    if (entry && (entry.worker.exited() || entry.stamp !== stamp || entry.entrypoint !== fn.entrypoint)) {
      workers.delete(fn.name);
      await entry.worker.stop();
      entry = undefined;
    }
    if (!entry) {
      entry = { worker: startWorker(fn, { env, logDir: cfg.logDir }), stamp, entrypoint: fn.entrypoint };
      workers.set(fn.name, entry);
    }
    try {
      return await entry.worker.port;
    } catch (error) {
      if (workers.get(fn.name) === entry) workers.delete(fn.name);
      throw error;
    }
  }

  return {
    /** @type {import('../gateway.mjs').Service['handle']} */
    async handle(req, res, subPath, url) {
      const [, name = '', rest = ''] = /^\/([^/]*)(\/.*)?$/.exec(subPath) ?? [];
      const fn = findFunction(name);
      if (!fn) return sendText(res, 404, 'Function not found');
      if (fn.verifyJwt) {
        const refusal = await checkJwt(req, verifyJwt);
        if (refusal) return sendJson(res, refusal.status, refusal.body);
      }
      let port;
      try {
        port = await portFor(fn);
      } catch (error) {
        console.error(`[functions] ${/** @type {Error} */ (error).message}; see ${join(cfg.logDir, `function-${fn.name}.log`)}`);
        return sendJson(res, 503, BOOT_ERROR);
      }
      forward(req, res, port, `/${fn.name}${rest}${url.search}`);
    },

    async close() {
      const all = [...workers.values()];
      workers.clear();
      await Promise.all(all.map((entry) => entry.worker.stop()));
    },
  };
}
