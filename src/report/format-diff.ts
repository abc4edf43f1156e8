import type {
  DiffCategory,
  MutantChange,
  MutantVerdict,
  ReportDiff,
  SiteChange,
} from './diff-reports.js';

/** `diff`'s console text: scores before → after, then each non-empty category, then the verdict. */
export function formatDiff(diff: ReportDiff, regressions: readonly DiffCategory[]): string {
  const { base, head } = diff.scores;
  const lines = [
    `mutation score   ${_score(base.mutationScore)} → ${_score(head.mutationScore)}`,
    `named-kill score ${_score(base.namedKillScore)} → ${_score(head.namedKillScore)}`,
    ...diff.notes.map((note) => `note: ${note}`),
    ...mutants('New survivors', diff.newSurvivors),
    ...mutants('Kills moved to another rule', diff.movedKills),
    ...mutants('Kills that lost their name', diff.lostNames),
    ...mutants('New kills', diff.newKills),
    ..._sites('Sites that appeared', diff.sitesAppeared, false),
    ..._sites('Sites that vanished', diff.sitesVanished, false),
    ..._sites('Sites that changed shape', diff.sitesChanged, true),
    '',
    regressions.length === 0
      ? 'no regression'
      : `regression: ${regressions.join(', ')} (see --fail-on)`,
  ];
  return `${lines.join('\n')}\n`;
}

function _score(score: number | null): string {
  return score === null ? 'n/a' : `${score.toFixed(2)}%`;
}

function _verdict(verdict: MutantVerdict | undefined): string {
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
        `  ${change.mutatorName} at ${change.siteKey}: ${change.replacement} — ${_verdict(change.base)} → ${_verdict(change.head)}`,
    ),
  ];
}

function _sites(title: string, sites: readonly SiteChange[], withLines: boolean): string[] {
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
