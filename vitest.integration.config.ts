import { defineConfig } from 'vitest/config';

// Integration tests talk to a running local stack (started by scripts/test.mjs).
export default defineConfig({
  test: {
    include: ['tests/integration/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30000,
    hookTimeout: 60000,
    fileParallelism: false,
  },
});
