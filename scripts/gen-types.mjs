// `npm run gen:types`: writes src/lib/database.types.ts with Supabase's own type generator
// (@supabase/postgres-meta, what `supabase gen types typescript` runs) against the local database.
// `--check` compares instead of writing and fails when the committed file is stale.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT, stackConfig } from './lib/config.mjs';
import { ensureCluster, isRunning, migrate, startCluster, stopCluster } from './lib/pg-cluster.mjs';

const TARGET = join(ROOT, 'src', 'lib', 'database.types.ts');

export function generateTypes(dbUrl) {
  const server = createRequire(import.meta.url).resolve('@supabase/postgres-meta/dist/server/server.js');
  return execFileSync(process.execPath, [server], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: {
      ...process.env,
      PG_META_DB_URL: dbUrl,
      PG_META_GENERATE_TYPES: 'typescript',
      PG_META_GENERATE_TYPES_INCLUDED_SCHEMAS: 'public',
      PG_META_GENERATE_TYPES_DETECT_ONE_TO_ONE_RELATIONSHIPS: 'true',
    },
  });
}

export function checkTypes(dbUrl) {
  const fresh = generateTypes(dbUrl);
  const committed = existsSync(TARGET) ? readFileSync(TARGET, 'utf8') : '';
  return fresh === committed;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // The local database, brought up to date with the migrations (and left as it was found).
  const cfg = stackConfig(process.env.SAVIA_PROFILE ?? 'dev');
  const wasRunning = isRunning(cfg);
  ensureCluster(cfg);
  startCluster(cfg);
  try {
    await migrate(cfg);
    if (process.argv.includes('--check')) {
      if (!checkTypes(cfg.dbUrl)) {
        console.error('src/lib/database.types.ts está desactualizado: ejecuta npm run gen:types.');
        process.exitCode = 1;
      } else console.log('Tipos al día.');
    } else {
      writeFileSync(TARGET, generateTypes(cfg.dbUrl));
      console.log(`Escrito ${TARGET}`);
    }
  } finally {
    if (!wasRunning) stopCluster(cfg);
  }
}
