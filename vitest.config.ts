import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/src/**/*.test.tsx', 'e2e/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Each API test file opens its own database (an embedded PGlite or a throw-away PostgreSQL database).
    maxWorkers: 2,
  },
});
