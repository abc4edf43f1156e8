import type {
  KilledAt,
  Mutant,
  MutantResult,
  MutantStatus,
  StrayedSite,
  VerdictSource,
} from '../mutant/mutation-run.js';
import type { RuleName } from '../oracle/rule-name.js';
import { ruleFromFailureMessage, summarizeFailure } from '../oracle/attribute-failure.js';
import type { RoundOutcome, TestOutcome } from './round-outcome.js';
import type { TapReport } from '../taps/tap-protocol.js';
import { TIMEOUT_MESSAGE, WORKER_DIED } from './vitest-messages.js';

export interface JudgeInput {
  readonly mutant: Mutant;
  readonly coveredBy: readonly string[];
  /** The files that host its site, project-relative: every test of them ran with it. */
  readonly coveredFiles: readonly string[];
  readonly expectedKillers: readonly RuleName[];
  readonly labels: ReadonlyMap<string, RuleName>;
  /** The run: only the mutant's files count, and its errors outside any file. */
  readonly outcome: RoundOutcome;
  /** The watchdog cancelled the run: it did not finish. */
  readonly timedOut: boolean;
  /** How this run relates to the reference run of the mutant. */
  readonly source: VerdictSource;
}

interface Kill {
  readonly test: string;
  readonly message: string;
  readonly rule: RuleName | null;
  readonly timedOut: boolean;
}

/**
 * The verdict on one mutant from a run of every test of its files (docs/verdict-contract.md),
 * judged as the project's own `vitest run` would judge that run: the watchdog fired → Timeout;
 * a worker died → RuntimeError; the run is red (a failed test, a test over vitest's own
 * testTimeout, a collection or hook error, an unhandled error or rejection, a process.exit) →
 * Killed, at the best failure; green but the site never reached → NoCoverage; else Survived.
 */
export function judgeMutant(input: JudgeInput): MutantResult {
  if (input.timedOut)
    return result(input, 'Timeout', 'the run did not finish within its time budget', []);
  const tests = testsOf(input);
  const died = [...input.outcome.unhandled, ...tests.flatMap((test) => test.errors)].find((e) =>
    WORKER_DIED.test(e),
  );
  const unfinished = tests.filter((test) => test.state === 'pending');
  const missing = input.coveredFiles.filter((file) => !input.outcome.files.has(file));
  if (died !== undefined || unfinished.length > 0 || missing.length > 0) {
    const why =
      died ?? input.outcome.unhandled[0] ?? `${missing[0] ?? unfinished[0]?.name} did not finish`;
    return result(input, 'RuntimeError', summarizeFailure(why), []);
  }
  const kills = killsOf(input, tests);
  const best = bestKill(kills, input.expectedKillers);
  if (best !== undefined) {
    const killedBy = [...new Set(kills.map((kill) => kill.test))];
    const killedAt: KilledAt = {
      test: best.test,
      rule: best.rule,
      named: best.rule !== null && input.expectedKillers.includes(best.rule),
      ...(best.timedOut ? { timedOut: true } : {}),
    };
    return result(input, 'Killed', summarizeFailure(best.message), killedBy, killedAt);
  }
  if (!wasApplied(input, tests)) {
    return result(
      input,
      'NoCoverage',
      'no test reached the site in this run (its key did not recur)',
      [],
    );
  }
  return result(input, 'Survived', 'every test of its files passed', []);
}

/** Every test of the mutant's files, in the run's order. */
function testsOf(input: JudgeInput): TestOutcome[] {
  return input.coveredFiles.flatMap((file) =>
    (input.outcome.files.get(file)?.testIds ?? []).flatMap(
      (id) => input.outcome.tests.get(id) ?? [],
    ),
  );
}

function killsOf(input: JudgeInput, tests: readonly TestOutcome[]): Kill[] {
  const kill = (test: string, message: string): Kill => ({
    test,
    message,
    rule: ruleFromFailureMessage(message, input.labels),
    timedOut: TIMEOUT_MESSAGE.test(message),
  });
  const kills: Kill[] = [];
  for (const test of tests) {
    if (test.state !== 'failed') continue;
    const errors = test.errors.length > 0 ? test.errors : ['the test failed'];
    for (const message of errors) kills.push(kill(test.id, message));
  }
  // A file that fails to load (or whose hooks fail) under the mutant is detection, not survival.
  for (const name of input.coveredFiles) {
    for (const message of input.outcome.files.get(name)?.errors ?? [])
      kills.push(kill(name, message));
  }
  // vitest fails a run with an unhandled error or rejection, even when every test passed.
  for (const message of input.outcome.unhandled)
    kills.push(kill(input.coveredFiles[0] ?? '', message));
  return kills;
}

/**
 * A named kill beats a kill at another rule, which beats an unnamed failure, which beats a test
 * that only timed out (its message names no rule and says little about the envelope).
 */
function bestKill(kills: readonly Kill[], expected: readonly RuleName[]): Kill | undefined {
  return (
    kills.find((kill) => kill.rule !== null && expected.includes(kill.rule)) ??
    kills.find((kill) => kill.rule !== null) ??
    kills.find((kill) => !kill.timedOut) ??
    kills[0]
  );
}

function wasApplied(input: JudgeInput, tests: readonly TestOutcome[]): boolean {
  const id = input.mutant.id;
  return reportsOf(input, tests).some((report) => report.applied.includes(id));
}

/** What the taps reported from the mutant's files: each test's, then each file's own. */
function reportsOf(input: JudgeInput, tests: readonly TestOutcome[]): TapReport[] {
  return [
    ...tests.map((test) => test.report),
    ...input.coveredFiles.map((file) => input.outcome.files.get(file)?.report),
  ].filter((report) => report !== undefined);
}

function result(
  input: JudgeInput,
  status: MutantStatus,
  statusReason: string,
  killedBy: readonly string[],
  killedAt?: KilledAt,
): MutantResult {
  return mutantResult(input.mutant, {
    status,
    statusReason,
    killedBy,
    coveredBy: input.coveredBy,
    killedAt,
    verdictSource: input.source,
    strayed: strayedOf(input),
  });
}

/** What the taps of the mutant's files said it met instead of what it was planned on. */
function strayedOf(input: JudgeInput): StrayedSite | undefined {
  const id = input.mutant.id;
  for (const report of reportsOf(input, testsOf(input))) {
    const stray = report.strayed?.find((each) => each.mutantId === id);
    if (stray !== undefined) return { planned: stray.planned, met: stray.met };
  }
  return undefined;
}

/** A mutant's verdict record: the mutant's identity plus how it fared. */
export function mutantResult(
  mutant: Mutant,
  verdict: {
    readonly status: MutantStatus;
    readonly statusReason: string;
    readonly killedBy: readonly string[];
    readonly coveredBy: readonly string[];
    readonly killedAt?: KilledAt | undefined;
    readonly verdictSource?: VerdictSource | undefined;
    readonly strayed?: StrayedSite | undefined;
  },
): MutantResult {
  const { killedAt, verdictSource, strayed, ...rest } = verdict;
  return {
    id: mutant.id,
    siteKey: mutant.siteKey,
    mutatorName: mutant.mutatorName,
    replacement: mutant.replacement,
    path: mutant.path,
    ...rest,
    ...(killedAt === undefined ? {} : { killedAt }),
    ...(verdictSource === undefined ? {} : { verdictSource }),
    ...(strayed === undefined ? {} : { strayed }),
  };
}
