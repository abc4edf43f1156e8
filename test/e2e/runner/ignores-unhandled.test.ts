import { describe, expect, test } from 'vitest';
import {
  everyModeOnce,
  expectEveryModeAgrees,
  expectEveryRunPassed,
  verdictTable,
} from './every-mode.js';

// A project that sets `dangerouslyIgnoreUnhandledErrors`: its `vitest run` prints unhandled
// errors and exits 0. Before, the harness judged such a run red in every mode (Killed), and
// refused a suite whose unmutated run left one, as the fixture's first test does.
const modes = everyModeOnce('ignores-unhandled');

describe(
  'envelope-mutants run on a project that ignores unhandled errors',
  { timeout: 60_000 },
  () => {
    test('should kill only by a failed test, as the project’s vitest run says', () => {
      expectEveryRunPassed(modes());
      expect(verdictTable(modes(), 'outside.spec.ts')).toEqual({
        'should leave an unhandled rejection when both members are present / insert-both-members':
          'Survived',
        'should exit the process from a timer when both members are present / insert-both-members':
          'Survived',
        'should check the members / insert-both-members': 'Killed at jsonrpc.members',
      });
    });

    test('should give every mutant the verdict of --isolate in every mode', () => {
      expectEveryModeAgrees(modes(), 'outside.spec.ts');
    });
  },
);
