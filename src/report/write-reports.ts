import { join } from 'node:path';
import { ConfigError } from '../errors.js';
import { REPORTER_NAMES, type ReporterName } from '../config/config-input.js';
import type { MutationRun } from '../mutant/mutation-run.js';
import type { RuleName } from '../oracle/rule-name.js';
import { buildJsonReport } from './build-json-report.js';
import { createConsoleReporter } from './console-reporter.js';
import type { EnvelopeMutationReport, ShardInfo } from './envelope-report.js';
import type { Environment } from '../secrets/redact-secrets.js';
import type { TextStream } from './text-stream.js';
import { writeReportFiles } from './write-report-files.js';

/**
 * Where the reports go when the config says nothing.
 *
 * @internal
 */
export const DEFAULT_REPORT_DIR = 'reports/envelope-mutants';

export interface WriteReportsOptions {
  /** Directory of mutation.json and mutation.html (created if needed). */
  readonly outDir: string;
  /** Default: all of them. */
  readonly reporters?: readonly string[];
  /** Secrets to redact and NO_COLOR; default `process.env`. */
  readonly env?: Environment;
  readonly shard?: ShardInfo;
  /** The console reporter's stream; default `process.stdout`. */
  readonly stream?: TextStream;
  readonly isTTY?: boolean;
  readonly expectedKillersOf?: (mutatorName: string) => readonly RuleName[];
}

export interface WrittenReports {
  readonly report: EnvelopeMutationReport;
  /** The files written, in `outDir`. */
  readonly files: readonly string[];
}

/**
 * Writes the reports of a finished (or interrupted) run: `mutation.json`, `mutation.html` and the
 * console summary, as `reporters` asks. Every one is redacted of secret-looking variables of `env`.
 */
export async function writeReports(
  run: MutationRun,
  options: WriteReportsOptions,
): Promise<WrittenReports> {
  const reporters = checkReporters(options.reporters ?? REPORTER_NAMES);
  const env = options.env ?? process.env;
  const report = buildJsonReport(run, {
    env,
    ...(options.shard === undefined ? {} : { shard: options.shard }),
  });
  const files = await writeReportFiles(report, {
    ...(reporters.has('json') ? { json: join(options.outDir, 'mutation.json') } : {}),
    ...(reporters.has('html') ? { html: join(options.outDir, 'mutation.html') } : {}),
    env,
  });
  if (reporters.has('console')) {
    const stream = options.stream ?? process.stdout;
    await createConsoleReporter({
      stream,
      isTTY: options.isTTY ?? process.stdout.isTTY,
      env,
      ...(options.expectedKillersOf === undefined
        ? {}
        : { expectedKillersOf: options.expectedKillersOf }),
    }).onRunComplete?.(run);
  }
  return { report, files };
}

function checkReporters(names: readonly string[]): ReadonlySet<ReporterName> {
  for (const name of names) {
    if (!(REPORTER_NAMES as readonly string[]).includes(name)) {
      throw new ConfigError(
        `reporters: unknown reporter "${name}". Use some of ${REPORTER_NAMES.join(', ')}.`,
      );
    }
  }
  return new Set(names as readonly ReporterName[]);
}
