import type { Mutant, MutantResult, Site, VerdictSource } from '../mutant/mutation-run.js';
import type { RuleName } from '../oracle/rule-name.js';
import { instanceModuleId, type PlannedMutation, type TapPlan } from '../taps/tap-protocol.js';
import { judgeMutant } from './judge-mutant.js';
import { slowedPastItsLimit } from './slowed-past-its-limit.js';
import {
  carriedOver,
  EMPTY_OUTCOME,
  testIdPrefixesOf,
  type RoundOutcome,
} from './round-outcome.js';
import type { FileSelection, SessionRun, TestSession } from './test-session.js';

/**
 * A mutant with what the rounds need to know about it.
 *
 * @internal
 */
export interface RoundMutant {
  readonly mutant: Mutant;
  readonly site: Site;
  readonly expectedKillers: readonly RuleName[];
}

export interface ExecuteRoundsOptions {
  readonly root: string;
  readonly session: TestSession;
  readonly labels: ReadonlyMap<string, RuleName>;
  /** The discovery run: module ids of files and the timings the round budgets derive from. */
  readonly discovery: RoundOutcome;
  /** Stryker's formula: budget = factor × normal duration + timeoutMs (+ vitest's timeouts). */
  readonly timeoutFactor: number;
  readonly timeoutMs: number;
  readonly testTimeoutMs: number;
  readonly onResult: (result: MutantResult) => void;
  /** Set on re-runs whose verdict replaces one a shared or other-pool run reached first. */
  readonly confirming?: boolean;
  /**
   * Set on the re-runs, in the project's pool, of verdicts reached in vmForks: a copy's verdict
   * there is `confirmed` too (a copy in a round split in halves stays `batched`).
   */
  readonly replacesVmForks?: boolean;
  /** Rounds run a copy of its files per mutant (`planRounds`' `instanced`; vmForks, or a checked project pool). */
  readonly instanced?: boolean;
  /**
   * Takes each mutant whose copy did not finish in an instanced round (a copy hung, its worker
   * died), started in a process an earlier copy had changed in the run of such copies again, or
   * failed only by a timeout the load may explain (`slowedPastItsLimit`), instead of running it
   * again alone in this session: the caller runs it alone elsewhere. Unset, it runs alone here.
   */
  readonly onUnfinished?: (entry: RoundMutant) => void;
  /** Set on the re-run of a round's other copies once its suspects ran alone: no second lead. */
  readonly suspectsRanAlone?: boolean;
  /**
   * An interrupt: it cancels the round's vitest run, and neither that round nor a re-run it
   * would start (alone, in halves) reports a verdict.
   */
  readonly signal?: AbortSignal;
}

/**
 * Runs one round: every test of every file that hosts one of its mutants, one mutant per file
 * (`planRounds`). When the run cannot be split between its mutants (the watchdog fired, an error
 * escaped every file, a worker died), each mutant runs again alone: that run is its reference. So
 * does a mutant of a shared round killed only by a timeout the load may explain.
 */
export async function executeRound(
  round: readonly RoundMutant[],
  options: ExecuteRoundsOptions,
): Promise<MutantResult[]> {
  if (interrupted(options)) return [];
  if (options.instanced === true && round.length > 1) return executeInstancedRound(round, options);
  const run = await options.session.run(
    planOf(round, options.root),
    selectionOf(round, options),
    budgetOf(round, options),
    options.signal,
  );
  if (interrupted(options)) return [];
  const outcome = run.outcome ?? EMPTY_OUTCOME;
  if (round.length > 1 && isEntangled(round, run, options.discovery)) {
    const results: MutantResult[] = [];
    const alone = { ...options, confirming: true };
    for (const single of round) results.push(...(await executeRound([single], alone)));
    return results;
  }
  const source: VerdictSource =
    options.confirming === true ? 'confirmed' : round.length > 1 ? 'batched' : 'isolated';
  const results: MutantResult[] = [];
  const alone: RoundMutant[] = [];
  for (const entry of round) {
    const verdict = verdictOf(entry, outcome, run.timedOut, source, options);
    // Its files ran beside the other mutants' files: a kill by a timeout that load could
    // explain gets its reference run, its files alone.
    if (round.length > 1 && slowedPastItsLimit(verdict, options.discovery)) alone.push(entry);
    else results.push(reported(verdict, options));
  }
  const again = { ...options, confirming: true };
  for (const entry of alone) results.push(...(await executeRound([entry], again)));
  return results;
}

/** What a run says once it was interrupted proves nothing: the test workers got the signal too. */
function interrupted(options: ExecuteRoundsOptions): boolean {
  return options.signal?.aborted === true;
}

function verdictOf(
  entry: RoundMutant,
  outcome: RoundOutcome,
  timedOut: boolean,
  source: VerdictSource,
  options: ExecuteRoundsOptions,
): MutantResult {
  return judgeMutant({
    mutant: entry.mutant,
    coveredBy: entry.site.testIds,
    coveredFiles: filesOf(entry.site, options.discovery),
    expectedKillers: entry.expectedKillers,
    labels: options.labels,
    outcome,
    timedOut,
    source,
  });
}

function reported(verdict: MutantResult, options: ExecuteRoundsOptions): MutantResult {
  options.onResult(verdict);
  return verdict;
}

/**
 * An instanced round: one vitest run in which every mutant has a copy of its files of its own
 * (`file?envelope-mutant=<tag>`), each copy in a new VM context (vmForks) or a worker of its own
 * (the project's pool) with only its mutant active, all its tests in their order: each copy is
 * the reference run of its mutant, in that pool. A copy that did not finish (the watchdog
 * stopped the run, its worker died), or that ran slower beside the others than its files alone
 * would and failed only by a timeout (`slowedPastItsLimit`), runs again alone, here or where
 * `onUnfinished` sends it (so does every copy of a small round whose run the watchdog
 * abandoned); the copies that started in
 * a process an earlier copy had changed run again together, in a round of their own. An error
 * outside any test that vitest ties to a copy's own worker (in a pool where every file has one)
 * is one of that copy's errors, as in its reference run; an error outside every file splits the
 * round. First by vitest's lead: the copies it named run alone, each its reference run, and the
 * others again together, judged only if that run has no such error; a lead that did not hold, or
 * none, halves the round, down to a mutant alone.
 */
async function executeInstancedRound(
  round: readonly RoundMutant[],
  options: ExecuteRoundsOptions,
): Promise<MutantResult[]> {
  const run = await options.session.run(
    instancedPlanOf(round, options),
    instancedSelectionOf(round, options),
    budgetOf(round, options),
    options.signal,
  );
  if (interrupted(options)) return [];
  const again = { ...options, confirming: true };
  const { onUnfinished } = options;
  // A run the watchdog fired on is abandoned even when it settled within its grace: vitest marks
  // the tests it then cancelled skipped, not pending, so no copy of it can be told finished.
  const abandoned = run.outcome === null || run.timedOut;
  if (abandoned && onUnfinished !== undefined && round.length <= HAND_OVER) {
    for (const entry of round) onUnfinished(entry);
    return [];
  }
  // vitest's lead for an error outside every copy: the copies its workers were running. Not one
  // for a run the watchdog abandoned (which copy hung is unknown), nor twice in one round.
  const leads = abandoned || options.suspectsRanAlone === true ? undefined : run.outcome.suspects;
  const suspects = round.filter((_, index) => leads?.includes(String(index)) === true);
  if (suspects.length > 0) {
    const rest = round.filter((entry) => !suspects.includes(entry));
    const results: MutantResult[] = [];
    for (const entry of suspects) results.push(...(await executeRound([entry], again)));
    if (rest.length > 0)
      results.push(...(await executeRound(rest, { ...again, suspectsRanAlone: true })));
    return results;
  }
  if (abandoned || run.outcome.unhandled.length > 0) {
    const half = Math.ceil(round.length / 2);
    return [
      ...(await executeRound(round.slice(0, half), again)),
      ...(await executeRound(round.slice(half), again)),
    ];
  }
  const results: MutantResult[] = [];
  const alone: RoundMutant[] = [];
  const carried: RoundMutant[] = [];
  round.forEach((entry, index) => {
    const copy = run.outcome?.instances?.get(String(index)) ?? EMPTY_OUTCOME;
    if (unfinished(entry, copy, options.discovery)) alone.push(entry);
    // A copy that started in a process an earlier copy changed (in a way only a mutant made: the
    // pool check saw no such change without one) is not its mutant's reference run either.
    else if (carriedOver(copy) !== undefined) carried.push(entry);
    else {
      const verdict = verdictOf(entry, copy, false, sourceOf(options), options);
      // Nor is a copy that ran beside others and failed only by a timeout load could explain.
      if (slowedPastItsLimit(verdict, options.discovery)) alone.push(entry);
      else results.push(reported(verdict, options));
    }
  });
  // Such copies run again together, in a run of their own: new workers, without the copies that
  // ran before them, so at least the first copy of each worker starts in an unchanged process.
  // One such copy, or a run of them that settled none, runs alone.
  if (carried.length > 1 && carried.length < round.length)
    results.push(...(await executeRound(carried, again)));
  else alone.push(...carried);
  for (const entry of alone) {
    if (onUnfinished === undefined) results.push(...(await executeRound([entry], again)));
    else onUnfinished(entry);
  }
  return results;
}

/**
 * The largest round whose copies all go to `onUnfinished` when the watchdog abandoned its run
 * (which copy hung is then unknown): halving 4 copies costs 2 more abandoned runs before the 4
 * runs alone, so up to 4 every copy runs alone straight away.
 */
const HAND_OVER = 4;

/** A copy's verdict: from a confirmation in the project's pool, or from a shared round. */
function sourceOf(options: ExecuteRoundsOptions): VerdictSource {
  return options.replacesVmForks === true ? 'confirmed' : 'batched';
}

function instancedPlanOf(round: readonly RoundMutant[], options: ExecuteRoundsOptions): TapPlan {
  const instances: Record<string, Record<string, PlannedMutation>> = {};
  round.forEach(({ mutant, site }, index) => {
    const planned = { mutantId: mutant.id, value: mutant.value, original: site.value };
    instances[String(index)] = { [mutant.siteKey]: planned };
  });
  const files = round
    .flatMap((entry) => filesOf(entry.site, options.discovery))
    .flatMap((file) => options.discovery.files.get(file) ?? []);
  const testIdPrefixes = testIdPrefixesOf(files);
  return { mode: 'mutate', root: options.root, mutations: {}, instances, testIdPrefixes };
}

function instancedSelectionOf(
  round: readonly RoundMutant[],
  options: ExecuteRoundsOptions,
): FileSelection {
  const sets = round.map((entry) => filesOf(entry.site, options.discovery));
  return selectionOfFiles(sets, options.discovery, true);
}

function planOf(round: readonly RoundMutant[], root: string): TapPlan {
  const mutations: Record<string, PlannedMutation> = {};
  for (const { mutant, site } of round)
    mutations[mutant.siteKey] = { mutantId: mutant.id, value: mutant.value, original: site.value };
  return { mode: 'mutate', root, mutations };
}

/** Every test of the files that host the round's sites, in their own order, as `vitest run`. */
function selectionOf(round: readonly RoundMutant[], options: ExecuteRoundsOptions): FileSelection {
  const sets = round.map((entry) => filesOf(entry.site, options.discovery));
  return selectionOfFiles(sets, options.discovery, false);
}

/**
 * Every test of each set of `files` (relative, as the discovery run names them): the files
 * themselves, or, `instanced`, a copy of each set's files, tagged with the set's index.
 */
export function selectionOfFiles(
  sets: readonly (readonly string[])[],
  discovery: RoundOutcome,
  instanced: boolean,
): FileSelection {
  const selection = new Map<string, 'all'>();
  sets.forEach((files, index) => {
    for (const file of files) {
      const moduleId = discovery.files.get(file)?.moduleId;
      if (moduleId === undefined) continue;
      selection.set(instanced ? instanceModuleId(moduleId, String(index)) : moduleId, 'all');
    }
  });
  return selection;
}

/**
 * The watchdog's budget for a run without progress (the session restarts it each time a test or
 * hook ends): the longest normal test or file set-up, scaled, plus vitest's own time limit, so a
 * test that exceeds its testTimeout fails as in `vitest run` before the watchdog ever fires.
 */
function budgetOf(round: readonly RoundMutant[], options: ExecuteRoundsOptions): number {
  return budgetOfFiles(
    round.flatMap((entry) => filesOf(entry.site, options.discovery)),
    options,
  );
}

/** {@link budgetOf} for a run of `files` (relative, as the discovery run names them). */
export function budgetOfFiles(
  files: readonly string[],
  options: Pick<
    ExecuteRoundsOptions,
    'discovery' | 'timeoutFactor' | 'timeoutMs' | 'testTimeoutMs'
  >,
): number {
  let longest = 0;
  for (const file of files) {
    const outcome = options.discovery.files.get(file);
    longest = Math.max(longest, outcome?.overheadMs ?? 0);
    for (const id of outcome?.testIds ?? [])
      longest = Math.max(longest, options.discovery.tests.get(id)?.durationMs ?? 0);
  }
  return Math.ceil(options.timeoutFactor * longest + options.timeoutMs + options.testTimeoutMs);
}

/** The files that host a site (a mutant's): those of the tests that observed it. */
export function filesOf(site: Site, discovery: RoundOutcome): string[] {
  const files = new Set<string>();
  for (const id of site.testIds) {
    const file = discovery.tests.get(id)?.file;
    if (file !== undefined) files.add(file);
  }
  if (files.size === 0 && discovery.files.has(site.file)) files.add(site.file);
  return [...files];
}

/**
 * True when the run cannot be split between its mutants: the watchdog fired (which file hung?),
 * an error escaped every file (vitest does not always say whose it is), or a file of the round
 * did not report (its worker died, and may have taken another file's with it).
 */
function isEntangled(
  round: readonly RoundMutant[],
  run: SessionRun,
  discovery: RoundOutcome,
): boolean {
  if (run.timedOut || run.outcome === null || run.outcome.unhandled.length > 0) return true;
  const outcome = run.outcome;
  return round.some((entry) => unfinished(entry, outcome, discovery));
}

/** A file of the mutant did not report, or a test of it never ended. */
function unfinished(entry: RoundMutant, outcome: RoundOutcome, discovery: RoundOutcome): boolean {
  return filesOf(entry.site, discovery).some((file) => {
    const reported = outcome.files.get(file);
    if (reported === undefined) return true;
    return reported.testIds.some((id) => outcome.tests.get(id)?.state === 'pending');
  });
}
