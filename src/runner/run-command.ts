import path from 'node:path';
import type { Command } from 'commander';
import type { RegisterCommand } from '../cli.js';
import type { ReporterName } from '../config/config-input.js';
import { loadConfig } from '../config/load-config.js';
import { gateExitCode } from '../report/gate.js';
import { createProgressReporter, type ProgressReporter } from '../report/progress-reporter.js';
import { addProjectFlags, listFlag, projectOverrides, type ProjectFlags } from './config-flags.js';
import { runMutation } from './run-mutation.js';
import { runOptionsOf } from './run-options.js';
import { writeRunReports } from './write-run-reports.js';

interface RunFlagValues extends ProjectFlags {
  readonly isolate?: boolean;
  readonly mutant?: string[];
  readonly strict?: boolean;
  readonly reporters?: string;
}

/** `envelope-mutants run`: mutate, run the suite per round, report, gate (exit 0/1/2). */
export const registerRunCommand: RegisterCommand = (program, setExit) => {
  const command: Command = addProjectFlags(program.command('run'))
    .description('run the suite against every envelope mutant and report which ones it kills')
    .option('--isolate', 'one mutant per vitest run (slow; the reference for batched verdicts)')
    .option('--mutant <id>', 'only this mutant (repeatable)', collect, [])
    .option('--strict', 'gate on the named-kill score instead of the mutation score')
    .option('--reporters <names>', 'comma-separated: json, html, console');
  command.action(async (flags: RunFlagValues) => {
    const config = await loadConfig({
      cwd: path.resolve(flags.root ?? '.'),
      configPath: flags.config,
      overrides: {
        ...projectOverrides(flags),
        strict: flags.strict === true ? true : undefined,
        reporters: listFlag(flags.reporters) as ReporterName[] | undefined,
      },
    });
    let progress: ProgressReporter | undefined;
    const run = await runMutation({
      ...runOptionsOf(config, { isolate: flags.isolate === true, only: flags.mutant ?? [] }),
      onStart: (total) => {
        progress = createProgressReporter({
          total,
          stream: process.stderr,
          isTTY: process.stderr.isTTY,
        });
      },
      onResult: (result) => progress?.onMutantTested(result),
    });
    progress?.done();
    await writeRunReports(run, { reporters: config.reporters, reportDir: config.reportDir });
    setExit(gateExitCode(run));
  });
};

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
