// Timers a copy leaves behind. The copies of a vmForks worker run one after another in one
// process, so a timer a copy set and did not clear fires later in that process: while a later
// copy runs, or between two. The reference run of a mutant starts each test file in a process of
// its own, where no earlier file's timer is pending. What such a timer leaves that outlasts it (a
// changed `process.env`, a file named after the pid) the next copy's start finds
// (`process-state.ts`); what it changes while a copy runs, that copy gives back as it ends, and
// no start sees it. So each copy's timers carry its number, and one that changes the process
// while another copy runs says so. Most such timers change nothing: the SDK's
// `StdioClientTransport.close()` leaves a two-second timer whose callback resolves a race that
// is already over, and a copy that ran beside it ran as its reference run does.
import { syncBuiltinESMExports } from 'node:module';
import type { PidNamedFiles } from './pid-named-files.js';

/** On `process`: which copy of the worker runs now, and what its earlier copies' timers did. */
const TIMERS = Symbol.for('envelope-mutants.copy-timers');

/** On a context's global object, once its timers are wrapped: the number of its copy. */
const COPY = Symbol.for('envelope-mutants.copy-of-context');

/**
 * Reads what a later copy could find changed of the process (`process-state.ts`), and returns
 * whether it changed since.
 */
export type ProcessChanges = () => () => boolean;

interface WorkerTimers {
  /** The number of the copy running now; undefined between copies. */
  running: number | undefined;
  /** How many copies started in the worker. */
  started: number;
  /** Whether a callback of an earlier copy changed the process while the running one ran. */
  changed: boolean;
  /** The copy whose timer's callback is running now, where that copy has ended. */
  within: number | undefined;
  /** Whether `node:timers` and `node:timers/promises` are wrapped (`watchTimerModules`). */
  modules: boolean;
  /** What `watchCopyTimers` was given; the wraps of `watchTimerModules` read it too. */
  changes: ProcessChanges | undefined;
  files: PidNamedFiles | undefined;
  /** The checks of late callbacks that wait for their promise reactions (`checkLate`). */
  readonly pending: Set<() => void>;
}

/** The timers of a context, in its global object: what vitest hands each VM context of Node's. */
const SETTING = ['setTimeout', 'setInterval', 'setImmediate'] as const;

/**
 * The worker's own `setImmediate`, as this module found it: it runs the check after a late
 * callback, once the promise reactions it started have run. (In a copy's VM context this module
 * loads before the context's timers are wrapped.)
 */
const afterReactions = globalThis.setImmediate;

/** The copy's side of the watch: whether an earlier copy's timer changed the process. */
export interface CopyTimers {
  /**
   * Called as the copy ends: what an earlier copy's timer did while this one ran, as a report
   * names it, or undefined. Later changes count for no copy.
   */
  end(): string | undefined;
}

/**
 * Called as a copy starts, in its VM context: numbers the copy and wraps the timers of `global`
 * (the context's own `setTimeout`, `setInterval` and `setImmediate`; vitest's runtime took its
 * own before any setup file ran) so that each callback knows its copy. A callback of an earlier
 * copy that runs while this one runs is checked against `changes`; while one runs, the files it
 * names after the pid are noted in `files` as a copy's would be.
 */
export function watchCopyTimers(
  global: object,
  files: PidNamedFiles,
  changes: ProcessChanges,
): CopyTimers {
  const worker = workerTimers();
  worker.started += 1;
  worker.running = worker.started;
  worker.changed = false;
  worker.changes = changes;
  worker.files = files;
  const timers = global as Record<PropertyKey, unknown>;
  const wrapped = timers[COPY] as { copy: number } | undefined;
  // A global seen before (a process that plays several copies in one realm, as the unit tests
  // do) is numbered again, not wrapped again.
  const context = wrapped ?? { copy: worker.started };
  context.copy = worker.started;
  if (wrapped === undefined) {
    wrapSetters(timers, () => context.copy, worker);
    Object.defineProperty(timers, COPY, { value: context, enumerable: false });
  }
  const copy = context.copy;
  return {
    end: () => {
      // A late callback's check still waiting: the copy is over, so what it changed is known.
      for (const check of worker.pending) check();
      const changed = worker.running === copy && worker.changed;
      if (worker.running === copy) worker.running = undefined;
      return changed
        ? 'a timer an earlier test file set changed the process while this one ran'
        : undefined;
    },
  };
}

/**
 * Wraps the timers of `timers` (`node:timers`) and `promises` (`node:timers/promises`), once per
 * process, before vitest loads: a copy that imports them gets the worker's modules, shared by
 * every copy, and its named imports are the functions the worker's first import found
 * (`pid-named-files.ts`). A timer set there belongs to the copy running as it is set, or to the
 * copy whose callback sets it; a promise of `node:timers/promises` that settles while another
 * copy runs is checked as a late callback is, since what follows its `await` runs there.
 */
export function watchTimerModules(timers: object, promises: object): void {
  const worker = workerTimers();
  if (worker.modules) return;
  worker.modules = true;
  const ownerNow = (): number | undefined => worker.within ?? worker.running;
  wrapSetters(timers as Record<PropertyKey, unknown>, ownerNow, worker);
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
          if (worker.running !== owner) checkLate(worker)?.();
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
    changed: false,
    within: undefined,
    modules: false,
    changes: undefined,
    files: undefined,
    pending: new Set(),
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
          return callAs(owner, worker, () => Reflect.apply(callback, this, given));
        };
        return Reflect.apply(target, self, [own, ...rest]) as unknown;
      },
    });
  }
}

/**
 * Runs a callback of copy `owner`. One that runs after its copy ended is checked for what it
 * changes while another copy runs (`checkLate`); while it runs, the files it names after the pid
 * are noted as a copy's are, and the timers it sets are its copy's.
 */
function callAs(owner: number, worker: WorkerTimers, call: () => unknown): unknown {
  if (worker.running === owner) return call();
  const files = worker.files;
  const check = checkLate(worker);
  const recording = files?.recording;
  const within = worker.within;
  if (files !== undefined) files.recording = true;
  worker.within = owner;
  try {
    return call();
  } finally {
    if (files !== undefined && recording !== undefined) files.recording = recording;
    worker.within = within;
    check?.();
  }
}

/**
 * Starts the check of a late callback, or of what follows a late wait, while a copy runs: reads
 * the process and the files noted so far, and once the promise reactions the callback started
 * have run, or the copy ends before that (a test that fails at once on what the callback
 * changed), marks the copy if either changed. Returns nothing between copies: what outlasts the
 * callback, the next copy's start finds.
 */
function checkLate(worker: WorkerTimers): (() => void) | undefined {
  const running = worker.running;
  const changes = worker.changes;
  if (running === undefined || changes === undefined) return undefined;
  const changed = changes();
  const noted = worker.files?.paths.size ?? 0;
  const done = (): void => {
    if (!worker.pending.delete(done)) return;
    const made = (worker.files?.paths.size ?? 0) > noted;
    if (worker.running === running && (made || changed())) worker.changed = true;
  };
  return () => {
    worker.pending.add(done);
    afterReactions(done);
  };
}
