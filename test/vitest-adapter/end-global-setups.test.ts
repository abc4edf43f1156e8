import { describe, expect, test } from 'vitest';
import { isConfigError } from '../../src/errors.js';
import {
  endGlobalSetups,
  type GlobalSetupHolder,
} from '../../src/vitest-adapter/end-global-setups.js';

/** A project as vitest 4.1 holds it after a run that set up `setups` global setup files. */
function projectWith(
  setups: readonly unknown[] | undefined,
  teardown: () => Promise<void>,
): GlobalSetupHolder & { teardowns: number; cleared: number } {
  const project = {
    config: { globalSetup: ['./server.ts'] },
    _globalSetups: setups,
    teardowns: 0,
    cleared: 0,
    runner: {
      clearCache: () => {
        project.cleared += 1;
      },
    },
    async _teardownGlobalSetup() {
      project.teardowns += 1;
      await teardown();
    },
  };
  return project;
}

const quickly = (): Promise<void> => Promise.resolve();

describe('endGlobalSetups', () => {
  test('should tear down what a run set up, so that the next run sets it up again', async () => {
    const project = projectWith([{ file: './server.ts' }], quickly);

    const ended = await endGlobalSetups([project], 1_000);

    expect(ended).toBe(true);
    expect(project.teardowns).toBe(1);
    // vitest sets a project up again only while this is undefined.
    expect(project._globalSetups).toBeUndefined();
    // ...and imports the files again, so their module state starts afresh.
    expect(project.cleared).toBe(1);
  });

  test('should leave alone a project whose run set nothing up', async () => {
    const none = projectWith([], quickly);
    const notYet = projectWith(undefined, quickly);

    const ended = await endGlobalSetups([none, notYet], 1_000);

    expect(ended).toBe(true);
    expect([none.teardowns, notYet.teardowns]).toEqual([0, 0]);
    expect([none.cleared, notYet.cleared]).toEqual([0, 0]);
    expect(none._globalSetups).toEqual([]);
  });

  test('should ignore a teardown that throws, as vitest run does', async () => {
    const failing = projectWith([{}], () => Promise.reject(new Error('port already closed')));
    const next = projectWith([{}], quickly);

    const ended = await endGlobalSetups([failing, next], 1_000);

    expect(ended).toBe(true);
    expect(failing._globalSetups).toBeUndefined();
    expect(next.teardowns).toBe(1);
  });

  test('should say so when a teardown does not end in time', async () => {
    const hanging = projectWith([{}], () => new Promise<void>(() => undefined));

    const ended = await endGlobalSetups([hanging], 20);

    expect(ended).toBe(false);
    // Still set up: the caller closes the whole session, which tears it down once more.
    expect(hanging._globalSetups).toEqual([{}]);
  });

  test('should refuse a vitest that cannot tear a global setup down', async () => {
    const project: GlobalSetupHolder = {
      config: { globalSetup: './server.ts' },
      _globalSetups: [{}],
    };

    const error: unknown = await endGlobalSetups([project], 1_000).catch((e: unknown) => e);

    expect(isConfigError(error)).toBe(true);
    expect((error as Error).message).toContain('globalSetup (./server.ts)');
  });
});
