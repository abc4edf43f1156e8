import { afterAll, describe, expect, test } from 'vitest';
import { testNamesOf } from '../../support/read-json-report.js';
import { runFixture, verdicts, type ReportedMutant } from '../../support/run-fixture.js';
import { sharedRun } from '../../support/shared-run.js';
import { fixtureCopies } from '../../support/temp-copy.js';

const fixtures = fixtureCopies();
afterAll(() => fixtures.remove());
const isolatedRun = sharedRun(() => runFixture(fixtures.root('unobserved'), '--isolate'));

/** Test names by test id, from the last run's JSON report. */
function testNames(root: string): Map<string, string> {
  return testNamesOf(`${root}/reports/envelope-mutants/mutation.json`);
}

const sourceOf = (mutant: ReportedMutant): string | undefined =>
  mutant.envelopeMutants?.verdictSource;

// The unobserved-mutant proof on a suite written against it: one test tells its envelope from
// the object it passed in by identity, three catch a structured clone's refusal of a proxy
// (structuredClone, a port's postMessage, v8.serialize), one formats its envelope with
// util.inspect, one writes to the object it passed in after the tap.
// The default run, which spares proven mutants their runs, must say what --isolate says.
describe('unobserved mutants', { timeout: 300_000 }, () => {
  test('should spare a run only to mutants whose isolated run is the unmutated one', async () => {
    const root = fixtures.root('unobserved');
    const batched = await runFixture(root);
    const names = testNames(root);
    const isolated = await isolatedRun();
    expect(batched.result.exitCode).toBe(0);
    expect(verdicts(batched.mutants)).toEqual(verdicts(isolated.mutants));
    // Not vacuous: the proof decided some verdicts, and --isolate none.
    const unobserved = batched.mutants.filter((m) => sourceOf(m) === 'unobserved');
    expect(unobserved.length).toBeGreaterThan(4);
    expect(isolated.mutants.filter((m) => sourceOf(m) === 'unobserved')).toEqual([]);
    const testOf = (mutant: ReportedMutant): string =>
      names.get(mutant.siteKey.split('#')[0] ?? '') ?? mutant.siteKey;
    const provenTests = new Set(unobserved.map(testOf));
    const idProven = new Set(unobserved.filter((m) => m.mutatorName === 'change-id').map(testOf));
    // What the tests read of nothing or only of what the mutator leaves alone: proven.
    expect(provenTests).toContain('should note whether the tap handed back another object');
    expect(provenTests).toContain('should read only what it asserts');
    // The hostile sites: their id mutants are killed (a later test reads the id), and no view
    // at another site, nor a structured clone's refusal of a view, hid that.
    for (const name of [
      'should check the id and version unless relaxed',
      'should keep a copy of its response',
      'should see a write to the envelope it passed in',
      'should send its response to an audit port',
      'should keep a V8 snapshot of its response',
    ]) {
      expect(idProven).not.toContain(name);
      const killed = isolated.mutants.filter(
        (m) => testOf(m) === name && m.mutatorName === 'change-id',
      );
      expect(killed.length).toBeGreaterThan(0);
      for (const mutant of killed) expect(mutant.status, mutant.id).toBe('Killed');
    }
    // What util.inspect shows of a view, no trap sees: its isError mutant is run, and killed.
    const shown = batched.mutants.filter(
      (m) =>
        testOf(m) === 'should show the result as text' && m.mutatorName === 'stringify-is-error',
    );
    expect(shown.length).toBeGreaterThan(0);
    for (const mutant of shown) expect(mutant.status, mutant.id).toBe('Killed');
  });

  // Where no pool check carries the screen, it runs on its own and the sample of proven
  // survivors runs in the rounds: `pool: vmForks` confirms nothing in the project's pool, and in
  // the project's own pool (forks, a process per file) the rounds are reference runs.
  test.each(['vmForks', 'project'])(
    'should prove mutants in --pool %s too, and give the verdicts of --isolate',
    async (pool) => {
      const isolated = await isolatedRun();
      const run = await runFixture(fixtures.root('unobserved'), '--pool', pool);
      expect(run.result.exitCode).toBe(0);
      expect(verdicts(run.mutants)).toEqual(verdicts(isolated.mutants));
      // The proof said how many it proved; the sample of those then ran, and the report says so.
      const said = /unobserved: (\d+) of \d+ mutants/.exec(run.result.stderr)?.[1];
      const reported = run.mutants.filter((m) => sourceOf(m) === 'unobserved').length;
      expect(reported).toBeGreaterThan(4);
      expect(Number(said)).toBeGreaterThan(reported);
      expect(run.vitestRuns).toBeLessThan(isolated.vitestRuns);
    },
  );
});
