import { afterAll, describe, expect, test } from 'vitest';
import { runFixture } from '../../support/run-fixture.js';
import { fixtureCopies } from '../../support/temp-copy.js';

const fixtures = fixtureCopies();
afterAll(() => fixtures.remove());

const REFUSED =
  /files alone: the suite passes as a whole, but not when the files that host its sites run alone, without any mutant\n {2}- b-client\.spec\.ts > should describe the tool the registry holds, answering with its id: the registry a-registry\.spec\.ts filled: expected undefined to be true/;

// A suite whose second file passes only because the first ran before it in the same module graph
// (`isolate: false`, one worker, files by name). A mutant's reference run is its file alone,
// where that file fails with or without the mutant: before, its 4 mutants were all called killed
// (a score of 100 % the suite never earned), in every mode.
describe('test files that pass only after another file ran', { timeout: 300_000 }, () => {
  test('should be refused, in every mode, naming the file and how to fix it', async () => {
    const root = fixtures.root('files-depend-on-order');
    const batched = await runFixture(root);
    const isolated = await runFixture(root, '--isolate');

    for (const run of [batched, isolated]) {
      expect(run.result.exitCode).toBe(2);
      expect(run.result.stderr).toMatch(REFUSED);
      expect(run.result.stderr).toContain('in one module graph (`isolate: false`)');
      expect(run.result.stderr).toContain('`npx vitest run b-client.spec.ts` shows the first');
      expect(run.result.stderr).toContain('set `isolate: true`');
      expect(run.result.stderr).not.toContain('a-registry.spec.ts >');
      expect(run.result.stderr).not.toMatch(/\n\s+at /);
      expect(run.mutants).toEqual([]);
    }
  });

  test('should run the suite once each file stands on its own', async () => {
    // Negative control of the refusal: the same files, the second filling the registry itself.
    const root = fixtures.root('files-depend-on-order');
    const run = await runFixture(root, { env: { FIXTURE_SELF_CONTAINED: 'on' } });

    expect(run.result.exitCode).toBe(0);
    expect(run.result.stderr).toContain('files alone: ');
    expect(run.mutants.map((mutant) => mutant.status)).toEqual(Array(8).fill('Killed'));
  });
});

const MOVED =
  /files alone: the taps of b-second\.spec\.ts see other envelopes when it runs alone than in the whole suite: site "b-second\.spec\.ts > should answer its own call with its id" #0 holds \{"jsonrpc":"2\.0","id":0,"result":\{"protocolVersion":"2025-06-18"\}\} alone, \{"jsonrpc":"2\.0","id":2,[^\n]*in the whole suite, which site "b-second\.spec\.ts > should answer its own call with its id" #1 holds alone\./;

// A handshake a module graph caches is tapped in whichever file asks for it first: in the whole
// suite the first file, alone the second one, where it becomes that test's first tap and the
// test's own answer its second. A mutant of the second file's answer (`…#0` in discovery) ran,
// alone, on the handshake, which that test never checks by id: its 4 mutants were called
// Survived where plain `vitest run` with the answer's id changed fails.
describe('taps whose keys move when their files run alone', { timeout: 300_000 }, () => {
  test('should be refused, in every mode, naming the site and the fix', async () => {
    const root = fixtures.root('moved-sites');
    const batched = await runFixture(root);
    const isolated = await runFixture(root, '--isolate');

    for (const run of [batched, isolated]) {
      expect(run.result.exitCode, run.result.stderr).toBe(2);
      expect(run.result.stderr).toMatch(MOVED);
      expect(run.result.stderr).toContain("Give those taps keys of their own (`{ key: '…' }`)");
      expect(run.result.stderr).not.toMatch(/\n\s+at /);
      expect(run.mutants).toEqual([]);
    }
  });

  test('should run the suite once the cached tap has a key of its own', async () => {
    // Negative control of the refusal: the handshake keyed `handshake`, the answers keep theirs.
    const root = fixtures.root('moved-sites');
    const run = await runFixture(root, { env: { FIXTURE_OWN_KEYS: 'on' } });

    expect(run.result.exitCode, run.result.stderr).toBe(0);
    const answers = run.mutants.filter((mutant) => mutant.siteKey.endsWith('#0'));
    expect(answers.map((mutant) => mutant.status)).toEqual(Array(8).fill('Killed'));
  });
});
