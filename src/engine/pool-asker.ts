/** Who set the config's `pool`: `--pool` on the command line, or the config file (the default). */
export type PoolAsker = 'flag' | 'config';

/** How messages name a {@link PoolAsker}: "the command line asks for pool …". */
export function nameOfPoolAsker(asker: PoolAsker): string {
  return asker === 'flag' ? 'the command line' : 'the config';
}
