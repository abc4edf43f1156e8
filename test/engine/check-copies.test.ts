import { describe, expect, test } from 'vitest';
import { checkCopies } from '../../src/engine/check-copies.js';
import { collectSites, collectTests } from '../../src/engine/collect-sites.js';
import type { Discovery } from '../../src/engine/discover.js';
import { EMPTY_OUTCOME, type RoundOutcome } from '../../src/engine/round-outcome.js';
import type { FileSelection, SessionRun } from '../../src/engine/test-session.js';
import type { TapPlan } from '../../src/taps/tap-protocol.js';
import { copyReading, discoveryOutcome, errorSite, fakeSession } from './pool-fixtures.js';

const OUTCOME = discoveryOutcome([{ id: 't1', sites: [errorSite('t1#0')] }]);
const REFERENCE: Discovery = {
  sites: collectSites(OUTCOME),
  tests: collectTests(OUTCOME),
  outcome: OUTCOME,
};
const READS = { reads: [{ op: 'has' as const, path: ['error'] }] };

/**
 * A probe whose runs answer every copy with `copy` (a screen copy with `copyReading`), and
 * leave `unhandled[n]` outside every copy in its n-th run. It keeps what each run was asked.
 */
function probe(copy: RoundOutcome, unhandled: readonly (readonly string[])[] = []) {
  const asked: { plan: TapPlan; selection: FileSelection }[] = [];
  const fake = fakeSession(EMPTY_OUTCOME);
  fake.run = (plan, selection): Promise<SessionRun> => {
    const instances = new Map(
      Object.keys(plan.instances ?? {}).map((tag) => [
        tag,
        tag.startsWith('s') ? copyReading(READS) : copy,
      ]),
    );
    const errors = unhandled[asked.length] ?? [];
    asked.push({ plan, selection });
    return Promise.resolve({
      outcome: { ...EMPTY_OUTCOME, unhandled: [...errors], instances },
      timedOut: false,
    });
  };
  return { fake, asked };
}

describe('checkCopies', () => {
  test("should run two copies of each file beside the screen, and hand on the first copy's run", async () => {
    // Arrange: the copies took longer than the reference run; the rounds plan on the copies.
    const slower = discoveryOutcome([{ id: 't1', sites: [errorSite('t1#0')] }]);
    const copy = {
      ...slower,
      tests: new Map([...slower.tests].map(([id, t]) => [id, { ...t, durationMs: 90 }])),
    };
    const { fake, asked } = probe(copy);
    // Act
    const checked = await checkCopies(fake, REFERENCE, '/project');
    // Assert
    expect(asked.map(({ plan }) => Object.keys(plan.instances ?? {}))).toEqual([['s0', 'a', 'b']]);
    expect(checked).toEqual({
      discovery: expect.objectContaining({ outcome: copy }) as unknown,
      screen: new Map([['t1#0', READS]]),
    });
  });

  test('should check again without the screen when the run left an error outside every copy', async () => {
    // Arrange: a view the screen handed out made the suite throw outside its tests.
    const { fake, asked } = probe(OUTCOME, [['DataCloneError: #<Object> could not be cloned.']]);
    // Act
    const checked = await checkCopies(fake, REFERENCE, '/project');
    // Assert: the second run holds the two copies alone, and the check passes without a screen.
    expect(asked.map(({ plan }) => Object.keys(plan.instances ?? {}))).toEqual([
      ['s0', 'a', 'b'],
      ['a', 'b'],
    ]);
    expect(asked[1]?.plan.tracked).toEqual({});
    expect([...(asked[1]?.selection.keys() ?? [])]).toEqual([
      '/project/a.test.ts?envelope-mutant=a',
      '/project/a.test.ts?envelope-mutant=b',
    ]);
    expect(checked).toEqual({
      discovery: expect.objectContaining({ outcome: OUTCOME }) as unknown,
      screen: new Map(),
    });
  });

  test('should name the error when the copies leave one outside every copy without the screen too', async () => {
    // Arrange
    const error = 'Error: EADDRINUSE: address already in use :::4000\n    at listen';
    const { fake, asked } = probe(OUTCOME, [[error], [error]]);
    // Act
    const checked = await checkCopies(fake, REFERENCE, '/project');
    // Assert
    expect(asked).toHaveLength(2);
    expect(checked).toEqual({
      difference: 'an error outside any test: Error: EADDRINUSE: address already in use :::4000',
      outsideTests: true,
    });
  });

  test('should say how a copy differs from the reference run', async () => {
    // Arrange
    const failed = discoveryOutcome([{ id: 't1', sites: [errorSite('t1#0')], state: 'failed' }]);
    const { fake } = probe(failed);
    // Act
    const checked = await checkCopies(fake, REFERENCE, '/project');
    // Assert
    expect(checked).toEqual({
      difference: 'test "test t1" failed (it passed in the reference run)',
    });
  });
});
