import { afterAll, describe, expect, test } from 'vitest';
import { readJsonReport } from '../../support/read-json-report.js';
import { runFixture, verdicts } from '../../support/run-fixture.js';
import { fixtureCopies } from '../../support/temp-copy.js';

const fixtures = fixtureCopies();
afterAll(() => fixtures.remove());

/** Each mutant's status by its test file and the ordinal of its site in the test. */
function statusBySite(root: string): Record<string, string> {
  const report = readJsonReport(`${root}/reports/envelope-mutants/mutation.json`);
  return Object.fromEntries(
    report.mutants.map((m) => [
      `${m.testFile} ${m.siteKey.slice(m.siteKey.lastIndexOf('#'))}`,
      m.status,
    ]),
  );
}

// A test's auto fixture and the project's aroundEach tap before the harness's beforeEach opens
// the test's log. Their envelopes are sites of their own, numbered first (#0), and the test's
// own tap comes next (#1), in every run. Before, the harness set their log aside as an earlier
// attempt's: the test's tap was #0 again, and each mutant planned on it was applied to both
// envelopes, so the fixture's check killed a mutant that plain `vitest run` passes.
describe('taps before the harness’s beforeEach', () => {
  test('should give the envelopes of auto fixtures and aroundEach sites of their own', async () => {
    const root = fixtures.root('taps-before-hooks');
    const run = await runFixture(root);
    expect(run.result.exitCode, run.result.stderr).toBe(0);
    // Checked by hand with plain `vitest run`: the fixture's or aroundEach's answer without
    // isError fails its check; the test's own answer without it passes (only its text is read).
    expect(statusBySite(root)).toEqual({
      'auto-fixture.spec.ts #0': 'Killed',
      'auto-fixture.spec.ts #1': 'Survived',
      'around-each.spec.ts #0': 'Killed',
      'around-each.spec.ts #1': 'Survived',
    });
    const isolated = await runFixture(root, '--isolate');
    expect(verdicts(run.mutants)).toEqual(verdicts(isolated.mutants));
  });
});
