import path from 'node:path';
import type { RegisterCommand } from './register-command.js';
import { integerFlag } from './config-flags.js';
import { DEFAULT_PROBE_TIMEOUT_MS, DEFAULT_SUITE_FILE, runInit } from '../init/run-init.js';
import { envAssignment } from '../init/split-command.js';

interface InitFlagValues {
  readonly root?: string;
  readonly server?: string;
  readonly out?: string;
  readonly force?: boolean;
  readonly timeout?: string;
  readonly env?: readonly string[];
  readonly allowDestructive?: boolean;
}

/** `envelope-mutants init`: config file, and a starter contract suite for a stdio MCP server. */
export const registerInitCommand: RegisterCommand = (program) => {
  program
    .command('init')
    .description('write envelope-mutants.config.json; with --server, a starter contract suite')
    .option('--root <dir>', 'the project root (default: the current directory)')
    .option('--server <command>', 'a stdio MCP server command, e.g. "node dist/server.js"')
    .option(
      '--out <file>',
      `the generated suite, relative to the root (default: ${DEFAULT_SUITE_FILE})`,
    )
    .option('--force', 'overwrite existing files')
    .option('--timeout <ms>', `per request to the server (default: ${DEFAULT_PROBE_TIMEOUT_MS})`)
    .option(
      '--env <VAR=value>',
      'a variable for the server, on top of your environment (repeatable)',
      (value: string, previous: readonly string[] = []) => [...previous, value],
    )
    .option(
      '--allow-destructive',
      'also call tools whose annotations say they may destroy state (MCP destructiveHint)',
    )
    .action(async (flags: InitFlagValues) => {
      const result = await runInit({
        root: path.resolve(flags.root ?? '.'),
        force: flags.force === true,
        allowDestructive: flags.allowDestructive === true,
        env: Object.fromEntries((flags.env ?? []).map(envAssignment)),
        timeoutMs:
          flags.timeout === undefined
            ? DEFAULT_PROBE_TIMEOUT_MS
            : integerFlag('--timeout', flags.timeout),
        ...(flags.server === undefined ? {} : { server: flags.server }),
        ...(flags.out === undefined ? {} : { out: flags.out }),
      });
      process.stdout.write(result.text);
    });
};
