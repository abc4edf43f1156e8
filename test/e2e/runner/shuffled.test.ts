import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  differencesFromReference,
  runEveryMode,
  verdictTable,
  type EveryMode,
} from './every-mode.js';

// A project that shuffles its tests (`sequence.shuffle`) and sets no seed: vitest would draw one
// per run, so every run of a mutant would order the file anew. The harness gives vitest its own
// seed (the config's `seed`, 1 by default) where the project has none: one order for every run.
let modes: EveryMode;

beforeAll(async () => {
  modes = await runEveryMode('shuffled', { mutators: ['insert-both-members'] });
}, 900_000);
afterAll(() => modes.remove());

describe('envelope-mutants run on a suite that shuffles its tests', { timeout: 60_000 }, () => {
  test('should order the tests by the seed: those before the strict test survive', () => {
    for (const [name, result] of Object.entries(modes.exits)) expect(result.exitCode, name).toBe(0);
    // Seed 1 runs responses 1, 8 and 3 before the strict test, and the rest after it.
    const survived = 'Survived';
    const killed = 'Killed at jsonrpc.members';
    expect(verdictTable(modes, 'order.spec.ts')).toEqual({
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
    expect(differencesFromReference(modes, 'order.spec.ts')).toEqual({
      first: [],
      second: [],
      merged: [],
      instanced: [],
    });
  });
});
