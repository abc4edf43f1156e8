import type { MutantResult } from '../mutant/mutation-run.js';
import type { RoundOutcome } from './round-outcome.js';
import { TIMEOUT_MESSAGE } from './vitest-messages.js';

/**
 * How much slower than in the discovery run a test may run in a shared round: two copies to a
 * core (copies run side by side, at least two at a time), and as much again for a machine that
 * others share.
 */
export const SHARED_SLOWDOWN = 4;

/**
 * Whether a kill in a run shared with other mutants may be the sharing's doing: its only failure
 * is a test or hook over vitest's time limit (`killedAt.timedOut`), and that test took, without
 * mutants, at least 1/{@link SHARED_SLOWDOWN} of the limit. Beside other copies it may have been
 * slowed past the limit, where its reference run, its files alone, would not have been. A test
 * that took 20 ms of a 1,000 ms limit did not time out for the load: the mutant made it hang.
 * Where the limit or the test's own time is not known (a `beforeAll` hook over its limit is the
 * file's failure), it may be.
 */
export function slowedPastItsLimit(verdict: MutantResult, discovery: RoundOutcome): boolean {
  // Only a kill has a `killedAt`.
  if (verdict.killedAt?.timedOut !== true) return false;
  const limit = Number(TIMEOUT_MESSAGE.exec(verdict.statusReason ?? '')?.[2]);
  const tookMs = discovery.tests.get(verdict.killedAt.test)?.durationMs;
  if (Number.isNaN(limit) || tookMs === undefined) return true;
  return tookMs * SHARED_SLOWDOWN >= limit;
}
