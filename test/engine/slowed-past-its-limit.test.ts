import { describe, expect, test } from 'vitest';
import type { MutantResult } from '../../src/mutant/mutation-run.js';
import type { RoundOutcome, TestOutcome } from '../../src/engine/round-outcome.js';
import { SHARED_SLOWDOWN, slowedPastItsLimit } from '../../src/engine/slowed-past-its-limit.js';
import { mutantResult } from './mutant-result-fixture.js';

/** A discovery run in which test t1 took `tookMs`. */
function discovery(tookMs: number): RoundOutcome {
  const t1: TestOutcome = {
    id: 't1',
    name: 'n',
    file: 'a.test.ts',
    state: 'passed',
    errors: [],
    durationMs: tookMs,
    report: undefined,
  };
  return { tests: new Map([['t1', t1]]), files: new Map(), unhandled: [] };
}

/** A kill at t1 whose only failure was vitest's time limit. */
function timedOut(reason: string, test = 't1'): MutantResult {
  const kill = mutantResult('m1', 'Killed', null);
  return {
    ...kill,
    statusReason: reason,
    killedAt: { test, rule: null, named: false, timedOut: true },
  };
}

describe('slowedPastItsLimit', () => {
  test('should suspect a timeout whose test took a share of its limit without mutants', () => {
    const limitMs = 1000;
    const share = limitMs / SHARED_SLOWDOWN;
    const kill = timedOut(`Test timed out in ${String(limitMs)}ms.`);

    expect(slowedPastItsLimit(kill, discovery(share))).toBe(true);
    expect(slowedPastItsLimit(kill, discovery(share - 1))).toBe(false);
  });

  test('should read the limit of a hook as of a test', () => {
    const kill = timedOut('Hook timed out in 10000ms.');

    expect(slowedPastItsLimit(kill, discovery(3000))).toBe(true);
    expect(slowedPastItsLimit(kill, discovery(30))).toBe(false);
  });

  test('should suspect a timeout whose test or limit is not known', () => {
    expect(
      slowedPastItsLimit(timedOut('Test timed out in 1000ms.', 'a.test.ts'), discovery(1)),
    ).toBe(true);
    expect(slowedPastItsLimit(timedOut('timed out'), discovery(1))).toBe(true);
  });

  test('should never suspect a verdict that is not a kill by a timeout', () => {
    const named = mutantResult('m1', 'Killed', 'jsonrpc.id');
    const survived = mutantResult('m1', 'Survived');

    expect(slowedPastItsLimit(named, discovery(1000))).toBe(false);
    expect(slowedPastItsLimit(survived, discovery(1000))).toBe(false);
  });
});
