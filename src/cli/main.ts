// argv → options → command → exit code. No logic of its own: every command lives in its area.
import { Command, CommanderError } from 'commander';
import type { RegisterCommand } from './register-command.js';
import { isConfigError } from '../errors.js';
import { registerFuzzCommand } from './fuzz-command.js';
import { registerInitCommand } from './init-command.js';
import { packageVersion } from '../config/package-version.js';
import { registerExplainCommand } from './explain-command.js';
import { registerListCommand } from './list-command.js';
import { registerRunCommand } from './run-command.js';
import { registerMutatorsCommand } from './mutators-command.js';
import { registerDiffCommand } from './diff-command.js';
import { registerMergeCommand } from './merge-command.js';
import { registerStrykerCommand } from './stryker-command.js';
import { redactProcessOutput } from '../secrets/redact-process-output.js';

/** Exit codes: 0 gate passed, 1 gate failed / regression, 2 usage or config error. */
export type { RegisterCommand } from './register-command.js';

/** @internal */
export async function main(argv: readonly string[]): Promise<number> {
  let exitCode = 0;
  const setExit = (code: number): void => {
    exitCode = Math.max(exitCode, code);
  };
  const program = new Command('envelope-mutants')
    .description(
      'Mutation testing for JSON-RPC 2.0 / MCP failure envelopes: would your vitest suite notice?',
    )
    .version(packageVersion(), '-v, --version')
    .exitOverride()
    .showHelpAfterError('(run envelope-mutants --help for usage)');
  for (const register of commands) register(program, setExit);
  // Whatever any command prints goes through the redactor: secrets of the environment never
  // reach a CI log, in any encoding.
  const restoreOutput = redactProcessOutput();
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end through here with exit code 0.
      return error.exitCode === 0 ? 0 : 2;
    }
    if (isConfigError(error)) {
      process.stderr.write(`envelope-mutants: ${error.message}\n`);
      return 2;
    }
    throw error;
  } finally {
    restoreOutput();
  }
  return exitCode;
}

const commands: readonly RegisterCommand[] = [
  registerRunCommand,
  registerListCommand,
  registerExplainCommand,
  registerFuzzCommand,
  registerMutatorsCommand,
  registerDiffCommand,
  registerMergeCommand,
  registerStrykerCommand,
  registerInitCommand,
];
