import { calculateMetrics } from 'mutation-testing-metrics';
import type { FileResult } from 'mutation-testing-report-schema';
import type { KilledAt, MutantStatus, MutationRun } from '../mutant/mutation-run.js';
import { isHarmlessMutant } from './brittleness.js';

/** The part of a mutant result the scores read (a `MutantResult` or a report's mutant). */
export interface ScoredMutant {
  readonly id: string;
  readonly mutatorName: string;
  readonly status: MutantStatus;
  readonly killedAt?: KilledAt;
}

/**
 * Mutants per outcome. `killed` = `killedNamed + killedElsewhere + killedUnnamed`.
 *
 * @internal
 */
export interface ScoreCounts {
  readonly killed: number;
  /** Killed at an assertion naming one of the mutator's expected rules. */
  readonly killedNamed: number;
  /** Killed at an assertion naming a rule the mutator does not expect. */
  readonly killedElsewhere: number;
  /** Killed at an assertion that names no rule. */
  readonly killedUnnamed: number;
  readonly survived: number;
  readonly timeout: number;
  readonly noCoverage: number;
  readonly runtimeError: number;
  readonly ignored: number;
  readonly pending: number;
  /** Stryker's denominator: detected + undetected (killed, timeout, survived, no coverage). */
  readonly totalValid: number;
  readonly totalDetected: number;
  readonly totalMutants: number;
}

export interface Scores {
  /** Stryker's mutation score, `detected / valid × 100`; NaN without valid mutants. */
  readonly mutationScore: number;
  /** Named kills over the same denominator, × 100; NaN without valid mutants. */
  readonly namedKillScore: number;
  readonly counts: ScoreCounts;
}

/** Both scores of a run. The mutation score is computed by mutation-testing-metrics itself. */
export function scoresOf(run: Pick<MutationRun, 'mutants'>): Scores {
  return scoresOfMutants(run.mutants);
}

/**
 * Both scores of any list of mutants (a run's, a report's, a merge's). Harmless mutants count in
 * neither: they measure brittleness (`brittlenessOf`), not detection.
 *
 * @internal
 */
export function scoresOfMutants(all: readonly ScoredMutant[]): Scores {
  const mutants = all.filter((mutant) => !isHarmlessMutant(mutant));
  const metrics = calculateMetrics(asSchemaFiles(mutants)).metrics;
  const killed = mutants.filter((mutant) => mutant.status === 'Killed');
  const killedNamed = killed.filter((mutant) => mutant.killedAt?.named === true).length;
  const killedUnnamed = killed.filter((mutant) => (mutant.killedAt?.rule ?? null) === null).length;
  const counts: ScoreCounts = {
    killed: metrics.killed,
    killedNamed,
    killedElsewhere: killed.length - killedNamed - killedUnnamed,
    killedUnnamed,
    survived: metrics.survived,
    timeout: metrics.timeout,
    noCoverage: metrics.noCoverage,
    runtimeError: metrics.runtimeErrors,
    ignored: metrics.ignored,
    pending: metrics.pending,
    totalValid: metrics.totalValid,
    totalDetected: metrics.totalDetected,
    totalMutants: metrics.totalMutants,
  };
  const namedKillScore = counts.totalValid === 0 ? NaN : (killedNamed / counts.totalValid) * 100;
  return { mutationScore: metrics.mutationScore, namedKillScore, counts };
}

/**
 * A score for people: two decimals and `%`, `n/a` for NaN (no valid mutant).
 *
 * @internal
 */
export function formatScore(score: number): string {
  return Number.isNaN(score) ? 'n/a' : `${score.toFixed(2)}%`;
}

/** The schema shape `calculateMetrics` expects; only the statuses matter to it. */
function asSchemaFiles(mutants: readonly ScoredMutant[]): Record<string, FileResult> {
  const location = { start: { line: 1, column: 1 }, end: { line: 1, column: 2 } };
  return {
    all: {
      language: 'json',
      source: '',
      mutants: mutants.map((mutant) => ({
        id: mutant.id,
        mutatorName: mutant.mutatorName,
        status: mutant.status,
        location,
      })),
    },
  };
}
