import { describe, expect, test } from 'vitest';
import { runFixture } from '../runner/run-cli.js';

// Whole vitest runs on a shared machine: generous time, no timing asserted.
describe('envelope-mutants run on hostile suites', { timeout: 300_000 }, () => {
  test('should survive process.exit, leaked timers, collection errors and tampering', async () => {
    // Act
    const { result, mutants } = await runFixture('hostile-exit');
    // Assert: the harness lived on and judged every mutant; none of them survived.
    expect(result.code, result.stderr).toBe(0);
    expect(mutants.length).toBe(28);
    expect(mutants.filter((m) => m.status !== 'Killed')).toEqual([]);
    const exited = mutants.filter(
      (m) => m.siteKey === 'exit-on-wrong-id' && m.mutatorName === 'change-id',
    );
    expect(exited.map((m) => m.statusReason)).toEqual(
      Array(4).fill('process.exit unexpectedly called with "3"'),
    );
    // Each observation gets its own copy: the first test's rewrite never reaches the second.
    const shared = mutants.filter((m) => m.siteKey === 'shared-response');
    for (const mutant of shared) expect(mutant.killedAt, mutant.id).toMatchObject({ named: true });
    const atLoad = mutants.filter((m) => m.killedAt?.test === 'collect.spec.ts');
    expect(atLoad.map((m) => m.mutatorName)).toEqual(Array(3).fill('corrupt-version'));
  });

  test('should judge a 1 MB envelope, a 10,000-deep nest and 10,000 sites in one test', async () => {
    // Act
    const { result, mutants } = await runFixture('hostile-big');
    // Assert: before the taps sent their records as JSON text, the deep site vanished silently.
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toMatch(/^\s+at /m);
    const sites = [...new Set(mutants.map((m) => m.siteKey))].sort();
    expect(sites).toEqual(['after-ten-thousand', 'one-megabyte', 'ten-thousand-deep']);
    expect(mutants.length).toBe(9);
    for (const mutant of mutants) {
      expect(mutant, mutant.id).toMatchObject({ status: 'Killed', killedAt: { named: true } });
    }
  });
});
