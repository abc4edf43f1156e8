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
