import { scoresOfMutants, type Scores } from '../report/scores.js';
import type { CodeMutant } from './code-mutant.js';

/** The verdicts of one source file's code-level mutants. */
export interface CodeFileSummary {
  readonly file: string;
  readonly scores: Scores;
}

/** Per file and in total: counts, the mutation score and the named-kill score. */
export interface CodeMutantsSummary {
  readonly files: readonly CodeFileSummary[];
  readonly total: Scores;
}

/**
 * Both scores per file and over all files, with the formulas of envelope mutants (scores.ts).
 *
 * @internal
 */
export function summarizeCodeMutants(mutants: readonly CodeMutant[]): CodeMutantsSummary {
  const byFile = new Map<string, CodeMutant[]>();
  for (const mutant of mutants) {
    const list = byFile.get(mutant.file) ?? [];
    list.push(mutant);
    byFile.set(mutant.file, list);
  }
  const files = [...byFile.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([file, list]) => ({ file, scores: scoresOfMutants(list.map(asScoredMutant)) }));
  return { files, total: scoresOfMutants(mutants.map(asScoredMutant)) };
}

/** The fields `scoresOfMutants` reads; the file joins the id, which StrykerJS numbers per report. */
export function asScoredMutant(mutant: CodeMutant): Parameters<typeof scoresOfMutants>[0][number] {
  return {
    id: `${mutant.file}#${mutant.id}`,
    mutatorName: mutant.mutatorName,
    status: mutant.status,
    ...(mutant.killedAt === undefined ? {} : { killedAt: mutant.killedAt }),
  };
}
