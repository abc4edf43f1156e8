/**
 * The vitest pool the mutant rounds run in, and why, in a sentence for the console.
 *
 * @internal
 */
export interface PoolChoice {
  /** `project`: the project's own pool and isolation; `vmForks`: vitest's vmForks pool. */
  readonly pool: 'project' | 'vmForks';
  readonly reason: string;
}
