import type { Mutant, MutantResult, Site } from '../mutant/mutant.js';
import type { RuleName } from '../oracle/rule-name.js';
import type { PlannedMutation, TapPlan } from '../taps/tap-protocol.js';
import { judgeMutant } from './judge-mutant.js';
import { EMPTY_OUTCOME, type RoundOutcome } from './round-outcome.js';
import type { FileSelection, VitestSession } from './vitest-session.js';

/** A mutant with what the rounds need to know about it. */
export interface RoundMutant {
  readonly mutant: Mutant;
  readonly site: Site;
  readonly expectedKillers: readonly RuleName[];
}

export interface ExecuteRoundsOptions {
  readonly root: string;
  readonly session: VitestSession;
  readonly labels: ReadonlyMap<string, RuleName>;
  /** The discovery run: module ids of files and the timings the round budgets derive from. */
  readonly discovery: RoundOutcome;
  /** Stryker's formula: budget = factor × normal duration + timeoutMs (+ vitest's testTimeout). */
  readonly timeoutFactor: number;
  readonly timeoutMs: number;
  readonly testTimeoutMs: number;
  readonly onResult: (result: MutantResult) => void;
}

/** Runs one round; when its outcome cannot be split between its mutants, runs them one by one. */
export async function executeRound(
  round: readonly RoundMutant[],
  options: ExecuteRoundsOptions,
): Promise<MutantResult[]> {
  const run = await options.session.run(
    planOf(round, options.root),
    selectionOf(round, options),
    budgetOf(round, options),
  );
  const outcome = run.outcome ?? EMPTY_OUTCOME;
  if (round.length > 1 && isEntangled(round, outcome, run.timedOut, options.discovery)) {
    const results: MutantResult[] = [];
    for (const single of round) results.push(...(await executeRound([single], options)));
    return results;
  }
  return round.map((entry) => {
    const verdict = judgeMutant({
      mutant: entry.mutant,
      coveredBy: entry.site.testIds,
      coveredFiles: filesOf(entry, options.discovery),
      expectedKillers: entry.expectedKillers,
      labels: options.labels,
      outcome,
      timedOut: run.timedOut,
    });
    options.onResult(verdict);
    return verdict;
  });
}

function planOf(round: readonly RoundMutant[], root: string): TapPlan {
  const mutations: Record<string, PlannedMutation> = {};
  for (const { mutant } of round)
    mutations[mutant.siteKey] = { mutantId: mutant.id, value: mutant.value };
  return { mode: 'mutate', root, mutations };
}

/** Only the covering tests run, file by file. */
function selectionOf(round: readonly RoundMutant[], options: ExecuteRoundsOptions): FileSelection {
  const selection = new Map<string, string[]>();
  for (const { site } of round) {
    for (const testId of site.testIds) {
      const test = options.discovery.tests.get(testId);
      const moduleId =
        test === undefined ? undefined : options.discovery.files.get(test.file)?.moduleId;
      if (moduleId === undefined) continue;
      const ids = selection.get(moduleId) ?? [];
      if (!ids.includes(testId)) ids.push(testId);
      selection.set(moduleId, ids);
    }
  }
  return selection;
}

function budgetOf(round: readonly RoundMutant[], options: ExecuteRoundsOptions): number {
  let normal = 0;
  const files = new Set<string>();
  for (const entry of round) {
    for (const id of entry.site.testIds) normal += options.discovery.tests.get(id)?.durationMs ?? 0;
    for (const file of filesOf(entry, options.discovery)) files.add(file);
  }
  for (const file of files) normal += options.discovery.files.get(file)?.overheadMs ?? 0;
  // vitest's own testTimeout catches an awaited hang first; the watchdog is for a stuck worker.
  return Math.ceil(options.timeoutFactor * normal + options.timeoutMs + options.testTimeoutMs);
}

function filesOf(entry: RoundMutant, discovery: RoundOutcome): string[] {
  const files = new Set<string>();
  for (const id of entry.site.testIds) {
    const file = discovery.tests.get(id)?.file;
    if (file !== undefined) files.add(file);
  }
  return [...files];
}

/**
 * True when a failure of the round cannot be pinned on one mutant: the watchdog fired, an error
 * escaped the tests, a test that hosted no mutant failed, or a file hosting several mutants failed
 * outside its tests.
 */
function isEntangled(
  round: readonly RoundMutant[],
  outcome: RoundOutcome,
  timedOut: boolean,
  discovery: RoundOutcome,
): boolean {
  if (timedOut || outcome.unhandled.length > 0) return true;
  const hosted = new Set(round.flatMap((entry) => entry.site.testIds));
  for (const test of outcome.tests.values()) {
    if (test.state === 'failed' && !hosted.has(test.id)) return true;
  }
  for (const file of outcome.files.values()) {
    if (file.errors.length === 0) continue;
    // The discovery run's test list: a file that failed to load lists no tests this time.
    const mutantsInFile = round.filter((entry) => filesOf(entry, discovery).includes(file.file));
    if (mutantsInFile.length > 1) return true;
  }
  return false;
}
