import type {
  FileResult,
  MutantResult as SchemaMutant,
  MutationTestResult,
  TestFile,
} from 'mutation-testing-report-schema';
import type { KilledAt } from '../mutant/mutation-run.js';
import type { RuleName } from '../oracle/rule-name.js';
import type {
  EnvelopeMutationReport,
  ReportSiteFile,
  ReportSummary,
  ReportTestFile,
} from '../report/envelope-report.js';
import { scoresOfMutants, type ScoreCounts } from '../report/scores.js';
import { attributeCodeMutants } from './attribute-code-mutants.js';
import type { CodeMutant } from './code-mutant.js';
import { asScoredMutant, summarizeCodeMutants } from './summarize-code-mutants.js';

/** Mutant and test ids of the StrykerJS report get this prefix: both reports number from their own. */
export const STRYKER_ID_PREFIX = 'stryker-';

/** A code-level mutant as written in a merged report: the schema's, plus our `killedAt`. */
export interface CodeReportMutant extends SchemaMutant {
  readonly killedAt?: KilledAt;
}

/** A source file of the StrykerJS report, carried over with its mutants attributed. */
export interface CodeReportFile extends FileResult {
  readonly mutants: CodeReportMutant[];
}

/** The StrykerJS part of a merged report's summary: its own scores and counts. */
export interface StrykerPartSummary {
  readonly framework: string;
  readonly mutationScore: number | null;
  readonly namedKillScore: number | null;
  readonly counts: ScoreCounts;
}

/**
 * An envelope-mutants report with the code-level mutants of a StrykerJS run: sites and source
 * files side by side, both scores recomputed over every mutant, one gate.
 */
export interface MergedReport extends Omit<EnvelopeMutationReport, 'files' | 'envelopeMutants'> {
  readonly files: Readonly<Record<string, ReportSiteFile | CodeReportFile>>;
  readonly envelopeMutants: ReportSummary & { readonly stryker: StrykerPartSummary };
}

export interface MergeStrykerReportOptions {
  /** The project's assertion labels → rules (config `labels`). */
  readonly labels: ReadonlyMap<string, RuleName>;
}

/**
 * Joins a StrykerJS report into an envelope-mutants report. Code kills are attributed as the
 * runner attributes envelope kills (`ruleFromFailureMessage`); a code kill is named when its
 * assertion names a rule. The mutation score and the named-kill score are computed over envelope
 * and code mutants together, so one gate covers both; the StrykerJS part keeps its own scores.
 */
export function mergeStrykerReport(
  report: EnvelopeMutationReport,
  stryker: MutationTestResult,
  options: MergeStrykerReportOptions,
): MergedReport {
  return joinCodeMutants(report, stryker, attributeCodeMutants(stryker, options.labels));
}

/**
 * `mergeStrykerReport` with the kills already attributed: `code` are the mutants of `stryker`
 * (unprefixed ids), e.g. read back from a merged report by `splitMergedReport`.
 */
export function joinCodeMutants(
  report: EnvelopeMutationReport,
  stryker: MutationTestResult,
  code: readonly CodeMutant[],
): MergedReport {
  const files: Record<string, ReportSiteFile | CodeReportFile> = { ...report.files };
  for (const [name, file] of Object.entries(stryker.files)) {
    files[name in files ? `stryker/${name}` : name] = codeFile(file, name, code);
  }
  const envelope = Object.values(report.files).flatMap((file) => file.mutants);
  const all = scoresOfMutants([...envelope, ...code.map(asScoredMutant)]);
  const part = summarizeCodeMutants(code).total;
  const complete = report.envelopeMutants.complete && !code.some((m) => m.status === 'Pending');
  return {
    ...report,
    files,
    testFiles: testFiles(report.testFiles, stryker.testFiles ?? {}),
    envelopeMutants: {
      ...report.envelopeMutants,
      complete,
      mutationScore: json(all.mutationScore),
      namedKillScore: json(all.namedKillScore),
      stryker: {
        framework: frameworkOf(stryker),
        mutationScore: json(part.mutationScore),
        namedKillScore: json(part.namedKillScore),
        counts: part.counts,
      },
    },
  };
}

function codeFile(file: FileResult, name: string, code: readonly CodeMutant[]): CodeReportFile {
  const byId = new Map(code.filter((m) => m.file === name).map((m) => [m.id, m]));
  return {
    ...file,
    mutants: file.mutants.map((mutant) => {
      const killedAt = byId.get(mutant.id)?.killedAt;
      return {
        ...mutant,
        id: `${STRYKER_ID_PREFIX}${mutant.id}`,
        ...(mutant.killedBy === undefined ? {} : { killedBy: mutant.killedBy.map(prefix) }),
        ...(mutant.coveredBy === undefined ? {} : { coveredBy: mutant.coveredBy.map(prefix) }),
        ...(killedAt === undefined ? {} : { killedAt }),
      };
    }),
  };
}

/** The same test file may appear in both reports (one suite, two tools): its tests are joined. */
function testFiles(
  ours: Readonly<Record<string, ReportTestFile>>,
  theirs: Readonly<Record<string, TestFile>>,
): Record<string, ReportTestFile> {
  const joined: Record<string, ReportTestFile> = { ...ours };
  for (const [name, file] of Object.entries(theirs)) {
    const tests = file.tests.map((test) => ({ id: prefix(test.id), name: test.name }));
    joined[name] = { tests: [...(joined[name]?.tests ?? []), ...tests] };
  }
  return joined;
}

function prefix(id: string): string {
  return `${STRYKER_ID_PREFIX}${id}`;
}

function frameworkOf(stryker: MutationTestResult): string {
  const framework = stryker.framework;
  if (framework === undefined) return 'unknown';
  return framework.version === undefined
    ? framework.name
    : `${framework.name} ${framework.version}`;
}

/** JSON has no NaN: a score without valid mutants is written as `null`, as buildJsonReport does. */
function json(score: number): number | null {
  return Number.isNaN(score) ? null : score;
}
