import { describe, expect, test } from 'vitest';
import { lateErrors, type WorkerHolder } from '../../src/vitest-adapter/late-errors.js';

/**
 * A session whose run answered with `known`, and whose pool's `close` files `late` once its
 * workers have stopped (after `stopMs`), as vitest files a worker fixture's teardown error.
 */
function sessionOf(known: unknown[], late: unknown[], stopMs = 5): WorkerHolder {
  const errors = new Set(known);
  return {
    pool: {
      close: () =>
        new Promise<void>((resolve) => {
          // Unref'd: the slow session's timer must not hold the worker once the test ended.
          setTimeout(() => {
            for (const error of late) errors.add(error);
            resolve();
          }, stopMs).unref();
        }),
    },
    state: { getUnhandledErrors: () => [...errors] },
  };
}

describe('lateErrors', () => {
  test('should wait for the workers to stop and return only what they reported', async () => {
    const known = [new Error('in a test')];
    const teardown = new Error('Teardown Error');
    expect(await lateErrors(sessionOf(known, [teardown]), known, 1_000)).toEqual({
      errors: [teardown],
      settled: true,
    });
    // Negative control: workers that report nothing as they stop add nothing.
    expect(await lateErrors(sessionOf(known, []), known, 1_000)).toEqual({
      errors: [],
      settled: true,
    });
  });

  test('should stop waiting after waitMs, keep what arrived by then, and say the pool is closing', async () => {
    // A worker fixture's teardown that hangs: vitest's pool is still closing, and would refuse
    // the session's next run.
    const slow = sessionOf([], [new Error('too late')], 60_000);
    expect(await lateErrors(slow, [], 20)).toEqual({ errors: [], settled: false });
  });

  test('should add nothing, and wait for nothing, where vitest has no pool to close', async () => {
    const errors = [new Error('Teardown Error')];
    const noPool: WorkerHolder = { state: { getUnhandledErrors: () => errors } };
    expect(await lateErrors(noPool, [], 60_000)).toEqual({ errors: [], settled: true });
  });

  test('should read the errors even when closing the pool fails', async () => {
    const teardown = new Error('Teardown Error');
    const failing: WorkerHolder = {
      pool: { close: () => Promise.reject(new Error('cannot stop')) },
      state: { getUnhandledErrors: () => [teardown] },
    };
    expect(await lateErrors(failing, [], 1_000)).toEqual({ errors: [teardown], settled: true });
  });
});
