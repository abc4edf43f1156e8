// The port between the engine and the test runner that runs its rounds. The engine plans, judges
// and confirms through it and knows nothing of vitest; src/vitest-adapter/ implements it.
import type { TapPlan } from '../taps/tap-protocol.js';
import type { RoundOutcome } from './round-outcome.js';

/** How the project runs its test files, as vitest resolved its config (every project of it). */
export interface ProjectPool {
  /** The pool of every project (`forks`, `threads`, `vmForks`, …), or `mixed` where they differ. */
  readonly pool: string;
  /** vitest's `isolate` in every project: a fresh module graph for every test file. */
  readonly isolate: boolean;
  /** How many vitest projects (`test.projects`) the config defines. */
  readonly projects: number;
  /** A project runs in browser mode or type-checks: pools the harness must not replace. */
  readonly browserOrTypecheck: boolean;
  /** A project brings its own pool runner (a `pool` object, not a name). */
  readonly customPool: boolean;
  /** vitest runs this session's files in one worker (set so, or by default on a 2-core machine). */
  readonly oneWorker: boolean;
  /** The project or the harness asks for one file at a time (`maxWorkers: 1`, `fileParallelism: false`). */
  readonly oneWorkerConfigured: boolean;
  /**
   * A project has a `globalSetup`: what it starts (a server, a folder) every file and copy of a
   * run shares, and nothing reads or gives back what one of them left there for the others.
   */
  readonly globalSetup: boolean;
  /**
   * A project runs the hooks of a test or suite side by side (`sequence.hooks: 'parallel'`).
   * vitest holds hooks to `maxConcurrency` too, which every session sets to 1: here they run one
   * at a time, in their order.
   */
  readonly parallelHooks: boolean;
  /**
   * Where the projects' pools differ (`pool: 'mixed'`), how each project runs its files; absent
   * otherwise, where the fields above say it of every project.
   */
  readonly mixedPools?: readonly OneProjectPool[];
}

/** How one vitest project of a config with projects of different pools runs its test files. */
export interface OneProjectPool {
  /** The project's `name`. */
  readonly name: string;
  readonly pool: string;
  readonly isolate: boolean;
  /** vitest runs the project's files in one worker (set so, or by default on a 2-core machine). */
  readonly oneWorker: boolean;
}

/** Which tests a round runs: every test of the file (`'all'`) or only these ids. */
export type FileSelection = ReadonlyMap<string, readonly string[] | 'all'>;

/** What one vitest run told us (`null` when the watchdog had to abandon it). */
export interface SessionRun {
  readonly outcome: RoundOutcome | null;
  readonly timedOut: boolean;
}

/**
 * What the engine needs of a test runner: run test files with a tap plan, within a budget of silence,
 * and say what they said. The vitest adapter implements it (`openVitestSession`); unit tests fake it.
 */
export interface TestSession {
  /** Absolute paths of the project's test files. */
  testFiles(): Promise<readonly string[]>;
  /**
   * Runs `selection` with `plan`. Aborting `signal` (an interrupted run) cancels vitest's run at
   * once: what it says after that is not to be read.
   */
  run(
    plan: TapPlan,
    selection: FileSelection,
    budgetMs: number,
    signal?: AbortSignal,
  ): Promise<SessionRun>;
  close(): Promise<void>;
  /** How many times vitest ran tests. */
  readonly runs: () => number;
  /** The project's `testTimeout`: vitest's own limit for one test. */
  readonly testTimeoutMs: () => number;
  /** The pool vitest resolved for this session's root project (after our override, if any). */
  readonly projectPool: () => ProjectPool;
}

/**
 * Opens a session on the project's config: `'vmForks'` overrides its pool, `null` keeps it;
 * `maxWorkers` overrides the run's own (`concurrency`).
 */
export type OpenSession = (pool: 'vmForks' | null, maxWorkers?: number) => Promise<TestSession>;
