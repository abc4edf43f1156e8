import { afterAll, describe, expect, test } from 'vitest';
import { readJsonReport } from '../../support/read-json-report.js';
import { runFixture, verdicts } from '../../support/run-fixture.js';
import { fixtureCopies } from '../../support/temp-copy.js';

const fixtures = fixtureCopies();
afterAll(() => fixtures.remove());

/** Each mutant's status by its test file and its site's key past the test id. */
function statusBySite(root: string): Record<string, string> {
  const report = readJsonReport(`${root}/reports/envelope-mutants/mutation.json`);
  return Object.fromEntries(
    report.mutants.map((m) => [
      `${m.testFile} ${m.siteKey.slice(m.siteKey.indexOf('#'))}`,
      m.status,
    ]),
  );
}

// A test's auto fixture and the project's aroundEach tap before the harness's beforeEach opens
// the test's log: their envelopes are sites of their own, numbered on counters of their own
// (`#before>#0`), and the test's own taps keep their keys (`#0`) in every run and attempt. A tap
// after the harness's onTestFinished wrote the test's report is no site and takes no key of the
// test's. Before, the harness set the early taps aside as an earlier attempt's: the test's tap
// was `#0` too, and each mutant planned on it was applied to both envelopes, so the fixture's
// check killed a mutant that plain `vitest run` passes. Each expected verdict was checked by
// hand with plain `vitest run` and the answer changed.
describe('taps before the harness’s beforeEach and after its report', () => {
  test('should be sites of their own, or none, and leave the test its keys', async () => {
    const root = fixtures.root('taps-before-hooks');
    const run = await runFixture(root);
    expect(run.result.exitCode, run.result.stderr).toBe(0);
    expect(statusBySite(root)).toEqual({
      'auto-fixture.spec.ts #before>#0': 'Killed',
      'auto-fixture.spec.ts #0': 'Survived',
      'around-each.spec.ts #before>#0': 'Killed',
      'around-each.spec.ts #0': 'Survived',
      // The file's fixture, set up in the first attempt only, checked by nothing.
      'retried.spec.ts #before>#0': 'Survived',
      // The retry meets the mutant too: red in every attempt.
      'retried.spec.ts #0': 'Killed',
      // The aroundEach's check after the test reads another answer, unchanged.
      'after-finished.spec.ts #0': 'Survived',
    });
    const isolated = await runFixture(root, '--isolate');
    expect(verdicts(run.mutants)).toEqual(verdicts(isolated.mutants));
  });
});
