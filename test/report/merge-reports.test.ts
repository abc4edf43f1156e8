import { describe, expect, it } from 'vitest';
import { isConfigError } from '../../src/errors.js';
import type { MutationRun } from '../../src/mutant/mutation-run.js';
import { buildJsonReport } from '../../src/report/build-json-report.js';
import type { EnvelopeMutationReport } from '../../src/report/envelope-report.js';
import { mergeReports } from '../../src/report/merge-reports.js';
import { runFromReport } from '../../src/report/run-from-report.js';
import { scoresOf } from '../../src/report/scores.js';
import { reportSchemaErrors } from '../../src/report/validate-report.js';
import { makeRun, MUTANTS, survived } from '../support/make-run.js';

const ENV = {};

/** What `run --shard i/3` would write: all sites, the mutants whose id falls in shard i. */
function shardReports(run: MutationRun, count = 3): EnvelopeMutationReport[] {
  return Array.from({ length: count }, (_, i) =>
    buildJsonReport(
      { ...run, mutants: run.mutants.filter((_m, index) => index % count === i), vitestRuns: 1 },
      { env: ENV, shard: { index: i + 1, count } },
    ),
  );
}

function verdicts(report: EnvelopeMutationReport): Record<string, unknown> {
  const entries = Object.values(report.files).flatMap((file) =>
    file.mutants.map((mutant) => [mutant.id, { ...mutant, file: file.envelopeMutants.siteKey }]),
  );
  return Object.fromEntries(entries) as Record<string, unknown>;
}

function withoutShard(report: EnvelopeMutationReport): EnvelopeMutationReport {
  const { shard: _shard, ...summary } = report.envelopeMutants;
  return { ...report, envelopeMutants: summary };
}

function mergeError(reports: readonly EnvelopeMutationReport[]): string {
  try {
    mergeReports(reports, { env: ENV, names: reports.map((_, i) => `shard-${i + 1}.json`) });
  } catch (error) {
    expect(isConfigError(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error('mergeReports did not throw');
}

describe('mergeReports', () => {
  it('should give the verdicts and both scores of the unsharded run', () => {
    const unsharded = buildJsonReport(makeRun(), { env: ENV });

    const merged = mergeReports(shardReports(makeRun()), { env: ENV });

    expect(verdicts(merged)).toEqual(verdicts(unsharded));
    expect(merged.envelopeMutants.mutationScore).toBe(unsharded.envelopeMutants.mutationScore);
    expect(merged.envelopeMutants.namedKillScore).toBe(unsharded.envelopeMutants.namedKillScore);
    expect(merged.envelopeMutants.vitestRuns).toBe(3);
    expect(merged.envelopeMutants.shard).toBeUndefined();
    expect(reportSchemaErrors(JSON.parse(JSON.stringify(merged)))).toEqual([]);
  });

  it('should differ from the unsharded run when a shard is left out (negative control)', () => {
    const twoOfThree = shardReports(makeRun()).slice(0, 2).map(withoutShard);

    const partial = mergeReports(twoOfThree, { env: ENV });

    expect(Object.keys(verdicts(partial))).toHaveLength(8);
    expect(partial.envelopeMutants.mutationScore).not.toBe(80);
  });

  it('should accept an overlap with the same verdict', () => {
    const report = buildJsonReport(makeRun(), { env: ENV });

    const merged = mergeReports([report, report], { env: ENV });

    expect(scoresOf(runFromReport(merged))).toEqual(scoresOf(makeRun()));
  });

  it('should reject one mutant with two verdicts', () => {
    const other = makeRun({
      mutants: MUTANTS.map((mutant) => {
        const { killedAt: _killedAt, ...rest } = mutant;
        return mutant.id === 'm01' ? { ...rest, ...survived(), killedBy: [] } : mutant;
      }),
    });
    const reports = [
      buildJsonReport(makeRun(), { env: ENV }),
      buildJsonReport(other, { env: ENV }),
    ];

    expect(mergeError(reports)).toBe(
      'merge: mutant m01 is Killed at jsonrpc.id in shard-1.json but Survived in shard-2.json. Shards must not overlap; merge the shards of one run.',
    );
  });

  it('should reject reports of different seeds or profiles', () => {
    const base = buildJsonReport(makeRun(), { env: ENV });

    expect(mergeError([base, buildJsonReport(makeRun({ seed: 7 }), { env: ENV })])).toBe(
      'merge: shard-2.json has seed 7 but shard-1.json has 20251125. Merge only the shards of one run (same config, same --seed).',
    );
    expect(
      mergeError([base, buildJsonReport(makeRun({ profile: 'jsonrpc-2.0' }), { env: ENV })]),
    ).toContain('has profile jsonrpc-2.0 but shard-1.json has mcp-2025-11-25');
  });

  it('should reject a missing shard, a shard given twice, and no report', () => {
    const [one, two, three] = shardReports(makeRun()) as [
      EnvelopeMutationReport,
      EnvelopeMutationReport,
      EnvelopeMutationReport,
    ];

    expect(mergeError([one, three])).toBe(
      'merge: shard 2/3 missing. Pass the report of every shard.',
    );
    expect(mergeError([one, two, two])).toBe(
      'merge: shard-2.json and shard-3.json are both shard 2/3. Pass each shard once.',
    );
    expect(mergeError([])).toBe('merge: no report given. Pass the mutation.json of every shard.');
  });

  it('should reject shards of runs with another mark, and merge those of one mark', () => {
    // Each shard's run records the mark of its whole run (another --mutators changes it).
    const marked = (run: string) =>
      shardReports({ ...makeRun(), shardedRun: run }, 2) as [
        EnvelopeMutationReport,
        EnvelopeMutationReport,
      ];
    const [first] = marked('aaaa');
    const [, second] = marked('bbbb');
    const [, sameRun] = marked('aaaa');

    expect(first.envelopeMutants.shard).toEqual({ index: 1, count: 2, run: 'aaaa' });
    expect(reportSchemaErrors(JSON.parse(JSON.stringify(first)))).toEqual([]);
    expect(mergeError([first, second])).toBe(
      'merge: shard-2.json and shard-1.json are shards of different runs: they made other mutants (another --mutators, other canaries, or sites the suite taps in some runs only) or judge them otherwise (labels, timeoutMs, timeoutFactor). Merge the shards of one run (same config, same --seed).',
    );
    // Negative control: the same mark merges.
    expect(verdicts(mergeReports([first, sameRun], { env: ENV }))).toEqual(
      verdicts(buildJsonReport(makeRun(), { env: ENV })),
    );
  });
});

describe('runFromReport', () => {
  it('should read back the run a report was built from', () => {
    const run = makeRun();

    expect(runFromReport(buildJsonReport(run, { env: ENV }))).toEqual(run);
  });
});
