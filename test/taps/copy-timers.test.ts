import { setImmediate, setInterval, setTimeout } from 'node:timers';
import timerPromises from 'node:timers/promises';
import { promisify } from 'node:util';
import { beforeEach, describe, expect, test } from 'vitest';
import { watchCopyTimers, watchTimerModules } from '../../src/taps/copy-timers.js';
import type { PidNamedFiles } from '../../src/taps/pid-named-files.js';

// These tests play the copies of a vmForks worker in this process: each copy gets a global object
// of its own, as each VM context does, holding the worker's timers as vitest hands them (those of
// `node:timers`, which no test wraps). The process a late callback may change is `shared`.
interface Timers {
  setTimeout: typeof setTimeout;
  setInterval: typeof setInterval;
  setImmediate: typeof setImmediate;
}

const LATE = 'a timer an earlier test file set changed the process while this one ran';

let shared: { value: number };
let noted: PidNamedFiles;
beforeEach(() => {
  // Each test is a new worker.
  Reflect.deleteProperty(process, Symbol.for('envelope-mutants.copy-timers'));
  shared = { value: 0 };
  noted = { recording: false, paths: new Set() };
});

function contextGlobal(): Timers {
  return { setTimeout, setInterval, setImmediate };
}

/** A copy starting in its own context: what `process-state.ts` does with the real process. */
function startCopy(global: Timers = contextGlobal()): ReturnType<typeof watchCopyTimers> {
  return watchCopyTimers(global, noted, () => {
    const then = shared.value;
    return () => shared.value !== then;
  });
}

/** Waits on this realm's own timer, which no copy wrapped. */
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('watchCopyTimers', () => {
  test('should say that a timer of an earlier copy changed the process while a later one ran', async () => {
    // Arrange
    const first = contextGlobal();
    const firstCopy = startCopy(first);
    first.setTimeout(() => (shared.value += 1), 20);
    expect(firstCopy.end()).toBeUndefined();
    // Act
    const later = startCopy();
    await sleep(60);
    // Assert
    expect(shared.value).toBe(1);
    expect(later.end()).toBe(LATE);
  });

  test('should let a late timer that changes nothing pass, as the SDK’s close leaves one', async () => {
    // Arrange
    const first = contextGlobal();
    const firstCopy = startCopy(first);
    let fired = false;
    first.setTimeout(() => (fired = true), 20);
    firstCopy.end();
    // Act
    const later = startCopy();
    await sleep(60);
    // Assert
    expect(fired).toBe(true);
    expect(later.end()).toBeUndefined();
  });

  test('should count what the promise reactions of a late callback change', async () => {
    // Arrange: the callback only resolves; the code awaiting it changes the process.
    const first = contextGlobal();
    const firstCopy = startCopy(first);
    void new Promise((resolve) => first.setTimeout(resolve, 20)).then(() => (shared.value += 1));
    firstCopy.end();
    // Act
    const later = startCopy();
    await sleep(60);
    // Assert
    expect(later.end()).toBe(LATE);
  });

  test('should count what a late callback changed when the copy ends before its check', async () => {
    // Arrange: a test that fails at once on the change ends the copy in the same turn, in a
    // promise reaction, before the check that waits for the reactions to run.
    const first = contextGlobal();
    const firstCopy = startCopy(first);
    let endLater = (): void => undefined;
    first.setTimeout(() => {
      shared.value += 1;
      void Promise.resolve().then(() => endLater());
    }, 10);
    firstCopy.end();
    const later = startCopy();
    // Act
    const ended = await new Promise((resolve) => (endLater = () => resolve(later.end())));
    // Assert
    expect(shared.value).toBe(1);
    expect(ended).toBe(LATE);
  });

  test('should count a file named after the pid that a late callback makes', async () => {
    // Arrange: the wraps of node:fs note what the callback makes (`pid-named-files.ts`).
    const first = contextGlobal();
    const firstCopy = startCopy(first);
    let recording: boolean | undefined;
    first.setTimeout(() => {
      recording = noted.recording;
      noted.paths.add('/tmp/lock-4242');
    }, 20);
    firstCopy.end();
    // Act
    const later = startCopy();
    await sleep(60);
    // Assert
    expect(recording).toBe(true);
    expect(later.end()).toBe(LATE);
    expect(noted.recording).toBe(false);
  });

  test("should not count a copy's own timers, whichever kind", async () => {
    // Arrange
    const own = contextGlobal();
    const copy = startCopy(own);
    let ticks = 0;
    // Act
    await new Promise((resolve) => own.setTimeout(resolve, 5));
    await new Promise((resolve) => own.setImmediate(resolve));
    await new Promise<void>((resolve) => {
      const interval = own.setInterval(() => {
        ticks += 1;
        shared.value += 1;
        if (ticks === 2) {
          clearInterval(interval);
          resolve();
        }
      }, 5);
    });
    // Assert
    expect(copy.end()).toBeUndefined();
  });

  test('should count a timer that fired between two copies for neither', async () => {
    // Arrange
    const first = contextGlobal();
    const firstCopy = startCopy(first);
    let recording: boolean | undefined;
    first.setTimeout(() => {
      recording = noted.recording;
      shared.value += 1;
    }, 10);
    firstCopy.end();
    // Act
    await sleep(40);
    const later = startCopy();
    await sleep(10);
    // Assert: what it left, the later copy's start finds (`process-state.ts`).
    expect(later.end()).toBeUndefined();
    expect(recording).toBe(true);
    expect(noted.recording).toBe(false);
  });

  test('should keep what Node does with the arguments, `this` and a non-function', async () => {
    // Arrange
    const own = contextGlobal();
    const copy = startCopy(own);
    // Act
    const called = await new Promise<{ self: unknown; args: unknown[] }>((resolve) => {
      own.setTimeout(
        function (this: unknown, ...args: unknown[]) {
          resolve({ self: this, args });
        },
        1,
        'a',
        2,
      );
    });
    // Assert
    expect(called.args).toEqual(['a', 2]);
    expect(called.self).toHaveProperty('refresh');
    expect(() => own.setTimeout('1 + 1' as unknown as () => void, 1)).toThrow(
      expect.objectContaining({ code: 'ERR_INVALID_ARG_TYPE' }),
    );
    expect(await promisify(own.setTimeout)(1, 'value')).toBe('value');
    expect(copy.end()).toBeUndefined();
  });

  test('should number a global it wrapped before again, not wrap it twice', async () => {
    // Arrange
    const same = contextGlobal();
    startCopy(same).end();
    const wrapped = same.setTimeout;
    // Act
    const again = startCopy(same);
    await new Promise((resolve) => same.setTimeout(() => resolve((shared.value += 1)), 5));
    // Assert
    expect(same.setTimeout).toBe(wrapped);
    expect(same.setTimeout).not.toBe(setTimeout);
    // Its timer is the copy's own under its new number.
    expect(again.end()).toBeUndefined();
  });
});

describe('watchTimerModules', () => {
  // The worker's modules: stand-ins of `node:timers` and its promises.
  let timers: Timers;
  let promises: Pick<typeof timerPromises, 'setTimeout' | 'setImmediate'>;
  beforeEach(() => {
    timers = contextGlobal();
    promises = { setTimeout: timerPromises.setTimeout, setImmediate: timerPromises.setImmediate };
    watchTimerModules(timers, promises);
  });

  test('should give a timer of node:timers to the copy that set it', async () => {
    // Arrange
    const first = startCopy();
    timers.setTimeout(() => (shared.value += 1), 20);
    first.end();
    // Act
    const later = startCopy();
    await sleep(60);
    // Assert
    expect(later.end()).toBe(LATE);
  });

  test('should count what follows a wait an earlier copy began, where it settles', async () => {
    // Arrange
    const first = startCopy();
    const waited = promises.setTimeout(20, 'value').then((value) => {
      shared.value += 1;
      return value;
    });
    first.end();
    // Act
    const later = startCopy();
    // Assert
    expect(await waited).toBe('value');
    await sleep(10);
    expect(later.end()).toBe(LATE);
  });

  test('should give a timer that a late callback sets to that callback’s copy', async () => {
    // Arrange: the first copy's callback runs between copies and sets a timer of node:timers.
    const firstGlobal = contextGlobal();
    const first = startCopy(firstGlobal);
    firstGlobal.setTimeout(() => timers.setTimeout(() => (shared.value += 1), 40), 5);
    first.end();
    await sleep(20);
    // Act
    const later = startCopy();
    await sleep(60);
    // Assert
    expect(later.end()).toBe(LATE);
  });

  test('should leave a timer set while no copy runs, and its own copy’s, as they are', async () => {
    // Arrange
    timers.setTimeout(() => (shared.value += 1), 10);
    const waited = promises.setTimeout(10).then(() => (shared.value += 1));
    const copy = startCopy();
    await waited;
    // Act: what the copy's own code does after its own wait is its own.
    await new Promise((resolve) => timers.setImmediate(resolve));
    await promises.setTimeout(5);
    shared.value += 1;
    await sleep(30);
    // Assert
    expect(copy.end()).toBeUndefined();
  });

  test('should wrap the modules once per process', () => {
    const wrapped = timers.setTimeout;
    watchTimerModules(timers, promises);

    expect(timers.setTimeout).toBe(wrapped);
    expect(timers.setTimeout).not.toBe(setTimeout);
  });
});
