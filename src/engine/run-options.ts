import type { ResolvedConfig } from '../config/resolved-config.js';
import { selectMutators } from '../config/select-mutators.js';
import { ConfigError } from '../errors.js';
import type { RunMutationOptions } from './run-mutation-options.js';

/** A mutant id: the first 12 hex digits of a SHA-256 (docs/design.md "Generate"). */
const MUTANT_ID = /^[0-9a-f]{12}$/;

/** What only the command line says: not config keys. */
export interface RunFlags {
  readonly isolate: boolean;
  readonly only: readonly string[];
  /** `--pool` was given: messages then say the command line asked for the pool, not the config. */
  readonly poolFlag?: boolean;
}

/**
 * The runner's options from the resolved config and the run-only flags.
 *
 * @internal
 */
export function runOptionsOf(config: ResolvedConfig, flags: RunFlags): RunMutationOptions {
  // Said before discovery, and before `--shard` would blame a shard for an id that is no id.
  const malformed = flags.only.find((id) => !MUTANT_ID.test(id));
  if (malformed !== undefined) {
    throw new ConfigError(
      `--mutant: ${JSON.stringify(malformed)} is not a mutant id: an id is 12 hex digits, such as 0f3a9c2b41d7. Run \`envelope-mutants list\` to see the ids.`,
    );
  }
  if (flags.isolate && flags.poolFlag === true && config.pool === 'vmForks') {
    throw new ConfigError(
      "--isolate and --pool vmForks ask for two places: --isolate runs every mutant alone in the project's own pool, the reference every other mode is held to. Drop --pool vmForks for the reference, or --isolate to run in vmForks.",
    );
  }
  return {
    root: config.projectRoot,
    vitestConfig: config.vitestConfig,
    include: config.testFiles,
    maxWorkers: config.concurrency,
    pool: config.pool,
    ...(flags.poolFlag === true ? { poolAskedBy: 'flag' as const } : {}),
    profile: config.profile,
    taxonomy: config.taxonomy,
    mutators: selectMutators(config.mutators),
    labels: config.labels,
    canaries: config.canaries,
    seed: config.seed,
    strict: config.strict,
    thresholds: config.thresholds,
    isolate: flags.isolate,
    only: flags.only,
    timeoutMs: config.timeoutMs,
    timeoutFactor: config.timeoutFactor,
  };
}
