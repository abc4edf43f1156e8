import { describe, expect, test } from 'vitest';
import {
  everyModeOnce,
  expectEveryModeAgrees,
  expectEveryRunPassed,
  reportOf,
  verdictTable,
} from './every-mode.js';
import { runFixture } from '../../support/run-fixture.js';
import { fixtureCopy } from '../../support/temp-copy.js';

/** A client file's mutants (its first test taps, its second checks): each survives alone. */
const CLIENT_SURVIVES = {
  'should tell the server when its response was tampered with / insert-both-members': 'Survived',
  'should tell the server when its response was tampered with / drop-both-members': 'Survived',
};

// A project whose vitest `globalSetup` starts a server that keeps what the tests send it. Its own
// `vitest run` starts the server anew in every run, so the second test always finds two notes.
// The harness runs many rounds on one vitest session, where vitest sets a global setup up only
// once: every round after the first found the notes of the rounds before it, and every mutant,
// even under --isolate, was killed. Two client files tell the server when their response was
// tampered with, and fail on another file's word: every file and copy of a run shares the server,
// so a run that held mutants of both called survivors killed (6 of 8 in a probe of four such
// files, in the default mode) until every mutant of such a project ran alone.
const modes = everyModeOnce('global-setup');

describe(
  'envelope-mutants run on a suite that shares a globalSetup server',
  { timeout: 60_000 },
  () => {
    test('should start the global setup anew for every run, as vitest run does', () => {
      expectEveryRunPassed(modes());
      expect(verdictTable(modes(), 'notes.spec.ts')).toEqual({
        'should answer a saved note with a result / insert-both-members':
          'Killed at jsonrpc.members',
        'should answer a saved note with a result / drop-both-members': 'Survived',
        // The test checks nothing of its response, and its notes are those of its own run.
        'should find both notes of this run / insert-both-members': 'Survived',
        'should find both notes of this run / drop-both-members': 'Survived',
      });
    });

    test('should run every mutant alone, since every file and copy of a run shares the server', () => {
      // Not vacuous: both client files have mutants, which whole-file rounds would have paired.
      expect(verdictTable(modes(), 'client-a.spec.ts')).toEqual(CLIENT_SURVIVES);
      expect(verdictTable(modes(), 'client-b.spec.ts')).toEqual(CLIENT_SURVIVES);
      expect(modes().exits['first']?.stderr).toMatch(
        /^pool: rounds run in the project's own pool \(the project has a globalSetup, which every file of a run shares: every mutant runs alone in its pool\)/m,
      );
      expect(modes().exits['instanced']?.stderr).toMatch(
        /^pool: rounds run in vitest's vmForks pool \(the command line asks for pool "vmForks"; the project has a globalSetup, which every file of a run shares: every mutant runs alone\)/m,
      );
      for (const mode of ['first', 'instanced'] as const) {
        const run = reportOf(modes(), mode);
        expect(run.summary.vitestRuns, mode).toBeGreaterThan(run.mutants.length);
      }
    });

    test('should give every mutant the verdict of --isolate in every mode', () => {
      expectEveryModeAgrees(modes(), 'notes.spec.ts');
      expectEveryModeAgrees(modes(), 'client-a.spec.ts');
      expectEveryModeAgrees(modes(), 'client-b.spec.ts');
    });
  },
);

// A global setup that exports its server's address unless the environment names one. The
// harness sets it up again in its own process for every run: without the environment put back
// after each teardown, every run after the first called the first run's closed server, and every
// mutant was killed by "fetch failed".
test('should give each run the environment the first global setup met', async () => {
  const copy = fixtureCopy('global-setup-env');
  try {
    const { mutants } = await runFixture(copy.root);
    expect(mutants.map((m) => `${m.mutatorName} ${m.status}`)).toEqual([
      ...Array<string>(4).fill('change-id Survived'),
      'drop-both-members Killed',
    ]);
  } finally {
    copy.remove();
  }
}, 120_000);
