import { describe, expect, test } from 'vitest';
import type { RoundMutant } from '../../src/engine/execute-rounds.js';
import { testWithProvenSample } from '../../src/engine/test-with-proven-sample.js';
import type { MutantResult, MutantStatus } from '../../src/mutant/mutation-run.js';
import { mutantResult } from './mutant-result-fixture.js';

/** A mutant covered by test `testId`; the test of `t1` and `t2` is a.test.ts, of `t3` b.test.ts. */
function entry(id: string, testId: string): RoundMutant {
  const site = {
    key: `${testId}#0`,
    kind: 'envelope' as const,
    file: testId === 't3' ? 'b.test.ts' : 'a.test.ts',
    testIds: [testId],
    fileLevel: false,
    value: { id: 1 },
    check: {},
  };
  const mutant = { id, siteKey: site.key, mutatorName: 'change-id', variantIndex: 0 };
  return {
    mutant: { ...mutant, replacement: '', path: ['id'], value: { id: 2 } },
    site,
    expectedKillers: ['jsonrpc.id'],
  };
}

const proven = (id: string, testId: string): MutantResult => ({
  ...mutantResult(id, 'Survived'),
  coveredBy: [testId],
  verdictSource: 'unobserved',
});

const UNPROVEN = [entry('u1', 't1')];
const ENTRIES = [...UNPROVEN, entry('p1', 't1'), entry('p2', 't2'), entry('p3', 't3')];
const PROVEN = [proven('p1', 't1'), proven('p2', 't2'), proven('p3', 't3')];

/** Runs as a session would, each mutant to the status `statusOf` gives it; notes every call. */
function rounds(statusOf: (id: string) => MutantStatus) {
  const calls: { ids: string[]; quiet: string[] }[] = [];
  return {
    calls,
    options: {
      seed: 1,
      fileOf: (testId: string) => (testId === 't3' ? 'b.test.ts' : 'a.test.ts'),
      test: (entries: readonly RoundMutant[], quiet: ReadonlySet<string>) => {
        calls.push({ ids: entries.map((e) => e.mutant.id), quiet: [...quiet].sort() });
        const ran = entries.map((e) => ({ ...mutantResult(e.mutant.id, statusOf(e.mutant.id)) }));
        return Promise.resolve(new Map(ran.map((result) => [result.id, result])));
      },
    },
  };
}

describe('testWithProvenSample', () => {
  test('should run one proven survivor of each test file beside the unproven, quietly', async () => {
    // Arrange
    const { calls, options } = rounds((id) => (id === 'u1' ? 'Killed' : 'Survived'));
    // Act
    const outcome = await testWithProvenSample(UNPROVEN, PROVEN, ENTRIES, options);
    // Assert: one run; a.test.ts gives one of p1 and p2, b.test.ts gives p3.
    expect(calls).toHaveLength(1);
    const sample = calls[0]?.quiet ?? [];
    expect(sample).toHaveLength(2);
    expect(sample).toContain('p3');
    expect(calls[0]?.ids.sort()).toEqual(['u1', ...sample].sort());
    expect(outcome.disagreement).toBeNull();
    expect(outcome.proven.map((r) => r.id).sort()).toEqual(
      ['p1', 'p2', 'p3'].filter((id) => !sample.includes(id)),
    );
    expect([...outcome.tested.keys()].sort()).toEqual(['u1', ...sample].sort());
  });

  test('should run every proven mutant once a sampled one is not a survivor', async () => {
    // Arrange: the proof's premises fail for p3 (say the suite detects the view).
    const { calls, options } = rounds((id) => (id === 'p3' || id === 'u1' ? 'Killed' : 'Survived'));
    // Act
    const outcome = await testWithProvenSample(UNPROVEN, PROVEN, ENTRIES, options);
    // Assert
    expect(outcome.disagreement).toMatch(/^mutant p3, proven unobserved, was Killed in its run/);
    expect(outcome.proven).toEqual([]);
    expect([...outcome.tested.keys()].sort()).toEqual(['p1', 'p2', 'p3', 'u1']);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.quiet).toEqual(calls[1]?.ids.sort());
    // The second run holds the proven mutants the first did not: the sample ran once.
    const sample = calls[0]?.quiet ?? [];
    expect(calls[1]?.ids.sort()).toEqual(['p1', 'p2', 'p3'].filter((id) => !sample.includes(id)));
  });

  test('should sample nothing and run only the unproven without proven survivors', async () => {
    // Arrange
    const { calls, options } = rounds(() => 'Killed');
    // Act
    const outcome = await testWithProvenSample(UNPROVEN, [], ENTRIES, options);
    // Assert
    expect(calls).toEqual([{ ids: ['u1'], quiet: [] }]);
    expect([...outcome.tested.keys()]).toEqual(['u1']);
    expect(outcome.proven).toEqual([]);
    expect(outcome.disagreement).toBeNull();
  });
});
