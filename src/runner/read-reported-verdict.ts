import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPORT_FILE_NAME } from './write-run-reports.js';

/** A mutant's verdict as the last JSON report recorded it. */
export interface ReportedVerdict {
  readonly status: string;
  readonly statusReason?: string;
  readonly killedAt?: {
    readonly test: string;
    readonly rule: string | null;
    readonly named: boolean;
  };
}

/** The verdict of `id` in `<reportDir>/mutation.json`, or `undefined` (no report, or not in it). */
export function readReportedVerdict(reportDir: string, id: string): ReportedVerdict | undefined {
  const file = path.join(reportDir, REPORT_FILE_NAME);
  if (!existsSync(file)) return undefined;
  let report: unknown;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    // A half-written or foreign file is no verdict; explain still shows the mutant.
    return undefined;
  }
  const files = (report as { files?: Record<string, { mutants?: unknown[] }> }).files ?? {};
  for (const siteFile of Object.values(files)) {
    for (const mutant of siteFile.mutants ?? []) {
      if ((mutant as { id?: unknown }).id === id) return mutant as ReportedVerdict;
    }
  }
  return undefined;
}
