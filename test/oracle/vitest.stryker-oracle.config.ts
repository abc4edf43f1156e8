import { defineConfig } from 'vitest/config';
export default defineConfig({
  test: {
    include: [
      'test/oracle/**/*.test.ts',
      'test/taxonomy/**/*.test.ts',
      'test/envelope/**/*.test.ts',
    ],
  },
});
