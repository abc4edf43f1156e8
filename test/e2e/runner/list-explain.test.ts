import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from '../../support/run-cli.js';
import { runFixture } from '../../support/run-fixture.js';
import { sharedRun } from '../../support/shared-run.js';
import { fixtureCopies } from '../../support/temp-copy.js';

interface ListedMutant {
  readonly id: string;
  readonly site: string;
  readonly mutator: string;
  readonly replacement: string;
}

const fixtures = fixtureCopies();
afterAll(() => fixtures.remove());

// Its own config and report dir.
const OWN = ['--root', fixtures.root('never-checks-ids'), '--config', 'explain.config.json'];
const OWN_RUN = ['--config', 'explain.config.json', { reportDir: 'reports/explain' }] as const;
// The listing and the explanation are both checked against one run of the suite.
const ownRun = sharedRun(() => runFixture(fixtures.root('never-checks-ids'), ...OWN_RUN));

describe('envelope-mutants list and explain', () => {
  test('should list the mutants the run tests, with the same ids', async () => {
    const listed = await runCli(['list', ...OWN, '--json']);
    expect(listed.exitCode).toBe(0);
    const mutants = JSON.parse(listed.stdout) as ListedMutant[];
    const run = await ownRun();
    expect(mutants.map((m) => m.id).sort()).toEqual(run.mutants.map((m) => m.id).sort());
  });

  test('should explain a survivor with its diff, its verdict and an assertion that kills it', async () => {
    const run = await ownRun();
    const survivor = run.mutants.find(
      (m) => m.status === 'Survived' && m.mutatorName === 'change-id',
    );
    if (survivor === undefined) throw new Error('the fixture has no change-id survivor');
    const { exitCode, stdout } = await runCli(['explain', survivor.id, ...OWN]);
    expect(exitCode).toBe(0);
    expect(stdout).toContain(`mutant   ${survivor.id}`);
    expect(stdout).toMatch(/^-\s+"id": /m);
    expect(stdout).toContain('verdict  Survived');
    expect(stdout).toContain("expect(response?.id, 'jsonrpc.id').toBe(1)");
  });

  test('should explain a kill that named no rule as one, with the line that would name it', async () => {
    // Arrange: a suite whose checks kill every mutant without naming a rule.
    const root = fixtures.root('unlabelled');
    const run = await runFixture(root);
    const killed = run.mutants.find((m) => m.status === 'Killed' && m.killedAt?.named === false);
    if (killed === undefined) throw new Error('the fixture has no unnamed kill');
    // Act
    const { exitCode, stdout } = await runCli(['explain', killed.id, '--root', root]);
    // Assert
    expect(exitCode).toBe(0);
    expect(stdout).toContain('verdict  Killed at an unnamed assertion');
    expect(stdout).toContain('an assertion that would name its kill:');
    expect(stdout).toContain(
      'killed, but not at an assertion that names the rule; to name it, add before the assertion that failed in',
    );
    expect(stdout).not.toContain('would kill it at its rule');
  });

  test('should exit 2 to explain an unknown mutant', async () => {
    const { exitCode, stderr } = await runCli([
      'explain',
      'nope',
      '--root',
      fixtures.root('never-checks-ids'),
    ]);
    expect(exitCode).toBe(2);
    expect(stderr).toContain('explain: no mutant nope');
  });

  test('should explain a mutant of an envelope nested 10,000 deep', async () => {
    // Arrange: `run` and `list` handle this site; explain overflowed the stack printing it.
    const deep = ['--root', fixtures.root('hostile-big'), '--config', 'explain-deep.config.json'];
    const listed = await runCli(['list', ...deep, '--json']);
    const [mutant] = JSON.parse(listed.stdout) as ListedMutant[];
    if (mutant === undefined) throw new Error(`the fixture has no mutant: ${listed.stderr}`);
    // Act
    const { exitCode, stdout, stderr } = await runCli(['explain', mutant.id, ...deep]);
    // Assert
    expect(exitCode, stderr).toBe(0);
    expect(stdout).toContain(`mutant   ${mutant.id}`);
    expect(stdout).toMatch(/^- \{"jsonrpc":"2\.0","id":2,"result":\{"isError":true,/m);
    expect(stdout).toContain(`${'['.repeat(10_000)}"bottom"`);
  });
});
