// `npm run db:reset`: rebuild the local database from platform bootstrap + migrations + seed.
// Works whether or not `npm start` is running; leaves the cluster as it found it.
import { stackConfig } from './lib/config.mjs';
import { uploadDemoPhotos } from './stack/demo-photos.mjs';
import { ensureCluster, isRunning, resetDatabase, startCluster, stopCluster, withClient } from './lib/pg-cluster.mjs';

const cfg = stackConfig(process.env.SAVIA_PROFILE ?? 'dev');
const wasRunning = isRunning(cfg);
ensureCluster(cfg);
startCluster(cfg);
try {
  await resetDatabase(cfg, { withSeed: !process.argv.includes('--no-seed'), log: (m) => console.log(`· ${m}`) });
  // A running PostgREST reloads its schema cache on this notification.
  await withClient(cfg.dbUrl, (c) => c.query(`notify pgrst, 'reload schema'`));
  // Under a running stack the demo photos go up now; otherwise the stack uploads them when it starts.
  const apiUp = await fetch(`${cfg.apiUrl}/storage/v1/status`, { signal: AbortSignal.timeout(2000) }).then(
    () => true,
    () => false,
  );
  if (apiUp) await withClient(cfg.dbUrl, (c) => uploadDemoPhotos(cfg, c));
  console.log(`Base de datos reconstruida (${cfg.dbUrl}).`);
} catch (error) {
  console.error(error.message);
  process.exitCode = 1;
} finally {
  if (!wasRunning) stopCluster(cfg);
}
