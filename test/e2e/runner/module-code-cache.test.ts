// The code cache the workers of the rounds load (`dist/src/taps/worker-preload.js`), in a Node
// process of its own started as vitest starts a vmForks worker: `--experimental-vm-modules`, then
// `--import` of the preload.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import { repoRoot } from '../../support/bin-path.js';
import { runNode, type CliResult } from '../../support/run-cli.js';

const PRELOAD = pathToFileURL(join(repoRoot, 'dist', 'src', 'taps', 'worker-preload.js')).href;
const FIXTURES = join(repoRoot, 'test', 'fixtures', 'code-cache');

/** Runs a fixture script on `source` as vitest starts a vmForks worker, with or without the cache. */
function runProbe(script: string, source: string, preload: boolean): Promise<CliResult> {
  const execArgv = ['--experimental-vm-modules', '--no-warnings'];
  return runNode(join(FIXTURES, script), [], {
    execArgv: preload ? [...execArgv, '--import', PRELOAD] : execArgv,
    env: { SOURCE: source },
  });
}

/** What `source` gave in three fresh contexts, and the cache's counts; the stderr if it failed. */
async function compileThreeTimes(source: string, preload: boolean): Promise<unknown> {
  const { exitCode, stdout, stderr } = await runProbe('compile-three-times.mjs', source, preload);
  return exitCode === 0 ? (JSON.parse(stdout) as unknown) : { exitCode, stderr };
}

/** Module state and the context's globals: both must start afresh in every context. */
const COUNTER = `
let calls = 0;
globalThis.evaluations = (globalThis.evaluations ?? 0) + 1;
export function probe() { calls += 1; return [calls, globalThis.evaluations]; }
`;

/** A module that calls import(): Node 20 loses its loader when it comes from a code cache. */
const DYNAMIC = `export async function probe() { return (await import('anything')).name; }`;

describe('the module code cache of the vmForks workers', () => {
  test('should compile a module once and still evaluate it afresh in every context', async () => {
    const cached = await compileThreeTimes(COUNTER, true);

    const afresh = [
      [1, 1],
      [1, 1],
      [1, 1],
    ];
    expect(cached).toEqual({ seen: afresh, stats: { hits: 2, misses: 1 } });
    // Negative control: without the preload nothing counts a hit, and nothing else changes.
    expect(await compileThreeTimes(COUNTER, false)).toEqual({ seen: afresh, stats: null });
  });

  test('should compile a module that calls import() from source every time', async () => {
    const cached = await compileThreeTimes(DYNAMIC, true);

    expect(cached).toEqual({ seen: ['found', 'found', 'found'], stats: { hits: 0, misses: 3 } });
  });

  test('should need that exception: from a code cache, import() finds no loader', async () => {
    // Negative control of the exception above: Node's own cachedData, without the preload.
    const { exitCode, stderr } = await runProbe('from-code-cache.mjs', DYNAMIC, false);

    expect(exitCode).not.toBe(0);
    expect(stderr).toContain('A dynamic import callback was not specified');
  });
});
