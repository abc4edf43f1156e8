import { afterAll, describe, expect, test } from 'vitest';
import { runFixture, verdicts, type ReportedMutant } from '../../support/run-fixture.js';
import { fixtureCopies } from '../../support/temp-copy.js';

const fixtures = fixtureCopies();
afterAll(() => fixtures.remove());

// A suite whose own setup file taps: the server's greeting at its top level, a ping in its
// beforeEach. Before, the taps' setup file ran after it, so neither was a site: 0 mutants, said
// nowhere, while a plain `vitest run` with the ping's id changed by hand fails. Its setup file
// also gives `console.error` to a `Console` of its own, which a test's check reads; another test
// checks what the process's own console printed. Its config starts setup files in parallel
// (`sequence.setupFiles`): unless the harness runs them in order, the default mode's verdicts
// change from run to run and differ from --isolate's.
describe('taps in the project’s own setup file', { timeout: 300_000 }, () => {
  test('should be sites, judged in every mode as --isolate judges them', async () => {
    const root = fixtures.root('setup-file-taps');
    const isolated = await runFixture(root, '--isolate');
    const batched = await runFixture(root);

    expect(isolated.result.exitCode).toBe(0);
    expect(batched.result.exitCode).toBe(0);
    const sites = new Set(isolated.mutants.map((m) => m.siteKey));
    // The greeting, once for the file; the ping, once for each of its four tests; the two calls
    // logged.
    expect(sites.size).toBe(7);
    expect(sites).toContain('shared.spec.ts#0');
    expect(kills(isolated.mutants)).toEqual([
      ...Array<string>(12).fill('change-id at jsonrpc.id'),
      'drop-both-members at jsonrpc.members',
    ]);
    expect(verdicts(batched.mutants)).toEqual(verdicts(isolated.mutants));
    // Not vacuous: the default mode ran copies of the file, each loading the setup file again,
    // and proved the unread pings' mutants, not the logged calls': those consoles format the
    // envelope out of sight of the taps, unless they guard every console.
    expect(batched.result.stderr).toMatch(/^pool: rounds run in vitest's vmForks pool \(/m);
    expect(batched.mutants.map((m) => m.envelopeMutants?.verdictSource)).toContain('unobserved');
  });
});

function kills(mutants: readonly ReportedMutant[]): string[] {
  return mutants
    .filter((m) => m.status === 'Killed')
    .map((m) => `${m.mutatorName} at ${m.killedAt?.rule ?? 'an unnamed failure'}`)
    .sort();
}
