import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // test/fixtures/ holds whole vitest projects that the e2e tests run through the CLI.
    exclude: ['test/fixtures/**', 'node_modules/**', 'dist/**'],
    // e2e tests drive the built CLI on whole vitest projects: they need room.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
