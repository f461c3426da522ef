// @ts-check
// Brings the whole local Supabase up: Postgres, PostgREST, the mail server (MailDev), the gateway
// hosting the auth and storage emulators and the functions runner, and pg_net's stand-in worker.
// Used by `npm start` and by `npm test`.
import { join } from 'node:path';
import pg from 'pg';
import { ROOT } from '../lib/config.mjs';
import { createJwtVerifier } from '../lib/jwt.mjs';
import { ensureCluster, migrate, resetDatabase, startCluster, stopCluster } from '../lib/pg-cluster.mjs';
import { onStop, reservePorts, spawnReady, startWithRetry, stopService } from '../lib/processes.mjs';
import { createApiKeys } from './api-keys.mjs';
import { uploadDemoPhotos } from './demo-photos.mjs';
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

  // Everything below stops together, once: at exit, or earlier through the returned `stop` (npm test
  // brings the services up on the bare database for the owner's first sign-in, then on the seeded one).
  /** @type {Array<() => unknown>} */
  const stops = [];
  /** @type {Promise<unknown> | undefined} */
  let stopped;
  const stop = () =>
    (stopped ??= stops.reduceRight(
      (done, fn) => done.then(fn).catch((/** @type {unknown} */ error) => console.error(error)),
      Promise.resolve(/** @type {unknown} */ (undefined)),
    ));
  onStop(stop);

  reservePorts([cfg.apiPort, cfg.dbPort, cfg.restPort, cfg.restAdminPort, cfg.appPort, cfg.mailWebPort, cfg.smtpPort]);
  const postgrest = await startPostgrest(cfg);
  stops.push(() => stopService(postgrest));
  const mailServer = await startMailServer(cfg);
  stops.push(() => stopService(mailServer));

  const pool = new pg.Pool({ connectionString: cfg.dbUrl, max: 10 });
  // `npm run db:reset` under a running stack ends every connection: an idle one's error is logged and
  // the pool opens a new one on the next request, instead of the whole stack stopping.
  pool.on('error', (error) => console.error('[api] conexión perdida:', error.message));
  stops.push(() => pool.end());
  // One verifier for every service: the signing key's public half and the legacy secret.
  const verifyJwt = createJwtVerifier(cfg);
  const services = {
    auth: createAuthService({ cfg, pool, verifyJwt }),
    storage: createStorageService({ cfg, pool, verifyJwt }),
    functions: createFunctionsService({ cfg, verifyJwt }),
  };
  stops.push(() => Promise.all(Object.values(services).map((s) => s.close?.())));

  const gateway = createGateway(cfg, services, createApiKeys(cfg, verifyJwt));
  await /** @type {Promise<void>} */ (
    new Promise((resolve, reject) => {
      gateway.once('error', reject);
      gateway.listen(cfg.apiPort, '127.0.0.1', () => resolve());
    })
  );
  stops.push(() => {
    const closed = /** @type {Promise<void>} */ (new Promise((resolve) => gateway.close(() => resolve())));
    gateway.closeAllConnections?.();
    return closed;
  });

  // pg_cron asks pg_net to call send-notifications; here, at this stack's own address.
  await pool.query('select private.configure_notification_delivery($1, $2)', [`${cfg.apiUrl}/functions/v1/send-notifications`, cfg.publishableKey]);
  const pgNet = startPgNetWorker(cfg);
  stops.push(() => pgNet.close());
  const photos = await uploadDemoPhotos(cfg, pool);
  if (photos) log(`${photos} fotos de demostración subidas`);
  return { gateway, pool, services, stop };
}

/**
 * MailDev: a real SMTP server that keeps every message it receives and shows them in a web inbox
 * (with a REST API the tests read), where send-notifications delivers locally. Started again after a
 * moment when it could not start (a port held for an instant: startWithRetry); its log says why.
 * @param {import('../lib/config.mjs').StackConfig} cfg
 */
function startMailServer(cfg) {
  return startWithRetry(
    () =>
      spawnReady(
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
        ],
        { what: 'MailDev', readyUrl: `${cfg.mailUrl}/api/healthz`, logDir: cfg.logDir, timeoutMs: 15000 },
      ),
    () => true,
  );
}
