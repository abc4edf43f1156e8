import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import { runFixture } from '../../support/run-fixture.js';
import { fixtureCopies } from '../../support/temp-copy.js';

const fixtures = fixtureCopies();
afterAll(() => fixtures.remove());

/** The site keys of a fixture's JSON report, with or without mutants. */
function reportedSites(name: string): string[] {
  const file = `${fixtures.root(name)}/reports/envelope-mutants/mutation.json`;
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    files: Record<string, { envelopeMutants: { siteKey: string } }>;
  };
  return Object.values(report.files).map((f) => f.envelopeMutants.siteKey);
}

// Whole vitest runs on a shared machine: generous time, no timing asserted.
describe('envelope-mutants run on hostile suites', { timeout: 300_000 }, () => {
  test('should survive process.exit, leaked timers, collection errors and tampering', async () => {
    // Act
    const { result, mutants } = await runFixture(fixtures.root('hostile-exit'));
    // Assert: the harness lived on and judged every mutant; none of them survived.
    expect(result.exitCode, result.stderr).toBe(0);
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
    const { result, mutants } = await runFixture(fixtures.root('hostile-big'));
    // Assert: before the taps sent their records as JSON text, the deep site vanished silently.
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).not.toMatch(/^\s+at /m);
    const sites = [...new Set(mutants.map((m) => m.siteKey))].sort();
    expect(sites).toEqual(['after-ten-thousand', 'one-megabyte', 'ten-thousand-deep']);
    expect(mutants.length).toBe(9);
    expect(reportedSites('hostile-big')).toHaveLength(10_003);
    for (const mutant of mutants) {
      expect(mutant, mutant.id).toMatchObject({ status: 'Killed', killedAt: { named: true } });
    }
  });

  test('should keep a malformed envelope a site and pass values that are not JSON through', async () => {
    // Act
    const { result, mutants } = await runFixture(fixtures.root('hostile-malformed'));
    // Assert: no crash; no mutator applies to what is not an envelope; cycles and BigInts are
    // not recorded; the real envelope is mutated and judged as usual.
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).not.toMatch(/^ {4}at /m);
    expect(reportedSites('hostile-malformed').sort()).toEqual(
      ['batch-like', 'no-jsonrpc-members', 'null-envelope', 'raw-text', 'real'].sort(),
    );
    expect([...new Set(mutants.map((m) => m.siteKey))]).toEqual(['real']);
    expect(mutants.filter((m) => m.status === 'Survived').map((m) => m.mutatorName)).toEqual([
      'leak-canary',
    ]);
    expect(mutants.filter((m) => m.status === 'Killed')).toHaveLength(9);
  });

  test('should call a mutant that kills its worker a RuntimeError, and judge its neighbours', async () => {
    // Act
    const { result, mutants } = await runFixture(fixtures.root('hostile-crash'));
    // Assert
    expect(result.exitCode, result.stderr).toBe(0);
    const crashed = mutants.filter((m) => m.siteKey === 'crash-on-wrong-id');
    expect(crashed.map((m) => m.status)).toEqual(Array(4).fill('RuntimeError'));
    const beside = mutants.filter((m) => m.siteKey === 'beside-the-crash');
    expect(beside.map((m) => m.killedAt?.rule)).toEqual(Array(4).fill('jsonrpc.id'));
  });
});
