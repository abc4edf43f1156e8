/** A mutant as the planner sees it: its id and the tests that observed its site. */
export interface PlannableMutant {
  readonly id: string;
  readonly coveredBy: readonly string[];
}

export interface PlanRoundsOptions {
  /** One mutant per round: the reference the batched verdicts are checked against. */
  readonly isolate: boolean;
}

/**
 * Groups mutants into rounds in which no test hosts two mutants (docs/design.md "Plan"), first fit:
 * a mutant joins the first round whose tests are disjoint from its own. The number of rounds
 * grows with the most mutants any one test covers, not with the number of mutants. A file-level
 * site is covered by every test of its file, so its mutants take their file alone. Mutants
 * without covering tests have no round (they are `NoCoverage`).
 */
export function planRounds(
  mutants: readonly PlannableMutant[],
  options: PlanRoundsOptions,
): string[][] {
  const rounds: { ids: string[]; tests: Set<string> }[] = [];
  for (const mutant of mutants) {
    if (mutant.coveredBy.length === 0) continue;
    const round = options.isolate
      ? undefined
      : rounds.find((candidate) => mutant.coveredBy.every((test) => !candidate.tests.has(test)));
    if (round === undefined) {
      rounds.push({ ids: [mutant.id], tests: new Set(mutant.coveredBy) });
    } else {
      round.ids.push(mutant.id);
      for (const test of mutant.coveredBy) round.tests.add(test);
    }
  }
  return rounds.map((round) => round.ids);
}
