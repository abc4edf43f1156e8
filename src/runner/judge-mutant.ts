import type { KilledAt, Mutant, MutantResult, MutantStatus } from '../mutant/mutant.js';
import type { RuleName } from '../oracle/rule-name.js';
import { ruleFromFailureMessage, summarizeFailure } from './attribute-failure.js';
import type { RoundOutcome } from './round-outcome.js';

export interface JudgeInput {
  readonly mutant: Mutant;
  readonly coveredBy: readonly string[];
  /** Files of the covering tests, project-relative. */
  readonly coveredFiles: readonly string[];
  readonly expectedKillers: readonly RuleName[];
  readonly labels: ReadonlyMap<string, RuleName>;
  readonly outcome: RoundOutcome;
  /** The round's watchdog cancelled the run. */
  readonly timedOut: boolean;
}

interface Kill {
  readonly test: string;
  readonly message: string;
  readonly rule: RuleName | null;
}

// vitest's own messages for a test or hook that exceeded its timeout.
const TIMEOUT_MESSAGE = /^(Test|Hook) timed out in \d+ms/;

/**
 * The verdict on one mutant from its round (docs/design.md "Attribute"). A failing covering
 * test (or a covered file that failed to load) kills it; a hang is a Timeout; tests that never
 * finished are a RuntimeError. Never Survived unless every covering test passed with the mutant
 * actually injected.
 */
export function judgeMutant(input: JudgeInput): MutantResult {
  const kills = killsOf(input);
  const killedBy = [...new Set(kills.map((kill) => kill.test))];
  const best = bestKill(kills, input.expectedKillers);
  if (best !== undefined) {
    const killedAt: KilledAt = {
      test: best.test,
      rule: best.rule,
      named: best.rule !== null && input.expectedKillers.includes(best.rule),
    };
    return result(input, 'Killed', summarizeFailure(best.message), killedBy, killedAt);
  }
  const states = input.coveredBy.map((id) => input.outcome.tests.get(id));
  const timedOutTest = states.find((test) => test?.errors.some((e) => TIMEOUT_MESSAGE.test(e)));
  if (timedOutTest !== undefined) {
    return result(input, 'Timeout', summarizeFailure(timedOutTest.errors[0] ?? ''), [
      timedOutTest.id,
    ]);
  }
  const unfinished = states.filter((test) => test === undefined || test.state !== 'passed');
  if (unfinished.length > 0) {
    if (input.timedOut) return result(input, 'Timeout', 'the round exceeded its time budget', []);
    const why = input.outcome.unhandled[0] ?? 'covering tests did not finish';
    return result(input, 'RuntimeError', summarizeFailure(why), []);
  }
  if (!wasApplied(input)) {
    return result(
      input,
      'RuntimeError',
      'the site was not reached under the mutant: its key did not recur',
      [],
    );
  }
  return result(input, 'Survived', 'every covering test passed', []);
}

function killsOf(input: JudgeInput): Kill[] {
  const kills: Kill[] = [];
  for (const id of input.coveredBy) {
    const test = input.outcome.tests.get(id);
    if (test?.state !== 'failed') continue;
    for (const message of test.errors) {
      if (TIMEOUT_MESSAGE.test(message)) continue;
      kills.push({ test: id, message, rule: ruleFromFailureMessage(message, input.labels) });
    }
  }
  for (const name of input.coveredFiles) {
    // A file that fails to load (or whose hooks fail) under the mutant is detection, not survival.
    for (const message of input.outcome.files.get(name)?.errors ?? []) {
      if (TIMEOUT_MESSAGE.test(message)) continue;
      kills.push({ test: name, message, rule: ruleFromFailureMessage(message, input.labels) });
    }
  }
  return kills;
}

/** A named kill beats a kill at another rule, which beats an unnamed one. */
function bestKill(kills: readonly Kill[], expected: readonly RuleName[]): Kill | undefined {
  return (
    kills.find((kill) => kill.rule !== null && expected.includes(kill.rule)) ??
    kills.find((kill) => kill.rule !== null) ??
    kills[0]
  );
}

function wasApplied(input: JudgeInput): boolean {
  const id = input.mutant.id;
  const inTests = input.coveredBy.some((test) =>
    input.outcome.tests.get(test)?.report?.applied.includes(id),
  );
  return (
    inTests ||
    input.coveredFiles.some((file) => input.outcome.files.get(file)?.report?.applied.includes(id))
  );
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
  });
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
  },
): MutantResult {
  const { killedAt, ...rest } = verdict;
  return {
    id: mutant.id,
    siteKey: mutant.siteKey,
    mutatorName: mutant.mutatorName,
    replacement: mutant.replacement,
    path: mutant.path,
    ...rest,
    ...(killedAt === undefined ? {} : { killedAt }),
  };
}
