import { describe, expect, test } from 'vitest';
import {
  everyModeOnce,
  expectEveryModeAgrees,
  expectEveryRunPassed,
  verdictTable,
} from './every-mode.js';

// A project that shuffles its tests (`sequence.shuffle`) and sets no seed: vitest would draw one
// per run, so every run of a mutant would order the file anew. The harness gives vitest its own
// seed (the config's `seed`, 1 by default) where the project has none: one order for every run.
const modes = everyModeOnce('shuffled');

describe('envelope-mutants run on a suite that shuffles its tests', { timeout: 60_000 }, () => {
  test('should order the tests by the seed: those before the strict test survive', () => {
    expectEveryRunPassed(modes());
    // Seed 1 runs responses 1, 8 and 3 before the strict test, and the rest after it.
    const survived = 'Survived';
    const killed = 'Killed at jsonrpc.members';
    expect(verdictTable(modes(), 'order.spec.ts')).toEqual({
      'should check response 1 when strict / insert-both-members': survived,
      'should check response 2 when strict / insert-both-members': killed,
      'should check response 3 when strict / insert-both-members': survived,
      'should check response 4 when strict / insert-both-members': killed,
      'should check response 5 when strict / insert-both-members': killed,
      'should check response 6 when strict / insert-both-members': killed,
      'should check response 7 when strict / insert-both-members': killed,
      'should check response 8 when strict / insert-both-members': survived,
    });
  });

  test('should give every mutant the verdict of --isolate in every mode', () => {
    expectEveryModeAgrees(modes(), 'order.spec.ts');
  });
});
