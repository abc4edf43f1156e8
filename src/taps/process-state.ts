// What a copy of a test file finds of its worker's process, and gives back. The harness gives
// copies only to projects whose own pool runs every test file in a process of its own (forks or
// threads with `isolate: true`), so a mutant's reference run starts each of its files in a new
// process. In vmForks, copies share one: a VM context per copy, but one `process`, and what a
// copy writes there (under its mutant only, where no unmutated check can see it) reaches the
// copies after it.
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { watchCopyTimers } from './copy-timers.js';
import { pidNamedFileLeft, pidNamedFilesOfWorker } from './pid-named-files.js';
import {
  firstMemberChange,
  readSharedObjects,
  restoreSharedObjects,
  THIS_REALM,
  type CopyRealm,
  type SharedObjects,
} from './shared-objects.js';

/** On `process`: its state when the first test file in it started. */
const AT_START = Symbol.for('envelope-mutants.process-at-start');

/** On `process`: the worker realm's {@link watchProcessState}, set by its preload. */
const OF_WORKER = Symbol.for('envelope-mutants.watch-process-state');

/**
 * What vitest itself writes to `process.env` as it hands a worker each test file: a new worker id
 * for every file, in a process of its own or not.
 */
const SET_PER_FILE = new Set(['VITEST_WORKER_ID', 'VITEST_POOL_ID']);

/** The parts of a process a test file can change and a later file in the same process read. */
interface ProcessState {
  readonly env: ReadonlyMap<string, string>;
  readonly cwd: string;
  readonly exitCode: typeof process.exitCode;
  /** Own enumerable members of `process` (a suite's `process.counter = …`). */
  readonly members: readonly string[];
  /** Own members keyed by a symbol (`process[Symbol.for('registry')]`), but the harness's own. */
  readonly symbols: readonly symbol[];
  /** How many listeners each event of `process` has (a `SIGINT` handler a call left behind). */
  readonly listeners: ReadonlyMap<string | symbol, number>;
  /** The mode bits a file created later leaves out (`process.umask`); undefined off Linux. */
  readonly umask: number | undefined;
  /** `process.getMaxListeners()` and `EventEmitter.defaultMaxListeners`, kept in Node's state. */
  readonly maxListeners: number;
  readonly defaultMaxListeners: number;
  /** The methods of `process`, Node's built-in modules and the worker's globals. */
  readonly shared: SharedObjects;
}

/** What a copy found of its process, and how to give it back as it found it. */
export interface ProcessWatch {
  /**
   * How the process differed, when this file started, from when the first file in it started
   * (`process.env.TOKEN`, `process.cwd()`, …): an earlier file changed it and did not give it
   * back, or left a file named after the pid. Undefined when it did not differ, or this is the
   * process's first file.
   */
  readonly carried: string | undefined;
  /**
   * Called as the copy ends, before `restore`: what changed around it while it ran, which its own
   * `restore` then hides from the next copy (what a timer an earlier copy left changed), or
   * undefined.
   */
  disturbed(): string | undefined;
  /**
   * Sets the environment, working directory, exit code, umask, listener limits and the members of
   * the shared objects back to what this file found. (A file it named after the pid stays: the
   * next copy reports it.)
   */
  restore(): void;
}

/**
 * Called as a copy starts: compares the process with what it was when its first file started,
 * and keeps what it is now, for `restore` when the copy ends. A copy that gives back what it
 * changed leaves the next copy the process a new one would be; what cannot be given back (a
 * member added to `process`, a change made after the copy ended) the next copy reports.
 */
export function watchProcessState(realm: CopyRealm = THIS_REALM): ProcessWatch {
  const holder = process as unknown as Record<symbol, ProcessState | undefined>;
  // Only a vmForks worker's preload watches them: elsewhere each copy has a process of its own.
  const files = pidNamedFilesOfWorker();
  const now = stateOfProcess(realm);
  const first = holder[AT_START];
  if (first === undefined) holder[AT_START] = now;
  const left = (): string | undefined =>
    files === undefined ? undefined : pidNamedFileLeft(files);
  const carried = first === undefined ? undefined : (firstChange(first, now) ?? left());
  const timers =
    files === undefined ? undefined : watchCopyTimers(realm.global, files, () => changes(realm));
  if (files !== undefined) files.recording = true;
  return {
    carried,
    disturbed: () => timers?.end(),
    restore: () => {
      if (files !== undefined) files.recording = false;
      restoreProcess(now);
    },
  };
}

/**
 * Called by a vmForks worker's preload: the copies of the worker then watch their process with
 * this realm's functions, compiled and optimized once for the worker, where a copy's own module
 * would run them cold in every new context (6 % of a round's CPU on examples/mcp-client).
 */
export function offerToCopies(): void {
  (process as unknown as Record<symbol, typeof watchProcessState>)[OF_WORKER] = watchProcessState;
}

/** The worker realm's {@link watchProcessState} if its preload offered it, else this one. */
export function processWatchOfWorker(): typeof watchProcessState {
  const offered = (process as unknown as Record<symbol, typeof watchProcessState | undefined>)[
    OF_WORKER
  ];
  return offered ?? watchProcessState;
}

/** What a late timer of an earlier copy could change for this one (`copy-timers.ts`). */
function changes(realm: CopyRealm): () => boolean {
  const then = stateOfProcess(realm);
  return () => firstChange(then, stateOfProcess(realm)) !== undefined;
}

function stateOfProcess(realm: CopyRealm): ProcessState {
  return {
    env: new Map(
      Object.entries(process.env).flatMap(([name, value]) =>
        value === undefined || SET_PER_FILE.has(name) ? [] : [[name, value] as const],
      ),
    ),
    cwd: workingDirectory(),
    exitCode: process.exitCode,
    members: Object.keys(process),
    symbols: Object.getOwnPropertySymbols(process).filter((key) => !isOurs(key)),
    listeners: new Map(process.eventNames().map((name) => [name, process.listenerCount(name)])),
    umask: currentUmask(),
    maxListeners: process.getMaxListeners(),
    defaultMaxListeners: EventEmitter.defaultMaxListeners,
    shared: readSharedObjects(realm),
  };
}

/** The harness's own marks on `process` (`Symbol.for('envelope-mutants.…')`), set once per worker. */
function isOurs(key: symbol): boolean {
  return Symbol.keyFor(key)?.startsWith('envelope-mutants.') === true;
}

function firstChange(before: ProcessState, after: ProcessState): string | undefined {
  for (const name of new Set([...before.env.keys(), ...after.env.keys()])) {
    if (before.env.get(name) !== after.env.get(name)) return `process.env.${name}`;
  }
  if (before.cwd !== after.cwd) return 'process.cwd()';
  if (before.exitCode !== after.exitCode) return 'process.exitCode';
  const members = new Set(before.members);
  const added = after.members.find((name) => !members.has(name));
  if (added !== undefined) return `process.${added}`;
  const kept = new Set(after.members);
  const removed = before.members.find((name) => !kept.has(name));
  if (removed !== undefined) return `process.${removed}`;
  const symbols = new Set(before.symbols);
  const symbol = after.symbols.find((key) => !symbols.has(key));
  if (symbol !== undefined) return `process[${String(symbol)}]`;
  const keptSymbols = new Set(after.symbols);
  const removedSymbol = before.symbols.find((key) => !keptSymbols.has(key));
  if (removedSymbol !== undefined) return `process[${String(removedSymbol)}]`;
  for (const name of new Set([...before.listeners.keys(), ...after.listeners.keys()])) {
    const was = before.listeners.get(name) ?? 0;
    const is = after.listeners.get(name) ?? 0;
    if (was !== is) return `process.listenerCount(${String(name)}): ${was} → ${is}`;
  }
  if (before.umask !== after.umask) return 'process.umask()';
  if (before.maxListeners !== after.maxListeners) return 'process.getMaxListeners()';
  if (before.defaultMaxListeners !== after.defaultMaxListeners)
    return 'EventEmitter.defaultMaxListeners';
  return firstMemberChange(before.shared, after.shared);
}

function restoreProcess(state: ProcessState): void {
  for (const name of Object.keys(process.env)) {
    if (!state.env.has(name) && !SET_PER_FILE.has(name)) Reflect.deleteProperty(process.env, name);
  }
  for (const [name, value] of state.env) process.env[name] = value;
  if (workingDirectory() !== state.cwd) {
    try {
      process.chdir(state.cwd);
    } catch {
      // A worker thread cannot change directory; the next copy reports the difference.
    }
  }
  process.exitCode = state.exitCode;
  if (state.umask !== undefined && currentUmask() !== state.umask) {
    try {
      process.umask(state.umask);
    } catch {
      // A worker thread cannot set it; the next copy reports the difference.
    }
  }
  process.setMaxListeners(state.maxListeners);
  EventEmitter.defaultMaxListeners = state.defaultMaxListeners;
  restoreSharedObjects(state.shared);
}

/**
 * The process's umask, from `/proc/self/status` (Linux 4.7). `process.umask()` without an argument
 * would set it to 0 and back, and a file the suite's pending I/O creates meanwhile would get modes
 * it never asked for (Node deprecates that call for this reason).
 */
function currentUmask(): number | undefined {
  try {
    const line = /^Umask:\s*([0-7]+)$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    return line?.[1] === undefined ? undefined : Number.parseInt(line[1], 8);
  } catch {
    return undefined;
  }
}

/** The working directory, or a mark when it is gone (a suite deleted the folder it ran in). */
function workingDirectory(): string {
  try {
    return process.cwd();
  } catch {
    return '(deleted)';
  }
}
