/** A mutant as the planner sees it: its id and the test files that host its site. */
export interface PlannableMutant {
  readonly id: string;
  /** Files of the tests that observed its site; empty when no test did. */
  readonly files: readonly string[];
}

export interface PlanRoundsOptions {
  /** One mutant per round: `--isolate`, or a pool whose files share a worker (`mutantsShareARun`). */
  readonly isolate: boolean;
  /**
   * Instanced rounds (vmForks): each mutant runs its own copy of its files, so mutants of one
   * file may share a round; this many mutants to a round.
   */
  readonly instanced?: number;
}

/**
 * Groups mutants into rounds in which no test file hosts two mutants, first fit: a mutant joins
 * the first round whose files are disjoint from its own. A round runs every test of its files
 * (docs/verdict-contract.md), and where the caller lets mutants share a run the project's pool
 * gives each file a worker and a fresh module graph, so each file of a round runs exactly as in
 * the reference run of its one mutant: the verdicts of a round are the reference verdicts. Two
 * mutants of one file never share a run: a test may leave state behind (a global, a module
 * variable) that changes what a later test of the file says.
 * The number of rounds grows with the most mutants one file hosts. Mutants without covering
 * tests have no round (they are `NoCoverage`).
 *
 * Instanced rounds lift the limit: a mutant's files run as copies of their own
 * (`file?envelope-mutant=<tag>`), each in a new VM context (vmForks) or a worker of its own (a
 * checked project pool), so a round is any `instanced` mutants in their order.
 */
export function planRounds(
  mutants: readonly PlannableMutant[],
  options: PlanRoundsOptions,
): string[][] {
  const covered = mutants.filter((mutant) => mutant.files.length > 0);
  if (!options.isolate && options.instanced !== undefined) {
    const size = Math.max(1, options.instanced);
    const chunks: string[][] = [];
    for (let at = 0; at < covered.length; at += size)
      chunks.push(covered.slice(at, at + size).map((mutant) => mutant.id));
    return chunks;
  }
  const rounds: { ids: string[]; files: Set<string> }[] = [];
  for (const mutant of covered) {
    const round = options.isolate
      ? undefined
      : rounds.find((candidate) => mutant.files.every((file) => !candidate.files.has(file)));
    if (round === undefined) {
      rounds.push({ ids: [mutant.id], files: new Set(mutant.files) });
    } else {
      round.ids.push(mutant.id);
      for (const file of mutant.files) round.files.add(file);
    }
  }
  return rounds.map((round) => round.ids);
}
