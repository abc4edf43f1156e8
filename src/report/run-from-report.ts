import type { MutantResult, MutationRun, Site, TestInfo } from '../mutant/mutation-run.js';
import type { EnvelopeMutationReport, ReportMutant, ReportSiteFile } from './envelope-report.js';
import { siteFilesOf } from './site-file.js';

/**
 * A report read back as the run it was built from (`buildJsonReport`'s inverse), so `merge` and
 * `diff` work on the same shapes as the runner. Lost on the way: test durations, and the
 * `projectRoot` is the report's. Only sites are read: the StrykerJS source files of a
 * `run --with-stryker` report are no part of the run.
 *
 * @internal
 */
export function runFromReport(report: EnvelopeMutationReport): MutationRun {
  const summary = report.envelopeMutants;
  const files = siteFilesOf(report);
  return {
    projectRoot: report.projectRoot,
    profile: summary.profile,
    seed: summary.seed,
    strict: summary.strict,
    thresholds: { ...summary.thresholds },
    sites: files.map(site),
    tests: tests(report),
    mutants: files.flatMap((file) =>
      file.mutants.map((mutant) => mutantResultOf(mutant, file.envelopeMutants.siteKey)),
    ),
    complete: summary.complete,
    vitestRuns: summary.vitestRuns,
    durationMs: summary.durationMs,
    ...(summary.pool === undefined ? {} : { pool: { ...summary.pool } }),
  };
}

function site(file: ReportSiteFile): Site {
  const info = file.envelopeMutants;
  return {
    key: info.siteKey,
    kind: info.kind,
    file: info.testFile,
    testIds: info.testIds,
    fileLevel: info.fileLevel,
    value: parse(file.source),
    check: info.check,
  };
}

/** A site whose value was not JSON (e.g. `undefined`) was written as its `String()`. */
function parse(source: string): unknown {
  try {
    return JSON.parse(source) as unknown;
  } catch {
    return source === 'undefined' ? undefined : source;
  }
}

function tests(report: EnvelopeMutationReport): TestInfo[] {
  return Object.entries(report.testFiles).flatMap(([file, testFile]) =>
    testFile.tests.map((test) => ({ id: test.id, name: test.name, file })),
  );
}

function mutantResultOf(mutant: ReportMutant, siteKey: string): MutantResult {
  return {
    id: mutant.id,
    siteKey,
    mutatorName: mutant.mutatorName,
    replacement: mutant.replacement,
    path: mutant.path,
    // A harmless mutant's report status is `Ignored`; its verdict is kept in `harmless`.
    ...(mutant.harmless ?? {
      status: mutant.status,
      ...(mutant.statusReason === undefined ? {} : { statusReason: mutant.statusReason }),
    }),
    ...(mutant.killedAt === undefined ? {} : { killedAt: mutant.killedAt }),
    killedBy: mutant.killedBy,
    coveredBy: mutant.coveredBy,
    ...(mutant.envelopeMutants === undefined
      ? {}
      : { verdictSource: mutant.envelopeMutants.verdictSource }),
    ...(mutant.envelopeMutants?.strayed === undefined
      ? {}
      : { strayed: mutant.envelopeMutants.strayed }),
  };
}
