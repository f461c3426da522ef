// `npm test`: every check, on a stack of its own (the test profile's ports and a fresh cluster),
// so a running `npm start` is never disturbed. Stages run in order and stop at the first failure; the
// static checks run beside them at the lowest priority and are reported before the end-to-end tests.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT, stackConfig } from './lib/config.mjs';
import { bootstrapPlatform, destroyCluster, ensureCluster, startCluster, stopCluster } from './lib/pg-cluster.mjs';
import { proveAsSupabaseTestDb, pushWithSupabaseCli } from './lib/deploy-rehearsal.mjs';
import { preparePg17 } from './lib/pg17.mjs';
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

/** Checks running in the background, stopped if the run ends before them. */
const backgroundChildren = new Set();
onStop(() => backgroundChildren.forEach((child) => child.kill('SIGKILL')));

/**
 * `quiet`: the output is kept and returned instead of printed (for stages that run side by side).
 * `lowPriority`: the check runs at nice 19, on what the stages in the foreground leave of the cores.
 */
function run(command, args, env = {}, { quiet = false, lowPriority = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...testEnv, ...env } });
    // (No pid: it never started, and setPriority without one would lower this very process.)
    if (lowPriority && child.pid !== undefined) {
      setPriority(child.pid, 19);
      backgroundChildren.add(child);
    }
    let output = '';
    if (quiet) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (output += chunk));
    child.on('exit', (code, signal) => {
      backgroundChildren.delete(child);
      resolve(quiet ? { ok: code === 0 && !signal, output } : code === 0 && !signal);
    });
  });
}
const npx = (bin, args, env, options) => run(process.execPath, [join(ROOT, 'node_modules', '.bin', bin), ...args], env, options);

/** Whether stage `name` runs in this invocation (named, or needed by a named one). */
const wanted = (name, neededBy = []) => !only.length || only.includes(name) || neededBy.some((n) => only.includes(n));

/** Starts a quiet check now; `reportBackground` prints it where its stage stands in the run, and its own duration. */
function background(fn) {
  const t0 = performance.now();
  return fn().then((outcome) => ({ ...outcome, seconds: ((performance.now() - t0) / 1000).toFixed(1) }));
}
async function reportBackground(pending) {
  const { ok, output, seconds } = await pending;
  if (output) process.stdout.write(output);
  return { ok, seconds };
}

/** The deploy rehearsal's push and pgTAP run on a PostgreSQL 17 cluster of its own; its output kept. */
async function rehearseOnPostgres17() {
  const { binDir, server } = preparePg17();
  const dataDir = join(cfg.dataDir, 'pg17');
  const dbPort = cfg.dbPort + 10;
  const cfg17 = {
    ...cfg,
    pgBinDir: binDir,
    dbPort,
    dataDir,
    pgData: join(dataDir, 'pg'),
    logDir: join(dataDir, 'logs'),
    dbUrl: `postgresql://postgres:postgres@127.0.0.1:${dbPort}/postgres`,
  };
  ensureCluster(cfg17);
  startCluster(cfg17);
  onStop(() => stopCluster(cfg17));
  try {
    await bootstrapPlatform(cfg17);
    const pushed = await pushWithSupabaseCli(cfg17);
    const said = `${server} (pg_cron: sustituto sin planificador; ver README «PostgreSQL 17»)\n${pushed.output
      .split('\n')
      .filter((line) => !/^(Applying migration| • )/.test(line))
      .join('\n')}\n`;
    if (!pushed.ok) return { ok: false, output: said };
    const proved = await proveAsSupabaseTestDb(cfg17, pgtapFiles(), (command, args) => run(command, args, {}, { quiet: true }));
    return { ok: proved.ok, output: said + proved.output };
  } finally {
    stopCluster(cfg17);
  }
}

/** `vite preview` of the built app, once for the owner and e2e stages (both reach the API at cfg.apiUrl). */
let preview;
function startPreview() {
  preview ??= (async () => {
    spawnService(
      'preview',
      process.execPath,
      [
        join(ROOT, 'node_modules/vite/bin/vite.js'),
        'preview',
        '--outDir',
        join(cfg.dataDir, 'dist'),
        '--host',
        '127.0.0.1',
        '--port',
        String(cfg.appPort),
        '--strictPort',
      ],
      { logDir: cfg.logDir, cwd: ROOT },
    );
    await waitFor(async () => (await fetch(appUrl)).ok, { what: 'vite preview' });
  })();
  return preview;
}

/** `label` names a second run of a stage; `neededBy`: the stages that cannot run without this one. */
async function stage(name, fn, { label = name, neededBy = [] } = {}) {
  if (!wanted(name, neededBy)) return;
  console.log(`
━━ ${label} ━━`);
  const t0 = performance.now();
  const outcome = await Promise.resolve()
    .then(fn)
    .catch((error) => {
      console.error(error);
      return false;
    });
  // A stage run in the background (reportBackground) reports its own duration, not the wait for it.
  const ok = typeof outcome === 'object' ? outcome.ok : outcome;
  const seconds = typeof outcome === 'object' ? outcome.seconds : ((performance.now() - t0) / 1000).toFixed(1);
  results.push({ name: label, ok, seconds, besides: typeof outcome === 'object' });
  if (!ok) await finish(1);
}

/**
 * Checks that need no stack (no database, no files they write), started at once and side by side at
 * the lowest priority: the stages in the foreground come first, and these use what they leave of the
 * two cores (unit, pgTAP, the stack's and the integration tests keep about one busy), so their two
 * minutes of CPU cost the run little of its length. `reportChecks` waits for them where the run needs
 * both cores (before the end-to-end tests), prints each one's output whole, and stops the run if one
 * failed.
 */
function startChecks(stages) {
  const chosen = stages.filter(({ name }) => !only.length || only.includes(name));
  return Promise.all(
    chosen.map(async ({ name, bin, script, args }) => {
      const t0 = performance.now();
      const entry = script ? join(ROOT, script) : join(ROOT, 'node_modules', '.bin', bin);
      const { ok, output } = await run(process.execPath, [entry, ...args], {}, { quiet: true, lowPriority: true }).catch((error) => ({
        ok: false,
        output: String(error),
      }));
      return { name, ok, output, seconds: ((performance.now() - t0) / 1000).toFixed(1) };
    }),
  );
}
async function reportChecks(pending) {
  const outcomes = await pending;
  for (const { name, ok, output, seconds } of outcomes) {
    console.log(`\n━━ ${name} ━━`);
    if (output) process.stdout.write(output);
    results.push({ name, ok, seconds, besides: true });
  }
  if (outcomes.some((o) => !o.ok)) await finish(1);
}

async function finish(code) {
  await stopAll();
  console.log('\nResumen de npm test:');
  for (const r of results) console.log(`  ${r.ok ? '✓' : '✗'} ${r.name.padEnd(18)} ${r.seconds} s${r.besides ? ' (en paralelo con otras etapas)' : ''}`);
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

const checks = startChecks([
  { name: 'typecheck', bin: 'tsc', args: ['-b', '--noEmit'] },
  { name: 'lint', bin: 'eslint', args: ['.', '--max-warnings=0'] },
  // One formatter for the repository: a file Prettier would change fails here (`npm run format` fixes it).
  { name: 'format', bin: 'prettier', args: ['--check', '.', '--log-level', 'warn'] },
  // A fresh clone installs with `npm ci`: the lock must hold every package of every platform.
  { name: 'install', script: 'scripts/check-install.mjs', args: [] },
]);
await stage('unit', () => npx('vitest', ['run', '--config', 'vitest.config.ts']));

// The deploy rehearsal (README «Deploying to a hosted Supabase project»): a fresh cluster laid out as
// a project created today, the migrations pushed by the real Supabase CLI, no seed. The generated
// types, the bare pgTAP run (as `supabase test db` runs it) and the owner's first sign-in use that
// database; then it is rebuilt with the seed for the rest, and pgTAP runs again on it.
destroyCluster(cfg);
ensureCluster(cfg);
startCluster(cfg);
onStop(() => stopCluster(cfg));

// One production build into the test's own folder (a `vite build` run by hand meanwhile cannot swap
// files under it), started now: it needs no database, so it runs beside the rehearsal's stages. The
// owner stage and the end-to-end tests run on it; `budget` holds its first-load JavaScript per route
// to bench/route-budgets.mjs.
const distDir = join(cfg.dataDir, 'dist');
const building = wanted('build', ['budget', 'e2e', 'owner'])
  ? background(() => npx('vite', ['build', '--logLevel', 'warn', '--outDir', distDir, '--emptyOutDir'], {}, { quiet: true }))
  : null;

await stage(
  'deploy',
  async () => {
    await bootstrapPlatform(cfg);
    const { ok, output } = await pushWithSupabaseCli(cfg);
    console.log(
      output
        .trim()
        .split('\n')
        .filter((line) => !/^(Applying migration| • )/.test(line))
        .join('\n'),
    );
    return ok;
  },
  { neededBy: ['types', 'pgtap', 'owner'] },
);
await stage('types', async () => {
  const fresh = checkTypes(cfg.dbUrl);
  if (!fresh) console.error('src/lib/database.types.ts está desactualizado: ejecuta npm run gen:types.');
  return fresh;
});
const pgtapFiles = () => {
  const files = testFiles('supabase/tests/database', /\.test\.sql$/).sort();
  if (files.length === 0) throw new Error('No hay pruebas pgTAP en supabase/tests/database.');
  return files;
};
await stage('pgtap', () => proveAsSupabaseTestDb(cfg, pgtapFiles(), run));
await stage('build', () => reportBackground(building), { neededBy: ['budget', 'e2e', 'owner'] });

// The owner's first sign-in on the pushed database (§ «Naming the first superadmin»): the stack on
// it, the built app, and tests/e2e/*.bare.spec.ts (the command, the Google chooser, the refusal of a
// second run). Then the stack stops: the other stages need the seeded database.
await stage('owner', async () => {
  const stack = await startStack(cfg, { log: (m) => console.log(`· ${m}`) });
  try {
    await startPreview();
    return await npx('playwright', ['test'], { SAVIA_E2E_BARE: '1' });
  } finally {
    await stack.stop();
  }
});

// PostgreSQL 17, the major version of a project created today: its own cluster (the test database
// port + 10), the same push and the same pgTAP suite (scripts/lib/pg17.mjs says what it is made of).
// Database work only, so it runs beside the seeded rebuild and the seeded pgTAP run.
const onPostgres17 = wanted('pg17') ? background(() => rehearseOnPostgres17().catch((error) => ({ ok: false, output: `${error.message}\n` }))) : null;

// The demo data the stack, integration and end-to-end tests sign in with, then the API on top of it.
if (['pgtap', 'stack', 'integration', 'budget', 'e2e'].some((name) => wanted(name))) {
  await startStack(cfg, { fresh: true, seed: true, log: (m) => console.log(`· ${m}`) });
}
await stage('pgtap', () => proveAsSupabaseTestDb(cfg, pgtapFiles(), run), { label: 'pgtap con semilla' });
await stage('pg17', () => reportBackground(onPostgres17));

// The stack's conformance first: a product test failing on a misbehaving emulator says so.
await stage('stack', () => npx('vitest', ['run', '--config', 'vitest.stack.config.ts']));
await stage('integration', () => npx('vitest', ['run', '--config', 'vitest.integration.config.ts']));
await reportChecks(checks);
await stage('budget', () => run(process.execPath, [join(ROOT, 'bench', 'route-sizes.mjs'), '--dist', distDir, '--check', '--probe']));
await stage('e2e', async () => {
  await startPreview();
  // SAVIA_E2E_SPECS="tests/e2e/orders.spec.ts …" runs only those specs (while working on one screen).
  const specs = (process.env.SAVIA_E2E_SPECS ?? '').split(/\s+/).filter(Boolean);
  if (specs.length === 0) return npx('playwright', ['test']);
  // Playwright runs a project another depends on whole, whatever the files named: the two phases of
  // playwright.config.ts run one after the other here instead, each limited to the specs named.
  const phase = (projects) => npx('playwright', ['test', '--no-deps', '--pass-with-no-tests', ...projects.map((p) => `--project=${p}`), ...specs]);
  return (await phase(['empresa', 'sesiones'])) && phase(['datos-propios']);
});

await finish(0);
