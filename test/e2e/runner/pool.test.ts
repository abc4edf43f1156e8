import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { repoRoot } from '../../support/bin-path.js';
import { runNode } from '../../support/run-cli.js';
import { runFixture, verdicts } from '../../support/run-fixture.js';
import { fixtureCopies, fixtureCopy } from '../../support/temp-copy.js';

const fixtures = fixtureCopies();
afterAll(() => fixtures.remove());

/**
 * files-in-size-order's two files in a vitest project of forks with `isolate` as given, and a
 * project of threads for the files of `threads/`.
 */
function projectsConfig(isolate: boolean): string {
  return `import { defineConfig } from 'vitest/config';

const alias = {
  'envelope-mutants': new URL('../../../../dist/worker/index.js', import.meta.url).pathname,
};
const server = { deps: { external: [/\\/dist\\/worker\\//] } };

export default defineConfig({
  test: {
    projects: [
      { resolve: { alias }, test: { name: 'shared', include: ['*.spec.ts'], server, pool: 'forks', isolate: ${isolate} } },
      { resolve: { alias }, test: { name: 'threads', include: ['threads/*.spec.ts'], server, pool: 'threads' } },
    ],
  },
});
`;
}

const VM_FORKS = /^pool: rounds run in vitest's vmForks pool \(/m;
const OWN_POOL = /^pool: rounds run in the project's own pool \(/m;

interface Report {
  files: Record<string, { source: string; mutants: { status: string }[] }>;
  envelopeMutants: { pool?: { pool: string; reason: string } };
}

function lastReport(name: string, reportDir = 'reports/envelope-mutants'): Report {
  return JSON.parse(
    readFileSync(`${fixtures.root(name)}/${reportDir}/mutation.json`, 'utf8'),
  ) as Report;
}

/** The pretty-printed envelopes of a fixture's last report (one site file each). */
function siteSources(name: string): string {
  return Object.values(lastReport(name).files)
    .map((file) => file.source)
    .join('\n');
}

// That the rounds in vmForks give the verdicts of the project's pool is checked where each fixture
// suite's batched run meets its --isolate reference (run-fixtures.test.ts) and on the hostile
// suites (hostile-verdicts.test.ts). Whole vitest runs on a shared machine: generous time, no
// timing asserted.
describe('the pool the mutant rounds run in', { timeout: 300_000 }, () => {
  test('should keep the project pool for a suite that behaves differently in vmForks', async () => {
    // Arrange / Act: the suite counts in a member of process the files its worker loaded.
    const auto = await runFixture(fixtures.root('process-state'));
    const autoSources = siteSources('process-state');
    const autoPool = lastReport('process-state').envelopeMutants.pool;
    // Negative control: without the count in its envelopes the same suite is fit for vmForks.
    process.env.FIXTURE_PROCESS_STATE = 'off';
    const uncounted = await runFixture(fixtures.root('process-state')).finally(() => {
      delete process.env.FIXTURE_PROCESS_STATE;
    });
    // Assert
    expect(auto.result.exitCode).toBe(0);
    expect(auto.result.stderr).toMatch(OWN_POOL);
    expect(autoPool?.pool).toBe('project');
    expect(autoPool?.reason).toMatch(
      /^two copies of each test file, run side by side in vmForks as the rounds run them, differed from the reference run: (first|second)\.spec\.ts started in a process an earlier test file had changed \(process\.fixtureFilesLoaded\)/,
    );
    expect(autoSources).not.toContain('Method not found (2)');
    expect(uncounted.result.stderr).toMatch(VM_FORKS);
    for (const mutant of auto.mutants) expect(mutant.status, mutant.id).toBe('Killed');
  });

  test('should hold one mutant per run in a vm pool, whose files share their worker’s process', async () => {
    // Arrange: a project whose own pool is vmForks; each file fails when its worker's process
    // bears another file's mark, and marks it when its response was tampered with.
    const root = fixtures.root('vm-project-pool');
    // Act
    const isolated = await runFixture(root, '--isolate');
    const own = await runFixture(root, '--pool', 'project');
    const auto = await runFixture(root);
    // Negative control: the suite notices another file's mark (plain vitest, no mutant).
    const vitest = join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs');
    const marked = await runNode(vitest, ['run'], {
      cwd: root,
      env: { ENVELOPE_MUTANTS_VM_POOL_MARK: 'another file' },
    });
    // Assert: each mutant's reference run holds its file alone, and every mutant survives.
    expect(isolated.mutants).toHaveLength(8);
    for (const mutant of isolated.mutants) expect(mutant.status, mutant.id).toBe('Survived');
    // Whole-file rounds in the project's vm pool held a mutant of every file before: the files
    // that ran after a marked one in its worker failed, and 4 of the 8 were called killed.
    expect(verdicts(own.mutants)).toEqual(verdicts(isolated.mutants));
    expect(own.vitestRuns).toBeGreaterThan(own.mutants.length);
    // auto checks vmForks for a vm pool too, whose copies give back what they share.
    expect(auto.result.stderr).toMatch(VM_FORKS);
    expect(verdicts(auto.mutants)).toEqual(verdicts(isolated.mutants));
    expect(marked.exitCode).toBe(1);
    expect(marked.stdout + marked.stderr).toMatch(/4 failed \| 4 passed/);
  });

  test('should run the copies of an in-source test file in vmForks, with the verdicts of --isolate', async () => {
    // Arrange: tests in a module of src/ (`includeSource`), beside a test file of the usual kind.
    const root = fixtures.root('in-source');
    // Act
    const isolated = await runFixture(root, '--isolate');
    const forced = await runFixture(root, '--pool', 'vmForks');
    const auto = await runFixture(root);
    // Assert: the in-source tests' sites are there, and the copies found their tests. Before,
    // vitest gave a copy (`answers.ts?envelope-mutant=0`) no `import.meta.vitest`: `--pool
    // vmForks` exited 2 ("No test suite found in file"), and auto kept the project's pool.
    const inSource = Object.entries(lastReport('in-source').files)
      .filter(([file]) => file.startsWith('src/answers.ts/'))
      .flatMap(([, file]) => file.mutants.map((mutant) => mutant.status));
    expect(inSource.sort()).toEqual([
      ...Array<string>(6).fill('Killed'),
      ...Array<string>(6).fill('Survived'),
    ]);
    expect(forced.result.exitCode).toBe(0);
    expect(verdicts(forced.mutants)).toEqual(verdicts(isolated.mutants));
    expect(auto.result.stderr).toMatch(VM_FORKS);
    expect(verdicts(auto.mutants)).toEqual(verdicts(isolated.mutants));
  });

  test('should refuse vmForks, from the command line or the config, where the project runs the files of a site in one module graph', async () => {
    // Arrange: a project of `isolate: false` on one worker whose site `ping` both files reach:
    // the second finds what the first left in their shared modules; copies in vmForks, a module
    // graph each, would not.
    const root = fixtures.root('files-in-size-order');
    writeFileSync(
      `${root}/vm.config.json`,
      JSON.stringify({ mutators: ['change-id'], pool: 'vmForks' }),
    );
    // Act
    const flag = await runFixture(root, '--pool', 'vmForks');
    const config = await runFixture(root, '--config', 'vm.config.json');
    // Assert
    const why =
      'the project sets isolate: false, so a worker runs file after file in one module graph';
    expect(flag.result.exitCode, flag.result.stderr).toBe(2);
    expect(flag.result.stderr).toContain(
      `--pool vmForks: ${why}, and the tests of checks-unless-relaxed.spec.ts and relaxes.spec.ts reach site "ping"`,
    );
    expect(flag.result.stderr).toContain(
      'Run without --pool vmForks, or with --pool project ("auto", the default, keeps the project\'s pool there).',
    );
    expect(config.result.exitCode, config.result.stderr).toBe(2);
    expect(config.result.stderr).toContain(`config: "pool": "vmForks": ${why}`);
    expect(config.result.stderr).toContain(
      'Remove "pool": "vmForks" from the config, or set it to "project" ("auto", the default, keeps the project\'s pool there).',
    );
    for (const run of [flag, config]) expect(run.result.stderr).not.toMatch(/\n\s+at /);
    // Refused before any mutant: no report, and no report folder left behind.
    expect(existsSync(`${root}/reports`)).toBe(false);
  });

  test('should refuse vmForks where one of projects of different pools runs a site’s files in one module graph', async () => {
    // Arrange: the same two files in a project of `isolate: false`, beside a project of threads
    // with a file of its own; the pools differ, so the projects keep them, and a forced vmForks
    // must ask each project.
    const copy = fixtureCopy('files-in-size-order');
    try {
      writeFileSync(join(copy.root, 'vitest.config.ts'), projectsConfig(false));
      mkdirSync(join(copy.root, 'threads'));
      writeFileSync(
        join(copy.root, 'threads', 'alone.spec.ts'),
        "import { expect, test } from 'vitest';\n\ntest('should run in threads', () => expect(1).toBe(1));\n",
      );
      // Act
      const mixed = await runFixture(copy.root, '--pool', 'vmForks');
      writeFileSync(join(copy.root, 'vitest.config.ts'), projectsConfig(true));
      const isolated = await runFixture(copy.root, '--pool', 'vmForks');
      // Assert
      expect(mixed.result.exitCode, mixed.result.stderr).toBe(2);
      expect(mixed.result.stderr).toContain(
        '--pool vmForks: the vitest project "shared" sets isolate: false, so a worker runs file after file in one module graph, and the tests of checks-unless-relaxed.spec.ts and relaxes.spec.ts reach site "ping"',
      );
      expect(mixed.result.stderr).not.toMatch(/\n\s+at /);
      // Negative control: with `isolate: true` there, the same projects run.
      expect(isolated.result.exitCode, isolated.result.stderr).toBe(0);
      expect(isolated.mutants.length).toBeGreaterThan(0);
    } finally {
      copy.remove();
    }
  });

  test('should refuse an unknown pool with exit 2 and the pools it knows', async () => {
    const run = await runFixture(fixtures.root('process-state'), '--pool', 'fast');
    expect(run.result.exitCode).toBe(2);
    expect(run.result.stderr).toContain(
      'command line: pool: expected one of auto, project, vmForks but received "fast".',
    );
    expect(run.result.stderr).not.toMatch(/\n\s+at /);
  });
});
