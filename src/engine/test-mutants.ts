import type { Mutant, MutantResult } from '../mutant/mutation-run.js';
import { executeRound, filesOf, type RoundMutant } from './execute-rounds.js';
import { mutantResult } from './judge-mutant.js';
import { planRounds, type PlannableMutant } from './plan-rounds.js';
import type { RoundOutcome } from './round-outcome.js';
import type { RunMutationOptions } from './run-mutation-options.js';
import type { TestSession } from './test-session.js';
import { mutantsShareARun } from './mutants-share-a-run.js';

/** What {@link testMutants} needs beyond the run's options. */
export interface TestMutantsOptions extends RunMutationOptions {
  readonly onResult: (result: MutantResult) => void;
  /** Re-runs whose verdicts replace ones reached first elsewhere (`executeRound`'s `confirming`). */
  readonly confirming?: boolean;
  readonly replacesVmForks?: boolean;
  /** A copy of its files per mutant, `ROUND_SIZE` to a round (vmForks, a checked project pool, confirmations). */
  readonly instanced?: boolean;
  readonly onUnfinished?: (entry: RoundMutant) => void;
}

/**
 * Runs the rounds of `entries` on `session` until done or `options.signal` aborts; returns the
 * verdicts reached. A mutant no test reaches is `NoCoverage`, without a round.
 */
export async function testMutants(
  entries: readonly RoundMutant[],
  session: TestSession,
  discovery: RoundOutcome,
  options: TestMutantsOptions,
): Promise<Map<string, MutantResult>> {
  const results = new Map<string, MutantResult>();
  const report = (result: MutantResult): void => {
    // An interrupt reaches the test workers too: what a round says after it proves nothing.
    if (aborted(options.signal)) return;
    results.set(result.id, result);
    options.onResult(result);
  };
  for (const entry of entries) {
    if (!needsRun(entry))
      report(unjudged(entry.mutant, 'NoCoverage', 'no passing test observed this site', []));
  }
  const byId = new Map(entries.map((entry) => [entry.mutant.id, entry]));
  const roundOptions = {
    root: options.root,
    session,
    labels: options.labels,
    discovery,
    timeoutFactor: options.timeoutFactor,
    timeoutMs: options.timeoutMs,
    testTimeoutMs: session.testTimeoutMs(),
    onResult: report,
    confirming: options.confirming === true,
    replacesVmForks: options.replacesVmForks === true,
    instanced: options.instanced === true,
    ...(options.onUnfinished === undefined ? {} : { onUnfinished: options.onUnfinished }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  };
  const isolate =
    options.isolate || !mutantsShareARun(session.projectPool(), options.instanced === true);
  const instanced = options.instanced === true ? ROUND_SIZE : undefined;
  const plannable = plannableOf(entries, discovery);
  for (const ids of planRounds(plannable, { isolate, ...(instanced ? { instanced } : {}) })) {
    if (aborted(options.signal)) break;
    await executeRound(
      ids.flatMap((id) => byId.get(id) ?? []),
      roundOptions,
    );
  }
  return results;
}

/**
 * Mutants to an instanced round. Each vitest run starts its workers afresh: a fork of the harness,
 * node's and vitest's start-up, and a worker that reads and compiles vitest, the SDK and the
 * project's modules cold (its file cache and V8's compiled code serve its later VM contexts).
 * On examples/mcp-client 128 took 5–10 % of a run's CPU out against 32 (11 vitest runs to 6;
 * docs/performance.md "Where a run spends its time"). The price: a round that must
 * be split (an error outside every copy) costs about twice its size in halving runs, so a suite
 * whose mutants often leave errors behind gains less, or loses.
 */
const ROUND_SIZE = 128;

/**
 * The names of the tests that reach the mutant's site when every one of them is marked to fail
 * (`it.fails`, as `init` writes a finding), else `null`. A site no test reaches is `null` too
 * (it is `NoCoverage`).
 */
function knownFailingOnly(entry: RoundMutant, discovery: RoundOutcome): string[] | null {
  const tests = entry.site.testIds.map((id) => discovery.tests.get(id));
  if (tests.length === 0) return null;
  const names: string[] = [];
  for (const test of tests) {
    if (test?.knownFailing !== true) return null;
    names.push(test.name);
  }
  return names;
}

/**
 * The verdict as reported, for a mutant whose site only tests marked to fail reach. Its run is
 * judged as any other: red is `Killed` (a mutant that repairs the documented failure makes the
 * test pass, and `vitest run` fails on "Expect test to fail"). Green is `Ignored`, out of both
 * scores, rather than a survivor: such a test passes only while the failure it documents is
 * there, so no assertion of it can notice a defect, and the project cannot act on it but by
 * fixing that failure. Applied once every verdict is confirmed: a green run is confirmed as a
 * survivor is.
 *
 * @internal
 */
export function ignoredIfKnownFailing(
  result: MutantResult,
  entry: RoundMutant,
  discovery: RoundOutcome,
): MutantResult {
  const names = result.status === 'Survived' ? knownFailingOnly(entry, discovery) : null;
  if (names === null) return result;
  return { ...result, status: 'Ignored', statusReason: knownFailingReason(names) };
}

/**
 * Whether the mutant gets a round: a test reaches its site. The others are `NoCoverage` without
 * one.
 *
 * @internal
 */
export function needsRun(entry: RoundMutant): boolean {
  return entry.site.testIds.length > 0;
}

/**
 * The mutants as `planRounds` plans them: each with the test files that host its site, none for a
 * mutant that gets no round.
 *
 * @internal
 */
export function plannableOf(
  entries: readonly RoundMutant[],
  discovery: RoundOutcome,
): PlannableMutant[] {
  return entries.map((entry) => ({
    id: entry.mutant.id,
    files: needsRun(entry) ? filesOf(entry.site, discovery) : [],
  }));
}

function knownFailingReason(names: readonly string[]): string {
  return `reached only by tests marked to fail (it.fails), which document a known failure, and its run stayed green: ${names.join('; ')}. Fix the failure and turn the test into it(...) to measure this site`;
}

/**
 * A verdict no round reached: no coverage, ignored, or left pending by an interrupt.
 *
 * @internal
 */
export function unjudged(
  mutant: Mutant,
  status: 'NoCoverage' | 'Ignored' | 'Pending',
  statusReason: string,
  coveredBy: readonly string[],
): MutantResult {
  return mutantResult(mutant, { status, statusReason, killedBy: [], coveredBy });
}

/**
 * A function, not a property read, so that a check after an await is not narrowed away.
 *
 * @internal
 */
export function aborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}
