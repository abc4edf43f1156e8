// The examples' suites for the tap-overhead benchmark, with the library's taps installed (as a
// project runs them outside a mutation run) or stubbed out to identity functions (the reference).
//   BENCH_EXAMPLE=mcp-client|mcp-server   BENCH_TAPS=installed|stubbed
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const repoFile = (path) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const example = process.env['BENCH_EXAMPLE'] ?? 'mcp-client';
const stubbed = process.env['BENCH_TAPS'] === 'stubbed';

/** The tap modules of the build and the function each exports; stubbed, each is the identity. */
const TAP_MODULES = {
  'tap-message.js': 'tapMessage',
  'tap-decision.js': 'tapDecision',
  'mutating-transport.js': 'mutatingTransport',
};
const TAPS_DIR = repoFile('dist/src/taps/');
const REAL = '?bench-real';

/**
 * Replaces each tap module by one that re-exports the real module but shadows the tap with the
 * identity (a local export wins over `export *`), so every importer inside the library (e.g.
 * `connectRaw` wrapping its transport) gets the stub too, not only the suite's own imports.
 */
const stubTaps = {
  name: 'bench-stub-taps',
  enforce: 'pre',
  load(id) {
    if (!stubbed || id.endsWith(REAL) || !id.startsWith(TAPS_DIR)) return null;
    const name = TAP_MODULES[id.slice(TAPS_DIR.length)];
    if (name === undefined) return null;
    return `export * from ${JSON.stringify(id + REAL)};\nexport function ${name}(value) { return value; }\n`;
  },
};

export default defineConfig({
  root: repoFile(`examples/${example}`),
  plugins: [stubTaps],
  test: {
    include: ['test/**/*.test.ts'],
  },
  resolve: {
    alias: [
      {
        find: /^envelope-mutants\/vitest$/,
        replacement: repoFile('dist/src/assertions/vitest.js'),
      },
      { find: /^envelope-mutants$/, replacement: repoFile('dist/src/index.js') },
    ],
  },
});
