import type {
  DiffCategory,
  MutantChange,
  MutantVerdict,
  ReportDiff,
  SiteChange,
} from './diff-reports.js';

/**
 * `diff`'s console text: scores before → after, then each non-empty category, then the verdict.
 *
 * @internal
 */
export function formatDiff(diff: ReportDiff, regressions: readonly DiffCategory[]): string {
  const { base, head } = diff.scores;
  const lines = [
    `mutation score   ${formatScore(base.mutationScore)} → ${formatScore(head.mutationScore)}`,
    `named-kill score ${formatScore(base.namedKillScore)} → ${formatScore(head.namedKillScore)}`,
    ...diff.notes.map((note) => `note: ${note}`),
    ...mutants('New survivors', diff.newSurvivors),
    ...mutants('Kills moved to another rule', diff.movedKills),
    ...mutants('Kills that lost their name', diff.lostNames),
    ...mutants('New kills', diff.newKills),
    ...siteLines('Sites that appeared', diff.sitesAppeared, false),
    ...siteLines('Sites that vanished', diff.sitesVanished, false),
    ...siteLines('Sites that changed shape', diff.sitesChanged, true),
    '',
    regressions.length === 0
      ? 'no regression'
      : `regression: ${regressions.join(', ')} (see --fail-on)`,
  ];
  return `${lines.join('\n')}\n`;
}

function formatScore(score: number | null): string {
  return score === null ? 'n/a' : `${score.toFixed(2)}%`;
}

function formatVerdict(verdict: MutantVerdict | undefined): string {
  if (verdict === undefined) return 'new';
  const at = verdict.killedAt;
  if (verdict.status !== 'Killed' || at === undefined) return verdict.status;
  return `Killed at ${at.rule ?? '(no rule)'}${at.named ? '' : ' (unnamed)'}`;
}

function mutants(title: string, changes: readonly MutantChange[]): string[] {
  if (changes.length === 0) return [];
  return [
    '',
    `${title} (${changes.length}):`,
    ...changes.map(
      (change) =>
        `  ${change.mutatorName} at ${change.siteKey}: ${change.replacement} — ${formatVerdict(change.base)} → ${formatVerdict(change.head)}`,
    ),
  ];
}

function siteLines(title: string, sites: readonly SiteChange[], withLines: boolean): string[] {
  if (sites.length === 0) return [];
  const lines = ['', `${title} (${sites.length}):`];
  for (const site of sites) {
    lines.push(`  ${site.siteKey} (${site.testFile})`);
    if (withLines) lines.push(...lineDiff(site.base ?? '', site.head ?? ''));
  }
  return lines;
}

/** The lines only one side has: enough to see how a serialization changed. */
function lineDiff(base: string, head: string): string[] {
  const before = base.split('\n');
  const after = head.split('\n');
  return [
    ...before.filter((line) => !after.includes(line)).map((line) => `    - ${line.trim()}`),
    ...after.filter((line) => !before.includes(line)).map((line) => `    + ${line.trim()}`),
  ];
}
