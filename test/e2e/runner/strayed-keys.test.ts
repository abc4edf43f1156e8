import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from '../../support/run-cli.js';
import { runFixture, verdicts } from '../../support/run-fixture.js';
import { fixtureCopies } from '../../support/temp-copy.js';

const fixtures = fixtureCopies();
afterAll(() => fixtures.remove());

const WARNED =
  /envelope-mutants: \d+ mutants? \(1 site\) met another kind of envelope at their sites than they were planned on: site "charges\.spec\.ts > should tell a declined charge from one that went through" #0 was planned on a tool error and met a success in the run of mutant [0-9a-f]+\. .* Give those taps keys of their own/;

// Two answers tapped without keys in the order they arrive, which alternates from run to run
// (FIXTURE_COUNTER), as after random delays. Every mutant is planned on the declined charge, the
// first tap of discovery; in every other run the first tap is the charge that went through, where
// `remove-is-error` removes nothing. Plain `vitest run` with the declined charge mutated fails.
describe('mutants whose site names another envelope from run to run', { timeout: 300_000 }, () => {
  test('should be marked, with exit 2 and the fix, every other verdict right', async () => {
    const root = fixtures.root('strayed-keys');
    const counter = path.join(root, '..', 'strayed-keys.count');
    const steady = await runFixture(root, '--isolate');
    const swapping = await runFixture(root, '--isolate', { env: { FIXTURE_COUNTER: counter } });

    // The control: one order in every run, every mutant killed, nothing marked.
    expect(steady.result.exitCode, steady.result.stderr).toBe(0);
    expect(steady.result.stderr).not.toContain('met another kind of envelope');
    expect(steady.mutants.map((m) => m.status)).toEqual(steady.mutants.map(() => 'Killed'));
    expect(steady.mutants.filter((m) => m.envelopeMutants?.strayed !== undefined)).toEqual([]);
    // The order alternates: some mutants strayed, and are marked; the others were judged right.
    expect(swapping.result.exitCode, swapping.result.stderr).toBe(2);
    expect(swapping.result.stderr).toMatch(WARNED);
    expect(swapping.result.stderr).not.toMatch(/\n\s+at /);
    const marked = swapping.mutants.filter((m) => m.envelopeMutants?.strayed !== undefined);
    expect(marked.length).toBeGreaterThan(0);
    for (const mutant of marked) {
      expect(mutant.envelopeMutants?.strayed).toEqual({
        planned: 'a tool error',
        met: 'a success',
      });
    }
    const unmarked = new Set(swapping.mutants.filter((m) => !marked.includes(m)).map((m) => m.id));
    expect(unmarked.size).toBeGreaterThan(0);
    expect(verdicts(swapping.mutants.filter((m) => unmarked.has(m.id)))).toEqual(
      verdicts(steady.mutants.filter((m) => unmarked.has(m.id))),
    );
    // Not vacuous: a mutant that strayed got another verdict than its reference.
    expect(marked.map((m) => m.status)).toContain('Survived');

    // `merge`, which gates the reports of shards, says so too.
    const merged = await runCli([
      'merge',
      `${root}/reports/envelope-mutants/mutation.json`,
      '--out',
      `${root}/reports/merged/mutation.json`,
      '--no-html',
    ]);
    expect(merged.exitCode, merged.stderr).toBe(2);
    expect(merged.stderr).toMatch(WARNED);
  });
});
