import { defineConfig } from 'vitest/config';

// The unit tests only: StrykerJS mutates src/ and mutators/ in place and reruns the covering tests,
// so e2e tests (which drive the built CLI from dist/) would never see a mutant.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'test/fixtures/**', 'node_modules/**'],
  },
});
