import type { FileResult, MutantResult as SchemaMutant } from 'mutation-testing-report-schema';
import type { KilledAt, MutantStatus, ShardInfo } from '../mutant/mutation-run.js';
import { codeMutantStatus } from './code-mutant-status.js';
import type { EnvelopeMutationReport, ReportMutant, ReportSiteFile } from './envelope-report.js';
import { isSiteFile, siteFilesOf } from './site-file.js';

/**
 * The regressions `diff --fail-on` can name, plus the two informational site changes.
 *
 * @internal
 */
export const DIFF_CATEGORIES = [
  'survivors',
  'moved',
  'unnamed',
  'vanished',
  'appeared',
  'changed',
] as const;
/** @internal */
export type DiffCategory = (typeof DIFF_CATEGORIES)[number];

/**
 * What fails `diff` unless `--fail-on` says otherwise.
 *
 * @internal
 */
export const DEFAULT_FAIL_ON: readonly DiffCategory[] = [
  'survivors',
  'moved',
  'unnamed',
  'vanished',
];

/** A mutant's verdict in one report. */
export interface MutantVerdict {
  readonly status: MutantStatus;
  readonly killedAt?: KilledAt;
}

export interface MutantChange {
  readonly id: string;
  readonly siteKey: string;
  readonly mutatorName: string;
  readonly replacement: string;
  /** Absent when the mutant is new in head. */
  readonly base?: MutantVerdict;
  readonly head: MutantVerdict;
}

export interface SiteChange {
  readonly siteKey: string;
  readonly testFile: string;
  /** The pretty-printed envelope in base / head; absent on the side that does not have the site. */
  readonly base?: string;
  readonly head?: string;
}

/** What changed between two reports of the same suite (e.g. before and after an SDK upgrade). */
export interface ReportDiff {
  /** Undetected (survived, no coverage) in head, detected or absent in base. */
  readonly newSurvivors: readonly MutantChange[];
  /** Killed in both, at a different rule in head (and still named, if it was). */
  readonly movedKills: readonly MutantChange[];
  /** Killed at an expected rule in base; killed in head, but at another rule or at none. */
  readonly lostNames: readonly MutantChange[];
  /** Undetected in base, detected in head. */
  readonly newKills: readonly MutantChange[];
  readonly sitesAppeared: readonly SiteChange[];
  readonly sitesVanished: readonly SiteChange[];
  /** Same site key, different envelope: the code under test serializes the failure differently. */
  readonly sitesChanged: readonly SiteChange[];
  readonly scores: {
    readonly base: {
      readonly mutationScore: number | null;
      readonly namedKillScore: number | null;
    };
    readonly head: {
      readonly mutationScore: number | null;
      readonly namedKillScore: number | null;
    };
  };
  /** Caveats, e.g. different seeds (mutant ids then do not correspond). */
  readonly notes: readonly string[];
}

/** Compares two reports mutant by mutant (by id) and site by site (by key). */
export function diffReports(
  base: EnvelopeMutationReport,
  head: EnvelopeMutationReport,
): ReportDiff {
  const baseMutants = mutantsById(base);
  const baseSites = sitesByKey(base);
  const headSites = sitesByKey(head);
  const sites = siteChanges(baseSites, headSites);
  const changes = [...mutantsById(head).values()].map(({ mutant, siteKey }) =>
    change(mutant, siteKey, baseMutants.get(mutant.id)?.mutant),
  );
  const detected = (verdict: MutantVerdict | undefined): boolean =>
    verdict?.status === 'Killed' || verdict?.status === 'Timeout';
  const undetected = (verdict: MutantVerdict | undefined): boolean =>
    verdict?.status === 'Survived' || verdict?.status === 'NoCoverage';
  const killedBoth = (change: MutantChange): boolean =>
    change.base?.status === 'Killed' && change.head.status === 'Killed';
  const lostName = (change: MutantChange): boolean =>
    killedBoth(change) &&
    change.base?.killedAt?.named === true &&
    change.head.killedAt?.named !== true;
  return {
    newSurvivors: changes.filter((c) => undetected(c.head) && !undetected(c.base)),
    movedKills: changes.filter(
      (c) => killedBoth(c) && !lostName(c) && rule(c.base) !== rule(c.head),
    ),
    lostNames: changes.filter(lostName),
    newKills: changes.filter((c) => detected(c.head) && undetected(c.base)),
    ...sites,
    scores: { base: scores(base), head: scores(head) },
    notes: diffNotes(base, head, baseSites, headSites),
  };
}

/**
 * Why two reports cannot be compared mutant by mutant because of their shards, or `undefined`
 * when they can: both unsharded, or both the same shard `i/n`. A shard holds only the mutants
 * whose id falls in it (`isInShard`), so against a whole run or another shard every mutant of the
 * other shards would count as new (a new survivor where it survived) or as gone. Two reports of
 * the same `i/n` hold the same slice of the ids and compare as two whole runs do.
 *
 * @internal
 */
export function shardMismatch(
  base: EnvelopeMutationReport,
  head: EnvelopeMutationReport,
): string | undefined {
  // A run of one shard (`--shard 1/1`) holds every mutant: a whole run.
  const slice = (shard: ShardInfo | undefined) => (shard?.count === 1 ? undefined : shard);
  const [b, h] = [slice(base.envelopeMutants.shard), slice(head.envelopeMutants.shard)];
  if (b === undefined && h === undefined) return undefined;
  if (b !== undefined && h !== undefined && b.index === h.index && b.count === h.count) {
    return undefined;
  }
  const name = (shard: typeof b): string =>
    shard === undefined ? 'a whole run' : `shard ${shard.index}/${shard.count}`;
  return `the base is ${name(b)} and the head ${name(h)}`;
}

/**
 * The categories of `diff` that hold something, among those asked for.
 *
 * @internal
 */
export function regressionsOf(
  diff: ReportDiff,
  failOn: readonly DiffCategory[] = DEFAULT_FAIL_ON,
): readonly DiffCategory[] {
  const found: Record<DiffCategory, number> = {
    survivors: diff.newSurvivors.length,
    moved: diff.movedKills.length,
    unnamed: diff.lostNames.length,
    vanished: diff.sitesVanished.length,
    appeared: diff.sitesAppeared.length,
    changed: diff.sitesChanged.length,
  };
  return DIFF_CATEGORIES.filter((category) => failOn.includes(category) && found[category] > 0);
}

/** A mutant of either kind: a site's, or a StrykerJS source file's (`run --with-stryker`). */
type AnyMutant = ReportMutant | (SchemaMutant & { readonly killedAt?: KilledAt });

/**
 * Every mutant by id. A StrykerJS source file has no site key; its path stands in for one, and
 * its ids carry the `stryker-` prefix, so they cannot meet a site mutant's.
 */
function mutantsById(
  report: EnvelopeMutationReport,
): Map<string, { readonly mutant: AnyMutant; readonly siteKey: string }> {
  const byId = new Map<string, { readonly mutant: AnyMutant; readonly siteKey: string }>();
  const files: Readonly<Record<string, FileResult | ReportSiteFile>> = report.files;
  for (const [name, file] of Object.entries(files)) {
    const siteKey = isSiteFile(file) ? file.envelopeMutants.siteKey : name;
    for (const mutant of file.mutants as readonly AnyMutant[]) {
      byId.set(mutant.id, { mutant, siteKey });
    }
  }
  return byId;
}

function change(head: AnyMutant, siteKey: string, base: AnyMutant | undefined): MutantChange {
  return {
    id: head.id,
    siteKey,
    mutatorName: head.mutatorName,
    replacement: head.replacement ?? '',
    ...(base === undefined ? {} : { base: verdict(base) }),
    head: verdict(head),
  };
}

function verdict(mutant: AnyMutant): MutantVerdict {
  return {
    status: codeMutantStatus(mutant.status),
    ...(mutant.killedAt === undefined ? {} : { killedAt: mutant.killedAt }),
  };
}

function rule(verdict: MutantVerdict | undefined): string | null {
  return verdict?.killedAt?.rule ?? null;
}

function siteChanges(
  baseSites: ReadonlyMap<string, ReportSiteFile>,
  headSites: ReadonlyMap<string, ReportSiteFile>,
): Pick<ReportDiff, 'sitesAppeared' | 'sitesVanished' | 'sitesChanged'> {
  const site = (key: string, before?: ReportSiteFile, after?: ReportSiteFile): SiteChange => ({
    siteKey: key,
    testFile: (after ?? before)?.envelopeMutants.testFile ?? '',
    ...(before === undefined ? {} : { base: before.source }),
    ...(after === undefined ? {} : { head: after.source }),
  });
  const headKeys = [...headSites.keys()];
  return {
    sitesAppeared: headKeys
      .filter((k) => !baseSites.has(k))
      .map((k) => site(k, undefined, headSites.get(k))),
    sitesVanished: [...baseSites.keys()]
      .filter((k) => !headSites.has(k))
      .map((k) => site(k, baseSites.get(k))),
    sitesChanged: headKeys
      .filter((k) => baseSites.has(k) && baseSites.get(k)?.source !== headSites.get(k)?.source)
      .map((k) => site(k, baseSites.get(k), headSites.get(k))),
  };
}

function sitesByKey(report: EnvelopeMutationReport): Map<string, ReportSiteFile> {
  return new Map(siteFilesOf(report).map((file) => [file.envelopeMutants.siteKey, file]));
}

function scores(report: EnvelopeMutationReport): ReportDiff['scores']['base'] {
  const summary = report.envelopeMutants;
  return { mutationScore: summary.mutationScore, namedKillScore: summary.namedKillScore };
}

function diffNotes(
  base: EnvelopeMutationReport,
  head: EnvelopeMutationReport,
  baseSites: ReadonlyMap<string, ReportSiteFile>,
  headSites: ReadonlyMap<string, ReportSiteFile>,
): string[] {
  const notes: string[] = [];
  const [b, h] = [base.envelopeMutants, head.envelopeMutants];
  if (b.seed !== h.seed) {
    notes.push(
      `seeds differ (${b.seed} → ${h.seed}): mutant ids do not correspond; run both with the same --seed`,
    );
  }
  if (b.profile !== h.profile) notes.push(`profiles differ (${b.profile} → ${h.profile})`);
  if (!b.complete || !h.complete) notes.push('one of the runs is incomplete (interrupted)');
  const keys = [...headSites.keys()];
  if (baseSites.size > 0 && keys.length > 0 && !keys.some((key) => baseSites.has(key))) {
    notes.push(
      'no site is in both reports: are they of the same project? (Renaming every test also changes every site key.)',
    );
  }
  return notes;
}
