import { describe, expect, test } from 'vitest';
import { runFixture, verdicts } from '../../support/run-fixture.js';
import { concurrentVerdicts } from './concurrent-verdicts.js';
import { verdictDifferences } from './verdict-differences.js';
import {
  everyModeOnce,
  expectEveryModeAgrees,
  expectEveryRunPassed,
  reportOf,
  verdictTable,
} from './every-mode.js';

// One copy of the hostile-verdicts suite (one file per hostile shape) and one harness run per
// mode, shared by every assertion below. The fixture's config asks for the project's own pool, so
// the default mode checks copies side by side there, runs a copy per mutant and proves
// unobserved mutants; `instanced` runs the same rounds in vmForks.
const modes = everyModeOnce('hostile-verdicts');

describe('every mode gives the verdict of --isolate on hostile suites', { timeout: 60_000 }, () => {
  test('should run every mode to the end', () => {
    expectEveryRunPassed(modes());
    expect(reportOf(modes(), 'first').mutants).toHaveLength(78);
    // Sharded and merged is the unsharded run, for every mutant of every file.
    expect(
      verdictDifferences(reportOf(modes(), 'first').mutants, reportOf(modes(), 'merged').mutants),
    ).toEqual([]);
  });

  test('should run the instanced mode as instanced rounds, not one mutant at a time', () => {
    // Without this the instanced comparison below could pass on runs of one mutant each.
    const sources = reportOf(modes(), 'instanced').mutants.map(
      (m) => m.envelopeMutants?.verdictSource,
    );
    expect(sources).toContain('batched');
    // outside.spec.ts's errors escape the copies: the copies vitest names run alone first, the
    // others together again. Halving the rounds down to them instead took 18 runs, with 16
    // mutants fewer (13 for 60 mutants in 3 of 3 runs; 15 for 70 in 1 of 1 run, with
    // late-timer.spec.ts, whose copies a retry an earlier copy left disturbs, and which run again).
    expect(reportOf(modes(), 'instanced').summary.vitestRuns).toBeLessThan(19);
    // Negative control: the reference, one mutant per run, never says so.
    const reference = reportOf(modes(), 'isolated').mutants.map(
      (m) => m.envelopeMutants?.verdictSource,
    );
    expect(reference).not.toContain('batched');
  });

  test('should run the project pool’s rounds as copies side by side, and prove unobserved mutants', () => {
    const own = reportOf(modes(), 'first');
    const isolated = reportOf(modes(), 'isolated');
    // Not vacuous: the copies side by side passed their check, so the rounds ran a copy per
    // mutant, and the proof spared some runs; the reference did neither.
    expect(modes().exits['first']?.stderr).toMatch(/a copy per mutant, \d+ at a time/);
    const sources = (mutants: typeof own.mutants) =>
      new Set(mutants.map((m) => m.envelopeMutants?.verdictSource));
    expect(sources(own.mutants)).toContain('batched');
    expect(sources(own.mutants)).toContain('unobserved');
    expect(sources(isolated.mutants)).toEqual(new Set(['isolated']));
    expect(own.summary.vitestRuns).toBeLessThan(isolated.summary.vitestRuns / 2);
    // A rejection, a timer's throw or a process.exit that vitest ties to a copy's own worker is
    // that copy's: its mutant is judged in the round, as in its run alone. Before, each such
    // error split the whole round in halves, and these three ran again alone.
    const outside = own.mutants.filter(
      (m) => m.testFile === 'outside.spec.ts' && m.status === 'Killed',
    );
    expect(outside.map((m) => m.envelopeMutants?.verdictSource)).toEqual([
      'batched',
      'batched',
      'batched',
    ]);
  });

  test('should keep the project’s pool in auto when its mutants take three rounds there', async () => {
    // At most three mutants a file: three rounds in the project's own pool, a mutant of every
    // file to a round, are the reference runs; no check of vmForks.
    const isolated = reportOf(modes(), 'isolated').mutants;
    const perFile = new Map<string, number>();
    const few = isolated.flatMap((m) => {
      const taken = perFile.get(m.testFile) ?? 0;
      perFile.set(m.testFile, taken + 1);
      return taken < 3 ? [m.id] : [];
    });
    const chosen = await runFixture(
      modes().root,
      '--pool',
      'auto',
      ...few.flatMap((id) => ['--mutant', id]),
    );
    expect(chosen.result.stderr).toMatch(
      /^pool: rounds run in the project's own pool \(its mutants take 3 vitest runs there;/m,
    );
    expect(chosen.vitestRuns).toBe(4);
    const reference = isolated.filter((m) => few.includes(m.id));
    expect(reference.length).toBeGreaterThan(12);
    expect(verdicts(chosen.mutants)).toEqual(verdicts(reference));
  }, 300_000);

  test('should not let a test that relaxes a later one hide the later one’s mutants', () => {
    expect(verdictTable(modes(), 'lenient.spec.ts')).toEqual({
      'should note whether its response was tampered with / drop-both-members': 'Survived',
      'should note whether its response was tampered with / insert-both-members': 'Survived',
      'should check the members unless the suite is lenient / drop-both-members': 'Survived',
      'should check the members unless the suite is lenient / insert-both-members':
        'Killed at jsonrpc.members',
    });
    expectEveryModeAgrees(modes(), 'lenient.spec.ts');
  });

  test('should blame a poisoned test’s failure on the mutant that poisoned it', () => {
    expect(verdictTable(modes(), 'poisoned.spec.ts')).toEqual({
      'should poison the suite when its response was tampered with / drop-both-members':
        'Killed at an unnamed failure',
      'should poison the suite when its response was tampered with / insert-both-members':
        'Killed at an unnamed failure',
      'should fail once the suite is poisoned / drop-both-members': 'Survived',
      'should fail once the suite is poisoned / insert-both-members': 'Survived',
    });
    expectEveryModeAgrees(modes(), 'poisoned.spec.ts');
  });

  test('should run the tests before a covering test, as vitest run does', () => {
    expect(verdictTable(modes(), 'order.spec.ts')).toEqual({
      'should check the members when strict / drop-both-members': 'Survived',
      'should check the members when strict / insert-both-members': 'Killed at jsonrpc.members',
    });
    expectEveryModeAgrees(modes(), 'order.spec.ts');
  });

  test('should kill a mutant whose test leaves a rejection, a timer throw or an exit behind', () => {
    expect(verdictTable(modes(), 'outside.spec.ts')).toEqual({
      'should leave an unhandled rejection when both members are present / drop-both-members':
        'Survived',
      'should leave an unhandled rejection when both members are present / insert-both-members':
        'Killed at jsonrpc.members',
      'should throw from a timer when the members are wrong / drop-both-members':
        'Killed at jsonrpc.members',
      'should throw from a timer when the members are wrong / insert-both-members': 'Survived',
      'should exit the process from a timer after passing when both members are present / drop-both-members':
        'Survived',
      'should exit the process from a timer after passing when both members are present / insert-both-members':
        'Killed at an unnamed failure',
    });
    expectEveryModeAgrees(modes(), 'outside.spec.ts');
  });

  test('should kill a mutant that fails a hook of a describe block', () => {
    expect(verdictTable(modes(), 'describe-hooks.spec.ts')).toEqual({
      'describe-hooks.spec.ts / drop-both-members': 'Survived',
      'describe-hooks.spec.ts / insert-both-members': 'Killed at jsonrpc.members',
      'a client that checks its responses once the block is done > should note its response / drop-both-members':
        'Killed at jsonrpc.members',
      'a client that checks its responses once the block is done > should note its response / insert-both-members':
        'Survived',
    });
    expectEveryModeAgrees(modes(), 'describe-hooks.spec.ts');
  });

  test('should not let a copy leave its mark on the process for the copies after it', () => {
    // Without the copies giving back process.env, --pool vmForks called the second test's
    // mutants Killed: an earlier copy of the file, under another mutant, had left the mark.
    expect(verdictTable(modes(), 'process-env.spec.ts')).toEqual({
      'should mark the process when its response was tampered with / drop-both-members':
        'Killed at an unnamed failure',
      'should mark the process when its response was tampered with / insert-both-members':
        'Killed at an unnamed failure',
      'should fail once the process bears the mark / drop-both-members': 'Survived',
      'should fail once the process bears the mark / insert-both-members': 'Survived',
    });
    expectEveryModeAgrees(modes(), 'process-env.spec.ts');
  });

  test('should give a copy’s tests the path of their own file', () => {
    // Without it a copy's `expect.getState().testPath` named the copy: the file the suite keeps
    // beside its test was missing, the strict check skipped, and vmForks and the project pool's
    // copies called the first test's mutants Survived.
    expect(verdictTable(modes(), 'test-path.spec.ts')).toEqual({
      'should check the members of a call the suite lists as strict / drop-both-members':
        'Killed at jsonrpc.members',
      'should check the members of a call the suite lists as strict / insert-both-members':
        'Killed at jsonrpc.members',
      'should check nothing of a call the suite does not list / drop-both-members': 'Survived',
      'should check nothing of a call the suite does not list / insert-both-members': 'Survived',
    });
    expectEveryModeAgrees(modes(), 'test-path.spec.ts');
  });

  test('should not let a listener one copy left on process fail the copies after it', () => {
    // A copy whose mutant left a SIGINT handler behind made the later copies of its worker fail
    // the last test: --pool vmForks called insert-both-members mutants Killed in 3 of 3 runs.
    expect(verdictTable(modes(), 'process-listeners.spec.ts')).toEqual(
      leakingCalls(['first', 'second', 'third', 'fourth', 'fifth']),
    );
    expectEveryModeAgrees(modes(), 'process-listeners.spec.ts');
  });

  test('should not let a stub one copy left on a built-in module fail the copies after it', () => {
    // Every VM context of a vmForks worker imports the same `node:crypto`: a copy whose mutant
    // left `randomUUID` stubbed made the later copies of its worker fail the last test, and
    // --pool vmForks called insert-both-members mutants Killed.
    expect(verdictTable(modes(), 'shared-module.spec.ts')).toEqual(
      leakingCalls(['first', 'second', 'third', 'fourth']),
    );
    expectEveryModeAgrees(modes(), 'shared-module.spec.ts');
  });

  test('should not let a limit one copy left on the global agent fail the copies after it', () => {
    // `http.globalAgent` is one per process, and every mutant of the file leaves `maxSockets` at
    // 1: before the agent was read, every copy after the first in a vmForks worker failed the
    // file's first test, and --pool vmForks called those survivors Killed.
    const survivors = ['first', 'second', 'third', 'fourth'].flatMap((ordinal) =>
      ['drop-both-members', 'insert-both-members'].map(
        (mutator) => [`should answer a ${ordinal} call / ${mutator}`, 'Survived'] as const,
      ),
    );
    expect(verdictTable(modes(), 'global-agent.spec.ts')).toEqual(Object.fromEntries(survivors));
    expectEveryModeAgrees(modes(), 'global-agent.spec.ts');
  });

  test('should not let a lock one copy named after the pid fail the copies after it', () => {
    // The copies of a vmForks worker share its pid: a copy whose mutant left the lock behind made
    // the later copies of its worker find it, and --pool vmForks called insert-both-members
    // mutants Killed.
    expect(verdictTable(modes(), 'pid-lock.spec.ts')).toEqual(
      leakingCalls(['first', 'second', 'third', 'fourth']),
    );
    expectEveryModeAgrees(modes(), 'pid-lock.spec.ts');
  });

  test('should not let a timer one copy left fire into the copies after it', () => {
    // A copy whose mutant left its retry pending made a later copy of its worker find another
    // client's mark while it ran; that copy gave the mark back as it ended, so no copy's start
    // saw it, and --pool vmForks called 4 of the 10 survivors Killed in 3 of 3 runs.
    const ordinals = ['first', 'second', 'third', 'fourth', 'fifth'];
    expect(verdictTable(modes(), 'late-timer.spec.ts')).toEqual(
      Object.fromEntries(
        ordinals.flatMap((ordinal) => [
          [`should answer a ${ordinal} call / drop-both-members`, 'Survived'],
          [`should answer a ${ordinal} call / insert-both-members`, 'Survived'],
        ]),
      ),
    );
    expectEveryModeAgrees(modes(), 'late-timer.spec.ts');
  });

  test('should key the taps of concurrent tests by the test that called them', () => {
    expect(verdictTable(modes(), 'concurrent.spec.ts')).toEqual(concurrentVerdicts());
    expectEveryModeAgrees(modes(), 'concurrent.spec.ts');
    // The user is told where the runs depart from the project's own: one test at a time.
    expect(modes().exits['first']?.stderr).toMatch(
      /^discovery: 3 concurrent tests run one at a time here, .* `vitest run --maxConcurrency=1`/m,
    );
  });
});

/**
 * The verdicts of a suite whose calls leave something behind when the response has no result
 * (`process-listeners.spec.ts`, `shared-module.spec.ts`, `pid-lock.spec.ts`): dropping both
 * members leaves it, and the file's last test, which checks that nothing is left, kills the
 * mutant; inserting both keeps the result, and the mutant survives.
 */
function leakingCalls(ordinals: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    ordinals.flatMap((ordinal) => [
      [`should answer a ${ordinal} call / drop-both-members`, 'Killed at an unnamed failure'],
      [`should answer a ${ordinal} call / insert-both-members`, 'Survived'],
    ]),
  );
}
