import { setImmediate, setInterval, setTimeout } from 'node:timers';
import timerPromises from 'node:timers/promises';
import { promisify } from 'node:util';
import { beforeEach, describe, expect, test } from 'vitest';
import { watchCopyTimers, watchTimerModules } from '../../src/taps/copy-timers.js';
import type { PidNamedFiles } from '../../src/taps/pid-named-files.js';

// These tests play the copies of a vmForks worker in this process: each copy gets a global object
// of its own, as each VM context does, holding the worker's timers as vitest hands them (those of
// `node:timers`, which no test wraps).
interface Timers {
  setTimeout: typeof setTimeout;
  setInterval: typeof setInterval;
  setImmediate: typeof setImmediate;
}

const LATE = 'a timer an earlier test file set fired while this one ran';

function contextGlobal(): Timers {
  return { setTimeout, setInterval, setImmediate };
}

function files(): PidNamedFiles {
  return { recording: false, paths: new Set() };
}

/** Waits on this realm's own timer, which no copy wrapped. */
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('watchCopyTimers', () => {
  test('should say that a timer of an earlier copy fired while a later copy ran', async () => {
    // Arrange
    const noted = files();
    const first = contextGlobal();
    const firstCopy = watchCopyTimers(first, noted);
    let fired = false;
    first.setTimeout(() => (fired = true), 20);
    expect(firstCopy.end()).toBeUndefined();
    // Act
    const later = watchCopyTimers(contextGlobal(), noted);
    await sleep(60);
    // Assert
    expect(fired).toBe(true);
    expect(later.end()).toBe(LATE);
  });

  test("should not count a copy's own timers, whichever kind", async () => {
    // Arrange
    const own = contextGlobal();
    const copy = watchCopyTimers(own, files());
    let ticks = 0;
    // Act
    await new Promise((resolve) => own.setTimeout(resolve, 5));
    await new Promise((resolve) => own.setImmediate(resolve));
    await new Promise<void>((resolve) => {
      const interval = own.setInterval(() => {
        ticks += 1;
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
    const noted = files();
    const first = contextGlobal();
    const firstCopy = watchCopyTimers(first, noted);
    let recording: boolean | undefined;
    first.setTimeout(() => (recording = noted.recording), 10);
    firstCopy.end();
    // Act
    await sleep(40);
    const later = watchCopyTimers(contextGlobal(), noted);
    // Assert
    expect(later.end()).toBeUndefined();
    // What the timer made, named after the pid, was noted as a copy's making is; not after it.
    expect(recording).toBe(true);
    expect(noted.recording).toBe(false);
  });

  test('should keep what Node does with the arguments, `this` and a non-function', async () => {
    // Arrange
    const own = contextGlobal();
    const copy = watchCopyTimers(own, files());
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
    const noted = files();
    const same = contextGlobal();
    watchCopyTimers(same, noted).end();
    const wrapped = same.setTimeout;
    // Act
    const again = watchCopyTimers(same, noted);
    await new Promise((resolve) => same.setTimeout(resolve, 5));
    // Assert
    expect(same.setTimeout).toBe(wrapped);
    expect(same.setTimeout).not.toBe(setTimeout);
    // Its timer is the copy's own under its new number.
    expect(again.end()).toBeUndefined();
  });
});

describe('watchTimerModules', () => {
  // Each test is a new worker: its modules are stand-ins of `node:timers` and its promises.
  let timers: Timers;
  let promises: Pick<typeof timerPromises, 'setTimeout' | 'setImmediate'>;
  let noted: PidNamedFiles;
  beforeEach(() => {
    Reflect.deleteProperty(process, Symbol.for('envelope-mutants.copy-timers'));
    timers = contextGlobal();
    promises = { setTimeout: timerPromises.setTimeout, setImmediate: timerPromises.setImmediate };
    noted = files();
    watchTimerModules(timers, promises, noted);
  });

  test('should give a timer of node:timers to the copy that set it', async () => {
    // Arrange
    const first = watchCopyTimers(contextGlobal(), noted);
    timers.setTimeout(() => undefined, 20);
    first.end();
    // Act
    const later = watchCopyTimers(contextGlobal(), noted);
    await sleep(60);
    // Assert
    expect(later.end()).toBe(LATE);
  });

  test('should mark the copy during which a wait an earlier copy began settles', async () => {
    // Arrange
    const first = watchCopyTimers(contextGlobal(), noted);
    const waited = promises.setTimeout(20, 'value');
    first.end();
    // Act
    const later = watchCopyTimers(contextGlobal(), noted);
    // Assert
    expect(await waited).toBe('value');
    expect(later.end()).toBe(LATE);
  });

  test('should give a timer that a late callback sets to that callback’s copy', async () => {
    // Arrange: the first copy's callback runs between copies and sets a timer of node:timers.
    const firstGlobal = contextGlobal();
    const first = watchCopyTimers(firstGlobal, noted);
    firstGlobal.setTimeout(() => timers.setTimeout(() => undefined, 40), 5);
    first.end();
    await sleep(20);
    // Act
    const later = watchCopyTimers(contextGlobal(), noted);
    await sleep(60);
    // Assert
    expect(later.end()).toBe(LATE);
  });

  test('should leave a timer set while no copy runs, and its own copy’s, as they are', async () => {
    // Arrange
    timers.setTimeout(() => undefined, 10);
    const waited = promises.setTimeout(10);
    const copy = watchCopyTimers(contextGlobal(), noted);
    await waited;
    // Act
    await new Promise((resolve) => timers.setImmediate(resolve));
    await promises.setTimeout(5);
    await sleep(30);
    // Assert
    expect(copy.end()).toBeUndefined();
  });

  test('should wrap the modules once per process', () => {
    const wrapped = timers.setTimeout;
    watchTimerModules(timers, promises, noted);

    expect(timers.setTimeout).toBe(wrapped);
    expect(timers.setTimeout).not.toBe(setTimeout);
  });
});
