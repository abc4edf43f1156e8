import type { KilledAt, MutantStatus } from '../mutant/mutation-run.js';

/** The console table's columns, in order (docs/design.md "Report and gate"). */
export const OUTCOMES = [
  'killed named',
  'killed elsewhere',
  'killed unnamed',
  'survived',
  'timeout',
  'no coverage',
  'runtime error',
] as const;

/** A table column, or one of the two statuses the table leaves out (they count in no score). */
export type MutantOutcome = (typeof OUTCOMES)[number] | 'ignored' | 'pending';

/**
 * Where a mutant lands: a kill is "named" at an expected rule, "elsewhere" at a rule the mutator
 * does not expect, "unnamed" when the failing assertion named no rule at all.
 */
export function outcomeOf(mutant: {
  readonly status: MutantStatus;
  readonly killedAt?: KilledAt;
}): MutantOutcome {
  switch (mutant.status) {
    case 'Killed':
      if (mutant.killedAt?.named === true) return 'killed named';
      return (mutant.killedAt?.rule ?? null) === null ? 'killed unnamed' : 'killed elsewhere';
    case 'Survived':
      return 'survived';
    case 'Timeout':
      return 'timeout';
    case 'NoCoverage':
      return 'no coverage';
    case 'RuntimeError':
      return 'runtime error';
    case 'Ignored':
      return 'ignored';
    case 'Pending':
      return 'pending';
  }
}
