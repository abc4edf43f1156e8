import { ConfigError } from '../errors.js';
import type { MutantResult, MutationRun, Site, TestInfo } from '../mutant/mutation-run.js';
import { buildJsonReport } from './build-json-report.js';
import type { EnvelopeMutationReport, ShardInfo } from './envelope-report.js';
import type { Environment } from '../secrets/redact-secrets.js';
import { runFromReport } from './run-from-report.js';

/** @internal */
export interface MergeReportsOptions {
  /** Names for the reports in error messages (their paths); default `report 1`, `report 2`, …. */
  readonly names?: readonly string[];
  readonly env?: Environment;
}

/**
 * Joins the reports of `run --shard i/n` jobs into the report an unsharded run would have written:
 * every shard holds all sites and its own mutants; verdicts are united by mutant id and both
 * scores recomputed. Reports of different runs (profile, seed, strict, thresholds), a shard given
 * twice or missing, and one mutant with two verdicts are ConfigErrors.
 */
export function mergeReports(
  reports: readonly EnvelopeMutationReport[],
  options: MergeReportsOptions = {},
): EnvelopeMutationReport {
  const names = reports.map((_, i) => options.names?.[i] ?? `report ${i + 1}`);
  if (reports.length === 0) {
    throw new ConfigError('merge: no report given. Pass the mutation.json of every shard.');
  }
  checkSameRun(reports, names);
  checkShards(reports, names);
  const runs = reports.map(runFromReport);
  const first = runs[0] as MutationRun;
  const merged: MutationRun = {
    ...first,
    sites: union(
      runs.flatMap((run) => run.sites),
      (site: Site) => site.key,
    ),
    tests: union(
      runs.flatMap((run) => run.tests),
      (test: TestInfo) => test.id,
    ),
    mutants: mergeMutants(runs, names),
    complete: runs.every((run) => run.complete),
    vitestRuns: runs.reduce((sum, run) => sum + run.vitestRuns, 0),
    durationMs: runs.reduce((sum, run) => sum + run.durationMs, 0),
  };
  return buildJsonReport(merged, { env: options.env ?? process.env });
}

/** Shards of one run share its identity; anything else would mix verdicts of different runs. */
function checkSameRun(reports: readonly EnvelopeMutationReport[], names: readonly string[]): void {
  const identity = (report: EnvelopeMutationReport): Record<string, string> => {
    const summary = report.envelopeMutants;
    return {
      profile: summary.profile,
      seed: String(summary.seed),
      strict: String(summary.strict),
      thresholds: JSON.stringify(summary.thresholds),
    };
  };
  const expected = identity(reports[0] as EnvelopeMutationReport);
  reports.forEach((report, i) => {
    for (const [field, value] of Object.entries(identity(report))) {
      if (value !== expected[field]) {
        throw new ConfigError(
          `merge: ${names[i]} has ${field} ${value} but ${names[0]} has ${expected[field]}. ` +
            'Merge only the shards of one run (same config, same --seed).',
        );
      }
    }
  });
}

function checkShards(reports: readonly EnvelopeMutationReport[], names: readonly string[]): void {
  const shards = reports.map((report) => report.envelopeMutants.shard);
  if (shards.every((shard) => shard === undefined)) return;
  const seen = new Map<number, string>();
  const count = shards.find((shard) => shard !== undefined)?.count ?? 0;
  shards.forEach((shard: ShardInfo | undefined, i) => {
    const name = names[i] as string;
    if (shard === undefined || shard.count !== count) {
      throw new ConfigError(
        `merge: ${name} is ${shard === undefined ? 'not a shard' : `shard ${shard.index}/${shard.count}`} ` +
          `but the others are shards of ${count}. Merge the reports of one sharded run.`,
      );
    }
    const twice = seen.get(shard.index);
    if (twice !== undefined) {
      throw new ConfigError(
        `merge: ${twice} and ${name} are both shard ${shard.index}/${count}. Pass each shard once.`,
      );
    }
    seen.set(shard.index, name);
  });
  // Shards of another run: made with other mutators or canaries, or judged with other labels or
  // timeouts. Each shard's own mutants are then no slice of one run's (reports of earlier
  // versions carry no mark).
  const marked = shards.flatMap((shard, i) =>
    shard?.run === undefined ? [] : [{ run: shard.run, name: names[i] as string }],
  );
  const other = marked.find((shard) => shard.run !== marked[0]?.run);
  if (other !== undefined) {
    throw new ConfigError(
      `merge: ${other.name} and ${marked[0]?.name} are shards of different runs: they made other mutants ` +
        '(another --mutators, other canaries, or sites the suite taps in some runs only) or judge them ' +
        'otherwise (labels, timeoutMs, timeoutFactor). ' +
        'Merge the shards of one run (same config, same --seed).',
    );
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter(
    (index) => !seen.has(index),
  );
  if (missing.length > 0) {
    throw new ConfigError(
      `merge: shard ${missing.map((index) => `${index}/${count}`).join(', ')} missing. Pass the report of every shard.`,
    );
  }
}

/** The first of each key, in order: every shard carries every site and test of the run. */
function union<T>(items: readonly T[], keyOf: (item: T) => string): T[] {
  const byKey = new Map<string, T>();
  for (const item of items) if (!byKey.has(keyOf(item))) byKey.set(keyOf(item), item);
  return [...byKey.values()];
}

function mergeMutants(runs: readonly MutationRun[], names: readonly string[]): MutantResult[] {
  const byId = new Map<string, { readonly mutant: MutantResult; readonly from: string }>();
  runs.forEach((run, i) => {
    for (const mutant of run.mutants) {
      const earlier = byId.get(mutant.id);
      if (earlier === undefined) {
        byId.set(mutant.id, { mutant, from: names[i] as string });
      } else if (verdict(earlier.mutant) !== verdict(mutant)) {
        throw new ConfigError(
          `merge: mutant ${mutant.id} is ${verdict(earlier.mutant)} in ${earlier.from} but ` +
            `${verdict(mutant)} in ${names[i]}. Shards must not overlap; merge the shards of one run.`,
        );
      }
    }
  });
  return [...byId.values()].map((entry) => entry.mutant);
}

function verdict(mutant: MutantResult): string {
  const at = mutant.killedAt;
  return mutant.status !== 'Killed' || at === undefined
    ? mutant.status
    : `Killed at ${at.rule ?? '(no rule)'}`;
}
