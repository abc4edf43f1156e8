import { describe, expect, it } from 'vitest';
import type { MutantResult, MutationRun } from '../../src/mutant/mutation-run.js';
import { buildJsonReport } from '../../src/report/build-json-report.js';
import { diffReports, regressionsOf, shardMismatch } from '../../src/report/diff-reports.js';
import { formatDiff } from '../../src/report/format-diff.js';
import { makeRun, MUTANTS, TOOL_ERROR, UNKNOWN_TOOL } from '../support/make-run.js';

const ENV = {};

function withVerdict(id: string, verdict: Partial<MutantResult>): MutantResult[] {
  return MUTANTS.map((mutant) => {
    if (mutant.id !== id) return mutant;
    const { killedAt: _killedAt, ...rest } = mutant;
    return { ...rest, ...verdict };
  });
}

/** The same suite after an SDK upgrade that reports an unknown tool as an isError result. */
function upgradedRun(): MutationRun {
  let mutants = withVerdict('m01', { status: 'Survived', killedBy: [] });
  mutants = mutants.map((mutant) => {
    if (mutant.id === 'm02')
      return { ...mutant, killedAt: { test: 'a91f_0_0', rule: 'jsonrpc.members', named: false } };
    if (mutant.id === 'm04')
      return { ...mutant, killedAt: { test: 'a91f_0_0', rule: 'jsonrpc.members', named: true } };
    if (mutant.id === 'm03')
      return {
        ...mutant,
        status: 'Killed',
        killedBy: ['a91f_0_0'],
        killedAt: { test: 'a91f_0_0', rule: 'jsonrpc.error-code', named: true },
      };
    return mutant;
  });
  const demoted = {
    ...UNKNOWN_TOOL,
    value: {
      jsonrpc: '2.0',
      id: 41,
      result: {
        content: [{ type: 'text', text: 'Tool delete_everything not found' }],
        isError: true,
      },
    },
  };
  const appeared = { ...TOOL_ERROR, key: 'resource-not-found' };
  return makeRun({
    sites: [demoted, TOOL_ERROR, appeared],
    mutants: mutants.filter((mutant) => !mutant.id.startsWith('m1') || mutant.id === 'm10'),
  });
}

const base = buildJsonReport(makeRun(), { env: ENV });
const head = buildJsonReport(upgradedRun(), { env: ENV });

describe('diffReports', () => {
  it('should find nothing between a report and itself (negative control)', () => {
    const diff = diffReports(base, base);

    expect(
      regressionsOf(diff, ['survivors', 'moved', 'unnamed', 'vanished', 'appeared', 'changed']),
    ).toEqual([]);
    expect(diff.newKills).toEqual([]);
  });

  it('should find the new survivor, the moved kill, the lost name and the new kill', () => {
    const diff = diffReports(base, head);

    expect(diff.newSurvivors.map((change) => change.id)).toEqual(['m01']);
    expect(diff.newSurvivors[0]?.base).toEqual({
      status: 'Killed',
      killedAt: { test: 'a91f_0_0', rule: 'jsonrpc.id', named: true },
    });
    expect(diff.movedKills.map((change) => change.id)).toEqual(['m04']);
    expect(diff.lostNames.map((change) => change.id)).toEqual(['m02']);
    expect(diff.newKills.map((change) => change.id)).toEqual(['m03']);
  });

  it('should find sites that appeared, vanished and changed shape', () => {
    const diff = diffReports(base, head);

    expect(diff.sitesAppeared.map((site) => site.siteKey)).toEqual(['resource-not-found']);
    expect(diff.sitesVanished.map((site) => site.siteKey)).toEqual([
      'retry policy > should show a permanent tool error#0',
    ]);
    expect(diff.sitesChanged.map((site) => site.siteKey)).toEqual(['unknown-tool']);
    expect(diff.sitesChanged[0]?.head).toContain('"isError": true');
  });

  it('should report the default regressions, or only those --fail-on names', () => {
    const diff = diffReports(base, head);

    expect(regressionsOf(diff)).toEqual(['survivors', 'moved', 'unnamed', 'vanished']);
    expect(regressionsOf(diff, ['changed'])).toEqual(['changed']);
    expect(regressionsOf(diff, [])).toEqual([]);
  });

  it('should note different seeds', () => {
    const other = buildJsonReport(makeRun({ seed: 1 }), { env: ENV });

    expect(diffReports(base, other).notes[0]).toContain('seeds differ (20251125 → 1)');
  });

  it('should note reports that share no site, as those of two projects do', () => {
    const elsewhere = makeRun({
      sites: makeRun().sites.map((site) => ({ ...site, key: `other/${site.key}` })),
      mutants: MUTANTS.map((mutant) => ({ ...mutant, siteKey: `other/${mutant.siteKey}` })),
    });
    const other = buildJsonReport(elsewhere, { env: ENV });

    expect(diffReports(base, other).notes).toEqual([
      'no site is in both reports: are they of the same project? (Renaming every test also changes every site key.)',
    ]);
    // Negative control: the same project after a change shares its sites.
    expect(diffReports(base, head).notes).toEqual([]);
  });

  it('should print each category and the changed lines of a site', () => {
    const diff = diffReports(base, head);

    const text = formatDiff(diff, regressionsOf(diff));

    expect(text).toContain('mutation score   80.00% → ');
    expect(text).toContain(
      'New survivors (1):\n  change-id at unknown-tool: id 41 → "41" — Killed at jsonrpc.id → Survived',
    );
    expect(text).toContain(
      'Kills that lost their name (1):\n  demote-protocol-error at unknown-tool',
    );
    expect(text).toContain('— Killed at mcp.layer → Killed at jsonrpc.members (unnamed)');
    expect(text).toContain('    - "error": {');
    expect(text).toContain('    + "isError": true');
    expect(text).toContain('regression: survivors, moved, unnamed, vanished (see --fail-on)');
  });
});

describe('shardMismatch', () => {
  const shard = (index: number, count: number) =>
    buildJsonReport(makeRun(), { env: ENV, shard: { index, count } });

  it('should take two whole runs, or the same shard of two runs', () => {
    expect(shardMismatch(base, head)).toBeUndefined();
    expect(shardMismatch(shard(2, 3), shard(2, 3))).toBeUndefined();
    // `--shard 1/1` holds every mutant.
    expect(shardMismatch(shard(1, 1), base)).toBeUndefined();
    expect(shardMismatch(base, shard(1, 1))).toBeUndefined();
  });

  it('should name the shards of two reports that hold different mutants', () => {
    expect(shardMismatch(shard(1, 2), base)).toBe('the base is shard 1/2 and the head a whole run');
    expect(shardMismatch(base, shard(2, 2))).toBe('the base is a whole run and the head shard 2/2');
    expect(shardMismatch(shard(1, 2), shard(2, 2))).toBe(
      'the base is shard 1/2 and the head shard 2/2',
    );
    expect(shardMismatch(shard(1, 2), shard(1, 3))).toBe(
      'the base is shard 1/2 and the head shard 1/3',
    );
  });
});
