import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { sep } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Unit and component tests: pure helpers and small components, without a stack. Only what needs a
// DOM gets jsdom (its set-up is most of a file's cost): the components (.tsx) and the .ts tests
// that load supabase-js, whose realtime client wants the WebSocket Node 20 lacks. Any other .ts
// test runs in Node; one that touches the DOM there fails at once ("document is not defined"):
// list it in DOM_TESTS. tests/unit/*.node.test.ts say `@vitest-environment node` themselves.
const DOM_EXTRA = ['src/features/payments/payout-csv.test.ts', 'src/components/ledger/ledger-why.test.ts'];
const DOM_TESTS = ['src/**/*.test.tsx', ...DOM_EXTRA];
const isDomTest = (file: string) => (file.startsWith('src/') && file.endsWith('.test.tsx')) || DOM_EXTRA.includes(file);

// A file that mocks a module (vi.mock) needs a module registry of its own, so it runs isolated; the
// others share their worker's modules and environment (isolate: false), which spares a jsdom set-up
// and the app's imports per file: about half the stage's CPU. Found by reading the files, so a new
// test that mocks is isolated without a list to keep.
const MOCKING_TESTS = ['src', 'tests/unit']
  .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => `${dir}/${file.split(sep).join('/')}`))
  .filter((file) => /\.test\.tsx?$/.test(file) && /\bvi\.(mock|doMock)\(/.test(readFileSync(file, 'utf8')));
const isolated = (name: string, files: string[], environment: 'jsdom' | 'node') =>
  files.length === 0
    ? []
    : [{ extends: true as const, test: { name, include: files, environment, setupFiles: environment === 'jsdom' ? ['./tests/unit/setup.ts'] : [] } }];

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    pool: 'threads',
    // A worker per core: the main thread mostly waits (vitest's default, a core less, left one of two idle).
    maxWorkers: availableParallelism(),
    env: {
      VITE_SUPABASE_URL: 'http://127.0.0.1:54321',
      VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_unit-tests',
    },
    projects: [
      {
        extends: true,
        test: { name: 'dom', include: DOM_TESTS, exclude: MOCKING_TESTS, environment: 'jsdom', setupFiles: ['./tests/unit/setup.ts'], isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'node',
          include: ['src/**/*.test.ts', 'tests/unit/**/*.test.{ts,tsx}'],
          exclude: [...DOM_TESTS, ...MOCKING_TESTS],
          environment: 'node',
          isolate: false,
        },
      },
      ...isolated('dom-mocks', MOCKING_TESTS.filter(isDomTest), 'jsdom'),
      ...isolated(
        'node-mocks',
        MOCKING_TESTS.filter((file) => !isDomTest(file)),
        'node',
      ),
    ],
  },
});
