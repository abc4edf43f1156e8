/** Who set the config's `pool`: `--pool` on the command line, or the config file (the default). */
export type PoolAsker = 'flag' | 'config';

/**
 * How to stop forcing vmForks, as a message says it to whoever asked for it: "run without …" (a
 * clause; the caller writes the sentence around it).
 */
export function undoVmForks(asker: PoolAsker): string {
  return asker === 'flag'
    ? 'run without --pool vmForks, or with --pool project'
    : 'remove "pool": "vmForks" from the config, or set it to "project"';
}

/** How messages name a {@link PoolAsker}: "the command line asks for pool …". */
export function nameOfPoolAsker(asker: PoolAsker): string {
  return asker === 'flag' ? 'the command line' : 'the config';
}
