import { describe, expect, test } from 'vitest';
import { isConfigError } from '../../src/errors.js';
import {
  endGlobalSetups,
  startGlobalSetups,
  type GlobalSetupHolder,
} from '../../src/vitest-adapter/end-global-setups.js';

/**
 * A project as vitest 4.1 holds it: `_initializeGlobalSetup` sets up one file per teardown in
 * `teardowns` (as vitest does, only while `_globalSetups` is undefined), and `events` records
 * each setup, teardown and cleared module cache in order.
 */
function projectOf(name: string, teardowns: readonly (() => Promise<void>)[], events: string[]) {
  const project: GlobalSetupHolder = {
    config: { globalSetup: teardowns.map((_, at) => `./${name}-${at}.ts`) },
    _globalSetups: undefined,
    _initializeGlobalSetup() {
      if (project._globalSetups !== undefined) return Promise.resolve();
      events.push(`setup ${name}`);
      project._globalSetups = teardowns.map((teardown, at) => ({
        file: `./${name}-${at}.ts`,
        teardown: async () => {
          events.push(`teardown ${name}-${at}`);
          await teardown();
        },
      }));
      return Promise.resolve();
    },
    runner: {
      clearCache: () => {
        events.push(`cleared ${name}`);
      },
    },
  };
  return project;
}

const quickly = (): Promise<void> => Promise.resolve();

async function thrownBy(promise: Promise<unknown>): Promise<Error> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(isConfigError(error)).toBe(true);
  return error as Error;
}

describe('startGlobalSetups and endGlobalSetups', () => {
  test('should set a global setup up before each run and tear it down after it', async () => {
    // Arrange
    const events: string[] = [];
    const project = projectOf('p', [quickly], events);
    // Act: two runs.
    for (let run = 0; run < 2; run += 1) {
      await startGlobalSetups([project]);
      await endGlobalSetups([project], 1_000);
    }
    // Assert: each run set up anew from a cleared module cache (its files imported again).
    expect(events).toEqual([
      'setup p',
      'teardown p-0',
      'cleared p',
      'setup p',
      'teardown p-0',
      'cleared p',
    ]);
    expect(project._globalSetups).toBeUndefined();
  });

  test('should give each run the environment the first setup met', async () => {
    // Arrange: a setup that exports its server's address unless set, and changes a variable.
    const events: string[] = [];
    const project = projectOf('p', [quickly], events);
    const setUp = project._initializeGlobalSetup?.bind(project);
    let port = 4000;
    project._initializeGlobalSetup = async () => {
      await setUp?.();
      port += 1;
      process.env['EM_TEST_API_URL'] ??= `http://127.0.0.1:${String(port)}/`;
      process.env['EM_TEST_KEPT'] = 'changed by the setup';
    };
    process.env['EM_TEST_KEPT'] = 'as before';
    const seen: (string | undefined)[] = [];
    try {
      // Act: two runs.
      for (let run = 0; run < 2; run += 1) {
        const restoreEnv = await startGlobalSetups([project]);
        seen.push(process.env['EM_TEST_API_URL']);
        await endGlobalSetups([project], 1_000);
        restoreEnv();
      }
      // Assert: the second run's server, not the first's; nothing of the setups is left.
      expect(seen).toEqual(['http://127.0.0.1:4001/', 'http://127.0.0.1:4002/']);
      expect(process.env['EM_TEST_API_URL']).toBeUndefined();
      expect(process.env['EM_TEST_KEPT']).toBe('as before');
    } finally {
      delete process.env['EM_TEST_API_URL'];
      delete process.env['EM_TEST_KEPT'];
    }
  });

  test('should leave alone a project without a global setup', async () => {
    // Arrange
    const events: string[] = [];
    const project = projectOf('p', [], events);
    // Act
    await startGlobalSetups([project]);
    await endGlobalSetups([project], 1_000);
    // Assert: vitest's own run would set up its empty list; the harness does not even ask.
    expect(events).toEqual([]);
  });

  test('should run every teardown in reverse, the projects too, when one of them throws', async () => {
    // Arrange: the root project is listed last, as vitest holds it.
    const events: string[] = [];
    const failing = (): Promise<void> => Promise.reject(new Error('port already closed'));
    const other = projectOf('other', [quickly], events);
    const root = projectOf('root', [quickly, failing, quickly], events);
    await startGlobalSetups([other, root]);
    events.length = 0;
    // Act
    await endGlobalSetups([other, root], 1_000);
    // Assert
    expect(events).toEqual([
      'teardown root-2',
      'teardown root-1',
      'teardown root-0',
      'cleared root',
      'teardown other-0',
      'cleared other',
    ]);
  });

  test('should refuse the suite, once, when a teardown does not end', async () => {
    // Arrange
    const events: string[] = [];
    const project = projectOf('p', [() => new Promise<void>(() => undefined)], events);
    await startGlobalSetups([project]);
    // Act
    const error = await thrownBy(endGlobalSetups([project], 20));
    // Assert: torn down once; vitest's close, which follows, finds nothing left to tear down.
    expect(error.message).toContain('globalSetup (./p-0.ts): its teardown did not end within');
    expect(project._globalSetups).toBeUndefined();
    expect(events).toEqual(['setup p', 'teardown p-0']);
  });

  test("should stop the run with the setup's own message when it throws", async () => {
    // Arrange
    const project = projectOf('p', [quickly], []);
    project._initializeGlobalSetup = () =>
      Promise.reject(new TypeError('the database is not reachable\n    at setup (p-0.ts:2:9)'));
    // Act
    const error = await thrownBy(startGlobalSetups([project]));
    // Assert
    expect(error.message).toBe(
      'globalSetup (./p-0.ts): its setup failed: TypeError: the database is not reachable. Fix it; `npx vitest run` shows the whole error.',
    );
  });

  test('should refuse a vitest that cannot set a global setup up again', async () => {
    // Arrange: a vitest whose project keeps its setups by other names.
    const project: GlobalSetupHolder = { config: { globalSetup: './server.ts' } };
    // Act
    const error = await thrownBy(startGlobalSetups([project]));
    // Assert
    expect(error.message).toContain('globalSetup (./server.ts): this version of vitest');
  });
});
