// `npm test`: every check, on a stack of its own (the test profile's ports and a fresh cluster),
// so a running `npm start` is never disturbed. Stages run in order and stop at the first failure.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT, stackConfig } from './lib/config.mjs';
import { destroyCluster, ensureCluster, resetDatabase, startCluster, stopCluster } from './lib/pg-cluster.mjs';
import { onStop, spawnService, stopAll, stopAllOnExit, waitFor } from './lib/processes.mjs';
import { chromiumPath, ensureSystemPackages } from './lib/system-deps.mjs';
import { checkTypes } from './gen-types.mjs';
import { startStack } from './stack/run.mjs';

process.env.SAVIA_PROFILE = 'test';
process.env.SAVIA_EXTRA_FUNCTIONS_DIR = join(ROOT, 'tests', 'stack', 'fixtures', 'functions');
const cfg = stackConfig('test');
const appUrl = `http://127.0.0.1:${cfg.appPort}`;
const testEnv = {
  SAVIA_PROFILE: 'test',
  SAVIA_APP_URL: appUrl,
  CHROMIUM_PATH: chromiumPath(),
  VITE_SUPABASE_URL: cfg.apiUrl,
  VITE_SUPABASE_PUBLISHABLE_KEY: cfg.publishableKey,
};
const only = process.argv.slice(2); // e.g. `npm test -- pgtap e2e` runs just those stages
const results = [];
stopAllOnExit();

/** `quiet`: the output is kept and returned instead of printed (for stages that run side by side). */
function run(command, args, env = {}, { quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...testEnv, ...env } });
    let output = '';
    if (quiet) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (output += chunk));
    child.on('exit', (code, signal) => resolve(quiet ? { ok: code === 0 && !signal, output } : code === 0 && !signal));
  });
}
const npx = (bin, args, env) => run(process.execPath, [join(ROOT, 'node_modules', '.bin', bin), ...args], env);

/** `label` names a second run of a stage; `neededBy`: the stages that cannot run without this one. */
async function stage(name, fn, { label = name, neededBy = [] } = {}) {
  if (only.length && !only.includes(name) && !neededBy.some((n) => only.includes(n))) return;
  console.log(`
━━ ${label} ━━`);
  const t0 = performance.now();
  const ok = await Promise.resolve()
    .then(fn)
    .catch((error) => {
      console.error(error);
      return false;
    });
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  results.push({ name: label, ok, seconds });
  if (!ok) await finish(1);
}

/**
 * Stages that share nothing (no database, no files they write) run side by side: on 2 cores two
 * single-threaded checks take the time of the longer one. Each one's output is printed whole when
 * it ends; the run stops after both if either failed.
 */
async function sideBySide(stages) {
  const chosen = stages.filter(({ name }) => !only.length || only.includes(name));
  const outcomes = await Promise.all(
    chosen.map(async ({ name, bin, args }) => {
      const t0 = performance.now();
      const { ok, output } = await run(process.execPath, [join(ROOT, 'node_modules', '.bin', bin), ...args], {}, { quiet: true }).catch((error) => ({
        ok: false,
        output: String(error),
      }));
      return { name, ok, output, seconds: ((performance.now() - t0) / 1000).toFixed(1) };
    }),
  );
  for (const { name, ok, output, seconds } of outcomes) {
    console.log(`\n━━ ${name} ━━`);
    if (output) process.stdout.write(output);
    results.push({ name, ok, seconds });
  }
  if (outcomes.some((o) => !o.ok)) await finish(1);
}

async function finish(code) {
  await stopAll();
  console.log('\nResumen de npm test:');
  for (const r of results) console.log(`  ${r.ok ? '✓' : '✗'} ${r.name.padEnd(18)} ${r.seconds} s`);
  process.exit(code);
}

const testFiles = (dir, pattern) => {
  try {
    return readdirSync(join(ROOT, dir))
      .filter((f) => pattern.test(f))
      .map((f) => join(dir, f));
  } catch {
    return [];
  }
};

ensureSystemPackages(['postgres', 'cron', 'pgtap', 'chromium']);

await sideBySide([
  { name: 'typecheck', bin: 'tsc', args: ['-b', '--noEmit'] },
  { name: 'lint', bin: 'eslint', args: ['.', '--max-warnings=0'] },
  // One formatter for the repository: a file Prettier would change fails here (`npm run format` fixes it).
  { name: 'format', bin: 'prettier', args: ['--check', '.', '--log-level', 'warn'] },
]);
await stage('unit', () => npx('vitest', ['run', '--config', 'vitest.config.ts']));

// pgTAP on a fresh database: platform bootstrap + migrations, no seed; then again on the seeded
// database the services start with, as `supabase test db` would run after `supabase db reset`.
// Its tests roll back, but sequences do not, so the database is rebuilt with the seed in between.
// Both runs connect as postgres, which is not a superuser, as on a hosted project.
destroyCluster(cfg);
ensureCluster(cfg);
startCluster(cfg);
onStop(() => stopCluster(cfg));
await resetDatabase(cfg, { withSeed: false });

await stage('types', async () => {
  const fresh = checkTypes(cfg.dbUrl);
  if (!fresh) console.error('src/lib/database.types.ts está desactualizado: ejecuta npm run gen:types.');
  return fresh;
});
const pgtap = () => {
  const files = testFiles('supabase/tests/database', /\.test\.sql$/).sort();
  if (files.length === 0) throw new Error('No hay pruebas pgTAP en supabase/tests/database.');
  return run('pg_prove', ['--ext', '.sql', '-h', '127.0.0.1', '-p', String(cfg.dbPort), '-U', 'postgres', '-d', 'postgres', ...files]);
};
await stage('pgtap', pgtap);

// The demo data the stack, integration and end-to-end tests sign in with, then the API on top of it.
await startStack(cfg, { fresh: true, seed: true, log: (m) => console.log(`· ${m}`) });
await stage('pgtap', pgtap, { label: 'pgtap con semilla' });

// The stack's conformance first: a product test failing on a misbehaving emulator says so.
await stage('stack', () => npx('vitest', ['run', '--config', 'vitest.stack.config.ts']));
await stage('integration', () => npx('vitest', ['run', '--config', 'vitest.integration.config.ts']));
// One production build into the test's own folder (a `vite build` run by hand meanwhile cannot swap
// files under it): its first-load JavaScript per route is held to bench/route-budgets.mjs, then
// the end-to-end tests run against that same build.
const distDir = join(cfg.dataDir, 'dist');
await stage('build', () => npx('vite', ['build', '--logLevel', 'warn', '--outDir', distDir, '--emptyOutDir']), { neededBy: ['budget', 'e2e'] });
await stage('budget', () => run(process.execPath, [join(ROOT, 'bench', 'route-sizes.mjs'), '--dist', distDir, '--check', '--probe']));
await stage('e2e', async () => {
  spawnService(
    'preview',
    process.execPath,
    [join(ROOT, 'node_modules/vite/bin/vite.js'), 'preview', '--outDir', distDir, '--host', '127.0.0.1', '--port', String(cfg.appPort), '--strictPort'],
    {
      logDir: cfg.logDir,
      cwd: ROOT,
    },
  );
  await waitFor(async () => (await fetch(appUrl)).ok, { what: 'vite preview' });
  // SAVIA_E2E_SPECS="tests/e2e/orders.spec.ts …" runs only those specs (while working on one screen).
  const specs = (process.env.SAVIA_E2E_SPECS ?? '').split(/\s+/).filter(Boolean);
  if (specs.length === 0) return npx('playwright', ['test']);
  // Playwright runs a project another depends on whole, whatever the files named: the two phases of
  // playwright.config.ts run one after the other here instead, each limited to the specs named.
  const phase = (projects) => npx('playwright', ['test', '--no-deps', '--pass-with-no-tests', ...projects.map((p) => `--project=${p}`), ...specs]);
  return (await phase(['empresa', 'sesiones'])) && phase(['datos-propios']);
});

await finish(0);
