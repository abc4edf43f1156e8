import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ReporterName } from '../config/config-input.js';
import type { MutationRun } from '../mutant/mutant.js';
import { buildJsonReport } from '../report/build-json-report.js';
import { createConsoleReporter } from '../report/console-reporter.js';
import { expectedKillersOf } from './run-options.js';

/** The report of a run, in the project's report directory (DESIGN.md "Report and gate"). */
export const REPORT_FILE_NAME = 'mutation.json';

export interface WriteRunReportsOptions {
  readonly reporters: readonly ReporterName[];
  readonly reportDir: string;
}

/** Writes the reports the config asks for; returns the path of the JSON report, if written. */
export async function writeRunReports(
  run: MutationRun,
  options: WriteRunReportsOptions,
): Promise<string | null> {
  let written: string | null = null;
  if (options.reporters.includes('json')) {
    await mkdir(options.reportDir, { recursive: true });
    written = path.join(options.reportDir, REPORT_FILE_NAME);
    await writeFile(written, `${JSON.stringify(buildJsonReport(run), null, 2)}\n`);
  }
  if (options.reporters.includes('console')) {
    const reporter = createConsoleReporter({
      stream: process.stdout,
      isTTY: process.stdout.isTTY,
      expectedKillersOf,
    });
    await reporter.onRunComplete?.(run);
  }
  return written;
}
