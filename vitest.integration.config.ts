import { defineConfig } from 'vitest/config';

// The product's integration tests (tests/integration) talk to a running local stack (started by
// scripts/test.mjs); the stack's own conformance tests are in vitest.stack.config.ts.
export default defineConfig({
  test: {
    include: ['tests/integration/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30000,
    hookTimeout: 60000,
    fileParallelism: false,
  },
});
