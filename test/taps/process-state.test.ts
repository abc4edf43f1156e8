import { EventEmitter } from 'node:events';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { isMainThread } from 'node:worker_threads';
import { afterAll, afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { watchPidNamedFiles } from '../../src/taps/pid-named-files.js';
import {
  offerToCopies,
  processWatchOfWorker,
  watchProcessState,
} from '../../src/taps/process-state.js';

// These tests play the copies of a vmForks worker in this process: each call is a copy starting.
const AT_START = Symbol.for('envelope-mutants.process-at-start');
const holder = process as unknown as Record<string | symbol, unknown>;
const VARIABLE = 'ENVELOPE_MUTANTS_PROCESS_STATE_TEST';

function forgetFirstFile(): void {
  Reflect.deleteProperty(holder, AT_START);
  // What the files named after the pid are: no copy running, none noted.
  const files = watchPidNamedFiles();
  files.recording = false;
  files.paths.clear();
  Reflect.deleteProperty(process.env, VARIABLE);
  Reflect.deleteProperty(holder, 'envelopeMutantsMark');
}

// Each call also wraps this realm's timers as a copy's (`copy-timers.ts`): the files run after
// this one in the worker get them back.
const timers = {
  setTimeout: globalThis.setTimeout,
  setInterval: globalThis.setInterval,
  setImmediate: globalThis.setImmediate,
};
afterAll(() => {
  Object.assign(globalThis, timers);
  Reflect.deleteProperty(globalThis, Symbol.for('envelope-mutants.copy-of-context'));
});

describe('watchProcessState', () => {
  beforeEach(forgetFirstFile);
  afterEach(forgetFirstFile);

  test('should report a variable an earlier file set and left set', () => {
    expect(watchProcessState().carried).toBeUndefined();
    process.env[VARIABLE] = 'poisoned';

    expect(watchProcessState().carried).toBe(`process.env.${VARIABLE}`);
  });

  test('should give back the environment and exit code a file found', () => {
    const exitCode = process.exitCode;
    const first = watchProcessState();
    process.env[VARIABLE] = 'poisoned';
    process.exitCode = 3;

    first.restore();
    const next = watchProcessState();

    expect(process.env[VARIABLE]).toBeUndefined();
    expect(process.exitCode).toBe(exitCode);
    expect(next.carried).toBeUndefined();
  });

  test('should change back to the directory a file found', () => {
    // A worker thread cannot change directory: the file's move is played by a stub.
    const found = process.cwd();
    const first = watchProcessState();
    const cwd = vi.spyOn(process, 'cwd').mockReturnValue(tmpdir());
    const chdir = vi.spyOn(process, 'chdir').mockImplementation(() => undefined);
    try {
      expect(watchProcessState().carried).toBe('process.cwd()');
      first.restore();
      expect(chdir).toHaveBeenCalledWith(found);
    } finally {
      cwd.mockRestore();
      chdir.mockRestore();
    }
  });

  test('should give back a variable a file changed or removed', () => {
    process.env[VARIABLE] = 'before';
    const first = watchProcessState();
    process.env[VARIABLE] = 'after';
    first.restore();
    expect(process.env[VARIABLE]).toBe('before');
    Reflect.deleteProperty(process.env, VARIABLE);
    first.restore();
    expect(process.env[VARIABLE]).toBe('before');
  });

  test('should report, not throw, when a file deleted the directory it ran in', () => {
    const first = watchProcessState();
    const cwd = vi.spyOn(process, 'cwd').mockImplementation(() => {
      throw new Error('ENOENT: uv_cwd');
    });
    const chdir = vi.spyOn(process, 'chdir').mockImplementation(() => undefined);
    try {
      expect(watchProcessState().carried).toBe('process.cwd()');
      first.restore();
      expect(chdir).toHaveBeenCalled();
    } finally {
      cwd.mockRestore();
      chdir.mockRestore();
    }
  });

  test('should report a change to the exit code that a file left after its end', () => {
    const exitCode = process.exitCode;
    watchProcessState();
    process.exitCode = 4;
    try {
      expect(watchProcessState().carried).toBe('process.exitCode');
    } finally {
      process.exitCode = exitCode;
    }
  });

  test('should report a member removed from process', () => {
    holder['envelopeMutantsMark'] = true;
    watchProcessState();
    Reflect.deleteProperty(holder, 'envelopeMutantsMark');

    expect(watchProcessState().carried).toBe('process.envelopeMutantsMark');
  });

  test('should compare every later file with the first, not with the one before it', () => {
    watchProcessState();
    holder['envelopeMutantsMark'] = true;

    expect(watchProcessState().carried).toBe('process.envelopeMutantsMark');
    expect(watchProcessState().carried).toBe('process.envelopeMutantsMark');
  });

  test('should leave the worker id vitest set for the next file as it is', () => {
    const id = process.env['VITEST_WORKER_ID'];
    Reflect.deleteProperty(process.env, 'VITEST_WORKER_ID');
    const first = watchProcessState();
    process.env['VITEST_WORKER_ID'] = '7';
    try {
      first.restore();
      expect(process.env['VITEST_WORKER_ID']).toBe('7');
    } finally {
      if (id === undefined) Reflect.deleteProperty(process.env, 'VITEST_WORKER_ID');
      else process.env['VITEST_WORKER_ID'] = id;
    }
  });

  test('should report a listener an earlier file left on process', () => {
    const abort = (): void => {};
    watchProcessState();
    process.on('SIGUSR2', abort);
    try {
      expect(watchProcessState().carried).toBe('process.listenerCount(SIGUSR2): 0 → 1');
    } finally {
      process.off('SIGUSR2', abort);
    }
    expect(watchProcessState().carried).toBeUndefined();
  });

  test("should report a symbol-keyed member added to process, but not the harness's own", () => {
    const registry = Symbol.for('envelope-mutants-test.registry');
    watchProcessState();
    holder[Symbol.for('envelope-mutants.format-guard-test')] = {};
    try {
      expect(watchProcessState().carried).toBeUndefined();
      holder[registry] = [];
      expect(watchProcessState().carried).toBe('process[Symbol(envelope-mutants-test.registry)]');
    } finally {
      Reflect.deleteProperty(holder, registry);
      Reflect.deleteProperty(holder, Symbol.for('envelope-mutants.format-guard-test'));
    }
  });

  test('should report a symbol-keyed member removed from process', () => {
    const registry = Symbol.for('envelope-mutants-test.registry');
    holder[registry] = [];
    try {
      watchProcessState();
      Reflect.deleteProperty(holder, registry);

      expect(watchProcessState().carried).toBe('process[Symbol(envelope-mutants-test.registry)]');
    } finally {
      Reflect.deleteProperty(holder, registry);
    }
  });

  test('should report and give back the listener limits a file raised', () => {
    const found = watchProcessState();
    const limit = process.getMaxListeners();
    const defaultLimit = EventEmitter.defaultMaxListeners;
    try {
      process.setMaxListeners(limit + 1);
      expect(watchProcessState().carried).toBe('process.getMaxListeners()');
      found.restore();
      EventEmitter.defaultMaxListeners = defaultLimit + 1;
      expect(watchProcessState().carried).toBe('EventEmitter.defaultMaxListeners');
      found.restore();

      expect(process.getMaxListeners()).toBe(limit);
      expect(EventEmitter.defaultMaxListeners).toBe(defaultLimit);
    } finally {
      process.setMaxListeners(limit);
      EventEmitter.defaultMaxListeners = defaultLimit;
    }
  });

  // Only a process's main thread can set its umask (the unit projects run in forks).
  test.runIf(isMainThread)('should report and give back the umask a file changed', () => {
    const found = watchProcessState();
    const mask = process.umask(0o077);
    try {
      expect(watchProcessState().carried).toBe('process.umask()');
      found.restore();
      expect(process.umask(mask)).toBe(mask);
    } finally {
      process.umask(mask);
    }
  });

  test('should report a member added to process, which no file gives back', () => {
    const first = watchProcessState();
    holder['envelopeMutantsMark'] = true;
    first.restore();

    expect(watchProcessState().carried).toBe('process.envelopeMutantsMark');
  });

  test('should report a file named after the pid that an earlier file left behind', () => {
    const lock = join(tmpdir(), `process-state-${process.pid}.lock`);
    try {
      const first = watchProcessState();
      writeFileSync(lock, '');
      first.restore();
      const second = watchProcessState();
      expect(second.carried).toBe(`a file or folder named after process.pid: ${lock}`);
      second.restore();
      rmSync(lock);

      expect(watchProcessState().carried).toBeUndefined();
    } finally {
      rmSync(lock, { force: true });
    }
  });

  test('should watch no file in a process whose worker has no preload', () => {
    // The project's own pool gives each copy a process of its own: nothing installs the wraps.
    const NOTED = Symbol.for('envelope-mutants.pid-named-files');
    const installed = holder[NOTED];
    Reflect.deleteProperty(holder, NOTED);
    const lock = join(tmpdir(), `process-state-${process.pid}.unwatched`);
    try {
      const first = watchProcessState();
      writeFileSync(lock, '');
      first.restore();

      expect(watchProcessState().carried).toBeUndefined();
    } finally {
      holder[NOTED] = installed;
      rmSync(lock, { force: true });
    }
  });

  test("should not count the worker id vitest gives every file as a file's change", () => {
    const id = process.env['VITEST_WORKER_ID'];
    watchProcessState();
    process.env['VITEST_WORKER_ID'] = `${id ?? ''}9`;
    try {
      expect(watchProcessState().carried).toBeUndefined();
    } finally {
      if (id === undefined) Reflect.deleteProperty(process.env, 'VITEST_WORKER_ID');
      else process.env['VITEST_WORKER_ID'] = id;
    }
  });
});

describe('processWatchOfWorker', () => {
  const OF_WORKER = Symbol.for('envelope-mutants.watch-process-state');
  afterEach(() => {
    Reflect.deleteProperty(holder, OF_WORKER);
  });

  test("should be a copy's own watch where no worker preload offered its realm's", () => {
    expect(processWatchOfWorker()).toBe(watchProcessState);
  });

  test("should be the worker realm's watch once its preload offered it", () => {
    // Another realm's module plays the preload's: a copy then calls that realm's function.
    const offered = runInNewContext('() => ({ carried: "theirs" })') as typeof watchProcessState;
    holder[OF_WORKER] = offered;
    expect(processWatchOfWorker()).toBe(offered);
    offerToCopies();
    expect(processWatchOfWorker()).toBe(watchProcessState);
  });
});
