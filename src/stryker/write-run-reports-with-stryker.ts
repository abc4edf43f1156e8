import path from 'node:path';
import type { MutationTestResult } from 'mutation-testing-report-schema';
import type { ReporterName } from '../config/config-input.js';
import type { MutationRun } from '../mutant/mutation-run.js';
import type { RuleName } from '../oracle/rule-name.js';
import { buildJsonReport } from '../report/build-json-report.js';
import { createConsoleReporter } from '../report/console-reporter.js';
import type { EnvelopeMutationReport, ShardInfo } from '../report/envelope-report.js';
import { writeReportFiles } from '../report/write-report-files.js';
import { redactSecretsDeep } from '../secrets/redact-secrets.js';
import { expectedKillersOf } from '../report/expected-killers.js';
import { attributeCodeMutants } from './attribute-code-mutants.js';
import { formatCodeSummary } from './format-code-summary.js';
import { gateMergedReport } from './gate-merged-report.js';
import { mergeStrykerReport } from './merge-stryker-report.js';
import { summarizeCodeMutants } from './summarize-code-mutants.js';

export interface WriteRunReportsWithStrykerOptions {
  readonly reporters: readonly ReporterName[];
  readonly reportDir: string;
  readonly labels: ReadonlyMap<string, RuleName>;
  /** `run --shard i/n --with-stryker`: recorded so `merge` can check every shard is there. */
  readonly shard?: ShardInfo;
}

/**
 * `run --with-stryker`: writes ONE report holding the run's envelope mutants and the StrykerJS
 * report's code mutants, prints both summaries and returns the exit code of the one gate.
 *
 * @internal
 */
export async function writeRunReportsWithStryker(
  run: MutationRun,
  stryker: MutationTestResult,
  options: WriteRunReportsWithStrykerOptions,
): Promise<0 | 1> {
  const safe = redactSecretsDeep(stryker, process.env);
  const shard = options.shard === undefined ? {} : { shard: options.shard };
  const merged = mergeStrykerReport(buildJsonReport(run, shard), safe, { labels: options.labels });
  // The HTML page reads the summary and hands the whole report to mutation-testing-elements,
  // which shows source files and envelope sites alike.
  await writeReportFiles(merged as unknown as EnvelopeMutationReport, {
    ...(options.reporters.includes('json')
      ? { json: path.join(options.reportDir, 'mutation.json') }
      : {}),
    ...(options.reporters.includes('html')
      ? { html: path.join(options.reportDir, 'mutation.html') }
      : {}),
  });
  const gate = gateMergedReport(merged);
  if (options.reporters.includes('console')) {
    await createConsoleReporter({
      stream: process.stdout,
      isTTY: process.stdout.isTTY,
      expectedKillersOf,
    }).onRunComplete?.(run);
    const code = attributeCodeMutants(safe, options.labels);
    process.stdout.write(
      `\nStrykerJS code mutants\n${formatCodeSummary(summarizeCodeMutants(code), code)}\n`,
    );
    process.stdout.write(`envelope + code mutants: ${gate.message}\n`);
  }
  return gate.exitCode;
}
