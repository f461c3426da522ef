import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './scripts/lib/system-deps.mjs';

// End-to-end tests against the built app (`vite preview`, started by scripts/test.mjs) and the
// local stack, in Debian's Chromium: never a downloaded browser.
const baseURL = process.env.SAVIA_APP_URL ?? 'http://127.0.0.1:55173';
const bareDatabase = process.env.SAVIA_E2E_BARE === '1';

// Two workers share one stack (tests/e2e/README.md). Each test makes the rows it changes and the
// demo personas are only read, so tests run side by side, with one exception kept apart: tests
// tagged @empresa read or change what belongs to the whole company (the Dashboard's and Finanzas'
// figures, the payout totals, the approvals count, the settings, the plan). They run one at a time
// in one worker, beside the specs about sessions and navigation (which only sign in and read);
// everything else runs after both, in both workers.
const SESSION_SPECS = ['auth', 'back-office', 'member', 'route-error', 'tabs', 'theme'].map((name) => `**/${name}.spec.ts`);
const COMPANY = /@empresa/;
const BARE_SPECS = '**/*.bare.spec.ts';

/** Debian's Chromium, as root. */
const chromium = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1280, height: 800 },
  launchOptions: {
    executablePath: (chromiumPath as () => string)(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  },
};

export default defineConfig({
  testDir: 'tests/e2e',
  // The shell's screenshots (screenshots.shots.ts) are taken for people to judge, in `npm run screenshots`
  // only: they assert nothing, so the test run does not carry them as skipped tests. Specs of a database
  // fresh from `supabase db push` (no seed: `*.bare.spec.ts`) run only in npm test's owner stage, on that
  // database (SAVIA_E2E_BARE=1), in a project of their own; the others need the seeded one.
  testMatch: bareDatabase ? '**/*.bare.spec.ts' : process.env.SAVIA_SCREENSHOTS === '1' ? ['**/*.spec.ts', '**/*.shots.ts'] : '**/*.spec.ts',
  fullyParallel: true,
  workers: bareDatabase ? 1 : 2,
  // A retry would hide a test that fails one run in many: a failure is looked at, not rerun.
  retries: 0,
  // Two workers share two cores with the stack and the browser: a test takes longer than alone.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  outputDir: 'test-results',
  use: {
    baseURL,
    // One browser context per worker, reset by Playwright between tests, instead of a new one per test:
    // a test's first page reuses the worker's renderer, about a fifth of the stage's CPU. What the reset
    // leaves, and the rule that follows, are in tests/e2e/README.md; the figures in bench/README.md.
    reuseContext: true,
    // The browser asks for reduced motion, as a person who set it in their system does (index.css):
    // no test reads motion, and every frame of a pulsing skeleton or a turning spinner is drawn in
    // software on the run's 2 cores, 5–22 % of the CPU of the specs measured (bench/README.md). theme.spec
    // proves both preferences.
    reducedMotion: 'reduce',
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
    screenshot: 'only-on-failure',
    // Recording a trace (a screencast and DOM snapshots of every action, kept only on failure) costs
    // about a third of the stage on a 2-core machine: only when asked for, SAVIA_E2E_TRACE=1 (README).
    // Without it a failure still leaves its screenshot and the page's snapshot (error-context.md).
    trace: process.env.SAVIA_E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
  projects: bareDatabase
    ? [{ name: 'base-vacia', use: chromium }]
    : [
        { name: 'empresa', grep: COMPANY, testIgnore: BARE_SPECS, workers: 1, use: chromium },
        { name: 'sesiones', testMatch: SESSION_SPECS, grepInvert: COMPANY, use: chromium },
        { name: 'datos-propios', testIgnore: [...SESSION_SPECS, BARE_SPECS], grepInvert: COMPANY, dependencies: ['empresa', 'sesiones'], use: chromium },
      ],
});
