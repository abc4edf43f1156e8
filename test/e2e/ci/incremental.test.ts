import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readJsonReport } from '../../support/read-json-report.js';
import { runCli, type CliResult } from '../../support/run-cli.js';
import { verdicts } from '../../support/run-fixture.js';
import { fixtureCopy, type TempCopy } from '../../support/temp-copy.js';

// A copy of a two-file suite: one of its test files, then the helper both import, then a file
// outside the project that helper imports (as from a monorepo's shared package), is edited
// between runs.
let copy: TempCopy | undefined;
let root = '';

function run(...flags: string[]): Promise<CliResult> {
  const mutators = ['--mutators', 'change-id,remove-is-error'];
  return runCli(['run', '--root', root, '--reporters', 'json', ...mutators, ...flags], {
    timeoutMs: 280_000,
  });
}

function reused(result: CliResult): { reused: number; total: number } {
  const match = /incremental: reused (\d+) of (\d+) verdicts/.exec(result.stderr);
  return { reused: Number(match?.[1]), total: Number(match?.[2]) };
}

const report = () => readJsonReport(`${root}/reports/envelope-mutants/mutation.json`);

beforeAll(() => {
  copy = fixtureCopy('strong');
  root = copy.root;
});
afterAll(() => copy?.remove());

describe('envelope-mutants run --incremental', () => {
  test('should reuse every verdict when nothing changed, then rerun only the edited file', async () => {
    // Arrange
    const first = await run('--incremental');
    const before = report();
    // Act
    const second = await run('--incremental');
    const unchanged = report();
    appendFileSync(`${root}/tools.spec.ts`, '\n// edited between runs\n');
    const third = await run('--incremental');
    const edited = report();
    // Assert
    expect(existsSync(`${root}/reports/envelope-mutants/incremental.json`)).toBe(true);
    expect(reused(first)).toEqual({ reused: 0, total: before.mutants.length });
    expect(reused(second)).toEqual({ reused: before.mutants.length, total: before.mutants.length });
    expect(verdicts(unchanged.mutants)).toEqual(verdicts(before.mutants));
    const fromTools = before.mutants.filter((mutant) => mutant.testFile.endsWith('tools.spec.ts'));
    expect(fromTools.length).toBeGreaterThan(0);
    expect(fromTools.length).toBeLessThan(before.mutants.length);
    expect(reused(third)).toEqual({
      reused: before.mutants.length - fromTools.length,
      total: before.mutants.length,
    });
    expect(verdicts(edited.mutants)).toEqual(verdicts(before.mutants));
  });

  test('should rerun the mutants of the test files whose helper changed', async () => {
    // Arrange: check-response.ts holds the assertions both test files call; the edit makes it
    // read the version it checks from a file beside the project.
    mkdirSync(`${root}/../workspace-lib`);
    writeFileSync(`${root}/../workspace-lib/version.ts`, "export const VERSION = '2.0';\n");
    const helper = readFileSync(`${root}/check-response.ts`, 'utf8');
    const edited = helper.replace(".toBe('2.0')", '.toBe(VERSION)');
    expect(edited).not.toBe(helper);
    writeFileSync(
      `${root}/check-response.ts`,
      `import { VERSION } from '../workspace-lib/version.js';\n${edited}`,
    );
    // Act
    const result = await run('--incremental');
    // Assert: nothing reused, the same verdicts.
    expect(reused(result)).toEqual({ reused: 0, total: report().mutants.length });
    expect(report().mutants.every((mutant) => mutant.status === 'Killed')).toBe(true);
  });

  test('should rerun every mutant under --force', async () => {
    // Act
    const result = await run('--incremental', '--force');
    // Assert
    expect(reused(result).reused).toBe(0);
    expect(reused(result).total).toBe(report().mutants.length);
  });

  test('should rerun the mutants whose helper imports a changed file outside the project', async () => {
    // Arrange: the state holds every verdict (the --force run above); the file beside the
    // project changes, nothing inside it does.
    appendFileSync(`${root}/../workspace-lib/version.ts`, '\n// edited between runs\n');
    // Act
    const result = await run('--incremental');
    // Assert
    expect(reused(result)).toEqual({ reused: 0, total: report().mutants.length });
    expect(report().mutants.every((mutant) => mutant.status === 'Killed')).toBe(true);
  });

  // In a vm pool the helper is loaded by vitest's own stand-in for `require`, whose cache is not
  // Node's: until 2026-12-07 such a project reused every verdict after the edit.
  test.for(['forks', 'vmForks'])(
    'should rerun the mutants whose CommonJS helper, loaded with require, changed (%s)',
    async (pool) => {
      // Arrange: a test file whose check is a helper Node's require loads, which vite never sees.
      const cjs = fixtureCopy('cjs-helper');
      try {
        writeFileSync(
          `${cjs.root}/vitest.config.ts`,
          [
            "import { mergeConfig } from 'vitest/config';",
            "import { fixtureConfig } from '../vitest.fixture-config.js';",
            `export default mergeConfig(fixtureConfig(), { test: { pool: '${pool}' } });`,
          ].join('\n'),
        );
        const args = ['run', '--root', cjs.root, '--reporters', 'json', '--incremental'];
        const first = await runCli(args, { timeoutMs: 280_000 });
        const strict = readJsonReport(`${cjs.root}/reports/envelope-mutants/mutation.json`);
        // Act: the helper takes any truthy isError ("true" too) for a tool error.
        const helper = `${cjs.root}/check.cjs`;
        writeFileSync(helper, readFileSync(helper, 'utf8').replace('=== true', '!== undefined'));
        const second = await runCli(args, { timeoutMs: 280_000 });
        const lenient = readJsonReport(`${cjs.root}/reports/envelope-mutants/mutation.json`);
        // Assert: nothing reused after the edit, and the stringified isError now survives. Until
        // 2026-12-07 every verdict was reused, Killed where a fresh run says Survived.
        const statusOf = (mutants: typeof strict.mutants, name: string) =>
          mutants.filter((mutant) => mutant.mutatorName === name).map((mutant) => mutant.status);
        expect(reused(first).reused).toBe(0);
        const stringified = statusOf(strict.mutants, 'stringify-is-error');
        expect(stringified.length).toBeGreaterThan(0);
        expect(stringified.every((status) => status === 'Killed')).toBe(true);
        expect(reused(second)).toEqual({ reused: 0, total: strict.mutants.length });
        expect(statusOf(lenient.mutants, 'stringify-is-error')).toEqual(
          stringified.map(() => 'Survived'),
        );
      } finally {
        cjs.remove();
      }
    },
  );
});
