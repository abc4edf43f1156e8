import path from 'node:path';
import type { RegisterCommand } from './register-command.js';
import { loadConfig } from '../config/load-config.js';
import { gateResult } from '../report/gate.js';
import { attributeCodeMutants } from '../stryker/attribute-code-mutants.js';
import { formatCodeSummary } from '../stryker/format-code-summary.js';
import { readStrykerReport } from '../stryker/read-stryker-report.js';
import { codeSummaryJson } from '../stryker/code-summary-json.js';
import { summarizeCodeMutants } from '../stryker/summarize-code-mutants.js';

interface StrykerFlags {
  readonly root?: string;
  readonly config?: string;
  readonly json?: boolean;
}

/**
 * `envelope-mutants stryker <report>`: the code-level mutants of a StrykerJS report, their kills
 * attributed to rules as the runner attributes envelope kills; a summary per file, both scores,
 * and the config's gate (exit 1 below `thresholds.break`).
 */
export const registerStrykerCommand: RegisterCommand = (program, setExit) => {
  program
    .command('stryker')
    .description(
      'attribute the kills of a StrykerJS report to rules: named and unnamed kills, both scores',
    )
    .argument('<report>', "StrykerJS's JSON report, e.g. reports/mutation/mutation.json")
    .option('--root <dir>', 'the project root (default: the current directory)')
    .option('--config <path>', 'the config whose labels map assertion labels to rules')
    .option('--json', 'print the attribution as JSON')
    .action(async (reportPath: string, flags: StrykerFlags) => {
      const config = await loadConfig({
        cwd: path.resolve(flags.root ?? '.'),
        configPath: flags.config,
      });
      const report = await readStrykerReport(reportPath);
      const mutants = attributeCodeMutants(report, config.labels);
      const summary = summarizeCodeMutants(mutants);
      process.stdout.write(
        flags.json === true
          ? `${JSON.stringify(codeSummaryJson(summary, mutants), null, 2)}\n`
          : `${formatCodeSummary(summary, mutants)}\n`,
      );
      const gate = gateResult({
        thresholds: config.thresholds,
        strict: config.strict,
        complete: !mutants.some((mutant) => mutant.status === 'Pending'),
        mutationScore: summary.total.mutationScore,
        namedKillScore: summary.total.namedKillScore,
      });
      if (flags.json !== true) process.stdout.write(`${gate.message}\n`);
      setExit(gate.exitCode);
    });
};
