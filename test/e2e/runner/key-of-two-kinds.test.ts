import { afterAll, describe, expect, test } from 'vitest';
import { runFixture } from '../../support/run-fixture.js';
import { fixtureCopies } from '../../support/temp-copy.js';

const fixtures = fixtureCopies();
afterAll(() => fixtures.remove());

const REFUSED =
  /discovery: the tap key "tools\/call:charge" names a tool error in "charge\.spec\.ts > should report a declined charge as a tool error" and a success in "charge\.spec\.ts > should answer a charge that went through with its id"\. A key is one site wherever it is tapped, in every attempt of a retried test too: .* Give each kind of envelope a key of its own/;

// A helper keys its taps by the tool it calls, and two tests call one tool with different
// outcomes. The key was one site, planned on the declined charge: its change-id mutant, carried
// over to the charge that went through, was called Killed by the test of that charge, where the
// test of the declined one, which never checks the id, lets it survive in plain `vitest run`.
describe('a tap key on envelopes of two kinds', { timeout: 300_000 }, () => {
  test('should be refused, in every mode, naming the key, both tests and the fix', async () => {
    const root = fixtures.root('key-of-two-kinds');
    const batched = await runFixture(root);
    const isolated = await runFixture(root, '--isolate');

    for (const run of [batched, isolated]) {
      expect(run.result.exitCode, run.result.stderr).toBe(2);
      expect(run.result.stderr).toMatch(REFUSED);
      expect(run.result.stderr).not.toMatch(/\n\s+at /);
      expect(run.mutants).toEqual([]);
    }
  });

  test('should be refused where one test taps both under the key', async () => {
    const root = fixtures.root('key-of-two-kinds');
    const run = await runFixture(root, { env: { FIXTURE_ONE_TEST: 'on' } });

    expect(run.result.exitCode, run.result.stderr).toBe(2);
    expect(run.result.stderr).toContain(
      'discovery: the tap key "tools/call:charge" names a tool error and a success in "charge.spec.ts > should report a declined charge as a tool error".',
    );
  });

  test("should be refused where a retried test's attempts tap two kinds at one implicit key", async () => {
    // A mutant planned on the retry's tool error is applied in the first attempt too, to its
    // success: before, it made that attempt pass, and a later check of the file failed.
    const root = fixtures.root('key-of-two-kinds');
    const env = { FIXTURE_OWN_KEYS: 'on', FIXTURE_RETRIED: 'on' };
    const run = await runFixture(root, { env });

    expect(run.result.exitCode, run.result.stderr).toBe(2);
    expect(run.result.stderr).toContain(
      'discovery: the tap key "retried.spec.ts > should find the item sold out" #0 names a tool error and a success in "retried.spec.ts > should find the item sold out". A key is one site wherever it is tapped, in every attempt of a retried test too:',
    );
  });

  test('should judge each envelope apart once each kind has a key of its own', async () => {
    // Negative control of the refusal: the same tests, the key naming the outcome too.
    const root = fixtures.root('key-of-two-kinds');
    const run = await runFixture(root, { env: { FIXTURE_OWN_KEYS: 'on' } });

    expect(run.result.exitCode, run.result.stderr).toBe(0);
    const table = Object.fromEntries(
      run.mutants.map((m) => [`${m.siteKey} ${m.mutatorName}`, m.status]),
    );
    expect(table).toMatchObject({
      'tools/call:charge:declined remove-is-error': 'Killed',
      'tools/call:charge:declined change-id': 'Survived',
      'tools/call:charge:charged change-id': 'Killed',
    });
  });
});
