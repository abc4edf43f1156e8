import { afterAll, describe, expect, test } from 'vitest';
import { runFixture, verdicts } from '../../support/run-fixture.js';
import { fixtureCopies } from '../../support/temp-copy.js';

const fixtures = fixtureCopies();
afterAll(() => fixtures.remove());

// A kill only vmForks gives: under drop-both-members the suite's decoder meets an error of
// another realm and throws it on. No run without mutants shows it, so the pool check passes; the
// confirmation of one kill of each kind of unlabelled failure must catch it.
describe('a kill by an error of another realm', { timeout: 300_000 }, () => {
  test('should be re-run in the project pool, found false, and every verdict be --isolate’s', async () => {
    const root = fixtures.root('cross-realm');
    const isolated = await runFixture(root, '--isolate');
    const batched = await runFixture(root);

    expect(batched.result.exitCode).toBe(0);
    expect(verdicts(batched.mutants)).toEqual(verdicts(isolated.mutants));
    // Not vacuous: the rounds ran in vmForks, and a re-run there disagreed. Before, one kill of
    // the file was confirmed, this one was not, and the default mode called a survivor killed.
    expect(batched.result.stderr).toMatch(/^pool: rounds run in vitest's vmForks pool \(/m);
    expect(batched.result.stderr).toMatch(
      /was Killed by an unnamed failure in vmForks but (Survived|Killed at jsonrpc\.members) in the project's pool/,
    );
    expect(isolated.mutants.filter((m) => m.status === 'Survived').length).toBeGreaterThan(0);
  });
});
