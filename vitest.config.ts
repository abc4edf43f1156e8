import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // e2e tests drive the built CLI on whole vitest projects: they need room.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
