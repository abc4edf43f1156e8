import type { Command } from 'commander';
import type { ShardsIncrementalBaselineRequest } from '../engine/shards-incremental-baseline.js';

/** The flags of `run` for CI at scale: shards, incremental runs, accepted survivors. */
export type CiFlagValues = ShardsIncrementalBaselineRequest;

export function addCiFlags(command: Command): Command {
  return command
    .option('--shard <i/n>', 'test only shard i of n (split by mutant id); merge the reports after')
    .option('--incremental', 'reuse the verdicts of the last --incremental run that still hold')
    .option('--force', 'rerun every mutant (with --incremental: refresh the saved verdicts)')
    .option('--baseline <file>', 'accepted survivors ({ "accepted": [{ "id", "reason" }] })');
}
