// Brings the whole local Supabase up: Postgres, PostgREST, the mail server (MailDev), the gateway
// hosting the auth and storage emulators and the functions runner, and pg_net's stand-in worker.
// Used by `npm start` and by `npm test`.
import pg from 'pg';
import { createJwtVerifier } from '../lib/jwt.mjs';
import { ensureCluster, migrate, resetDatabase, startCluster, stopCluster } from '../lib/pg-cluster.mjs';
import { onStop, spawnService, waitFor } from '../lib/processes.mjs';
import { ROOT } from '../lib/config.mjs';
import { join } from 'node:path';
import { createApiKeys } from './api-keys.mjs';
import { createAuthService } from './auth/index.mjs';
import { createFunctionsService } from './functions/index.mjs';
import { createGateway } from './gateway.mjs';
import { startPgNetWorker } from './pg-net.mjs';
import { startPostgrest } from './postgrest.mjs';
import { createStorageService } from './storage/index.mjs';

/**
 * @param {ReturnType<import('../lib/config.mjs').stackConfig>} cfg
 * @param {{ fresh?: boolean, seed?: boolean, log?: (msg: string) => void }} options
 *   fresh: rebuild the database (platform + migrations [+ seed]) even if it exists.
 */
export async function startStack(cfg, { fresh = false, seed = true, log = () => {} } = {}) {
  const created = ensureCluster(cfg);
  startCluster(cfg);
  onStop(() => stopCluster(cfg));
  if (created || fresh) {
    log(created ? 'base de datos nueva' : 'reconstruyendo la base de datos');
    await resetDatabase(cfg, { withSeed: seed, log });
  } else {
    const applied = await migrate(cfg, log);
    if (applied) log(`${applied} migraciones nuevas aplicadas`);
  }

  await startPostgrest(cfg);
  await startMailServer(cfg);

  const pool = new pg.Pool({ connectionString: cfg.dbUrl, max: 10 });
  onStop(() => pool.end());
  // One verifier for every service: the signing key's public half and the legacy secret.
  const verifyJwt = createJwtVerifier(cfg);
  const services = {
    auth: createAuthService({ cfg, pool, verifyJwt }),
    storage: createStorageService({ cfg, pool, verifyJwt }),
    functions: createFunctionsService({ cfg, verifyJwt }),
  };
  onStop(() => Promise.all(Object.values(services).map((s) => s.close?.())));

  const gateway = createGateway(cfg, services, createApiKeys(cfg, verifyJwt));
  await new Promise((resolve, reject) => {
    gateway.once('error', reject);
    gateway.listen(cfg.apiPort, '127.0.0.1', resolve);
  });
  onStop(() => new Promise((resolve) => gateway.close(() => resolve())));
  gateway.closeAllConnections && onStop(() => gateway.closeAllConnections());

  // pg_cron asks pg_net to call send-notifications; here, at this stack's own address.
  await pool.query('select private.configure_notification_delivery($1, $2)', [`${cfg.apiUrl}/functions/v1/send-notifications`, cfg.publishableKey]);
  const pgNet = startPgNetWorker(cfg);
  onStop(() => pgNet.close());
  return { gateway, pool, services };
}

/**
 * MailDev: a real SMTP server that keeps every message it receives and shows them in a web inbox
 * (with a REST API the tests read), where send-notifications delivers locally.
 */
async function startMailServer(cfg) {
  spawnService(
    'maildev',
    process.execPath,
    [
      join(ROOT, 'node_modules/maildev/dist/bin/maildev.js'),
      '--smtp',
      String(cfg.smtpPort),
      '--ip',
      '127.0.0.1',
      '--web',
      String(cfg.mailWebPort),
      '--web-ip',
      '127.0.0.1',
      '--silent',
    ],
    { logDir: cfg.logDir },
  );
  await waitFor(async () => (await fetch(`${cfg.mailUrl}/api/healthz`)).ok, { what: 'MailDev', timeoutMs: 30000 });
}
