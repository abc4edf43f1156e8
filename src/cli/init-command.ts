import path from 'node:path';
import type { RegisterCommand } from './register-command.js';
import { integerFlag } from './config-flags.js';
import { DEFAULT_PROBE_TIMEOUT_MS, DEFAULT_SUITE_FILE, runInit } from '../init/run-init.js';

interface InitFlagValues {
  readonly root?: string;
  readonly server?: string;
  readonly out?: string;
  readonly force?: boolean;
  readonly timeout?: string;
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
    .action(async (flags: InitFlagValues) => {
      const result = await runInit({
        root: path.resolve(flags.root ?? '.'),
        force: flags.force === true,
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
