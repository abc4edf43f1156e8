import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Files that mock modules or stub globals need a module graph of their own.
const ISOLATED = [
  'test/config/package-version.test.ts',
  'test/config/config-schema-location.test.ts',
  'test/report/build-html-report.test.ts',
  'test/support/property-runs.test.ts',
  'test/secrets/make-folders-race.test.ts',
];
// test/fixtures/ holds whole vitest projects that the e2e tests run through the CLI.
const NEVER = ['test/fixtures/**', 'node_modules/**', 'dist/**'];

export default defineConfig({
  test: {
    // At least two files at a time, where vitest's default on 2 cores is one: an e2e file that
    // runs the harness keeps 1.3 cores busy on average (discovery, tsc, a watchdog waiting), so a
    // second file fills the gaps. Measured on 2 cores: the e2e project in 437 s instead of 621 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        // Pure functions and in-process commands: one module graph per worker is 3× faster.
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/e2e/**', ...ISOLATED, ...NEVER],
          isolate: false,
          setupFiles: ['test/support/no-tap-state-left.ts'],
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
