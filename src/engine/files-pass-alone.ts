import { ConfigError } from '../errors.js';
import { budgetOfFiles, filesOf, type RoundMutant } from './execute-rounds.js';
import { listedProblems, redRunProblems } from './red-run-problems.js';
import type { RunProgress } from './reporter.js';
import type { RoundOutcome } from './round-outcome.js';
import { isVmPool } from './mutants-share-a-run.js';
import { aborted } from './test-mutants.js';
import type { ProjectPool, TestSession } from './test-session.js';

export interface FilesPassAloneOptions {
  readonly root: string;
  /** The discovery run: every file of the suite, green, and the timings budgets derive from. */
  readonly discovery: RoundOutcome;
  readonly timeoutFactor: number;
  readonly timeoutMs: number;
  readonly testTimeoutMs: number;
  readonly reporter: Pick<RunProgress, 'onPhase'>;
  /** An interrupt (Ctrl-C): the check stops, refusing nothing, and the run ends as interrupted. */
  readonly signal?: AbortSignal;
}

/**
 * Whether a test file of the project can find what another one left: a worker that runs file
 * after file without a module graph of its own for each (`isolate: false`, which vitest resolves
 * for its vm pools too), or a `globalSetup` whose server or folder every file of a run shares.
 */
export function filesMayLeaveStateForEachOther(own: ProjectPool): boolean {
  return !own.isolate || own.globalSetup;
}

/**
 * Refuses (exit 2) a suite in which the files that host a mutant's site fail when they run alone,
 * without any mutant.
 *
 * A mutant's reference run is the files that host its site, alone (docs/verdict-contract.md). The
 * discovery run checks the whole suite; where files can leave state for each other
 * ({@link filesMayLeaveStateForEachOther}), a file may pass there only because another file ran
 * before it in its worker, or filled the global setup's server. Alone it fails with or without a
 * mutant, and each of its mutants would be called killed: a score the suite never earned. So each
 * set of host files runs once alone, unmutated, in the session's pool, before any round; a set of
 * every file of the suite, which the discovery run ran, is not run again.
 */
export async function assertFilesPassAlone(
  session: TestSession,
  entries: readonly RoundMutant[],
  options: FilesPassAloneOptions,
): Promise<void> {
  const own = session.projectPool();
  if (!filesMayLeaveStateForEachOther(own)) return;
  const { discovery } = options;
  const sets = new Map<string, string[]>();
  for (const entry of entries) {
    const files = filesOf(entry, discovery).sort();
    if (files.length > 0 && files.length < discovery.files.size) sets.set(files.join('\n'), files);
  }
  if (sets.size === 0) return;
  options.reporter.onPhase('files-alone');
  // Run alone, the first file of a worker pays the imports that, in the discovery run, a file
  // before it may have paid: the slowest file's set-up is the least any file may take.
  const slowestSetUp = Math.max(...[...discovery.files.values()].map((file) => file.overheadMs));
  const failing = new Set<string>();
  let firstFailing: readonly string[] | undefined;
  for (const files of sets.values()) {
    if (aborted(options.signal)) return;
    const selection = new Map(
      files.flatMap((file) => {
        const moduleId = discovery.files.get(file)?.moduleId;
        return moduleId === undefined ? [] : [[moduleId, 'all' as const]];
      }),
    );
    const budgetMs =
      budgetOfFiles(files, options) + Math.ceil(options.timeoutFactor * slowestSetUp);
    const run = await session.run(
      { mode: 'mutate', root: options.root, mutations: {} },
      selection,
      budgetMs,
    );
    if (aborted(options.signal)) return;
    const problems =
      run.outcome === null || run.timedOut
        ? [
            `${files.join(', ')}: did not finish alone (nothing for ${Math.ceil(budgetMs / 1000)} s)`,
          ]
        : redRunProblems(run.outcome, files);
    for (const problem of problems) failing.add(problem);
    if (problems.length > 0) firstFailing ??= files;
  }
  if (firstFailing === undefined) return;
  const rerun = `npx vitest run ${firstFailing.join(' ')}`;
  throw new ConfigError(
    `files alone: the suite passes as a whole, but not when the files that host its sites run alone, without any mutant${listedProblems([...failing])}\nA file may pass in the whole suite only because another ran before it: ${whatFilesShare(own)}. A mutant's reference run is the files that host its site, alone, so every mutant there would be called killed by that failure (docs/verdict-contract.md). \`${rerun}\` shows the first. ${howToFix(own)}, and run again.`,
  );
}

function whatFilesShare(own: ProjectPool): string {
  if (own.globalSetup) return "its files share what the config's globalSetup started";
  if (isVmPool(own)) return `its workers run file after file in one process (pool \`${own.pool}\`)`;
  return 'its workers run file after file in one module graph (`isolate: false`)';
}

function howToFix(own: ProjectPool): string {
  if (own.globalSetup)
    return "Let each test file put into the global setup's server or folder what it reads there (in a beforeAll), or reset it";
  if (isVmPool(own))
    return 'Let each test file set up what it needs itself (in a beforeAll), or run it in pool `forks` or `threads`';
  return 'Let each test file set up what it needs itself (in a beforeAll), or set `isolate: true`';
}
