import type {
  FileResult,
  MutationTestResult,
  TestFile,
  MutantResult as SchemaMutant,
} from 'mutation-testing-report-schema';
import type { KilledAt } from '../mutant/mutation-run.js';
import type {
  EnvelopeMutationReport,
  ReportSiteFile,
  ReportTestFile,
} from '../report/envelope-report.js';
import { scoresOfMutants } from '../report/scores.js';
import { isSiteFile } from '../report/site-file.js';
import { codeMutantStatus } from '../report/code-mutant-status.js';
import type { CodeMutant } from './code-mutant.js';
import { STRYKER_ID_PREFIX, type StrykerPartSummary } from './merge-stryker-report.js';

/** The StrykerJS part of a merged report, as `joinCodeMutants` takes it back. */
export interface StrykerPart {
  readonly result: MutationTestResult;
  /** Its mutants with the kills attributed when the report was merged (labels applied then). */
  readonly code: readonly CodeMutant[];
}

/** A report taken apart: its sites as an envelope-only report, and its StrykerJS part if any. */
export interface SplitReport {
  readonly report: EnvelopeMutationReport;
  readonly stryker?: StrykerPart;
}

type Summary = EnvelopeMutationReport['envelopeMutants'] & {
  readonly stryker?: StrykerPartSummary;
};

/**
 * `mergeStrykerReport`'s inverse, so `merge` can join the sites of shards and put the StrykerJS
 * part back with `joinCodeMutants`. The envelope part's scores are recomputed over its sites; its
 * `complete` stays the merged one (false when StrykerJS left mutants pending too).
 */
export function splitMergedReport(report: EnvelopeMutationReport): SplitReport {
  const all: Readonly<Record<string, FileResult | ReportSiteFile>> = report.files;
  const sites = Object.entries(all).filter((entry): entry is [string, ReportSiteFile] =>
    isSiteFile(entry[1]),
  );
  const sources = Object.entries(all).filter(
    (entry): entry is [string, FileResult] => !isSiteFile(entry[1]),
  );
  const { stryker: part, ...summary } = report.envelopeMutants as Summary;
  const scores = scoresOfMutants(sites.flatMap(([, file]) => file.mutants));
  const envelope: EnvelopeMutationReport = {
    ...report,
    files: Object.fromEntries(sites),
    testFiles: keptTestFiles(report.testFiles, (id) => !id.startsWith(STRYKER_ID_PREFIX)),
    envelopeMutants: {
      ...summary,
      mutationScore: json(scores.mutationScore),
      namedKillScore: json(scores.namedKillScore),
    },
  };
  if (part === undefined && sources.length === 0) return { report: envelope };
  return { report: envelope, stryker: strykerPart(report, sources, part) };
}

function strykerPart(
  report: EnvelopeMutationReport,
  sources: readonly [string, FileResult][],
  part: StrykerPartSummary | undefined,
): StrykerPart {
  const files: Record<string, FileResult> = {};
  const code: CodeMutant[] = [];
  for (const [name, file] of sources) {
    const mutants = file.mutants as readonly (SchemaMutant & { readonly killedAt?: KilledAt })[];
    files[name] = { ...file, mutants: mutants.map(({ killedAt: _, ...m }) => unprefixed(m)) };
    code.push(...mutants.map((mutant) => codeMutant(name, mutant)));
  }
  const testFiles = keptTestFiles(report.testFiles, (id) => id.startsWith(STRYKER_ID_PREFIX));
  const result: MutationTestResult = {
    schemaVersion: report.schemaVersion,
    thresholds: report.thresholds,
    files,
    testFiles: Object.fromEntries(
      Object.entries(testFiles).map(([name, file]): [string, TestFile] => [
        name,
        { tests: file.tests.map((test) => ({ ...test, id: strip(test.id) })) },
      ]),
    ),
    // `mergeStrykerReport` writes the framework as "name version"; as a name alone it reads back
    // the same.
    ...(part === undefined ? {} : { framework: { name: part.framework } }),
  };
  return { result, code };
}

function codeMutant(
  file: string,
  mutant: SchemaMutant & { readonly killedAt?: KilledAt },
): CodeMutant {
  return {
    id: strip(mutant.id),
    file,
    mutatorName: mutant.mutatorName,
    replacement: mutant.replacement ?? null,
    status: codeMutantStatus(mutant.status),
    statusReason: mutant.statusReason ?? null,
    ...(mutant.killedAt === undefined ? {} : { killedAt: mutant.killedAt }),
  };
}

function unprefixed(mutant: SchemaMutant): SchemaMutant {
  return {
    ...mutant,
    id: strip(mutant.id),
    ...(mutant.killedBy === undefined ? {} : { killedBy: mutant.killedBy.map(strip) }),
    ...(mutant.coveredBy === undefined ? {} : { coveredBy: mutant.coveredBy.map(strip) }),
  };
}

/** The test files with only the tests `keep` selects; files left empty are dropped. */
function keptTestFiles(
  testFiles: Readonly<Record<string, ReportTestFile>>,
  keep: (id: string) => boolean,
): Record<string, ReportTestFile> {
  const kept: Record<string, ReportTestFile> = {};
  for (const [name, file] of Object.entries(testFiles)) {
    const tests = file.tests.filter((test) => keep(test.id));
    if (tests.length > 0) kept[name] = { ...file, tests };
  }
  return kept;
}

function strip(id: string): string {
  return id.startsWith(STRYKER_ID_PREFIX) ? id.slice(STRYKER_ID_PREFIX.length) : id;
}

/** JSON has no NaN: a score without valid mutants is written as `null`, as buildJsonReport does. */
function json(score: number): number | null {
  return Number.isNaN(score) ? null : score;
}
