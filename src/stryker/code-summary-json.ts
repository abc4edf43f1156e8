import type { ScoreCounts, Scores } from '../report/scores.js';
import type { CodeMutant } from './code-mutant.js';
import type { CodeMutantsSummary } from './summarize-code-mutants.js';

/** Scores as JSON can hold them: `null` for NaN (no valid mutant). */
export interface ScoresJson {
  readonly mutationScore: number | null;
  readonly namedKillScore: number | null;
  readonly counts: ScoreCounts;
}

/** The output of `envelope-mutants stryker --json`. */
export interface CodeSummaryJson extends ScoresJson {
  readonly files: readonly (ScoresJson & { readonly file: string })[];
  readonly mutants: readonly CodeMutant[];
}

/** @internal */
export function codeSummaryJson(
  summary: CodeMutantsSummary,
  mutants: readonly CodeMutant[],
): CodeSummaryJson {
  return {
    ...scoresJson(summary.total),
    files: summary.files.map((file) => ({ file: file.file, ...scoresJson(file.scores) })),
    mutants,
  };
}

function scoresJson(scores: Scores): ScoresJson {
  const json = (score: number): number | null => (Number.isNaN(score) ? null : score);
  return {
    mutationScore: json(scores.mutationScore),
    namedKillScore: json(scores.namedKillScore),
    counts: scores.counts,
  };
}
