import { existsSync } from 'node:fs';
import path from 'node:path';
import { isConfigError } from '../config/config-error.js';
import type { ReportMutant } from '../report/envelope-report.js';
import { readReport } from '../report/read-report.js';
import { REPORT_FILE_NAME } from './write-run-reports.js';

/** A mutant's verdict as the last JSON report recorded it. */
export type ReportedVerdict = Pick<ReportMutant, 'status' | 'statusReason' | 'killedAt'>;

/**
 * The verdict of `id` in `<reportDir>/mutation.json`, or `undefined`: no report yet, a report
 * that is not a valid one of ours (half-written, foreign), or one without that mutant. `explain`
 * still shows the mutant itself in every one of these cases.
 */
export async function readReportedVerdict(
  reportDir: string,
  id: string,
): Promise<ReportedVerdict | undefined> {
  const file = path.join(reportDir, REPORT_FILE_NAME);
  if (!existsSync(file)) return undefined;
  try {
    const report = await readReport(file);
    for (const siteFile of Object.values(report.files)) {
      const mutant = siteFile.mutants.find((candidate) => candidate.id === id);
      if (mutant !== undefined) return mutant;
    }
    return undefined;
  } catch (error) {
    if (isConfigError(error)) return undefined;
    throw error;
  }
}
