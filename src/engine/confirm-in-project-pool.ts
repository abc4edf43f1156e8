import type { MutantResult } from '../mutant/mutation-run.js';
import type { Discovery } from './discover.js';
import type { RoundMutant } from './execute-rounds.js';
import { isolatesEveryFile } from './isolates-every-file.js';
import type { PoolChoice } from './pool-choice.js';
import type { RunProgress } from './reporter.js';
import type { RunMutationOptions } from './run-mutation-options.js';
import { aborted, testMutants } from './test-mutants.js';
import type { TestSession } from './test-session.js';
import { firstDisagreement, keptOnInterrupt, verdictsToConfirm } from './verdicts-to-confirm.js';

/** What {@link confirmInProjectPool} needs beyond the run's options. */
export interface ConfirmOptions extends RunMutationOptions {
  readonly reporter: RunProgress;
  /**
   * Mutants whose copy did not finish in vmForks, started in a process an earlier copy had
   * changed, or timed out where the load may explain it: no verdict yet, each runs alone here.
   */
  readonly unfinished: readonly RoundMutant[];
  /** A session on the project's own pool, with workers enough for two copies side by side. */
  readonly session: TestSession;
  /** Closes `session` and opens the project's pool as the project runs it. */
  readonly reopen: () => Promise<TestSession>;
  /** The discovery run in the project's own pool. */
  readonly discovery: Discovery;
}

/**
 * Re-runs, in the project's own pool, the verdicts of rounds run in vmForks that the pool check
 * could not vouch for (`verdictsToConfirm`). Each runs instanced: a copy of its files of its own,
 * which `isolate: true` gives a process of its own, one mutant active, every test in order (the
 * reference run), the copies of two mutants side by side, as the pool check ran them. Some run
 * alone instead: a timeout, a crash or a kill by a test over its time limit (`runsAlone`), and
 * each mutant whose copy did not finish in vmForks or started in a process an earlier copy had
 * changed (`unfinished`, no verdict yet), which in a shared run would most likely stop the run
 * again, and cost a run of its own after that. When one disagrees, every mutant runs again in the
 * project's pool as the project runs it (one mutant per file and run, the project's workers) and
 * those verdicts are reported. An interrupted run keeps what `keptOnInterrupt` allows.
 */
export async function confirmInProjectPool(
  fresh: readonly RoundMutant[],
  tested: ReadonlyMap<string, MutantResult>,
  choice: PoolChoice,
  options: ConfirmOptions,
): Promise<{ tested: Map<string, MutantResult>; choice: PoolChoice }> {
  const { session, discovery, reporter } = options;
  const fileOf = (testId: string): string => discovery.outcome.tests.get(testId)?.file ?? testId;
  const ids = new Set(verdictsToConfirm(tested.values(), options.seed, fileOf));
  if (aborted(options.signal)) return { tested: keptOnInterrupt(tested, new Map(), ids), choice };
  const alone = new Set(options.unfinished.map((entry) => entry.mutant.id));
  for (const id of ids) if (runsAlone(tested.get(id))) alone.add(id);
  reporter.onConfirmStart(
    ids.size + options.unfinished.length,
    'sample',
    options.unfinished.length,
  );
  // Their own progress: the rounds' line counted each verdict once already (not the unfinished).
  const quiet = { ...options, onResult: reporter.onMutantConfirmed };
  const confirm = { ...quiet, confirming: true, replacesVmForks: true };
  const shared = await testMutants(
    fresh.filter((entry) => ids.has(entry.mutant.id) && !alone.has(entry.mutant.id)),
    session,
    discovery.outcome,
    // Copies side by side where each gets a worker of its own, as the pool check ran them;
    // elsewhere (a vm pool, whose files share their workers' processes) each mutant alone.
    { ...confirm, instanced: isolatesEveryFile(session.projectPool()) },
  );
  const apart = aborted(options.signal)
    ? new Map<string, MutantResult>()
    : await testMutants(
        fresh.filter((entry) => alone.has(entry.mutant.id)),
        session,
        discovery.outcome,
        { ...confirm, isolate: true },
      );
  const again = new Map([...shared, ...apart]);
  // The verdicts of unfinished copies have no vmForks verdict to agree with: each is a reference.
  const settled = new Map([...again].filter(([id]) => !tested.has(id)));
  if (aborted(options.signal))
    return { tested: keptOnInterrupt(new Map([...tested, ...settled]), again, ids), choice };
  const disagreement = firstDisagreement(tested, again);
  if (disagreement === null) {
    const ranAlone =
      settled.size === 0 ? '' : `; ${settled.size} whose copies did not finish ran there alone`;
    const reason = `${choice.reason}; ${again.size - settled.size} verdicts re-run in the project's pool agreed${ranAlone}`;
    // The project's pool is the reference: its verdicts stand where both exist.
    return { tested: new Map([...tested, ...again]), choice: { pool: 'vmForks', reason } };
  }
  const fallback: PoolChoice = {
    pool: 'project',
    reason: `${disagreement}: every mutant ran again in the project's pool`,
  };
  reporter.onPool(fallback);
  reporter.onConfirmStart(fresh.length, 'all', 0);
  const own = await options.reopen();
  return { tested: await testMutants(fresh, own, discovery.outcome, quiet), choice: fallback };
}

/** Verdicts whose mutant stopped a whole run: the watchdog fired, or its worker died. */
const STOPS_A_RUN: ReadonlySet<string> = new Set(['Timeout', 'RuntimeError']);

/**
 * Whether a verdict is confirmed alone: one that stopped its run, and a kill by a test over
 * vitest's time limit only. Such a kill in a round of copies may be the load's doing where the
 * mutant made its test slow rather than hang (an SDK call that times out and retries), which its
 * time without mutants cannot tell (`slowedPastItsLimit`); beside another copy its confirmation
 * could be slowed past the limit again, and agree with the round for the same wrong reason.
 */
function runsAlone(verdict: MutantResult | undefined): boolean {
  if (verdict === undefined) return false;
  return STOPS_A_RUN.has(verdict.status) || verdict.killedAt?.timedOut === true;
}
