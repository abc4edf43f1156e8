import type { MutantResult, MutationRun } from '../mutant/mutation-run.js';
import type { PoolChoice } from './pool-choice.js';

/**
 * `discover`: the run that records every site and the tests that reach it; `files-alone`: where
 * test files can leave state for each other, a run of each file that hosts a site alone, without a
 * mutant (`assertFilesPassAlone`); `check-pool`: the
 * runs that decide whether rounds may run in vmForks (`choosePool`); `check-copies`: the run that
 * decides whether copies of one file may run side by side in the project's pool
 * (`checkProjectCopies`); `screen-reads`: where no check of a pool ran, a copy of each test file
 * that notes what the suite reads of its envelopes;
 * `track-reads`: a copy for each site whose mutants it may never read (`proveUnobservedMutants`).
 *
 * @internal
 */
export type RunPhase =
  'discover' | 'files-alone' | 'check-pool' | 'check-copies' | 'screen-reads' | 'track-reads';

/**
 * Which verdicts of rounds in vmForks are re-run in the project's pool: a sample
 * (`verdictsToConfirm`), or `all` of them after a re-run disagreed.
 *
 * @internal
 */
export type ConfirmScope = 'sample' | 'all';

/**
 * What a run tells as it goes and when it is done, Stryker-style: every hook is optional, so a
 * reporter implements only what it shows. `runMutation` calls the hooks up to
 * `onAllMutantsTested`, in this order; whoever writes the reports calls `onRunComplete` with
 * the run as reported (a shard's, a baseline's). The live progress on stderr and the summary on
 * stdout are the two reporters of `envelope-mutants run` (docs/design.md "Reporters").
 */
export interface Reporter {
  /** A phase before the rounds starts: each is a whole vitest run or two. */
  onPhase?(phase: RunPhase): void;
  /**
   * The suite declares `count` concurrent tests (`describe.concurrent`, `test.concurrent`, the
   * config's `sequence.concurrent`), which every run of the harness runs one at a time: told once,
   * after discovery, where there are any.
   */
  onConcurrentTests?(count: number): void;
  /**
   * The config runs hooks side by side (`sequence.hooks: 'parallel'`), which every run of the
   * harness runs one at a time: told once, after discovery.
   */
  onParallelHooks?(): void;
  /** Which vitest pool the rounds run in and why; told before `onRoundsStart`, again if that changes. */
  onPool?(choice: PoolChoice): void;
  /**
   * The rounds start: `total` mutants to test (those of a shard, less those reused). In `pool:
   * auto`, one whose copy did not finish in vmForks gets its first verdict in the project's pool,
   * through `onMutantConfirmed` only.
   */
  onRoundsStart?(total: number): void;
  /** Each verdict of the rounds, as it is reached. */
  onMutantTested?(result: MutantResult): void;
  /**
   * Of the `total` mutants to test, `count` were proven unobserved before the rounds: Survived
   * without a run (docs/design.md "Unobserved mutants"); each also reaches `onMutantTested`. A
   * proven mutant whose site only tests marked to fail reach is not counted: it reaches
   * `onMutantTested` as `Ignored`, as the report shows it.
   */
  onUnobserved?(count: number, total: number): void;
  /**
   * `count` mutants are about to run in the project's pool: verdicts of rounds in vmForks to
   * confirm, and among them `unfinished` that have none yet (their copy did not finish there).
   */
  onConfirmStart?(count: number, scope: ConfirmScope, unfinished: number): void;
  /** Each verdict of those runs in the project's pool, as it is reached. */
  onMutantConfirmed?(result: MutantResult): void;
  /** The pids of processes the suite left running after a vitest run, which were ended. */
  onLeakedProcesses?(pids: readonly number[]): void;
  /** Every verdict is in (or the run was interrupted): nothing more is tested. */
  onAllMutantsTested?(): void;
  /** The whole run, once, as it is reported. */
  onRunComplete?(run: MutationRun): void | Promise<void>;
}

/**
 * A reporter that answers every hook `runMutation` calls.
 *
 * @internal
 */
export type RunProgress = Required<Omit<Reporter, 'onRunComplete'>>;

/** One reporter that tells each of `reporters`, in order. */
export function allOf(reporters: readonly Reporter[]): RunProgress {
  return {
    onPhase: (phase) => {
      reporters.forEach((reporter) => reporter.onPhase?.(phase));
    },
    onConcurrentTests: (count) => {
      reporters.forEach((reporter) => reporter.onConcurrentTests?.(count));
    },
    onParallelHooks: () => {
      reporters.forEach((reporter) => reporter.onParallelHooks?.());
    },
    onPool: (choice) => {
      reporters.forEach((reporter) => reporter.onPool?.(choice));
    },
    onRoundsStart: (total) => {
      reporters.forEach((reporter) => reporter.onRoundsStart?.(total));
    },
    onMutantTested: (result) => {
      reporters.forEach((reporter) => reporter.onMutantTested?.(result));
    },
    onUnobserved: (count, total) => {
      reporters.forEach((reporter) => reporter.onUnobserved?.(count, total));
    },
    onConfirmStart: (count, scope, unfinished) => {
      reporters.forEach((reporter) => reporter.onConfirmStart?.(count, scope, unfinished));
    },
    onMutantConfirmed: (result) => {
      reporters.forEach((reporter) => reporter.onMutantConfirmed?.(result));
    },
    onLeakedProcesses: (pids) => {
      reporters.forEach((reporter) => reporter.onLeakedProcesses?.(pids));
    },
    onAllMutantsTested: () => {
      reporters.forEach((reporter) => reporter.onAllMutantsTested?.());
    },
  };
}
