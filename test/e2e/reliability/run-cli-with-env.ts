import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { CliResult } from '../runner/run-cli.js';

const BIN = fileURLToPath(new URL('../../../dist/src/bin.js', import.meta.url));

/**
 * Runs the built CLI with `extra` added to the environment, without the test worker's VITEST
 * variables (they would make the CLI's own vitest believe it runs inside a worker).
 */
export function runCliWithEnv(
  args: readonly string[],
  extra: Readonly<Record<string, string>>,
): Promise<CliResult> {
  const { VITEST: _vitest, VITEST_WORKER_ID: _worker, VITEST_POOL_ID: _pool, ...env } = process.env;
  return new Promise((resolve) => {
    const options = { env: { ...env, ...extra }, timeout: 280_000 };
    execFile('node', [BIN, ...args], options, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      resolve({ code, stdout, stderr });
    });
  });
}
