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
