import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const repoFile = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The build is then loaded as vitest loads an installed package: by Node, untransformed.
    server: { deps: { external: [/\/dist\/worker\//] } },
  },
  resolve: {
    // Inside this repository the examples run against the library's own build (`npm run build`).
    // A project that copies this example deletes `alias` and `server.deps.external`, and runs
    // `npm i -D envelope-mutants`.
    alias: [
      {
        find: /^envelope-mutants\/vitest$/,
        replacement: repoFile('../../dist/worker/vitest.js'),
      },
      { find: /^envelope-mutants$/, replacement: repoFile('../../dist/worker/index.js') },
    ],
  },
});
