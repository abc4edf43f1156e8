import type { MutationRun } from '../mutant/mutation-run.js';
import { brittlenessOf } from './brittleness.js';
import { formatScore } from './scores.js';

/** How the console colours a piece of text; the text reads the same without colour. */
export type PaintText = (style: 'red' | 'green' | 'bold', text: string) => string;

/**
 * The console lines of the brittleness figure: nothing when the run made no harmless mutant;
 * else the figure, then each brittle test with its hint and the assertions that failed.
 */
export function brittlenessLines(run: MutationRun, paint: PaintText): string[] {
  const figure = brittlenessOf(run);
  if (figure.harmless === 0 && figure.inconclusive === 0) return [];
  const percent = figure.percent === null ? 'n/a' : formatScore(figure.percent);
  const inconclusive = figure.inconclusive > 0 ? `, ${figure.inconclusive} inconclusive` : '';
  const lines = [
    `${paint(figure.brittle === 0 ? 'green' : 'red', percent.padStart(7))} brittle          (brittle ${figure.brittle} / harmless ${figure.harmless}${inconclusive}; a suite should stay green on them)`,
  ];
  for (const test of figure.tests) {
    lines.push(`  ${paint('red', 'brittle')} ${test.name}: ${test.hint}`);
    for (const failure of test.failures) {
      const assertion = failure.assertion.split('\n')[0] ?? '';
      lines.push(`    ${failure.mutatorName}: ${failure.replacement} — ${assertion}`);
    }
  }
  return lines;
}
