import type { ReporterName } from '../config/config-input.js';
import type { MutationRun } from '../mutant/mutation-run.js';
import type { ShardInfo } from './envelope-report.js';
import { writeReports } from './write-reports.js';
import { expectedKillersOf } from './expected-killers.js';

/** The JSON report's name in the report directory (docs/design.md "Report and gate"). */
export const REPORT_FILE_NAME = 'mutation.json';

export interface WriteRunReportsOptions {
  readonly reporters: readonly ReporterName[];
  readonly reportDir: string;
  /** `run --shard i/n`: recorded in the report so `merge` can check every shard is there. */
  readonly shard?: ShardInfo;
}

/**
 * Writes the reports the config asks for: JSON, HTML, the console summary.
 *
 * @internal
 */
export async function writeRunReports(
  run: MutationRun,
  options: WriteRunReportsOptions,
): Promise<void> {
  await writeReports(run, {
    outDir: options.reportDir,
    reporters: options.reporters,
    stream: process.stdout,
    isTTY: process.stdout.isTTY,
    expectedKillersOf,
    ...(options.shard === undefined ? {} : { shard: options.shard }),
  });
}
