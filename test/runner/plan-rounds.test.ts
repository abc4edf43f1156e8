import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { planRounds, type PlannableMutant } from '../../src/runner/plan-rounds.js';

const mutant = (id: string, ...coveredBy: string[]): PlannableMutant => ({ id, coveredBy });

describe('planRounds', () => {
  test('should batch mutants whose covering tests are disjoint', () => {
    // Arrange
    const mutants = [mutant('a', 't1'), mutant('b', 't2'), mutant('c', 't3')];
    // Act
    const rounds = planRounds(mutants, { isolate: false });
    // Assert
    expect(rounds).toEqual([['a', 'b', 'c']]);
  });

  test('should never put two mutants of one test in a round', () => {
    const mutants = [mutant('a', 't1'), mutant('b', 't1', 't2'), mutant('c', 't2')];
    expect(planRounds(mutants, { isolate: false })).toEqual([['a', 'c'], ['b']]);
  });

  test('should give a file-level mutant its whole file', () => {
    // A file-level site is covered by every test of its file.
    const mutants = [
      mutant('test-level', 'f1-t1'),
      mutant('file-level', 'f1-t1', 'f1-t2'),
      mutant('other-file', 'f2-t1'),
    ];
    expect(planRounds(mutants, { isolate: false })).toEqual([
      ['test-level', 'other-file'],
      ['file-level'],
    ]);
  });

  test('should run one mutant per round when isolated', () => {
    const mutants = [mutant('a', 't1'), mutant('b', 't2')];
    expect(planRounds(mutants, { isolate: true })).toEqual([['a'], ['b']]);
  });

  test('should leave out mutants that no test covers', () => {
    expect(planRounds([mutant('a'), mutant('b', 't1')], { isolate: false })).toEqual([['b']]);
  });

  test('should plan every covered mutant once, in rounds of disjoint tests, no more rounds than the busiest test needs', () => {
    const mutants = fc.array(
      fc.uniqueArray(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 1 }),
      {
        maxLength: 60,
      },
    );
    fc.assert(
      fc.property(mutants, (covers) => {
        const input = covers.map((tests, index) =>
          mutant(`m${index}`, ...tests.map((t) => `t${t}`)),
        );
        const rounds = planRounds(input, { isolate: false });
        expect(rounds.flat().sort()).toEqual(input.map((m) => m.id).sort());
        for (const round of rounds) {
          const tests = round.flatMap((id) => input.find((m) => m.id === id)?.coveredBy ?? []);
          expect(new Set(tests).size).toBe(tests.length);
        }
        // One test per mutant: first fit is optimal, rounds = the most mutants on one test.
        const perTest = new Map<string, number>();
        for (const m of input)
          for (const t of m.coveredBy) perTest.set(t, (perTest.get(t) ?? 0) + 1);
        expect(rounds.length).toBe(Math.max(0, ...perTest.values()));
      }),
    );
  });
});
