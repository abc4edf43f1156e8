import { formatScore, type Scores } from '../report/scores.js';
import type { CodeMutant } from './code-mutant.js';
import type { CodeMutantsSummary } from './summarize-code-mutants.js';

const COLUMNS = [
  'named',
  'unnamed',
  'survived',
  'timeout',
  'no cov',
  'errors',
  'score',
  'named score',
] as const;

/**
 * The console table of `envelope-mutants stryker`: one row per source file, then the total, then
 * the unnamed kills (the assertions a label would turn into named kills).
 *
 * @internal
 */
export function formatCodeSummary(
  summary: CodeMutantsSummary,
  mutants: readonly CodeMutant[],
): string {
  const rows = summary.files.map((file) => row(file.file, file.scores));
  rows.push(row('all files', summary.total));
  const head = ['file', ...COLUMNS];
  const widths = head.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  const unnamed = mutants.filter((m) => m.killedAt !== undefined && m.killedAt.rule === null);
  return [
    line(head),
    ...rows.map(line),
    '',
    `mutation score ${formatScore(summary.total.mutationScore)} · named-kill score ${formatScore(summary.total.namedKillScore)}`,
    ...(unnamed.length === 0
      ? []
      : [
          `${unnamed.length} kills name no rule; label their assertions, e.g. expect(value, 'policy.action'):`,
          ...unnamed
            .slice(0, 10)
            .map((m) => `  ${m.file} #${m.id} ${m.mutatorName} — ${m.killedAt?.test ?? ''}`),
        ]),
  ].join('\n');
}

function row(file: string, scores: Scores): string[] {
  const c = scores.counts;
  return [
    file,
    String(c.killedNamed),
    String(c.killedUnnamed),
    String(c.survived),
    String(c.timeout),
    String(c.noCoverage),
    String(c.runtimeError),
    formatScore(scores.mutationScore),
    formatScore(scores.namedKillScore),
  ];
}
