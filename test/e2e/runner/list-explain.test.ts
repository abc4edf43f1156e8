import { describe, expect, test } from 'vitest';
import { fixtureRoot, runCli, runFixture } from './run-cli.js';

interface ListedMutant {
  readonly id: string;
  readonly site: string;
  readonly mutator: string;
  readonly replacement: string;
}

// Its own config and report dir: run-fixtures.test.ts runs this fixture at the same time.
const OWN = ['--root', fixtureRoot('never-checks-ids'), '--config', 'explain.config.json'];
const OWN_RUN = ['--config', 'explain.config.json', { reportDir: 'reports/explain' }] as const;

describe('envelope-mutants list and explain', () => {
  test('should list the mutants the run tests, with the same ids', async () => {
    const listed = await runCli(['list', ...OWN, '--json']);
    expect(listed.code).toBe(0);
    const mutants = JSON.parse(listed.stdout) as ListedMutant[];
    const run = await runFixture('never-checks-ids', ...OWN_RUN);
    expect(mutants.map((m) => m.id).sort()).toEqual(run.mutants.map((m) => m.id).sort());
  });

  test('should explain a survivor with its diff, its verdict and an assertion that kills it', async () => {
    const run = await runFixture('never-checks-ids', ...OWN_RUN);
    const survivor = run.mutants.find(
      (m) => m.status === 'Survived' && m.mutatorName === 'change-id',
    );
    if (survivor === undefined) throw new Error('the fixture has no change-id survivor');
    const { code, stdout } = await runCli(['explain', survivor.id, ...OWN]);
    expect(code).toBe(0);
    expect(stdout).toContain(`mutant   ${survivor.id}`);
    expect(stdout).toMatch(/^-\s+"id": /m);
    expect(stdout).toContain('verdict  Survived');
    expect(stdout).toContain("expect(response?.id, 'jsonrpc.id').toBe(1)");
  });

  test('should exit 2 to explain an unknown mutant', async () => {
    const { code, stderr } = await runCli([
      'explain',
      'nope',
      '--root',
      fixtureRoot('never-checks-ids'),
    ]);
    expect(code).toBe(2);
    expect(stderr).toContain('explain: no mutant nope');
  });

  test('should explain a mutant of an envelope nested 10,000 deep', async () => {
    // Arrange: `run` and `list` handle this site; explain overflowed the stack printing it.
    const deep = ['--root', fixtureRoot('hostile-big'), '--config', 'explain-deep.config.json'];
    const listed = await runCli(['list', ...deep, '--json']);
    const [mutant] = JSON.parse(listed.stdout) as ListedMutant[];
    if (mutant === undefined) throw new Error(`the fixture has no mutant: ${listed.stderr}`);
    // Act
    const { code, stdout, stderr } = await runCli(['explain', mutant.id, ...deep]);
    // Assert
    expect(code, stderr).toBe(0);
    expect(stdout).toContain(`mutant   ${mutant.id}`);
    expect(stdout).toMatch(/^- \{"jsonrpc":"2\.0","id":2,"result":\{"isError":true,/m);
    expect(stdout).toContain(`${'['.repeat(10_000)}"bottom"`);
  });
});
