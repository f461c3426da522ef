import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Unit and component tests: pure helpers and small components, without a stack. Only what needs a
// DOM gets jsdom (its set-up is most of a file's cost): the components (.tsx) and the .ts tests
// that load supabase-js, whose realtime client wants the WebSocket Node 20 lacks. Any other .ts
// test runs in Node; one that touches the DOM there fails at once ("document is not defined"):
// list it in DOM_TESTS. tests/unit/*.node.test.ts say `@vitest-environment node` themselves.
const DOM_TESTS = ['src/**/*.test.tsx', 'src/features/payments/payout-csv.test.ts', 'src/components/ledger/ledger-why.test.ts'];

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    pool: 'threads',
    env: {
      VITE_SUPABASE_URL: 'http://127.0.0.1:54321',
      VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_unit-tests',
    },
    projects: [
      {
        extends: true,
        test: { name: 'dom', include: DOM_TESTS, environment: 'jsdom', setupFiles: ['./tests/unit/setup.ts'] },
      },
      {
        extends: true,
        test: { name: 'node', include: ['src/**/*.test.ts', 'tests/unit/**/*.test.{ts,tsx}'], exclude: DOM_TESTS, environment: 'node' },
      },
    ],
  },
});
