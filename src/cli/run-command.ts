import path from 'node:path';
import type { Command } from 'commander';
import type { RegisterCommand } from './register-command.js';
import type { PoolMode, ReporterName } from '../config/config-input.js';
import { loadConfig } from '../config/load-config.js';
import type { MutationRun } from '../mutant/mutation-run.js';
import { checkReportDir } from '../report/check-report-dir.js';
import { gateInputOf, gateResult } from '../report/gate.js';
import { createProgressReporter } from '../report/progress-reporter.js';
import { addProjectFlags, listFlag, projectOverrides, type ProjectFlags } from './config-flags.js';
import { runMutation } from '../vitest-adapter/run-mutation.js';
import { runOptionsOf } from '../engine/run-options.js';
import { prepareShardsIncrementalBaseline } from '../engine/shards-incremental-baseline.js';
import { addCiFlags, type CiFlagValues } from './ci-flags.js';
import { INCREMENTAL_FILE_NAME } from '../engine/incremental.js';
import { readStrykerReport } from '../stryker/read-stryker-report.js';
import { writeRunReportsWithStryker } from '../stryker/write-run-reports-with-stryker.js';
import { writeRunReports } from '../report/write-run-reports.js';
import { strayedWarning } from '../report/strayed-warning.js';
import { interruptOnSignals } from './interrupt-on-signals.js';

interface RunFlagValues extends ProjectFlags, CiFlagValues {
  readonly withStryker?: string;
  readonly isolate?: boolean;
  readonly mutant?: string[];
  readonly strict?: boolean;
  readonly reporters?: string;
  readonly pool?: string;
}

/** `envelope-mutants run`: mutate, run the suite per round, report, gate (exit 0/1/2). */
export const registerRunCommand: RegisterCommand = (program, setExit) => {
  const command: Command = addProjectFlags(program.command('run'))
    .description('run the suite against every envelope mutant and report which ones it kills')
    .option(
      '--isolate',
      "one mutant per vitest run, in the project's own pool (slow; the reference for batched verdicts)",
    )
    .option('--mutant <id>', 'only this mutant (repeatable)', collect, [])
    .option('--strict', 'gate on the named-kill score instead of the mutation score')
    .option('--reporters <names>', 'comma-separated: json, html, console')
    .option(
      '--pool <mode>',
      "where rounds run: auto (default), project (the project's own), vmForks",
    )
    .option(
      '--with-stryker <report>',
      "merge a StrykerJS report's code mutants into this run's report",
    );
  addCiFlags(command);
  command.action(async (flags: RunFlagValues) => {
    const config = await loadConfig({
      cwd: path.resolve(flags.root ?? '.'),
      configPath: flags.config,
      overrides: {
        ...projectOverrides(flags),
        strict: flags.strict === true ? true : undefined,
        reporters: listFlag(flags.reporters) as ReporterName[] | undefined,
        // loadConfig checks the value against the schema's enum and says which exist.
        pool: flags.pool as PoolMode | undefined,
      },
    });
    const options = runOptionsOf(config, {
      isolate: flags.isolate === true,
      only: flags.mutant ?? [],
      poolFlag: flags.pool !== undefined,
    });
    const ci = await prepareShardsIncrementalBaseline(flags, config, options);
    const stryker =
      flags.withStryker === undefined
        ? undefined
        : await readStrykerReport(path.resolve(config.projectRoot, flags.withStryker));
    const undoReportDir = await checkReportDir(
      config,
      flags.incremental === true ? [INCREMENTAL_FILE_NAME] : [],
    );
    const interrupt = interruptOnSignals();
    let run: MutationRun;
    try {
      run = await runMutation({
        ...options,
        ...ci.runOptions,
        signal: interrupt.signal,
        reporters: [
          createProgressReporter({ stream: process.stderr, isTTY: process.stderr.isTTY }),
        ],
      });
    } catch (error) {
      // A run refused (a suite that fails without mutants, no test that ran) leaves behind no
      // empty report folder of its making.
      undoReportDir();
      throw error;
    } finally {
      interrupt.dispose();
    }
    if (run.sites.length === 0) {
      process.stderr.write(
        "envelope-mutants: no test observed an envelope or a decision: wrap them in tapMessage, tapDecision, mutatingTransport or connectRaw, in the test's own code (a tap in a worker thread or a child process that a test starts is not seen), in a test file vitest runs (`npx vitest list --filesOnly` names them: a file the config's `include` leaves out runs nowhere).\n",
      );
    }
    const finished = await ci.finish(run, process.stderr);
    // Verdicts that a suite's unstable tap keys decided are no score to gate on: the reports are
    // written, and the run exits 2, as for a suite it cannot judge.
    const strayed = strayedWarning(finished.run);
    const reportOptions = {
      reporters: config.reporters,
      reportDir: config.reportDir,
      ...(ci.shard ? { shard: ci.shard } : {}),
    };
    if (stryker !== undefined) {
      const labels = config.labels;
      const code = await writeRunReportsWithStryker(finished.run, stryker, {
        ...reportOptions,
        labels,
      });
      if (strayed !== null) process.stderr.write(`${strayed}\n`);
      setExit(Math.max(code, finished.exitCode, strayed === null ? 0 : 2));
      return;
    }
    await writeRunReports(finished.run, reportOptions);
    const gate = gateResult(gateInputOf(finished.run));
    // The console reporter prints the gate's line; without it (`--reporters json`, the shard
    // command CI runs) the run still says its score and why it failed, once, on stderr.
    if (!config.reporters.includes('console'))
      process.stderr.write(`envelope-mutants: gate: ${gate.message}\n`);
    if (strayed !== null) process.stderr.write(`${strayed}\n`);
    setExit(Math.max(gate.exitCode, finished.exitCode, strayed === null ? 0 : 2));
  });
};

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
