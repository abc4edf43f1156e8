import { afterAll, describe, expect, test } from 'vitest';
import { runFixture } from '../../support/run-fixture.js';
import { fixtureCopies } from '../../support/temp-copy.js';

const fixtures = fixtureCopies();
afterAll(() => fixtures.remove());

// A file whose tests are all skipped still loads and collects: a tap at its module level or in a
// describe body sees an envelope, and no test checks it. vitest runs none of the file's hooks,
// where the taps wrote their report: such sites were left out of the run without a word, and the
// score counted only the rest.
describe('sites in files whose tests are all skipped', { timeout: 300_000 }, () => {
  test('should be in the report, their mutants NoCoverage, in every mode', async () => {
    const root = fixtures.root('skipped-files');
    const batched = await runFixture(root);
    const isolated = await runFixture(root, '--isolate');

    for (const run of [batched, isolated]) {
      expect(run.result.exitCode).toBe(0);
      const bySite = (key: string): string[] =>
        run.mutants.filter((mutant) => mutant.siteKey === key).map((mutant) => mutant.status);
      expect(bySite('checked')).toEqual(Array(4).fill('Killed'));
      expect(bySite('module level')).toEqual(Array(4).fill('NoCoverage'));
      expect(bySite('after an await')).toEqual(Array(4).fill('NoCoverage'));
      expect(bySite('describe body')).toEqual(Array(4).fill('NoCoverage'));
      expect(bySite('describe body again')).toEqual(Array(4).fill('NoCoverage'));
      expect(run.mutants).toHaveLength(20);
    }
  });

  test('should call a mutant that makes every test of its file skip itself a survivor', async () => {
    // The file's only test runs when its tapped answer is a tool error (`test.runIf`): a mutant
    // that removes `isError` skips it, and plain `vitest run` is green, the site reached at
    // collection. Before, no hook wrote the file's report in that run: `NoCoverage`.
    const root = fixtures.root('skips-itself');
    for (const run of [await runFixture(root), await runFixture(root, '--isolate')]) {
      expect(run.result.exitCode, run.result.stderr).toBe(0);
      const byMutator = Object.fromEntries(run.mutants.map((m) => [m.mutatorName, m.status]));
      expect(byMutator).toEqual({ 'remove-is-error': 'Survived', 'empty-error-content': 'Killed' });
    }
  });
});
