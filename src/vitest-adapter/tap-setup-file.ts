import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The setup file of the taps, put before the project's own setupFiles. From the build it is
 * `dist/worker/setup.js`, bundled with the library's entries (scripts/bundle-worker.js), so a
 * suite that imports the library evaluates its code once per copy, not twice. A `dist/` built
 * without the bundle step (scripts/transpile.js alone) has none: its own `taps/setup.js` then
 * serves. When the runner itself runs from sources (our own tests) vitest transforms
 * `src/taps/setup.ts`.
 */
export function tapSetupFile(): string {
  for (const built of ['../../worker/setup.js', '../taps/setup.js']) {
    const file = fileURLToPath(new URL(built, import.meta.url));
    if (existsSync(file)) return file;
  }
  return fileURLToPath(new URL('../taps/setup.ts', import.meta.url));
}

/**
 * The module the workers of a vmForks session load first (`--import`): it compiles each installed
 * module once per worker rather than once per test file, and notes the files a copy names after
 * the worker's pid (`src/taps/worker-preload.ts`). `null` when the runner runs from sources: Node
 * cannot `--import` a TypeScript file.
 */
export function workerPreloadFile(): string | null {
  const built = fileURLToPath(new URL('../taps/worker-preload.js', import.meta.url));
  return existsSync(built) ? built : null;
}
