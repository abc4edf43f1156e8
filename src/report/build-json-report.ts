import { packageVersion } from '../config/package-version.js';
import type { MutantResult, MutationRun, Site, TestInfo } from '../mutant/mutation-run.js';
import type {
  EnvelopeMutationReport,
  ReportMutant,
  ReportSiteFile,
  ReportTestFile,
  ShardInfo,
} from './envelope-report.js';
import { formatHint } from '../hints/format-hint.js';
import { hintsOfRun } from '../hints/hints-of-run.js';
import type { SurvivorHint } from '../hints/survivor-hint.js';
import { locateJsonPath } from './locate-json-path.js';
import { redactSecretsDeep, type Environment } from '../secrets/redact-secrets.js';
import { scoresOf } from './scores.js';
import { brittlenessOf, isHarmlessMutant } from './brittleness.js';
import { toJsonText } from '../envelope/json-text.js';
import { jsonOrUndefined } from '../envelope/json-or-undefined.js';

export interface BuildJsonReportOptions {
  /** Whose secret-looking variables are redacted; default `process.env`. */
  readonly env?: Environment;
  /** Set by `run --shard i/n`, so `merge` can check that every shard is present once. */
  readonly shard?: ShardInfo;
  /** The assertion that would kill each survivor, by mutant id; default `hintsOfRun(run)`. */
  readonly hints?: ReadonlyMap<string, SurvivorHint>;
}

/**
 * The mutation-testing-report-schema report of a run. Every site is one "file" named
 * `<test file>/<site key>.json` whose source is the pretty-printed envelope (or decision), so a
 * mutant's `location` marks the member it changed. Secrets of `env` are redacted first, so the
 * locations are computed on the text that is written.
 *
 * @internal
 */
export function buildJsonReport(
  run: MutationRun,
  options: BuildJsonReportOptions = {},
): EnvelopeMutationReport {
  const safe = redactSecretsDeep(run, options.env ?? process.env);
  const scores = scoresOf(safe);
  const brittleness = brittlenessOf(safe);
  const scored = { ...safe, mutants: safe.mutants.filter((mutant) => !isHarmlessMutant(mutant)) };
  const files = siteFiles(safe, options.hints ?? hintsOfRun(scored));
  return {
    schemaVersion: '2',
    thresholds: {
      high: schemaPercent(safe.thresholds.high),
      low: schemaPercent(safe.thresholds.low),
    },
    projectRoot: safe.projectRoot,
    files,
    testFiles: testFiles(safe.tests),
    framework: { name: 'envelope-mutants', version: packageVersion() },
    envelopeMutants: {
      profile: safe.profile,
      seed: safe.seed,
      strict: safe.strict,
      complete: safe.complete,
      thresholds: { ...safe.thresholds },
      // A partial run's scores count only the mutants it reached: they would read as final.
      mutationScore: safe.complete ? jsonScore(scores.mutationScore) : null,
      namedKillScore: safe.complete ? jsonScore(scores.namedKillScore) : null,
      vitestRuns: safe.vitestRuns,
      durationMs: safe.durationMs,
      ...(options.shard === undefined
        ? {}
        : {
            shard: {
              index: options.shard.index,
              count: options.shard.count,
              ...(safe.shardedRun === undefined ? {} : { run: safe.shardedRun }),
            },
          }),
      ...(safe.pool === undefined ? {} : { pool: { ...safe.pool } }),
      ...(safe.mutants.some(isHarmlessMutant) ? { brittleness } : {}),
    },
  };
}

/** The "file" name of a site: its test file, then its key made safe for a path segment. */
export function siteFileName(site: Pick<Site, 'file' | 'key'>): string {
  const key = site.key.replace(/[/\\]/g, '∕').replace(/^\.+/, '');
  return `${site.file}/${key === '' ? '(site)' : key}.json`;
}

/** The text of a site: what the HTML view shows and `location` points into. */
export function siteSource(value: unknown): string {
  try {
    return jsonOrUndefined(value, 2) ?? String(value);
  } catch {
    // Nested too deep for JSON.stringify's recursion (10,000 levels): compact, without recursion.
    return toJsonText(value) ?? String(value);
  }
}

function siteFiles(
  run: MutationRun,
  hints: ReadonlyMap<string, SurvivorHint>,
): Record<string, ReportSiteFile> {
  const bySite = new Map<string, MutantResult[]>();
  for (const mutant of run.mutants) {
    const list = bySite.get(mutant.siteKey) ?? [];
    list.push(mutant);
    bySite.set(mutant.siteKey, list);
  }
  const files: Record<string, ReportSiteFile> = {};
  for (const site of run.sites) {
    const source = siteSource(site.value);
    files[uniqueName(files, siteFileName(site))] = {
      language: 'json',
      source,
      mutants: (bySite.get(site.key) ?? []).map((mutant) =>
        reportMutant(mutant, source, hints.get(mutant.id)),
      ),
      envelopeMutants: {
        siteKey: site.key,
        kind: site.kind,
        testFile: site.file,
        fileLevel: site.fileLevel,
        testIds: site.testIds,
        check: site.check,
      },
    };
    bySite.delete(site.key);
  }
  const orphan = bySite.keys().next();
  if (orphan.done !== true) {
    throw new Error(
      `buildJsonReport: mutants of site "${orphan.value}" but no such site in the run`,
    );
  }
  return files;
}

function reportMutant(
  mutant: MutantResult,
  source: string,
  hint: SurvivorHint | undefined,
): ReportMutant {
  return {
    id: mutant.id,
    mutatorName: mutant.mutatorName,
    replacement: mutant.replacement,
    location: locateJsonPath(source, mutant.path),
    status: mutant.status,
    ...(mutant.statusReason === undefined ? {} : { statusReason: mutant.statusReason }),
    killedBy: mutant.killedBy,
    coveredBy: mutant.coveredBy,
    ...(mutant.killedAt === undefined ? {} : { killedAt: mutant.killedAt }),
    ...(mutant.verdictSource === undefined
      ? {}
      : {
          envelopeMutants: {
            verdictSource: mutant.verdictSource,
            ...(mutant.strayed === undefined ? {} : { strayed: mutant.strayed }),
          },
        }),
    path: mutant.path,
    ...(hint === undefined ? {} : { description: formatHint(hint), hint }),
    ...(isHarmlessMutant(mutant) ? harmlessVerdict(mutant) : {}),
  };
}

/**
 * A harmless mutant is written `Ignored` (out of the mutation score, in the HTML view too), with
 * the run's verdict kept in `harmless` and said in `statusReason`: Brittle when the suite failed.
 */
function harmlessVerdict(
  mutant: MutantResult,
): Pick<ReportMutant, 'status' | 'statusReason' | 'harmless'> {
  const { status, statusReason } = mutant;
  const why =
    status === 'Killed'
      ? `harmless mutant, Brittle: ${mutant.killedAt?.test ?? mutant.killedBy[0] ?? 'the run'} failed${statusReason === undefined ? '' : `: ${statusReason}`}`
      : status === 'Survived'
        ? 'harmless mutant: the suite stayed green, as it should'
        : `harmless mutant: ${status}${statusReason === undefined ? '' : `: ${statusReason}`}`;
  return {
    status: 'Ignored',
    statusReason: why,
    harmless: { status, ...(statusReason === undefined ? {} : { statusReason }) },
  };
}

function testFiles(tests: readonly TestInfo[]): Record<string, ReportTestFile> {
  const byFile: Record<string, { id: string; name: string }[]> = {};
  for (const test of tests) {
    (byFile[test.file] ??= []).push({ id: test.id, name: test.name });
  }
  return Object.fromEntries(Object.entries(byFile).map(([file, list]) => [file, { tests: list }]));
}

/** Two sites whose keys differ only in characters we replaced must still get two files. */
function uniqueName(files: Readonly<Record<string, unknown>>, name: string): string {
  let candidate = name;
  for (let n = 2; candidate in files; n++) candidate = name.replace(/\.json$/, ` (${n}).json`);
  return candidate;
}

/** The schema's thresholds are integers in 0..100. */
function schemaPercent(value: number): number {
  return Math.min(100, Math.max(0, Math.round(value)));
}

function jsonScore(score: number): number | null {
  return Number.isNaN(score) ? null : score;
}
