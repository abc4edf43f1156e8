// The engine's test session (src/engine/test-session.ts) on one vitest instance: discovery and
// every round go through it (docs/design.md "Data flow", step 4). Only src/vitest-adapter/
// imports vitest/node.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CancelReason } from 'vitest';
// Brings vitest's `test` member into vite's UserConfig, for the plugin's config hook below.
import type {} from 'vitest/config';
import type { Reporter, TestRunResult, TestSpecification, Vitest } from 'vitest/node';
import { encodeTapPayload, splitInstance, TAP_PLAN_KEY } from '../taps/tap-protocol.js';
import { LONGEST_TIMER_MS } from '../engine/longest-timer.js';
import type { RoundOutcome } from '../engine/round-outcome.js';
import type { FileSelection, TestSession } from '../engine/test-session.js';
import { isolatesEveryFile } from '../engine/isolates-every-file.js';
import { readRoundOutcome } from './read-round-outcome.js';
import { workerPreloadFile, tapSetupFile } from './tap-setup-file.js';
import { configLoadLogger } from './vitest-config-error.js';
import { copiesAsTheirFile } from './copies-as-their-file.js';
import { endGlobalSetups, startGlobalSetups, type GlobalSetupHolder } from './end-global-setups.js';
import { projectFilesWritten } from './project-files-written.js';
import { endLeakedProcesses, endWorkerProcesses } from './end-leaked-processes.js';
import { forgetCopies } from './forget-copies.js';
import { lateErrors, type WorkerHolder } from './late-errors.js';
import { orderFilesAfresh } from './order-files-afresh.js';
import { skipStackMapping } from './skip-stack-mapping.js';
import { snapshotPathOfFile } from './snapshot-path-of-file.js';
import { checkProjects } from './check-projects.js';
import { CLOSE_WAIT_MS, closeQuietly } from './close-quietly.js';
import { dropVitestSignalHandlers } from './drop-vitest-signal-handlers.js';
import { tapEveryProject } from './tap-every-project.js';
import { projectPoolOf, resolvedMaxWorkers } from './project-pool-of.js';

export interface VitestSessionOptions {
  readonly root: string;
  /** The project's vitest config file; `null` lets vitest look it up in `root`. */
  readonly configFile: string | null;
  readonly maxWorkers: number | null;
  /** Globs of test files; `null` keeps the project's `include`. */
  readonly include: readonly string[] | null;
  /** `'vmForks'` overrides the project's vitest pool; `null` keeps it. */
  readonly pool: 'vmForks' | null;
  /** The seed of vitest's shuffles (`sequence.shuffle`, `describe.shuffle`) if the project has none. */
  readonly seed: number;
  /** Told the pids the harness ended after a run: processes test files started and left running. */
  readonly onLeakedProcesses?: (pids: readonly number[]) => void;
}

/** Starts vitest with our setup file appended to the project's (a vite plugin merges arrays). */
export async function openVitestSession(options: VitestSessionOptions): Promise<TestSession> {
  const progress = { at: Date.now() };
  let vitest = await startVitest(options, progress);
  // Set once an interrupt cancelled a run: that vitest is closing in the background, and another
  // starts only if something runs after all.
  let closing = false;
  const live = async (): Promise<Vitest> => {
    if (closing) {
      vitest = await startVitest(options, progress);
      closing = false;
    }
    return vitest;
  };
  let runs = 0;
  return {
    runs: () => runs,
    // A hook (beforeAll connecting a client) may run up to hookTimeout before it fails, in any
    // of the projects.
    testTimeoutMs: () =>
      Math.max(
        ...[vitest.config, ...vitest.projects.map((project) => project.config)].flatMap(
          (config) => [config.testTimeout, config.hookTimeout],
        ),
      ),
    projectPool: () => projectPoolOf(vitest),
    async testFiles() {
      const specs = await (await live()).globTestSpecifications();
      return [...new Set(specs.map((spec) => spec.moduleId))];
    },
    async run(plan, selection, budgetMs, signal) {
      await live();
      runs += 1;
      vitest.provide(TAP_PLAN_KEY, encodeTapPayload(plan));
      const specs = specificationsFor(vitest, selection);
      const restoreEnv = await startGlobalSetups(projectsOf(vitest));
      // Asked of a discovery run (the files themselves, unmutated): whether the suite writes in
      // the project, where copies of a file side by side would share what it wrote.
      const written =
        plan.mode === 'record' && plan.instances === undefined
          ? projectFilesWritten(options.root)
          : undefined;
      const watched = await runWithWatchdog(vitest, specs, budgetMs, progress, signal);
      const { timedOut } = watched;
      const late =
        watched.result === null || timedOut
          ? undefined
          : await withLateErrors(vitest, watched.result);
      const result = late?.result ?? watched.result;
      const writtenFiles = written?.();
      // vitest answers with every module it ever ran: keep this run's, or stale results leak in.
      const fresh =
        result === null
          ? null
          : { ...result, testModules: result.testModules.filter((m) => selection.has(m.moduleId)) };
      const read =
        fresh === null
          ? null
          : readRoundOutcome(options.root, fresh, plan.testIdPrefixes, {
              ignoresUnhandledErrors: vitest.config.dangerouslyIgnoreUnhandledErrors,
              dependencies: plan.mode === 'record',
              filesOwnTheirErrors:
                options.pool === null && isolatesEveryFile(projectPoolOf(vitest)),
            });
      const outcome =
        read === null || writtenFiles === undefined ? read : { ...read, writtenFiles };
      await endLeftovers(outcome, options);
      // A run the watchdog cancelled may still report; its vitest is replaced below anyway.
      if (!timedOut) forgetCopies(vitest.state, selection.keys());
      // vitest reports failing tests through process.exitCode; failures are our data, not ours to exit on.
      process.exitCode = undefined;
      if (!timedOut && late?.settled !== false) {
        // The next run sets the projects' globalSetup up again, as the project's own `vitest run`
        // does.
        const waitMs = Math.max(vitest.config.teardownTimeout, TEARDOWN_WAIT_MS);
        await endGlobalSetups(projectsOf(vitest), waitMs);
        restoreEnv();
      } else {
        // A cancelled run may leave a worker spinning, and a worker that did not stop leaves the
        // pool closing (`lateErrors`): start afresh rather than trust it. Its
        // global setup is torn down by the close, within closeQuietly's bound, not waited for
        // here: a teardown can wait on that very worker (a server closing waits for its sockets).
        if (signal?.aborted === true) {
          // Interrupted: the harness is stopping. The global setups' teardowns (a server, a
          // container) run here, as the close would run them and within its bound, and
          // process.env is put back after them; the pool, whose workers vitest's cancel lets
          // finish the tests in flight (seconds for a round of a hundred copies), closes in the
          // background, and the process exits once its reports are written, as `vitest run`
          // exits on Ctrl-C.
          // Its workers go first, with what their tests started: nothing they would say is kept,
          // and one busy in a test that never yields would outlive the harness.
          endWorkerProcesses();
          await endGlobalSetups(projectsOf(vitest), CLOSE_WAIT_MS).catch(() => undefined);
          restoreEnv();
          void closeQuietly(vitest);
          closing = true;
        } else {
          await closeQuietly(vitest);
          restoreEnv();
          vitest = await startVitest(options, progress);
        }
      }
      return { outcome, timedOut };
    },
    async close() {
      if (!closing) await closeQuietly(vitest);
      process.exitCode = undefined;
    },
  };
}

/**
 * The run's result with the errors its workers reported as they stopped (`lateErrors`), and
 * whether they all stopped.
 */
async function withLateErrors(
  vitest: Vitest,
  result: TestRunResult,
): Promise<{ result: TestRunResult; settled: boolean }> {
  // Closing vitest's pool also closes its browser pool and stops its typecheckers, and vitest
  // keeps using that closed browser pool in the next run: there the errors stay where they fall.
  if (projectPoolOf(vitest).browserOrTypecheck) return { result, settled: true };
  const holder = vitest as unknown as WorkerHolder;
  const late = await lateErrors(holder, result.unhandledErrors, vitest.config.teardownTimeout);
  if (late.errors.length === 0) return { result, settled: late.settled };
  const unhandledErrors = [
    ...result.unhandledErrors,
    ...late.errors,
  ] as TestRunResult['unhandledErrors'];
  return { result: { ...result, unhandledErrors }, settled: late.settled };
}

/**
 * How long a global setup's teardown may take before the run is refused; `vitest run` waits for
 * it without a limit, and vitest's own `teardownTimeout` (10 s) only bounds its exit.
 */
const TEARDOWN_WAIT_MS = 60_000;

/** When a test, hook or file last ended: the watchdog measures silence, not the whole run. */
interface Progress {
  at: number;
}

async function startVitest(options: VitestSessionOptions, progress: Progress): Promise<Vitest> {
  const setupFile = tapSetupFile();
  const execArgv = workerPreload(options);
  const dropSignalHandlers = dropVitestSignalHandlers();
  // Loaded when a session opens, not when the CLI starts: vitest/node (vite, rolldown) is a quarter
  // of a second that `mutators`, `diff`, `merge` and every refused flag never need.
  const { createVitest } = await import('vitest/node');
  testEnvironment();
  const creating = createVitest(
    'test',
    {
      // Run in the project's folder, vitest is given no root, as `vitest run` there is not: a
      // `root` in its config then counts (`root: './pkg'`), as it does for the project's own
      // runs. Elsewhere the root is --root's, as `vitest run --root` replaces the config's.
      ...(path.resolve(options.root) === process.cwd() ? {} : { root: options.root }),
      ...(options.configFile === null ? {} : { config: options.configFile }),
      ...maxWorkersOf(options),
      ...(options.include === null ? {} : { include: [...options.include] }),
      ...(options.pool === null ? {} : { pool: options.pool }),
      watch: false,
      // Concurrent tests (`describe.concurrent`) one at a time: vitest knows which test is
      // running only between awaits, so a tap reached after an await in a concurrent test could
      // be filed under its neighbour. Same verdicts on every run beat the overlap.
      maxConcurrency: 1,
      // Snapshots are read, never written: a run under a mutant must not record the mutant's
      // envelope in the project's `__snapshots__` (or its test files, for inline snapshots), where
      // the next run, and the project's own, would compare against it. `CI=true vitest run` does
      // the same, so a verdict is the one the CI gate sees, on any machine.
      update: 'none',
      // Every test runs, whatever the project's `bail`: a copy's failure must not cancel the other
      // copies of its round, nor a mutant's first failure the rest of its file. A bailing run is
      // red exactly when a test failed, so the verdict is the one `bail` would give.
      bail: 0,
      // vitest keeps each file's last result and duration in the project's
      // `node_modules/.vite/vitest/`, rewritten after every run. Copies would add an entry each,
      // and mutants' failures would move the project's own files to the front of its next run.
      cache: false,
      // A reporter that says nothing to our user (the test output of hundreds of rounds is
      // noise); it tells the watchdog the run is still moving.
      reporters: [progressReporter(progress)],
      coverage: { enabled: false },
    },
    {
      customLogger: configLoadLogger(),
      plugins: [
        {
          name: 'envelope-mutants:taps',
          config: (config) => ({
            test: {
              setupFiles: [setupFile],
              // Appended to the project's own execArgv, as setupFiles are.
              ...(execArgv.length === 0 ? {} : { execArgv }),
              resolveSnapshotPath: snapshotPathOfFile(config.test?.resolveSnapshotPath),
              // Here, merged into the root's own `sequence`, not among the options above: vitest
              // hands those to every project of `test.projects` in place of the project's own
              // `sequence`, whose `groupOrder` it needs. The workers read the root's.
              sequence: {
                // Setup files in their order, the taps' first, whatever the project's
                // `sequence.setupFiles`: run in parallel, a project's setup file could tap before
                // the taps' state is installed, and its envelopes and hooks would interleave with
                // the taps' each run its own way, so a site's ordinal, and the verdict under it,
                // would change between runs. One order is one of the orders a parallel start allows.
                setupFiles: 'list',
                // Without a seed vitest draws one (`Date.now()`) for each vitest it starts under
                // `sequence.shuffle`, and for each file a `describe.shuffle` runs, so the discovery
                // run, the rounds and the confirmations would order a shuffled file each its own
                // way, and an order-dependent test with it. One seed, one order for all.
                ...(config.test?.sequence?.seed === undefined ? { seed: options.seed } : {}),
              },
            },
          }),
        },
        copiesAsTheirFile(),
      ],
    },
  );
  // At once: a signal while a session starts (the config loading, a restart after a watchdog)
  // reaches the run's own handling, which writes the partial report, and not vitest's exit.
  dropSignalHandlers();
  const vitest = await creating;
  await vitest.standalone();
  tapEveryProject(vitest, { setupFile, execArgv });
  await checkProjects(vitest, options.include);
  skipStackMapping(vitest);
  orderFilesAfresh(vitest);
  dropSignalHandlers();
  return vitest;
}

/**
 * What the workers of the session load before vitest: the module code cache, in the vmForks pool
 * the harness chose for the rounds only. The project's own pool runs as the project runs it.
 */
function workerPreload(options: VitestSessionOptions): string[] {
  const file = options.pool === 'vmForks' ? workerPreloadFile() : null;
  return file === null ? [] : ['--import', pathToFileURL(file).href];
}

/** Ends what the run's test files started and left running (their whole process trees). */
async function endLeftovers(
  outcome: RoundOutcome | null,
  options: VitestSessionOptions,
): Promise<void> {
  const outcomes = outcome === null ? [] : [outcome, ...(outcome.instances?.values() ?? [])];
  const spawned = outcomes.flatMap((each) =>
    [...each.files.values()].flatMap((file) => file.report?.spawned ?? []),
  );
  if (spawned.length === 0) return;
  const ended = await endLeakedProcesses(spawned);
  if (ended.length > 0) options.onLeakedProcesses?.(ended);
}

function progressReporter(progress: Progress): Reporter {
  const moved = (): void => {
    progress.at = Date.now();
  };
  return {
    onTestRunStart: moved,
    onTestModuleCollected: moved,
    onTestCaseResult: moved,
    onHookEnd: moved,
    onTestModuleEnd: moved,
  };
}

/**
 * The session's `maxWorkers`. vitest runs its vm pools with `isolate: false`, and then hands a
 * single worker every file of a run at once, to run in ONE VM context: the files of a round (or
 * the copies of a file) would share their globals and modules. With two workers or more vitest
 * hands over each file on its own, in a VM context of its own, as the rounds need. The pool
 * check declines vmForks for a project that asks for one worker (`unfitForVmForks`).
 */
function maxWorkersOf(options: VitestSessionOptions): { maxWorkers?: number } {
  if (options.pool === 'vmForks')
    return { maxWorkers: Math.max(2, resolvedMaxWorkers(options.maxWorkers ?? undefined)) };
  return options.maxWorkers === null ? {} : { maxWorkers: options.maxWorkers };
}

function specificationsFor(vitest: Vitest, selection: FileSelection): TestSpecification[] {
  return [...selection].flatMap(([moduleId, tests]) => {
    // A workspace may hold a file in several projects: run it in each, as discovery did. A copy
    // of a file (an instanced round) runs where the file does.
    const known = vitest.getModuleSpecifications(splitInstance(moduleId).moduleId);
    const projects =
      known.length === 0 ? [vitest.getRootProject()] : known.map((spec) => spec.project);
    return projects.map((project) =>
      tests === 'all'
        ? project.createSpecification(moduleId)
        : project.createSpecification(moduleId, { testIds: [...tests] }),
    );
  });
}

/**
 * Runs `specs`; cancels the run when the watchdog fires, or at once when `signal` aborts (an
 * interrupted harness: the rest of a round of a hundred copies can take a minute, and what it
 * says would not be kept). Either is `timedOut`: the session then replaces the vitest whose
 * workers may still be running.
 */
async function runWithWatchdog(
  vitest: Vitest,
  specs: TestSpecification[],
  budgetMs: number,
  progress: Progress,
  signal: AbortSignal | undefined,
): Promise<{ result: TestRunResult | null; timedOut: boolean }> {
  progress.at = Date.now();
  const running = vitest.runTestSpecifications(specs);
  let timer: NodeJS.Timeout | undefined;
  // Fires after `budgetMs` in which no test, hook or file ended: a run that keeps moving is not
  // hung, however long it takes (every test of a file may time out in turn, as in vitest run).
  const expired = new Promise<'expired'>((resolve) => {
    // A budget past the longest timer (a project's huge testTimeout) is checked again in steps.
    const check = (): void => {
      const silent = Date.now() - progress.at;
      if (silent >= budgetMs) resolve('expired');
      else timer = setTimeout(check, Math.min(budgetMs - silent, LONGEST_TIMER_MS));
    };
    timer = setTimeout(check, Math.min(budgetMs, LONGEST_TIMER_MS));
  });
  let onAbort: (() => void) | undefined;
  const interrupted = new Promise<'interrupted'>((resolve) => {
    onAbort = () => {
      resolve('interrupted');
    };
    if (signal?.aborted === true) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
  // A run that rejects (a globalSetup that throws) must not leave the timer holding the process.
  let first: TestRunResult | 'expired' | 'interrupted';
  try {
    first = await Promise.race([running, expired, interrupted]);
  } finally {
    clearTimeout(timer);
    if (onAbort !== undefined) signal?.removeEventListener('abort', onAbort);
  }
  if (first !== 'expired' && first !== 'interrupted') return { result: first, timedOut: false };
  // CancelReason admits any string, but only through its branded type.
  const reason = first === 'expired' ? 'envelope-mutants: round timeout' : 'keyboard-input';
  // Not awaited: cancelling waits for the running tests, and a spinning test never ends.
  void vitest.cancelCurrentRun(reason as CancelReason);
  const settled = await Promise.race([running.catch(() => null), delay(500).then(() => null)]);
  return { result: settled, timedOut: true };
}

/**
 * Every project of the session, the root one last if vitest does not list it (it runs the
 * config's globalSetup), in the order vitest's own close holds them.
 */
function projectsOf(vitest: Vitest): GlobalSetupHolder[] {
  const root = vitest.getRootProject();
  const projects = vitest.projects.includes(root) ? vitest.projects : [...vitest.projects, root];
  return projects as unknown as GlobalSetupHolder[];
}

/**
 * A timer that holds the process: a cancelled run whose workers all died may hold nothing else,
 * and the process would end, exit code 0, while the command still waits.
 */
function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * The variables `vitest run` sets in its own process before it creates its vitest (its
 * `prepareVitest`; `createVitest` does not): `TEST`, `VITEST`, and `NODE_ENV` unless set. The
 * config file is evaluated with them, and the test workers inherit them; without them vite makes
 * `NODE_ENV` `development`, and a suite whose code reads it would run otherwise than in the
 * project's own run, in every mode.
 */
function testEnvironment(): void {
  process.env['TEST'] = 'true';
  process.env['VITEST'] = 'true';
  process.env['NODE_ENV'] ??= 'test';
}
