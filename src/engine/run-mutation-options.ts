import type { PoolMode } from '../config/config-input.js';
import type { MutantResult, ShardInfo, TestInfo, Thresholds } from '../mutant/mutation-run.js';
import type { Mutator } from '../mutant/mutator.js';
import type { RuleName } from '../oracle/rule-name.js';
import type { Taxonomy } from '../taxonomy/taxonomy.js';
import type { RoundMutant } from './execute-rounds.js';
import type { PoolAsker } from './pool-asker.js';
import type { Reporter } from './reporter.js';

export interface RunMutationOptions {
  readonly root: string;
  readonly vitestConfig: string | null;
  readonly include: readonly string[] | null;
  readonly maxWorkers: number | null;
  /** Where the mutant rounds run (config `pool`). */
  readonly pool: PoolMode;
  /**
   * Who set `pool`: the command line (`--pool`) or, by default, the config.
   *
   * @internal
   */
  readonly poolAskedBy?: PoolAsker;
  readonly profile: string;
  readonly taxonomy: Taxonomy;
  readonly mutators: readonly Mutator[];
  readonly labels: ReadonlyMap<string, RuleName>;
  readonly canaries: readonly string[];
  readonly seed: number;
  readonly strict: boolean;
  readonly thresholds: Thresholds;
  /**
   * One mutant per vitest run, in the project's own pool whatever `pool` says: the reference
   * (docs/verdict-contract.md).
   */
  readonly isolate: boolean;
  /** Only these mutant ids (`--mutant`); empty means all. */
  readonly only: readonly string[];
  readonly timeoutMs: number;
  readonly timeoutFactor: number;
  /**
   * Told of the run as it goes (docs/design.md "Reporters"); `onRunComplete` is for whoever
   * reports the run, not called here.
   */
  readonly reporters?: readonly Reporter[];
  /** Aborting cancels the current round: its mutants and the rest stay `Pending`, the run incomplete. */
  readonly signal?: AbortSignal;
  /** `--shard i/n`: only the mutants of this shard (by id); every site is still recorded. */
  readonly shard?: ShardInfo;
  /**
   * `--incremental`: verdicts of a previous run that still hold; those mutants are not run.
   * `dependsOn`: per test file, the other files its run depends on (`../` outside the project's
   * folder).
   */
  readonly reuse?: (
    entries: readonly RoundMutant[],
    tests: readonly TestInfo[],
    dependsOn: ReadonlyMap<string, readonly string[]>,
  ) => Promise<ReadonlyMap<string, MutantResult>>;
}
