import { describe, expect, test } from 'vitest';
import {
  everyModeOnce,
  expectEveryModeAgrees,
  expectEveryRunPassed,
  verdictTable,
} from './every-mode.js';

// A project whose config stops a run at its first failed test (`bail: 1`). Before, that failure
// cancelled every copy still running beside it (NoCoverage in the rounds) and, in a mutant's
// own run, the rest of its file (a RuntimeError for `--isolate`). The harness runs every test;
// a bailing run is red exactly when a test failed, so the verdicts are those `bail` gives. Pool
// `project`: the rounds run copies side by side there, and the instanced mode in vmForks.
const modes = everyModeOnce('bail');

describe('envelope-mutants run on a project that bails', { timeout: 60_000 }, () => {
  test('should judge every mutant as a run that bails on its first failure would', () => {
    expectEveryRunPassed(modes());
    const killed = (rule: string): string => `Killed at jsonrpc.${rule}`;
    expect(verdictTable(modes(), 'accounts.spec.ts')).toEqual({
      'should carry a result / drop-both-members': killed('members'),
      'should carry a result / change-id': 'Survived',
      'should echo the id / change-id': killed('id'),
      'should echo the id / drop-both-members': 'Survived',
    });
    expect(verdictTable(modes(), 'tools.spec.ts')).toEqual({
      'should carry the error of an unknown tool / drop-both-members': killed('members'),
      'should carry the error of an unknown tool / change-id': 'Survived',
      'should echo the id of a tool call / change-id': killed('id'),
      'should echo the id of a tool call / drop-both-members': 'Survived',
    });
  });

  test('should give every mutant the verdict of --isolate in every mode', () => {
    expectEveryModeAgrees(modes(), 'accounts.spec.ts');
    expectEveryModeAgrees(modes(), 'tools.spec.ts');
  });
});
