// Where init writes the starter suite: a file the project's vitest config runs.

/** What init asks of the project's vitest config (the vitest adapter's `projectTestGlobs`). */
export interface TestGlobs {
  /** The `include` globs of every project of the config, as vitest resolved them. */
  readonly include: readonly string[];
  /** Which of {@link suiteCandidates} vitest runs as test files. */
  readonly taken: ReadonlySet<string>;
}

/** Where the suite goes, and whether the project's vitest config runs it. */
export interface SuiteFile {
  readonly file: string;
  /** `undefined` when the config could not be asked. */
  readonly collected: boolean | undefined;
}

/** The basename of the suite where an `include` glob has a `*` for it. */
const SUITE_NAME = 'envelope-mutants.contract';

/**
 * The paths init may write the suite to, best first: `--out` alone where given; else `fallback`,
 * then one path for each `include` glob that leaves a single choice (`spec/**\/*.spec.ts` gives
 * `spec/envelope-mutants.contract.spec.ts`).
 */
export function suiteCandidates(
  include: readonly string[],
  out: string | undefined,
  fallback: string,
): string[] {
  if (out !== undefined) return [out];
  return [...new Set([fallback, ...include.flatMap((glob) => fileOfGlob(glob) ?? [])])];
}

/**
 * The suite's path: the first of {@link suiteCandidates} that the project's vitest config runs,
 * else `--out` or `fallback`, not run. A suite vitest never runs taps nothing, and `run` finds no
 * envelope: until 2026-12-07 init wrote `test/` whatever the config ran.
 */
export function suiteFileFor(
  globs: TestGlobs | undefined,
  out: string | undefined,
  fallback: string,
): SuiteFile {
  if (globs === undefined) return { file: out ?? fallback, collected: undefined };
  const file = suiteCandidates(globs.include, out, fallback).find((path) => globs.taken.has(path));
  return file === undefined
    ? { file: out ?? fallback, collected: false }
    : { file, collected: true };
}

/**
 * A TypeScript file a glob takes, or `undefined` where the glob leaves no single choice: a
 * wildcard folder other than `**` (`packages/*\/test`), a negation, or no `.ts` name. Brace and
 * extglob alternatives take their first (`*.{test,spec}.ts`: `.test.ts`), optional parts none
 * (`?(c|m)`), a character class its `t` where it has one (`[jt]s`: `ts`), `*` the suite's name,
 * and a glob of no folder but `**` the folder `test/` (`__tests__/` stays where a glob names it).
 *
 * @internal
 */
export function fileOfGlob(glob: string): string | undefined {
  const segments = glob.replace(/^\.\//, '').split('/');
  const name = segments.pop() ?? '';
  const folders = segments.filter((segment) => segment !== '**');
  // A glob that takes any folder (`**/*.spec.ts`) takes `test/`, where tests usually live.
  if (folders.length === 0 && segments.length > 0) folders.push('test');
  if (folders.some((segment) => /[*?[\]{}()!+@]/.test(segment))) return undefined;
  const file = name
    .replace(/[?*]\([^)]*\)/g, '')
    .replace(/[@+]\(([^|)]*)[^)]*\)/g, '$1')
    .replace(/\{([^,}]*)[^}]*\}/g, '$1')
    .replace(/\[([^\]]*)\]/g, (_, chars: string) => (chars.includes('t') ? 't' : chars.charAt(0)))
    .replace(/\*+/g, SUITE_NAME);
  if (/[*?[\]{}()!+@]/.test(file) || !/\.[cm]?tsx?$/.test(file)) return undefined;
  return [...folders, file].join('/');
}
