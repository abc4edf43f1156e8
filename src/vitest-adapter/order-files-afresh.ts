/** vitest 4.1's cache of results, as far as {@link orderFilesAfresh} needs it. */
export interface ResultsHolder {
  readonly cache: { readonly results: { updateResults(files: unknown[]): void } };
}

/**
 * Keeps vitest's sequencer ordering the files of every run as a `vitest run` without results of
 * earlier runs does (a fresh clone in CI): larger files first. With results, it runs the files
 * that failed last time first, then the slower ones, and vitest records every run's results in
 * memory even with `cache: false`; so in a session each run would order its files by what the
 * runs before it failed and took. Where files share a worker (`isolate: false`, a vm pool) the
 * order decides what each file finds there, and a mutant's verdict would depend on which mutants
 * ran before it: under `--mutant` alone one order, in a whole run another. So no run's results
 * are recorded, and the sequencer sorts by file size each time, the project's own sequencer too.
 */
export function orderFilesAfresh(vitest: ResultsHolder): void {
  vitest.cache.results.updateResults = () => undefined;
}
