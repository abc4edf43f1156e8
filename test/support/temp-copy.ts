import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './bin-path.js';

/** A temporary copy of parts of the repository; `remove()` deletes it. */
export interface TempCopy {
  /** The temporary directory, laid out as the repository: `<dir>/<path>` for each path copied. */
  readonly dir: string;
  /** `<dir>/<first path copied>`: the project the test runs. */
  readonly root: string;
  remove(): void;
}

/** What a copy leaves out: installed modules, builds and the reports of earlier runs. */
const NOT_COPIED = /[/\\](node_modules|dist|reports|\.generated[^/\\]*)$/;

/**
 * Copies `paths` (relative to the repository: folders or files) into a new directory under
 * `os.tmpdir()`, each at the same relative path, so that an e2e run writes its reports, caches and
 * edits there and never into the repository.
 *
 * The fixtures and examples find the library and their dependencies through relative paths and
 * node_modules lookup, both of which a copy elsewhere would lose:
 * - their vitest configs alias `envelope-mutants` to the build, by a path relative to the config
 *   (`../../../dist/worker/index.js` from `test/fixtures/suites/`, `../../dist/worker/index.js`
 *   from `examples/<name>/`): the copy keeps the repository's layout and gets a `dist` symlink
 *   to the repository's build, so those paths still land on it;
 * - `vitest`, `zod` and `@modelcontextprotocol/sdk` resolve by walking up to a `node_modules`:
 *   the copy gets a `node_modules` symlink to the repository's;
 * - their `vitest.config.ts` is ESM because the repository's package.json says `"type":
 *   "module"`: the copy gets that package.json too (without it vite loads the config as CommonJS
 *   and warns on stderr).
 * The taps keep their state on `globalThis` (`src/taps/tap-state.ts`), so the suite's copy of the
 * library (through the symlink) and the setup file the command line adds (the real path) share it.
 */
export function tempCopy(paths: readonly string[]): TempCopy {
  const [first] = paths;
  if (first === undefined) throw new Error('tempCopy: name at least one path to copy');
  const dir = mkdtempSync(join(tmpdir(), 'em-e2e-'));
  for (const path of paths) {
    cpSync(join(repoRoot, path), join(dir, path), {
      recursive: true,
      filter: (from) => !NOT_COPIED.test(from),
    });
  }
  cpSync(join(repoRoot, 'package.json'), join(dir, 'package.json'));
  symlinkSync(join(repoRoot, 'dist'), join(dir, 'dist'), 'dir');
  symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return {
    dir,
    root: join(dir, first),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A temporary copy of `test/fixtures/suites/<name>`, with the vitest config the suites share. */
export function fixtureCopy(name: string): TempCopy {
  return tempCopy([
    `test/fixtures/suites/${name}`,
    'test/fixtures/suites/vitest.fixture-config.ts',
  ]);
}

/** Copies of fixture suites made on first use, one per name; `remove()` deletes them all. */
export interface FixtureCopies {
  /** The root of the copy of `test/fixtures/suites/<name>`. */
  root(name: string): string;
  remove(): void;
}

/**
 * Fixture copies for one test file: `root(name)` copies the suite on first use and returns the
 * same copy afterwards (so the ids of its mutants stay the same from one run to the next).
 */
export function fixtureCopies(): FixtureCopies {
  const copies = new Map<string, TempCopy>();
  return {
    root: (name) => {
      const copy = copies.get(name) ?? fixtureCopy(name);
      copies.set(name, copy);
      return copy.root;
    },
    remove: () => {
      for (const copy of copies.values()) copy.remove();
      copies.clear();
    },
  };
}
