// Timers a copy leaves behind. The copies of a vmForks worker run one after another in one
// process, so a timer a copy set and did not clear fires later in that process: while a later
// copy runs, or between two. The reference run of a mutant starts each test file in a process of
// its own, where no earlier file's timer is pending. What such a timer leaves that outlasts it (a
// changed `process.env`, a file named after the pid) the next copy's start finds
// (`process-state.ts`); what it does while a copy runs, that copy gives back as it ends, and only
// the timer's own copy could tell. So each copy's timers carry its number, and one that fires
// outside its copy says so.
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
  const holder = process as unknown as Record<symbol, WorkerTimers | undefined>;
  const worker = (holder[TIMERS] ??= { running: undefined, started: 0, fired: false });
  worker.started += 1;
  worker.running = worker.started;
  worker.fired = false;
  const timers = global as Record<PropertyKey, unknown>;
  const wrapped = timers[COPY] as { copy: number } | undefined;
  // A global seen before (a process that plays several copies in one realm, as the unit tests
  // do) is numbered again, not wrapped again.
  const context = wrapped ?? { copy: worker.started };
  context.copy = worker.started;
  if (wrapped === undefined) wrapTimers(timers, worker, context, files);
  const copy = context.copy;
  return {
    end: () => {
      const fired = worker.running === copy && worker.fired;
      if (worker.running === copy) worker.running = undefined;
      return fired ? 'a timer an earlier test file set fired while this one ran' : undefined;
    },
  };
}

/** Replaces the timers of `timers` with proxies whose callbacks know their copy. */
function wrapTimers(
  timers: Record<PropertyKey, unknown>,
  worker: WorkerTimers,
  context: { readonly copy: number },
  files: PidNamedFiles,
): void {
  const own = (callback: (...args: unknown[]) => unknown) =>
    function (this: unknown, ...args: unknown[]): unknown {
      if (worker.running === context.copy) return Reflect.apply(callback, this, args);
      if (worker.running !== undefined) worker.fired = true;
      const recording = files.recording;
      files.recording = true;
      try {
        return Reflect.apply(callback, this, args);
      } finally {
        files.recording = recording;
      }
    };
  for (const name of SETTING) {
    const original = timers[name];
    if (typeof original !== 'function') continue;
    // A proxy keeps the function's own members: `util.promisify(setTimeout)` reads
    // `util.promisify.custom` on it.
    timers[name] = new Proxy(original, {
      apply(target, self, args: unknown[]) {
        const [callback, ...rest] = args;
        // What Node refuses (a string, nothing) it refuses with its own error.
        if (typeof callback !== 'function') return Reflect.apply(target, self, args) as unknown;
        return Reflect.apply(target, self, [
          own(callback as (...a: unknown[]) => unknown),
          ...rest,
        ]) as unknown;
      },
    });
  }
  Object.defineProperty(timers, COPY, { value: context, enumerable: false });
}
