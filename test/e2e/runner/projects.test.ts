import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import {
  everyModeOnce,
  expectEveryModeAgrees,
  expectEveryRunPassed,
  reportOf,
  verdictTable,
} from './every-mode.js';
import { concurrentVerdicts } from './concurrent-verdicts.js';
import { readJsonReport } from '../../support/read-json-report.js';
import { runFixture } from '../../support/run-fixture.js';
import { fixtureCopies, fixtureCopy } from '../../support/temp-copy.js';

// A vitest config with two projects (`test.projects`), each test file in one of them: the taps go
// into every project, with the harness's settings, and every mode gives --isolate's verdicts.
const modes = everyModeOnce('projects-disjoint');
const fixtures = fixtureCopies();
afterAll(() => fixtures.remove());

describe('envelope-mutants run on a config with vitest projects', { timeout: 60_000 }, () => {
  test('should find the sites of every project', () => {
    expectEveryRunPassed(modes());
    const files = new Set(reportOf(modes(), 'isolated').mutants.map((m) => m.testFile));
    expect([...files].sort()).toEqual(['client/order.spec.ts', 'server/concurrent.spec.ts']);
  });

  test('should tell apart the taps of concurrent tests in a project', () => {
    // Before each project got `maxConcurrency: 1`, only the root had it: the default mode differed
    // from --isolate in 4 to 6 of these 8 verdicts, in 3 of 3 runs.
    expect(verdictTable(modes(), 'server/concurrent.spec.ts')).toEqual(concurrentVerdicts());
    expectEveryModeAgrees(modes(), 'server/concurrent.spec.ts');
  });

  test('should run the tests of a project’s file in their order', () => {
    expect(verdictTable(modes(), 'client/order.spec.ts')).toEqual({
      'should check the members when strict / drop-both-members': 'Survived',
      'should check the members when strict / insert-both-members': 'Killed at jsonrpc.members',
    });
    expectEveryModeAgrees(modes(), 'client/order.spec.ts');
  });

  test('should tap every file of a project that runs its files in one worker without isolation', async () => {
    // A project's setup files run again before each of its files under `isolate: false`. Before,
    // the taps' setup file was imported once per worker: the second file's taps were reported
    // nowhere, and its sites had no mutants.
    const root = fixtures.root('projects-shared-worker');
    const run = await runFixture(root);
    expect(run.result.exitCode, run.result.stderr).toBe(0);
    const byFile = new Map<string, string[]>();
    for (const mutant of readJsonReport(`${root}/reports/envelope-mutants/mutation.json`).mutants)
      byFile.set(mutant.testFile, [...(byFile.get(mutant.testFile) ?? []), mutant.status]);
    expect(Object.fromEntries(byFile)).toEqual({
      'first.spec.ts': ['Killed', 'Killed'],
      'second.spec.ts': ['Killed', 'Killed'],
    });
  });

  test('should keep each project’s own sequence, its groupOrder', async () => {
    // vitest needs a groupOrder of its own for a project that runs one file at a time beside one
    // that runs two. Before, the harness's `sequence` replaced every project's, and the suite
    // was refused with vitest's complaint about the groupOrder it has.
    const copy = fixtureCopy('projects-shared-worker');
    try {
      writeFileSync(join(copy.root, 'vitest.config.ts'), GROUP_ORDER_CONFIG);
      const run = await runFixture(copy.root);
      expect(run.result.exitCode, run.result.stderr).toBe(0);
      expect(run.mutants.map((m) => m.status)).toEqual(['Killed', 'Killed', 'Killed', 'Killed']);
    } finally {
      copy.remove();
    }
  });
});

/** projects-shared-worker's files in two projects: one of them one file at a time in one module graph, its own group. */
const GROUP_ORDER_CONFIG = `import { defineConfig } from 'vitest/config';

const alias = {
  'envelope-mutants': new URL('../../../../dist/worker/index.js', import.meta.url).pathname,
};
const server = { deps: { external: [/\\/dist\\/worker\\//] } };

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      { resolve: { alias }, test: { name: 'serial', include: ['first.spec.ts'], server, isolate: false, fileParallelism: false, sequence: { groupOrder: 1 } } },
      { resolve: { alias }, test: { name: 'parallel', include: ['second.spec.ts'], server } },
    ],
  },
});
`;
