import { createHash } from 'node:crypto';
import { ConfigError } from '../errors.js';
import type { ShardInfo } from '../mutant/mutation-run.js';

/**
 * Parses `--shard i/n` (1 ≤ i ≤ n). A bad value is a ConfigError: a CI matrix with a typo must
 * fail loudly rather than test nothing or everything twice.
 */
export function parseShard(value: string): ShardInfo {
  const match = /^(\d+)\/(\d+)$/.exec(value.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (match === null || !Number.isSafeInteger(index) || !Number.isSafeInteger(count)) {
    throw new ConfigError(
      `--shard: expected i/n but received "${value}". Pass e.g. --shard 1/4 (shards count from 1).`,
    );
  }
  // 1 ≤ i ≤ n, which refuses n < 1 too.
  if (index < 1 || index > count) {
    throw new ConfigError(
      `--shard: shard ${index} of ${count} does not exist. Pass i/n with 1 ≤ i ≤ n, e.g. --shard 1/${Math.max(count, 2)}.`,
    );
  }
  return { index, count };
}

/**
 * Whether a mutant belongs to a shard: its id (hex digits of a SHA-256) modulo the shard count.
 * By id, not by test file, so a mutant is judged by the same tests as in an unsharded run and
 * the merged scores equal the unsharded ones.
 */
export function isInShard(mutantId: string, shard: ShardInfo | undefined): boolean {
  if (shard === undefined) return true;
  // 12 hex digits = 48 bits: exact in a double.
  const value = Number.parseInt(mutantId.slice(0, 12), 16);
  if (Number.isNaN(value)) return shard.index === 1;
  return (value % shard.count) + 1 === shard.index;
}

/**
 * Refuses `--mutant` ids that `--shard` leaves out, before the run: otherwise the run tests none
 * of them, says `0 mutants`, and replaces the last report with an empty one.
 */
export function assertMutantsInShard(only: readonly string[], shard: ShardInfo | undefined): void {
  if (shard === undefined) return;
  const outside = only.filter((id) => !isInShard(id, shard));
  if (outside.length === 0) return;
  const homes = outside.map((id) => {
    const home = Array.from({ length: shard.count }, (_, at) => at + 1).find((index) =>
      isInShard(id, { index, count: shard.count }),
    );
    return `${id} (shard ${String(home)}/${shard.count})`;
  });
  throw new ConfigError(
    `--mutant: ${homes.join(', ')} not in --shard ${shard.index}/${shard.count}: this run would test ${outside.length === only.length ? 'nothing' : 'only some of them'}. Drop --shard to run a mutant by its id, or pass its own shard.`,
  );
}

/** What, beside the report's profile, seed, strict and thresholds, makes two runs one run. */
export interface ShardedRunInputs {
  /** The ids of every shard's mutants: they follow from the sites, mutators, canaries, taxonomy. */
  readonly mutantIds: readonly string[];
  readonly mutators: readonly { readonly name: string; readonly version: number }[];
  readonly labels: ReadonlyMap<string, string>;
  readonly timeoutMs: number;
  readonly timeoutFactor: number;
}

/**
 * A mark that the shards of one run share (16 hex digits of a SHA-256), recorded in each shard's
 * report so that `merge` refuses shards of runs that made other mutants (another `--mutators`, other
 * canaries) or judge them otherwise (other labels, timeouts). Canaries enter only through the
 * ids, so the mark holds no hash of a secret.
 */
export function shardedRunMark(inputs: ShardedRunInputs): string {
  const canonical = JSON.stringify([
    [...inputs.mutantIds].sort(),
    inputs.mutators.map((mutator) => `${mutator.name}@${mutator.version}`).sort(),
    [...inputs.labels].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    inputs.timeoutMs,
    inputs.timeoutFactor,
  ]);
  return createHash('sha256').update(canonical, 'utf8').digest('hex').slice(0, 16);
}
