// Timers a copy leaves behind. The copies of a vmForks worker run one after another in one
// process, so a timer a copy set and did not clear fires later in that process: while a later
// copy runs, or between two. The reference run of a mutant starts each test file in a process of
// its own, where no earlier file's timer is pending. What such a timer leaves that outlasts it (a
// changed `process.env`, a file named after the pid) the next copy's start finds
// (`process-state.ts`); what it does while a copy runs, that copy gives back as it ends, and only
// the timer's own copy could tell. So each copy's timers carry its number, and one that fires
// outside its copy says so.
import { syncBuiltinESMExports } from 'node:module';
import type { PidNamedFiles } from './pid-named-files.js';

/** On `process`: which copy of the worker runs now, and whether an earlier one's timer fired. */
const TIMERS = Symbol.for('envelope-mutants.copy-timers');

/** On a context's global object, once its timers are wrapped: the number of its copy. */
const COPY = Symbol.for('envelope-mutants.copy-of-context');

interface WorkerTimers {
  /** The number of the copy running now; undefined between copies. */
  running: number | undefined;
  /** How many copies started in the worker. */
  started: number;
  /** Whether a timer of an earlier copy fired while the running one ran. */
  fired: boolean;
  /** The copy whose timer's callback is running now, where that copy has ended. */
  within: number | undefined;
  /** Whether `node:timers` and `node:timers/promises` are wrapped (`watchTimerModules`). */
  modules: boolean;
}

/** The timers of a context, in its global object: what vitest hands each VM context of Node's. */
const SETTING = ['setTimeout', 'setInterval', 'setImmediate'] as const;

/** The copy's side of the watch: whether an earlier copy's timer fired while it ran. */
export interface CopyTimers {
  /**
   * Called as the copy ends: what an earlier copy's timer did while this one ran, as a report
   * names it, or undefined. Later fires count for no copy.
   */
  end(): string | undefined;
}

/**
 * Called as a copy starts, in its VM context: numbers the copy and wraps the timers of `global`
 * (the context's own `setTimeout`, `setInterval` and `setImmediate`; vitest's runtime took its
 * own before any setup file ran) so that each callback knows its copy. While a callback of an
 * earlier copy runs, the files it names after the pid are noted in `files` as a copy's would be.
 */
export function watchCopyTimers(global: object, files: PidNamedFiles): CopyTimers {
  const worker = workerTimers();
  worker.started += 1;
  worker.running = worker.started;
  worker.fired = false;
  const timers = global as Record<PropertyKey, unknown>;
  const wrapped = timers[COPY] as { copy: number } | undefined;
  // A global seen before (a process that plays several copies in one realm, as the unit tests
  // do) is numbered again, not wrapped again.
  const context = wrapped ?? { copy: worker.started };
  context.copy = worker.started;
  if (wrapped === undefined) {
    wrapSetters(timers, () => context.copy, worker, files);
    Object.defineProperty(timers, COPY, { value: context, enumerable: false });
  }
  const copy = context.copy;
  return {
    end: () => {
      const fired = worker.running === copy && worker.fired;
      if (worker.running === copy) worker.running = undefined;
      return fired ? 'a timer an earlier test file set fired while this one ran' : undefined;
    },
  };
}

/**
 * Wraps the timers of `timers` (`node:timers`) and `promises` (`node:timers/promises`), once per
 * process, before vitest loads: a copy that imports them gets the worker's modules, shared by
 * every copy, and its named imports are the functions the worker's first import found
 * (`pid-named-files.ts`). A timer set there belongs to the copy running as it is set, or to the
 * copy whose callback sets it; one a promise of `node:timers/promises` waits on marks the running
 * copy if it settles while another copy runs (the code after its `await` is that other copy's).
 */
export function watchTimerModules(timers: object, promises: object, files: PidNamedFiles): void {
  const worker = workerTimers();
  if (worker.modules) return;
  worker.modules = true;
  const ownerNow = (): number | undefined => worker.within ?? worker.running;
  wrapSetters(timers as Record<PropertyKey, unknown>, ownerNow, worker, files);
  const waiting = promises as Record<PropertyKey, unknown>;
  for (const name of ['setTimeout', 'setImmediate']) {
    const original = waiting[name];
    if (typeof original !== 'function') continue;
    waiting[name] = new Proxy(original, {
      apply(target, self, args: unknown[]) {
        const owner = ownerNow();
        const settles = Reflect.apply(target, self, args) as unknown;
        if (owner === undefined || !(settles instanceof Promise)) return settles;
        return settles.then((value: unknown) => {
          if (worker.running !== owner && worker.running !== undefined) worker.fired = true;
          return value;
        });
      },
    });
  }
  syncBuiltinESMExports();
}

function workerTimers(): WorkerTimers {
  const holder = process as unknown as Record<symbol, WorkerTimers | undefined>;
  return (holder[TIMERS] ??= {
    running: undefined,
    started: 0,
    fired: false,
    within: undefined,
    modules: false,
  });
}

/**
 * Replaces the timers of `timers` with proxies whose callbacks know their copy (`ownerOf()` as
 * each is set; undefined leaves it as it is).
 */
function wrapSetters(
  timers: Record<PropertyKey, unknown>,
  ownerOf: () => number | undefined,
  worker: WorkerTimers,
  files: PidNamedFiles,
): void {
  for (const name of SETTING) {
    const original = timers[name];
    if (typeof original !== 'function') continue;
    // A proxy keeps the function's own members: `util.promisify(setTimeout)` reads
    // `util.promisify.custom` on it.
    timers[name] = new Proxy(original, {
      apply(target, self, args: unknown[]) {
        const [callback, ...rest] = args;
        const owner = ownerOf();
        // What Node refuses (a string, nothing) it refuses with its own error.
        if (typeof callback !== 'function' || owner === undefined)
          return Reflect.apply(target, self, args) as unknown;
        const own = function (this: unknown, ...given: unknown[]): unknown {
          return callAs(owner, worker, files, () => Reflect.apply(callback, this, given));
        };
        return Reflect.apply(target, self, [own, ...rest]) as unknown;
      },
    });
  }
}

/**
 * Runs a callback of copy `owner`. One that runs while another copy runs marks that copy; while
 * one runs after its copy ended, the files it names after the pid are noted as a copy's are, and
 * the timers it sets are its copy's.
 */
function callAs(
  owner: number,
  worker: WorkerTimers,
  files: PidNamedFiles,
  call: () => unknown,
): unknown {
  if (worker.running === owner) return call();
  if (worker.running !== undefined) worker.fired = true;
  const { recording } = files;
  const within = worker.within;
  files.recording = true;
  worker.within = owner;
  try {
    return call();
  } finally {
    files.recording = recording;
    worker.within = within;
  }
}
