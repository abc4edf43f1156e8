import { defineConfig } from 'vitest/config';
import { ShortestFirstSequencer } from './test/shortest-first-sequencer.js';

// The unit tests only: StrykerJS mutates src/ and mutators/ in a sandbox and reruns the covering
// tests, so the e2e tests (which drive the built CLI from dist/) would never see a mutant.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'test/fixtures/**', 'node_modules/**', 'dist/**'],
    // Instrumented code is several times slower, and fast-check properties run hundreds of cases:
    // vitest's 5 s default fails the dry run on a busy machine. A mutant that hangs is still cut
    // short by StrykerJS's own timeout (timeoutMS + timeoutFactor × the test's dry-run time).
    // StrykerJS re-runs each covering test once per mutant: universal properties run at most
    // fast-check's default 100 cases here instead of up to 2,000
    // (test/support/property-runs.ts). Tests that must find a planted defect keep their full
    // size. `npm test` runs every property in full.
    env: { ENVELOPE_MUTANTS_PROPERTY_RUNS: '100' },
    sequence: { sequencer: ShortestFirstSequencer },
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
