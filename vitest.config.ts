import { defineConfig } from 'vitest/config';

// Files that mock modules or stub globals need a module graph of their own.
const ISOLATED = [
  'test/config/package-version.test.ts',
  'test/config/config-schema-location.test.ts',
  'test/report/build-html-report.test.ts',
  'test/support/property-runs.test.ts',
];
// test/fixtures/ holds whole vitest projects that the e2e tests run through the CLI.
const NEVER = ['test/fixtures/**', 'node_modules/**', 'dist/**'];

export default defineConfig({
  test: {
    projects: [
      {
        // Pure functions and in-process commands: one module graph per worker is 3× faster.
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/e2e/**', ...ISOLATED, ...NEVER],
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: { name: 'unit-isolated', include: ISOLATED, testTimeout: 120_000 },
      },
      {
        // e2e tests drive the built CLI on whole vitest projects: they need room.
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          exclude: NEVER,
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
