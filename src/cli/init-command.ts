import path from 'node:path';
import type { RegisterCommand } from './register-command.js';
import { integerFlag } from './config-flags.js';
import { DEFAULT_PROBE_TIMEOUT_MS, DEFAULT_SUITE_FILE, runInit } from '../init/run-init.js';
import { envAssignment } from '../init/split-command.js';
import { projectTestGlobs } from '../vitest-adapter/project-test-globs.js';

interface InitFlagValues {
  readonly root?: string;
  readonly server?: string;
  readonly url?: string;
  readonly header?: readonly string[];
  readonly lowScopeHeader?: readonly string[];
  readonly out?: string;
  readonly force?: boolean;
  readonly timeout?: string;
  readonly env?: readonly string[];
  readonly allowDestructive?: boolean;
}

/** A repeatable flag's values, in order. */
const repeat = (value: string, previous: readonly string[] = []): string[] => [...previous, value];

/** `envelope-mutants init`: config file, and a starter contract suite for a stdio or remote server. */
export const registerInitCommand: RegisterCommand = (program) => {
  program
    .command('init')
    .description(
      'write envelope-mutants.config.json; with --server or --url, a starter contract suite',
    )
    .option('--root <dir>', 'the project root (default: the current directory)')
    .option('--server <command>', 'a stdio MCP server command, e.g. "node dist/server.js"')
    .option(
      '--url <url>',
      'a running MCP server on Streamable HTTP, e.g. http://127.0.0.1:3000/mcp',
    )
    .option(
      '--header <name: value>',
      'a header for --url, e.g. "Authorization: Bearer <token>"; the suite reads it from an environment variable (repeatable)',
      repeat,
    )
    .option(
      '--low-scope-header <name: value>',
      "a header of a credential lacking some tool's scope: adds the 403 insufficient_scope cases (repeatable)",
      repeat,
    )
    .option(
      '--out <file>',
      `the generated suite, relative to the root (default: ${DEFAULT_SUITE_FILE})`,
    )
    .option('--force', 'overwrite existing files')
    .option('--timeout <ms>', `per request to the server (default: ${DEFAULT_PROBE_TIMEOUT_MS})`)
    .option(
      '--env <VAR=value>',
      'a variable for the server, on top of your environment (repeatable)',
      repeat,
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
        testGlobsOf: projectTestGlobs,
        env: Object.fromEntries((flags.env ?? []).map(envAssignment)),
        timeoutMs:
          flags.timeout === undefined
            ? DEFAULT_PROBE_TIMEOUT_MS
            : integerFlag('--timeout', flags.timeout),
        ...(flags.server === undefined ? {} : { server: flags.server }),
        ...(flags.url === undefined ? {} : { url: flags.url }),
        ...(flags.header === undefined ? {} : { headers: flags.header }),
        ...(flags.lowScopeHeader === undefined ? {} : { lowScopeHeaders: flags.lowScopeHeader }),
        ...(flags.out === undefined ? {} : { out: flags.out }),
      });
      process.stdout.write(result.text);
    });
};
