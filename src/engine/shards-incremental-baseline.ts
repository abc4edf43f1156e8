import path from 'node:path';
import type { ResolvedConfig } from '../config/resolved-config.js';
import type { MutationRun, ShardInfo } from '../mutant/mutation-run.js';
import { applyBaseline, formatBaseline, readBaseline, type AcceptedMutant } from './baseline.js';
import { createIncremental, formatReuse, INCREMENTAL_FILE_NAME } from './incremental.js';
import type { RunMutationOptions } from './run-mutation-options.js';
import { assertMutantsInShard, parseShard } from './shard.js';

/**
 * What `run` was asked for beyond one plain run: a shard of the mutants, reuse of the verdicts of
 * the last incremental run, and a baseline of accepted survivors.
 *
 * @internal
 */
export interface ShardsIncrementalBaselineRequest {
  readonly shard?: string;
  readonly incremental?: boolean;
  readonly force?: boolean;
  readonly baseline?: string;
}

/**
 * What shards, incremental runs and a baseline add to a run, prepared before it starts (a bad
 * shard or baseline fails before vitest starts).
 */
export interface ShardsIncrementalBaseline {
  readonly shard?: ShardInfo;
  /** Options for `runMutation`: the shard and the reuse hook. */
  readonly runOptions: Pick<RunMutationOptions, 'shard' | 'reuse'>;
  /** After the run: saves incremental state, applies the baseline, prints both; 1 on stale entries. */
  finish(
    run: MutationRun,
    stream: NodeJS.WritableStream,
  ): Promise<{ run: MutationRun; exitCode: 0 | 1 }>;
}

/** @internal */
export async function prepareShardsIncrementalBaseline(
  flags: ShardsIncrementalBaselineRequest,
  config: ResolvedConfig,
  options: RunMutationOptions,
): Promise<ShardsIncrementalBaseline> {
  const shard = flags.shard === undefined ? undefined : parseShard(flags.shard);
  assertMutantsInShard(options.only, shard);
  const baselineFile =
    flags.baseline === undefined
      ? config.baseline
      : path.resolve(config.projectRoot, flags.baseline);
  const accepted: readonly AcceptedMutant[] | undefined =
    baselineFile === undefined ? undefined : await readBaseline(baselineFile);
  const incremental =
    flags.incremental === true
      ? createIncremental({
          stateFile: path.join(config.reportDir, INCREMENTAL_FILE_NAME),
          root: config.projectRoot,
          force: flags.force === true,
          mutators: options.mutators,
          identity: {
            profile: config.profile,
            seed: config.seed,
            strict: config.strict,
            labels: [...config.labels].sort(),
            taxonomy: config.taxonomy,
            // The watchdog's limits decide which slow mutants are a Timeout.
            timeoutMs: config.timeoutMs,
            timeoutFactor: config.timeoutFactor,
          },
        })
      : undefined;
  let reused = 0;
  let considered = 0;
  const runOptions: Pick<RunMutationOptions, 'shard' | 'reuse'> = {
    ...(shard === undefined ? {} : { shard }),
    ...(incremental === undefined
      ? {}
      : {
          reuse: async (entries, tests, dependsOn) => {
            const verdicts = await incremental.reuse(entries, tests, dependsOn);
            [reused, considered] = [verdicts.size, entries.length];
            return verdicts;
          },
        }),
  };
  return {
    ...(shard === undefined ? {} : { shard }),
    runOptions,
    async finish(run, stream) {
      if (incremental !== undefined) {
        await incremental.save(run);
        const judged = run.mutants.filter((mutant) => mutant.status !== 'Pending').length;
        const line = formatReuse(reused, considered, judged - reused, incremental.unused());
        stream.write(`envelope-mutants: ${line}\n`);
        const damaged = incremental.damaged();
        if (damaged !== undefined) stream.write(`envelope-mutants: ${damaged}\n`);
      }
      if (accepted === undefined || baselineFile === undefined) return { run, exitCode: 0 };
      const applied = applyBaseline(run, accepted, {
        ...(shard === undefined ? {} : { shard }),
        only: options.only,
      });
      stream.write(formatBaseline(applied, path.relative(config.projectRoot, baselineFile)));
      return { run: applied.run, exitCode: applied.stale.length > 0 ? 1 : 0 };
    },
  };
}
