import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { binPath, repoRoot } from './bin-path.js';

export interface RunCliOptions {
  /** The directory the command runs in; the repository's root by default. */
  readonly cwd?: string;
  /** Variables added to this process's environment. */
  readonly env?: Readonly<Record<string, string>>;
  /** The command is killed after this long (its exit code is then -1); no limit by default. */
  readonly timeoutMs?: number;
  /** Options for Node itself, before the script (`--import`, `--experimental-vm-modules`). */
  readonly execArgv?: readonly string[];
}

export interface CliResult {
  /** The exit code; -1 when the command was killed (a timeout, a signal). */
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs the BUILT command line (`npm run build` first) and waits for its exit; the exit code is
 * returned, not thrown.
 */
export function runCli(args: readonly string[], options: RunCliOptions = {}): Promise<CliResult> {
  if (!existsSync(binPath))
    throw new Error(`${binPath} is missing: run \`npm run build\` before the e2e tests`);
  return runNode(binPath, args, options);
}

/**
 * Runs a Node script (the command line, or a tool such as vitest or tsc) as a process of its own
 * and waits for its exit. The test worker's VITEST variables are left out of the environment:
 * with them a vitest the process starts would believe it already runs inside a worker. So are
 * `TEST` and `NODE_ENV`, which vitest sets for its own workers: the process starts from the
 * environment of a user's shell.
 */
export function runNode(
  script: string,
  args: readonly string[],
  options: RunCliOptions = {},
): Promise<CliResult> {
  const {
    VITEST: _vitest,
    VITEST_WORKER_ID: _worker,
    VITEST_POOL_ID: _pool,
    TEST: _test,
    NODE_ENV: _nodeEnv,
    ...inherited
  } = process.env;
  const run = {
    cwd: options.cwd ?? repoRoot,
    env: { ...inherited, ...options.env, NO_COLOR: '1' },
    timeout: options.timeoutMs ?? 0,
    maxBuffer: 64 * 1024 * 1024,
  };
  return new Promise((resolve) => {
    const argv = [...(options.execArgv ?? []), script, ...args];
    execFile(process.execPath, argv, run, (error, stdout, stderr) => {
      const exitCode = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      resolve({ exitCode, stdout, stderr });
    });
  });
}
