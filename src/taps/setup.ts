// The setup file the runner puts before the project's own setupFiles. It runs in every test worker,
// before each test file: it installs the tap state for the round's plan and sends what the taps saw
// back to the runner through `task.meta` (test-level, and the file's for file-level sites).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import processConsole, { Console } from 'node:console';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import util from 'node:util';
import v8 from 'node:v8';
import { BroadcastChannel, MessagePort } from 'node:worker_threads';
import { aroundAll, beforeEach, expect, inject, TestRunner } from 'vitest';
import {
  canonicalTestId,
  decodeTapPlan,
  encodeTapPayload,
  splitInstance,
  TAP_META_KEY,
  TAP_PLAN_KEY,
} from './tap-protocol.js';
import type { TapReport } from './tap-protocol.js';
import {
  activeTapState,
  AFTER_FINISHED,
  BEFORE_HOOKS,
  installTapState,
  joinLogs,
  makeOpaque,
  newScopeLog,
  readLogsOf,
  toTapReport,
  withEarlierAttempts,
  type ScopeLog,
  type Tracking,
} from './tap-state.js';
import { markFormatted } from './track-reads.js';
import { oncePerTurn } from './once-per-turn.js';
import { processWatchOfWorker } from './process-state.js';
import { THIS_REALM } from './shared-objects.js';
import { watchSpawns } from './watch-spawns.js';

/**
 * On `process` once a worker's `node:util` and structured clones are guarded (`guardOfWorker`):
 * the tracked copies running in the worker, so that the guards cost the other copies nothing.
 */
const WORKER_GUARD = Symbol.for('envelope-mutants.worker-guard');

/** The methods of a console that format their arguments with `util.inspect`. */
const FORMATTING = ['log', 'info', 'warn', 'error', 'debug', 'trace', 'dir', 'table'];

const plan = decodeTapPlan(inject(TAP_PLAN_KEY));

// Without a plan this file was loaded by a plain vitest run: taps stay the identity.
if (plan !== undefined) {
  // A copy of the file in an instanced round (`file?envelope-mutant=<tag>`) applies its own
  // mutations and names its tests and sites as the file itself does.
  const { moduleId, tag } = splitInstance(expect.getState().testPath ?? '');
  const file = path.relative(plan.root, moduleId).split(path.sep).join('/');
  const prefix = tag === undefined ? undefined : plan.testIdPrefixes?.[file];
  const own = tag === undefined ? plan : { ...plan, mutations: plan.instances?.[tag] ?? {} };
  const idOf = (id: string): string => canonicalTestId(id, prefix);
  const tracked = tag === undefined ? undefined : plan.tracked?.[tag];
  // The harness's guards of `node:util` and `node:v8` and its watch of
  // `ChildProcess.prototype.spawn` are in place before a copy reads its process, so every copy of
  // the worker finds them there and none gives them back.
  const workerGuard = tag === undefined ? undefined : guardOfWorker();
  watchSpawns((spawned) => activeTapState()?.spawned.push(spawned));
  // A copy shares its worker's process with the copies before and after it; the reference run
  // of its mutant starts the file in a process of its own.
  const processWatch = tag === undefined ? undefined : processWatchOfWorker()(THIS_REALM);
  // vitest gives `expect.getState().testPath` from the module id it runs, the copy's: a suite
  // that finds a file beside its test (`${testPath}.json`) would miss it in every copy and in no
  // reference run. The copy's tests see the file's own path; the tag above was read first.
  if (tag !== undefined) expect.setState({ testPath: moduleId });
  // vitest gives an in-source test file (`includeSource`) its `import.meta.vitest` only while the
  // worker's current file is the module's own file, and a copy's is `file?envelope-mutant=<tag>`:
  // every copy of such a file found no test. Its copies run as the file, as its reference run
  // does. vitest then tags their unhandled errors with the file, which no copy of the round is,
  // so such an error stays the round's (split down to reference runs), never a copy's by mistake.
  if (tag !== undefined && isInSourceTestFile(moduleId)) runsAsTheFile(moduleId);
  const state = installTapState(
    own,
    file,
    () => {
      const id = TestRunner.getCurrentTest()?.id;
      return id === undefined ? undefined : idOf(id);
    },
    tracked,
  );
  if (state.tracking !== undefined) {
    guardStructuredClone(state.tracking);
    guardConsole();
  }
  if (state.tracking !== undefined) workerGuard?.running.add(state.tracking);
  // A file whose collection fails, or whose tests are all skipped, never runs the aroundAll hook
  // below, which writes the file's report: what its collection saw is said on the file's task
  // at once (a process carried over from an earlier copy) and as each site outside a test is
  // recorded (else those sites would vanish from the run, where the contract makes them
  // `NoCoverage`). vitest sends the task once the file is collected; the hook's report replaces
  // this one.
  const fileTask = TestRunner.getCurrentSuite().file;
  const carried = processWatch?.carried;
  const writeCollected = (): void => {
    writeMeta(fileTask.meta, {
      ...toTapReport(state.fileLog),
      ...(carried === undefined ? {} : { carried }),
    });
  };
  if (carried !== undefined) writeCollected();
  // Each write encodes every site the collection saw so far: one a burst keeps a file of many
  // module-level taps linear. vitest reads the task after its collection's awaits.
  state.onFileSite = oncePerTurn(writeCollected);

  // A test's taps go to the log its attempt's beforeEach opened, until the attempt's
  // onTestFinished below; before it, to the attempt's log of what it tapped first (its auto
  // fixtures, an aroundEach), numbered apart; after it, until the next attempt starts (vitest
  // counts a retry once the attempt's aroundEach ended), to a log no report holds. vitest counts
  // a repeat (`repeats`) only once the aroundEach bodies began, so what they, or the auto fixtures
  // they set up, tap before a repeat's runTest() goes to the last repeat's late log: not seen.
  const open = new Map<string, ScopeLog>();
  const early = new Map<string, { readonly attempt: string; readonly log: ScopeLog }>();
  const closed = new Map<string, { readonly attempt: string; readonly log: ScopeLog }>();
  state.testLog = (id) => {
    const log = open.get(id);
    if (log !== undefined) return log;
    const attempt = attemptOf(TestRunner.getCurrentTest());
    for (const phase of [closed.get(id), early.get(id)])
      if (phase?.attempt === attempt) return phase.log;
    const before = { attempt, log: newScopeLog(BEFORE_HOOKS) };
    early.set(id, before);
    return before.log;
  };
  // The logs of each test's finished attempts, all of them together (`withEarlierAttempts`).
  const finished = new Map<string, ScopeLog>();
  // What the taps saw is written once every hook of the test or file has run, whatever order
  // `sequence.hooks` gives them: a tap in an afterEach or afterAll of the suite is a site too.
  // vitest parses the first parameter of a hook as fixtures: it must be a destructuring pattern
  // (a suite with `test.extend` fixtures fails every test otherwise).
  beforeEach(({ task, onTestFinished }) => {
    // A retried test starts its ordinals again, so its keys match the discovery run's; what its
    // earlier attempts saw is kept (`withEarlierAttempts`).
    const id = idOf(task.id);
    const attempt = attemptOf(task);
    const before = early.get(id);
    early.delete(id);
    const earlier = finished.get(id);
    const log = newScopeLog();
    open.set(id, log);
    // vitest keeps every attempt's errors: the last attempt's start here.
    const errorsBefore = task.result?.errors?.length ?? 0;
    // After every afterEach hook, in any order: onTestFinished callbacks run last. (Not an
    // aroundEach: vitest would then set up the suite's auto fixtures before the test's hooks and
    // tear them down after its onTestFinished callbacks, not where the project's own run does.)
    onTestFinished(() => {
      open.delete(id);
      closed.set(id, { attempt: attemptOf(task), log: newScopeLog(AFTER_FINISHED) });
      const own = before?.attempt === attempt ? joinLogs(before.log, log) : log;
      const attempts = withEarlierAttempts(own, earlier);
      finished.set(id, attempts);
      const report = toTapReport(attempts);
      writeMeta(
        task.meta,
        errorsBefore > 0 ? { ...report, lastAttemptErrors: errorsBefore } : report,
      );
    });
  });

  // Around every beforeAll, test and afterAll of the file: registered first, it is the outermost
  // of the file's around hooks. vitest parses the second parameter of an around hook as fixtures:
  // it must be a destructuring pattern.
  aroundAll(async (runSuite, {}, suite) => {
    state.onFileSite = undefined;
    try {
      await runSuite();
    } finally {
      try {
        const reads = readLogsOf(state);
        if (state.tracking !== undefined) workerGuard?.running.delete(state.tracking);
        // Asked of every copy: the watch of its timers ends here.
        const disturbed = processWatch?.disturbed();
        const carried = processWatch?.carried ?? disturbed;
        writeMeta(suite.meta, {
          ...toTapReport(state.fileLog),
          spawned: state.spawned,
          ...(plan.mode === 'record' && tag === undefined ? { required: requiredFiles() } : {}),
          ...(reads === undefined ? {} : { reads }),
          ...(carried === undefined ? {} : { carried }),
        });
      } finally {
        processWatch?.restore();
      }
    }
  });
}

/**
 * A view is a proxy, which `structuredClone` refuses (DataCloneError) where the mutant's plain
 * envelope clones: a suite that catches that error could go on differently than the mutant's run
 * would. So in a tracked copy any error of `structuredClone` makes the site's log opaque.
 */
function guardStructuredClone(tracking: Tracking): void {
  const clone = globalThis.structuredClone;
  globalThis.structuredClone = (value, options) => {
    try {
      return clone(value, options);
    } catch (error) {
      makeOpaque(tracking, 'the suite passed an envelope to structuredClone');
      throw error;
    }
  };
}

/** The worker's guards: they look for views only while a tracked copy runs. */
interface WorkerGuard {
  readonly running: Set<Tracking>;
}

/**
 * `util.inspect` shows a proxy's target without a trap, so in a tracked copy every call of it,
 * of `util.format` and of the console's methods makes the logs of the views among its arguments
 * opaque (`markFormatted`). The console is the copy's own (`guardConsole`).
 */
function guardConsole(): void {
  guardFormatting(globalThis.console, () => true);
}

/** Wraps the formatting methods of a console so that, while `looking()`, they mark the views they get. */
function guardFormatting(console: object, looking: () => boolean): void {
  const methods = console as Record<string, unknown>;
  for (const name of FORMATTING) {
    const original = methods[name];
    if (typeof original !== 'function') continue;
    methods[name] = function (this: unknown, ...args: unknown[]) {
      if (looking()) markFormatted(args);
      return (original as (...values: unknown[]) => unknown).apply(this, args);
    };
  }
}

/**
 * `node:util` is the worker's, so its guard is installed once per worker process, by its first
 * copy, and looks only while a tracked copy runs there. So is `node:console`: a suite's own
 * `new Console(stream)` (a collector of log lines) formats with Node's inner `inspect`, which no
 * guard of `node:util` sees, so the methods of `Console.prototype` are guarded too (each instance
 * made after this binds them as they are then), and those of the process's own console.
 */
function guardOfWorker(): WorkerGuard {
  const holder = process as unknown as Record<symbol, WorkerGuard | undefined>;
  const installed = holder[WORKER_GUARD];
  if (installed !== undefined) return installed;
  const guard: WorkerGuard = { running: new Set() };
  holder[WORKER_GUARD] = guard;
  guardStructuredClones(guard);
  const formatters = util as unknown as Record<string, unknown>;
  for (const name of ['inspect', 'format', 'formatWithOptions']) {
    const original = formatters[name];
    if (typeof original !== 'function') continue;
    // A proxy of the function keeps its members (`inspect.custom`, `inspect.defaultOptions`).
    formatters[name] = new Proxy(original, {
      apply(target, self, args: unknown[]) {
        if (guard.running.size > 0) markFormatted(args);
        return Reflect.apply(target, self, args) as unknown;
      },
    });
  }
  // Neither is the copy's `console`, which vitest gives each test file: the process's own
  // (`import console from 'node:console'`) keeps the methods Node bound as it started.
  for (const console of [Console.prototype, processConsole])
    guardFormatting(console, () => guard.running.size > 0);
  // Named imports of node:util (`import { inspect } from 'node:util'`) see the guards too.
  syncBuiltinESMExports();
  return guard;
}

/**
 * Node's structured clones besides `structuredClone` (the copy's own, `guardStructuredClone`):
 * `postMessage` on a `MessagePort` (a `Worker`'s too) or a `BroadcastChannel`, and V8's
 * serializer (`v8.serialize`, a child process's `advanced` IPC). Each refuses a view, as it
 * refuses every proxy, where the mutant's plain envelope clones, and a suite that catches the
 * `DataCloneError` goes on otherwise than the mutant's run would, without a read. So a refusal
 * while a tracked copy runs makes its logs opaque: the mutant then runs. These are the worker's
 * own, guarded once per worker process; a clone that succeeds costs a `try`.
 */
function guardStructuredClones(guard: WorkerGuard): void {
  const cloners: [object, string][] = [
    [MessagePort.prototype, 'postMessage'],
    [BroadcastChannel.prototype, 'postMessage'],
    [v8.Serializer.prototype, 'writeValue'],
  ];
  for (const [owner, name] of cloners) {
    const prototype = owner as Record<string, unknown>;
    const original = prototype[name];
    if (typeof original !== 'function') continue;
    prototype[name] = function (this: unknown, ...args: unknown[]) {
      try {
        return (original as (...values: unknown[]) => unknown).apply(this, args);
      } catch (error) {
        for (const tracking of guard.running)
          makeOpaque(tracking, 'the suite passed an envelope to a structured clone');
        throw error;
      }
    };
  }
}

function writeMeta(meta: object, report: TapReport): void {
  // TaskMeta is an open interface of @vitest/runner; our member is documented in tap-protocol.ts.
  (meta as Record<string, unknown>)[TAP_META_KEY] = encodeTapPayload(report);
}

/**
 * Which attempt of its test a task is in: vitest counts a retry (`retry`) and a repeat
 * (`repeats`) in its result.
 */
function attemptOf(
  task:
    | { readonly result?: { readonly retryCount?: number; readonly repeatCount?: number } }
    | undefined,
): string {
  return `${task?.result?.retryCount ?? 0}/${task?.result?.repeatCount ?? 0}`;
}

/** vitest's own test of an in-source test file: its code names `import.meta.vitest`. */
function isInSourceTestFile(file: string): boolean {
  try {
    return readFileSync(file, 'utf8').includes('import.meta.vitest');
  } catch {
    return false;
  }
}

/**
 * Makes the worker's current file the test file itself, where vitest's module runner compares it
 * with a module's file (`import.meta.vitest`) and its mocker keys a file's `vi.mock` calls. The
 * worker state is a vitest internal (`__vitest_worker__`, 4.1), set on every context it runs a file in.
 */
function runsAsTheFile(file: string): void {
  const worker = (globalThis as { __vitest_worker__?: { filepath?: string } }).__vitest_worker__;
  if (worker !== undefined) worker.filepath = file;
}

/**
 * The files outside `node_modules` that a CommonJS test file or helper loaded with `require`
 * (vite sees none of it). Two caches can hold them: Node's own, where vitest hands a file Node's
 * `require` (threads, forks), and, in a vm pool, the cache of vitest's stand-in for `node:module`,
 * which is what this file's import of `node:module` resolves to in a vm context and which loads
 * the context's CommonJS files apart from Node's.
 */
function requiredFiles(): string[] {
  const caches = [createRequire(import.meta.url).cache];
  // Node's own `node:module` from a vm context: Node 20.16 and later.
  const node: Partial<Pick<NodeJS.Process, 'getBuiltinModule'>> = process;
  const nodeModule = node.getBuiltinModule?.('node:module');
  if (nodeModule !== undefined) caches.push(nodeModule.createRequire(import.meta.url).cache);
  const files = caches.flatMap((cache) => Object.keys(cache));
  return [...new Set(files)].filter(
    (file) => path.isAbsolute(file) && !file.split(path.sep).includes('node_modules'),
  );
}
