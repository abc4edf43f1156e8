import type { JsonPath } from '../envelope/json-value.js';
import type {
  KilledAt,
  MutantStatus,
  ShardInfo,
  Site,
  StrayedSite,
  VerdictSource,
} from '../mutant/mutation-run.js';
import type { CheckContext } from '../oracle/check-context.js';
import type { SurvivorHint } from '../hints/survivor-hint.js';
import type { Brittleness } from './brittleness.js';
import type { SourceLocation } from './locate-json-path.js';

/**
 * The key of our extension members. mutation-testing-report-schema sets no
 * `additionalProperties: false` anywhere, so extra members are valid at the top level, on a file
 * and on a mutant; tools that do not know them (the HTML elements, dashboards) ignore them.
 */
export const REPORT_EXTENSION = 'envelopeMutants';

/** One mutant as written: the schema's `MutantResult` plus `killedAt` and the mutated `path`. */
export interface ReportMutant {
  readonly id: string;
  readonly mutatorName: string;
  readonly replacement: string;
  readonly location: SourceLocation;
  readonly status: MutantStatus;
  readonly statusReason?: string;
  readonly killedBy: readonly string[];
  readonly coveredBy: readonly string[];
  /** Extension: the test and rule that killed it, and whether the rule is an expected killer. */
  readonly killedAt?: KilledAt;
  /** Extension: the mutated member, e.g. `["result","isError"]`. */
  readonly path: JsonPath;
  /**
   * Extension: how the verdict was obtained (docs/verdict-contract.md), and what the run that
   * decided it met at the site's key where that was another kind of value than planned.
   */
  readonly envelopeMutants?: {
    readonly verdictSource: VerdictSource;
    readonly strayed?: StrayedSite;
  };
  /**
   * The schema's free text about a mutant (the HTML view shows it under the 📖 icon): for a
   * survivor, the assertion that would kill it and where it goes.
   */
  readonly description?: string;
  /** Extension: for a survivor, the assertion that would kill it (`explain` and tools read it). */
  readonly hint?: SurvivorHint;
  /**
   * Extension, on a harmless mutant only: the run's own verdict. The schema `status` of a harmless
   * mutant is `Ignored`, so the HTML view and other tools leave it out of the mutation score, and
   * `statusReason` says whether the suite was Brittle on it.
   */
  readonly harmless?: { readonly status: MutantStatus; readonly statusReason?: string };
}

/** What a site file carries besides the schema's members, so a report can be read back as a run. */
export interface ReportSiteInfo {
  readonly siteKey: string;
  readonly kind: Site['kind'];
  readonly testFile: string;
  readonly fileLevel: boolean;
  readonly testIds: readonly string[];
  readonly check: CheckContext;
}

/**
 * One site as a schema `FileResult`: its source is the pretty-printed envelope or decision.
 *
 * @internal
 */
export interface ReportSiteFile {
  readonly language: 'json';
  readonly source: string;
  readonly mutants: readonly ReportMutant[];
  readonly envelopeMutants: ReportSiteInfo;
}

/** Which slice of the mutants a sharded run (`run --shard i/n`) tested. */

/**
 * The top-level extension: both scores, the gate's inputs and the run's identity.
 *
 * @internal
 */
export interface ReportSummary {
  readonly profile: string;
  readonly seed: number;
  readonly strict: boolean;
  readonly complete: boolean;
  /** Thresholds exactly as configured (the schema's `thresholds` holds integers only, no `break`). */
  readonly thresholds: {
    readonly high: number;
    readonly low: number;
    readonly break: number | null;
    readonly brittle?: number;
  };
  /**
   * Percent; `null` when there is no valid mutant (Stryker's NaN, which JSON cannot hold), or
   * when the run is partial (`complete: false`): a score of the mutants reached is no score.
   */
  readonly mutationScore: number | null;
  readonly namedKillScore: number | null;
  readonly vitestRuns: number;
  readonly durationMs: number;
  readonly shard?: ShardInfo;
  /** The vitest pool the rounds ran in and why (absent in reports of earlier versions). */
  readonly pool?: { readonly pool: 'project' | 'vmForks'; readonly reason: string };
  /** The brittleness figure, present when the run made harmless mutants. */
  readonly brittleness?: Brittleness;
}

/** @internal */
export interface ReportTestFile {
  readonly tests: readonly { readonly id: string; readonly name: string }[];
}

/**
 * A mutation-testing-report-schema report (schema version 2) with our extensions.
 *
 * @internal
 */
export interface EnvelopeMutationReport {
  readonly schemaVersion: '2';
  readonly thresholds: { readonly high: number; readonly low: number };
  readonly projectRoot: string;
  readonly files: Readonly<Record<string, ReportSiteFile>>;
  readonly testFiles: Readonly<Record<string, ReportTestFile>>;
  readonly framework: { readonly name: 'envelope-mutants'; readonly version: string };
  readonly envelopeMutants: ReportSummary;
}

export type { ShardInfo } from '../mutant/mutation-run.js';
