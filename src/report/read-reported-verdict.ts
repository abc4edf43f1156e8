import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, isConfigError } from '../errors.js';
import { formatPosition, parseJson } from '../config/parse-json.js';
import type { EnvelopeMutationReport, ReportMutant } from './envelope-report.js';
import { assertEnvelopeReport } from './validate-report.js';
import { REPORT_FILE_NAME } from './write-run-reports.js';

/**
 * A mutant's verdict as the last JSON report recorded it.
 *
 * @internal
 */
export type ReportedVerdict = Pick<ReportMutant, 'status' | 'statusReason' | 'killedAt'>;

const RUN_AGAIN = 'Run `envelope-mutants run` to write it again.';

/**
 * The verdict of `id` in `<reportDir>/mutation.json`, or `undefined`: no report yet, or one
 * without that mutant. A report that is there but damaged (half-written by a run that was killed,
 * edited, foreign) is a ConfigError saying where: its word is not taken, and "no report yet"
 * would send the user looking for the wrong cause.
 *
 * @internal
 */
export async function readReportedVerdict(
  reportDir: string,
  id: string,
): Promise<ReportedVerdict | undefined> {
  const file = path.join(reportDir, REPORT_FILE_NAME);
  if (!existsSync(file)) return undefined;
  const report = await readLastReport(file);
  for (const siteFile of Object.values(report.files)) {
    const mutant = siteFile.mutants.find((candidate) => candidate.id === id);
    if (mutant !== undefined) return mutant;
  }
  return undefined;
}

async function readLastReport(file: string): Promise<EnvelopeMutationReport> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new ConfigError(`${file}: cannot read the last report (${code}). ${RUN_AGAIN}`);
  }
  const parsed = parseJson(text);
  if (!parsed.ok) {
    throw new ConfigError(
      `${file}: the last report is damaged: not JSON from ${formatPosition(parsed.position)} (cut short?). ${RUN_AGAIN}`,
    );
  }
  try {
    assertEnvelopeReport(parsed.value, file);
  } catch (error) {
    if (!isConfigError(error)) throw error;
    throw new ConfigError(
      `${file}: the last report is damaged: it is JSON but not a report of envelope-mutants. ${RUN_AGAIN}`,
    );
  }
  return parsed.value;
}
