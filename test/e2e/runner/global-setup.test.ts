import { describe, expect, test } from 'vitest';
import {
  everyModeOnce,
  expectEveryModeAgrees,
  expectEveryRunPassed,
  verdictTable,
} from './every-mode.js';

// A project whose vitest `globalSetup` starts a server that keeps what the tests send it. Its own
// `vitest run` starts the server anew in every run, so the second test always finds two notes.
// The harness runs many rounds on one vitest session, where vitest sets a global setup up only
// once: every round after the first found the notes of the rounds before it, and every mutant,
// even under --isolate, was killed. `--pool vmForks` is left out: it runs two copies of the file
// in one run, so they share one server (docs/design.md "Where the rounds run"); `auto` checks
// that and keeps the project's pool.
const modes = everyModeOnce('global-setup', ['instanced']);

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

    test('should keep the rounds in the project pool, where copies side by side share the server', () => {
      // Two copies of the file in one run save their notes on one server: the pool check sees
      // them differ from the reference run, so no round runs copies of the file side by side.
      // (Its four mutants take four rounds in the project's pool: more than the check costs, so
      // `auto` checks vmForks; at three or fewer it would not.)
      expect(modes().exits['first']?.stderr).toMatch(
        /rounds run in the project's own pool \(two copies of each test file, run side by side in vmForks as the rounds run them, differed from the reference run: test "should (answer a saved note with a result|find both notes of this run)" failed/,
      );
    });

    test('should give every mutant the verdict of --isolate in every mode', () => {
      expectEveryModeAgrees(modes(), 'notes.spec.ts');
    });
  },
);
