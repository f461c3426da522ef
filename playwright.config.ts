import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './scripts/lib/system-deps.mjs';

// End-to-end tests against the built app (`vite preview`, started by scripts/test.mjs) and the
// local stack, in Debian's Chromium: never a downloaded browser.
const baseURL = process.env.SAVIA_APP_URL ?? 'http://127.0.0.1:55173';
const bareDatabase = process.env.SAVIA_E2E_BARE === '1';

export default defineConfig({
  testDir: 'tests/e2e',
  // The shell's screenshots (screenshots.shots.ts) are taken for people to judge, in `npm run screenshots`
  // only: they assert nothing, so the test run does not carry them as skipped tests. Specs of a database
  // fresh from `supabase db push` (no seed: `*.bare.spec.ts`) run only in npm test's owner stage, on that
  // database (SAVIA_E2E_BARE=1); the others need the seeded one.
  testMatch: bareDatabase ? '**/*.bare.spec.ts' : process.env.SAVIA_SCREENSHOTS === '1' ? ['**/*.spec.ts', '**/*.shots.ts'] : '**/*.spec.ts',
  testIgnore: bareDatabase ? [] : '**/*.bare.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  outputDir: 'test-results',
  use: {
    baseURL,
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
    screenshot: 'only-on-failure',
    // Recording a trace (a screencast and DOM snapshots of every action, kept only on failure) costs
    // about a third of the stage on a 2-core machine: only when asked for, SAVIA_E2E_TRACE=1 (README).
    // Without it a failure still leaves its screenshot and the page's snapshot (error-context.md).
    trace: process.env.SAVIA_E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
  },
  projects: [
    {
      name: 'chromium',
      use: {
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
      },
    },
  ],
});
