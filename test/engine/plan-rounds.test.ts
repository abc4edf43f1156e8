import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { planRounds, type PlannableMutant } from '../../src/engine/plan-rounds.js';

const mutant = (id: string, ...files: string[]): PlannableMutant => ({ id, files });

describe('planRounds', () => {
  test('should batch mutants of different test files', () => {
    // Arrange
    const mutants = [mutant('a', 'f1'), mutant('b', 'f2'), mutant('c', 'f3')];
    // Act
    const rounds = planRounds(mutants, { isolate: false });
    // Assert
    expect(rounds).toEqual([['a', 'b', 'c']]);
  });

  test('should never put two mutants of one test file in a round', () => {
    // Tests of one file share its module state: one mutant could change another's verdict.
    const mutants = [mutant('a', 'f1'), mutant('b', 'f1', 'f2'), mutant('c', 'f2')];
    expect(planRounds(mutants, { isolate: false })).toEqual([['a', 'c'], ['b']]);
  });

  test('should run one mutant per round when isolated', () => {
    const mutants = [mutant('a', 'f1'), mutant('b', 'f2')];
    expect(planRounds(mutants, { isolate: true })).toEqual([['a'], ['b']]);
  });

  test('should put mutants of one file in one instanced round, as many as the round size', () => {
    // Instanced rounds give each mutant its own copy of its files.
    const mutants = [mutant('a', 'f1'), mutant('b', 'f1'), mutant('c'), mutant('d', 'f1', 'f2')];
    expect(planRounds(mutants, { isolate: false, instanced: 2 })).toEqual([['a', 'b'], ['d']]);
  });

  test('should run one mutant per round when isolated, instanced or not', () => {
    const mutants = [mutant('a', 'f1'), mutant('b', 'f1')];
    expect(planRounds(mutants, { isolate: true, instanced: 32 })).toEqual([['a'], ['b']]);
  });

  test('should leave out mutants that no test covers', () => {
    expect(planRounds([mutant('a'), mutant('b', 'f1')], { isolate: false })).toEqual([['b']]);
  });

  test('should plan every covered mutant once, in rounds of disjoint files, no more rounds than the busiest file needs', () => {
    const mutants = fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 60 });
    fc.assert(
      fc.property(mutants, (hosts) => {
        const input = hosts.map((file, index) => mutant(`m${index}`, `f${file}`));
        const rounds = planRounds(input, { isolate: false });
        expect(rounds.flat().sort()).toEqual(input.map((m) => m.id).sort());
        for (const round of rounds) {
          const files = round.flatMap((id) => input.find((m) => m.id === id)?.files ?? []);
          expect(new Set(files).size).toBe(files.length);
        }
        // One file per mutant: first fit is optimal, rounds = the most mutants in one file.
        const perFile = new Map<string, number>();
        for (const m of input) for (const f of m.files) perFile.set(f, (perFile.get(f) ?? 0) + 1);
        expect(rounds.length).toBe(Math.max(0, ...perFile.values()));
      }),
    );
  });
});
