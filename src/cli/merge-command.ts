import type { RegisterCommand } from './register-command.js';
import { resolve } from 'node:path';
import { ConfigError } from '../errors.js';
import { createConsoleReporter } from '../report/console-reporter.js';
import { gateMergedReport } from '../stryker/gate-merged-report.js';
import { mergeReportsWithStryker } from '../stryker/merge-reports-with-stryker.js';
import type { EnvelopeMutationReport } from '../report/envelope-report.js';
import { gateExitCode } from '../report/gate.js';
import { readReport } from '../report/read-report.js';
import { runFromReport } from '../report/run-from-report.js';
import { strayedWarning } from '../report/strayed-warning.js';
import { writeReportFiles } from '../report/write-report-files.js';
import { DEFAULT_REPORT_DIR } from '../report/write-reports.js';

interface MergeFlags {
  readonly out: string;
  readonly html: boolean;
}

/**
 * `envelope-mutants merge <reports…> [--out path]`: joins the reports of `run --shard i/n` jobs,
 * writes the merged JSON (and HTML beside it), prints the summary and exits with the gate's code,
 * so one CI step both merges and gates.
 */
export const registerMergeCommand: RegisterCommand = (program, setExit) => {
  program
    .command('merge')
    .description('join the reports of sharded runs (run --shard i/n) into one report, then gate it')
    .argument('<reports...>', 'the mutation.json of every shard')
    .option(
      '--out <path>',
      'where to write the merged report',
      `${DEFAULT_REPORT_DIR}/mutation.json`,
    )
    .option('--no-html', 'do not write the HTML report next to the merged JSON')
    .action(async (paths: string[], flags: MergeFlags) => {
      if (/\.html?$/i.test(flags.out)) {
        throw new ConfigError(
          `--out: ${flags.out} would hold the merged JSON report. Name a .json file; the HTML report is written beside it (${flags.out.replace(/\.html?$/i, '.json')} and ${flags.out.replace(/\.html?$/i, '.html')}).`,
        );
      }
      const twice = paths.find(
        (file, i) => paths.findIndex((other) => resolve(other) === resolve(file)) < i,
      );
      if (twice !== undefined) {
        // Its time and vitest runs would be counted twice in the merged report.
        throw new ConfigError(`merge: ${twice} is given twice. Pass each shard's report once.`);
      }
      const reports = await Promise.all(paths.map((path) => readReport(path)));
      const { envelope, merged } = mergeReportsWithStryker(reports, { names: paths });
      const written = merged ?? envelope;
      // As `run --with-stryker`: mutation-testing-elements shows source files and sites alike.
      await writeReportFiles(written as unknown as EnvelopeMutationReport, {
        json: flags.out,
        ...(flags.html ? { html: flags.out.replace(/(\.json)?$/, '.html') } : {}),
      });
      const run = runFromReport(envelope);
      await createConsoleReporter({
        stream: process.stdout,
        isTTY: process.stdout.isTTY,
      }).onRunComplete?.(run);
      // As `run`: verdicts that judged another envelope than planned are no score to gate on.
      const strayed = strayedWarning(run);
      const strayedExit = strayed === null ? 0 : 2;
      if (merged !== undefined) {
        const gate = gateMergedReport(merged);
        process.stdout.write(`envelope + code mutants: ${gate.message}\n`);
        setExit(Math.max(gate.exitCode, strayedExit));
      } else {
        setExit(Math.max(gateExitCode(run), strayedExit));
      }
      process.stdout.write(`merged ${paths.length} reports into ${flags.out}\n`);
      if (strayed !== null) process.stderr.write(`${strayed}\n`);
    });
};
