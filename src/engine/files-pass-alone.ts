import { ConfigError } from '../errors.js';
import { budgetOfFiles, filesOf, type RoundMutant } from './execute-rounds.js';
import { listedProblems, redRunProblems } from './red-run-problems.js';
import type { RunProgress } from './reporter.js';
import type { RoundOutcome } from './round-outcome.js';
import type { ProjectPool, TestSession } from './test-session.js';

export interface FilesPassAloneOptions {
  readonly root: string;
  /** The discovery run: every file of the suite, green, and the timings budgets derive from. */
  readonly discovery: RoundOutcome;
  readonly timeoutFactor: number;
  readonly timeoutMs: number;
  readonly testTimeoutMs: number;
  readonly reporter: Pick<RunProgress, 'onPhase'>;
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
 * set of host files runs once alone, unmutated, in the session's pool, before any round; a set the
 * discovery run already ran alone (a suite of one file) is not run again.
 */
export async function assertFilesPassAlone(
  session: TestSession,
  entries: readonly RoundMutant[],
  options: FilesPassAloneOptions,
): Promise<void> {
  if (!filesMayLeaveStateForEachOther(session.projectPool())) return;
  const { discovery } = options;
  const sets = new Map<string, string[]>();
  for (const entry of entries) {
    const files = filesOf(entry, discovery).sort();
    if (files.length > 0 && files.length < discovery.files.size) sets.set(files.join('\n'), files);
  }
  if (sets.size === 0) return;
  options.reporter.onPhase('files-alone');
  const failing: string[] = [];
  for (const files of sets.values()) {
    const selection = new Map(
      files.flatMap((file) => {
        const moduleId = discovery.files.get(file)?.moduleId;
        return moduleId === undefined ? [] : [[moduleId, 'all' as const]];
      }),
    );
    const budgetMs = budgetOfFiles(files, options);
    const run = await session.run(
      { mode: 'mutate', root: options.root, mutations: {} },
      selection,
      budgetMs,
    );
    const problems =
      run.outcome === null || run.timedOut
        ? [
            `${files.join(', ')}: did not finish alone (nothing for ${Math.ceil(budgetMs / 1000)} s)`,
          ]
        : redRunProblems(run.outcome, files);
    failing.push(...problems);
  }
  if (failing.length === 0) return;
  const shares = session.projectPool().globalSetup
    ? "its files share what the config's globalSetup started"
    : 'its workers run file after file without isolation (`isolate: false`, or a vm pool)';
  throw new ConfigError(
    `files alone: the suite passes as a whole, but not when the files that host its sites run alone, without any mutant${listedProblems(failing)}\nA file may pass in the whole suite only because another ran before it: ${shares}. A mutant's reference run is the files that host its site, alone, so every mutant there would be called killed by that failure (docs/verdict-contract.md). Let each test file set up what it needs itself (in a beforeAll), or set \`isolate: true\`, and run again.`,
  );
}
