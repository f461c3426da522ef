import { defineConfig } from 'vitest/config';

// The local stack's conformance tests (tests/stack): the emulators and the gateway answer as
// Supabase's services do. They run before the product's integration tests, on the same stack.
export default defineConfig({
  test: {
    include: ['tests/stack/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30000,
    hookTimeout: 60000,
    fileParallelism: false,
  },
});
