// `npm run build`, after scripts/transpile.js: the modules a test worker loads — the barrel (`envelope-mutants`),
// the matchers (`envelope-mutants/vitest`) and the taps' setup file — bundled together into
// dist/worker/, their shared code in shared chunks so each class and module has one copy.
//
// Why: under the verdict contract every mutant's copy of a test file evaluates its module graph in
// a VM context of its own (docs/design.md "The rounds"), and dist/src is about 150 modules
// there, each resolved, linked and evaluated again in every copy. The bundle cuts that to a few.
// dist/src stays one module per source: the Node side (CLI, runner, reports) and the types load from it.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));

/** The entries, by the name of their file in dist/worker/. */
const ENTRIES = {
  index: `${dist}src/index.js`,
  vitest: `${dist}src/assertions/vitest.js`,
  setup: `${dist}src/taps/setup.js`,
};

/**
 * Hands rolldown each module with its source map from the transpile step, so the bundle's maps lead back to src/*.ts
 * and carry their text (the package ships no src/).
 */
const transpiledSourceMaps = {
  name: 'transpiled-source-maps',
  load(id) {
    if (!id.startsWith(dist) || !id.endsWith('.js')) return null;
    const code = readFileSync(id, 'utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
    const mapFile = `${id}.map`;
    return existsSync(mapFile) ? { code, map: readFileSync(mapFile, 'utf8') } : { code };
  },
};

const bundle = await rolldown({
  input: ENTRIES,
  platform: 'node',
  // Packages stay imports: the project's own copies of vitest, fast-check and Ajv.
  external: (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0'),
  plugins: [transpiledSourceMaps],
});
await bundle.write({
  dir: `${dist}worker`,
  format: 'esm',
  sourcemap: true,
  entryFileNames: '[name].js',
  chunkFileNames: 'chunk-[hash].js',
});
await bundle.close();
