import { readFileSync } from 'node:fs';
import type { ReportedMutant } from './run-fixture.js';

/** A JSON report as the e2e tests read it. */
export interface ReadReport {
  readonly mutants: (ReportedMutant & { readonly testFile: string })[];
  readonly sites: string[];
  readonly summary: {
    readonly mutationScore: number | null;
    readonly namedKillScore: number | null;
    readonly complete: boolean;
    readonly shard?: { readonly index: number; readonly count: number; readonly run?: string };
    readonly vitestRuns: number;
  };
}

/** Reads the JSON report at `file`: its mutants with their site and test file, its summary. */
export function readJsonReport(file: string): ReadReport {
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    files: Record<
      string,
      { mutants: ReportedMutant[]; envelopeMutants: { siteKey: string; testFile: string } }
    >;
    envelopeMutants: ReadReport['summary'];
  };
  const files = Object.values(report.files);
  return {
    mutants: files.flatMap((file) =>
      file.mutants.map((mutant) => ({
        ...mutant,
        siteKey: file.envelopeMutants.siteKey,
        testFile: file.envelopeMutants.testFile,
      })),
    ),
    sites: files.map((file) => file.envelopeMutants.siteKey).sort(),
    summary: report.envelopeMutants,
  };
}

/** The test names of the JSON report at `file`, by test id. */
export function testNamesOf(file: string): Map<string, string> {
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    testFiles: Record<string, { tests: { id: string; name: string }[] }>;
  };
  return new Map(
    Object.values(report.testFiles).flatMap((tests) => tests.tests.map((t) => [t.id, t.name])),
  );
}
