import { describe, expect, test } from 'vitest';
import type { TestRunResult } from 'vitest/node';
import { collectSites } from '../../src/engine/collect-sites.js';
import { readRoundOutcome } from '../../src/vitest-adapter/read-round-outcome.js';
import { TAP_META_KEY, type TapReport } from '../../src/taps/tap-protocol.js';

/** The parts of a vitest TestModule that readRoundOutcome reads: one passing test with a report. */
function testModule(
  file: string,
  report: TapReport,
  id = `${file}-t1`,
  options: { fails?: true; concurrent?: true } = {},
  suites: { errors: () => unknown[] }[] = [],
) {
  const testCase = {
    id,
    fullName: `${file} > answers`,
    options,
    result: () => ({ state: 'passed' }),
    diagnostic: () => ({ duration: 1 }),
    meta: () => ({ [TAP_META_KEY]: JSON.stringify(report) }),
  };
  return {
    moduleId: `/project/${file}`,
    project: { name: '', vite: { environments: {}, config: {} }, config: { setupFiles: [] } },
    children: {
      allTests: () => [testCase][Symbol.iterator](),
      allSuites: () => suites[Symbol.iterator](),
    },
    errors: () => [],
    diagnostic: () => ({ collectDuration: 1, setupDuration: 1, prepareDuration: 1 }),
    meta: () => ({}),
  };
}

function sharedSite(id: number): TapReport {
  const value = { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } };
  return {
    sites: [{ key: 'shared', kind: 'envelope', value, check: { requestId: id } }],
    applied: [],
  };
}

describe('readRoundOutcome', () => {
  test('should leave out the unhandled errors a project ignores, but a worker that died', () => {
    const unhandledErrors = [
      { message: 'rejected later' },
      { message: '[vitest-pool]: Worker forks emitted error.' },
    ];
    const result = { testModules: [], unhandledErrors } as unknown as TestRunResult;

    const kept = readRoundOutcome('/project', result).unhandled;
    const ignored = readRoundOutcome('/project', result, {}, { ignoresUnhandledErrors: true });

    expect(kept).toHaveLength(2);
    expect(ignored.unhandled).toEqual([expect.stringContaining('Worker forks emitted error')]);
  });

  test('should mark a test marked to fail (it.fails) and a test declared concurrent', () => {
    const finished = [
      testModule('a.test.ts', sharedSite(1), 'a-t1', { fails: true }),
      testModule('b.test.ts', sharedSite(2)),
      testModule('c.test.ts', sharedSite(3), 'c-t1', { concurrent: true }),
    ];

    const outcome = readRoundOutcome('/project', {
      testModules: finished,
      unhandledErrors: [],
    } as unknown as TestRunResult);

    const marks = (id: string) => {
      const test = outcome.tests.get(id);
      return { knownFailing: test?.knownFailing, concurrent: test?.concurrent };
    };
    expect(marks('a-t1')).toEqual({ knownFailing: true, concurrent: false });
    expect(marks('b.test.ts-t1')).toEqual({ knownFailing: false, concurrent: false });
    expect(marks('c-t1')).toEqual({ knownFailing: false, concurrent: true });
  });

  test('should count a failed hook of a describe block as an error of its file', () => {
    // vitest keeps such an error on the block and marks its tests skipped, not failed.
    const hook = new Error('jsonrpc.members: beforeAll saw both members');
    const finished = [
      testModule('a.test.ts', sharedSite(1), 'a-t1', {}, [{ errors: () => [] }]),
      testModule('b.test.ts', sharedSite(2), 'b-t1', {}, [
        { errors: () => [] },
        { errors: () => [hook] },
      ]),
    ];

    const outcome = readRoundOutcome('/project', {
      testModules: finished,
      unhandledErrors: [],
    } as unknown as TestRunResult);

    expect(outcome.files.get('a.test.ts')?.errors).toEqual([]);
    expect(outcome.files.get('b.test.ts')?.errors).toEqual([hook.message]);
  });

  test("should read a file's dependencies from vite's graph only when asked (discovery)", () => {
    // Arrange: a.test.ts imports helper.ts, in the graph of the ssr environment.
    const helper = { file: '/project/helper.ts', importedModules: new Set() };
    const spec = { file: '/project/a.test.ts', importedModules: new Set([helper]) };
    const module = testModule('a.test.ts', sharedSite(1));
    const project = {
      name: '',
      vite: {
        environments: {
          ssr: {
            moduleGraph: {
              getModuleById: (id: string) => (id === '/project/a.test.ts' ? spec : undefined),
            },
          },
        },
        config: { configFileDependencies: [] },
      },
      config: { setupFiles: [], globalSetup: [] },
    };
    const result = {
      testModules: [{ ...module, project }],
      unhandledErrors: [],
    } as unknown as TestRunResult;
    // Act
    const discovery = readRoundOutcome('/project', result, {}, { dependencies: true });
    const round = readRoundOutcome('/project', result);
    // Assert
    expect(discovery.files.get('a.test.ts')?.dependsOn).toEqual(['helper.ts']);
    expect(round.files.get('a.test.ts')?.dependsOn).toBeUndefined();
    // What Node's require loaded in the file's worker joins them: the file itself, packages and
    // what its graph holds already left out.
    const required = {
      sites: [],
      applied: [],
      required: [
        '/project/a.test.ts',
        '/project/check.cjs',
        '/project/helper.ts',
        '/project/node_modules/ajv/dist/ajv.js',
        '/workspace-lib/policy.cjs',
      ],
    };
    const withRequired = {
      ...result,
      testModules: [
        { ...module, project, meta: () => ({ [TAP_META_KEY]: JSON.stringify(required) }) },
      ],
    } as unknown as TestRunResult;
    const joined = readRoundOutcome('/project', withRequired, {}, { dependencies: true });
    expect(joined.files.get('a.test.ts')?.dependsOn).toEqual([
      '../workspace-lib/policy.cjs',
      'check.cjs',
      'helper.ts',
    ]);
  });

  test('should read files in path order, whatever order vitest finished them in', () => {
    // Arrange: the same explicit key in two files, b.test.ts finished first.
    const finished = [
      testModule('b.test.ts', sharedSite(2)),
      testModule('a.test.ts', sharedSite(1)),
    ];
    const result = { testModules: finished, unhandledErrors: [] } as unknown as TestRunResult;
    // Act
    const outcome = readRoundOutcome('/project', result);
    const [site] = collectSites(outcome);
    // Assert: the site's file and recorded value come from a.test.ts on every run.
    expect([...outcome.files.keys()]).toEqual(['a.test.ts', 'b.test.ts']);
    expect(site).toMatchObject({ key: 'shared', file: 'a.test.ts', value: { id: 1 } });
    expect(site?.testIds).toEqual(['a.test.ts-t1', 'b.test.ts-t1']);
  });

  test("should read each copy of a file apart, under the file's own name and test ids", () => {
    // Arrange: two copies of a.test.ts; vitest hashes each copy's module id into its test ids.
    const copy = (tag: string, id: number) => ({
      ...testModule(`a.test.ts?envelope-mutant=${tag}`, sharedSite(id), `-90${tag}_0_1`),
    });
    const result = {
      testModules: [copy('1', 2), copy('0', 1)],
      unhandledErrors: [],
    } as unknown as TestRunResult;
    // Act
    const outcome = readRoundOutcome('/project', result, { 'a.test.ts': '-42' });
    // Assert
    expect(outcome.files.size).toBe(0);
    expect([...(outcome.instances?.keys() ?? [])]).toEqual(['0', '1']);
    const first = outcome.instances?.get('0');
    expect([...(first?.files.keys() ?? [])]).toEqual(['a.test.ts']);
    expect(first?.files.get('a.test.ts')?.moduleId).toBe('/project/a.test.ts');
    expect([...(first?.tests.keys() ?? [])]).toEqual(['-42_0_1']);
    expect(first?.tests.get('-42_0_1')?.file).toBe('a.test.ts');
    expect(first?.files.get('a.test.ts')?.testIds).toEqual(['-42_0_1']);
  });

  test('should give an error outside any test to the file or copy whose own worker reported it', () => {
    // Arrange: a file and two copies; vitest tags an unhandled error with the file its worker ran.
    const copy = (tag: string, id: number) =>
      testModule(`a.test.ts?envelope-mutant=${tag}`, sharedSite(id), `-90${tag}_0_1`);
    const unhandledErrors = [
      { message: 'rejected later', VITEST_TEST_PATH: '/project/a.test.ts?envelope-mutant=1' },
      { message: 'thrown from a timer', VITEST_TEST_PATH: '/project/b.test.ts' },
      {
        message: 'of no file of this run',
        VITEST_TEST_PATH: '/project/a.test.ts?envelope-mutant=7',
      },
      { message: '[vitest-pool]: Worker forks emitted error.' },
    ];
    const result = {
      testModules: [copy('0', 1), copy('1', 2), testModule('b.test.ts', sharedSite(3))],
      unhandledErrors,
    };
    const read = (filesOwnTheirErrors: boolean) =>
      readRoundOutcome(
        '/project',
        result as unknown as TestRunResult,
        { 'a.test.ts': '-42' },
        {
          filesOwnTheirErrors,
        },
      );

    // Act
    const own = read(true);
    const shared = read(false);

    // Assert: each goes to the file that ran in that worker; the rest stay the whole run's.
    expect(own.instances?.get('1')?.files.get('a.test.ts')?.errors).toEqual(['rejected later']);
    expect(own.instances?.get('0')?.files.get('a.test.ts')?.errors).toEqual([]);
    expect(own.files.get('b.test.ts')?.errors).toEqual(['thrown from a timer']);
    expect(own.unhandled).toEqual([
      'of no file of this run',
      '[vitest-pool]: Worker forks emitted error.',
    ]);
    // Negative control: where a worker runs file after file, every error is the whole run's.
    expect(shared.instances?.get('1')?.files.get('a.test.ts')?.errors).toEqual([]);
    expect(shared.files.get('b.test.ts')?.errors).toEqual([]);
    expect(shared.unhandled).toHaveLength(4);
    // There the copy a worker was running is only a lead, for the split of the round.
    expect(shared.suspects).toEqual(['1']);
    expect(own.suspects).toBeUndefined();
  });
});
