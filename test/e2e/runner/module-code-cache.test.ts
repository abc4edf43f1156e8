// The code cache the workers of the rounds load (`dist/src/taps/module-code-cache.js`), in a Node
// process of its own started as vitest starts a vmForks worker: `--experimental-vm-modules`, then
// `--import` of the cache.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { repoRoot } from '../../support/bin-path.js';

const PRELOAD = pathToFileURL(join(repoRoot, 'dist', 'src', 'taps', 'module-code-cache.js')).href;

/**
 * Builds the module `source` in three fresh VM contexts, evaluates it in each and calls its
 * `probe` export; prints what each context saw and the worker's cache counts.
 */
const COMPILE_THREE_TIMES = `
import vm from 'node:vm';
const source = process.env.SOURCE;
const seen = [];
for (let i = 0; i < 3; i += 1) {
  const context = vm.createContext({});
  const module = new vm.SourceTextModule(source, {
    identifier: 'file:///probe.mjs',
    context,
    importModuleDynamically: () => {
      const found = new vm.SyntheticModule(['name'], function () { this.setExport('name', 'found'); }, { context });
      return found.link(() => {}).then(() => found.evaluate()).then(() => found);
    },
  });
  await module.link(() => { throw new Error('no static imports'); });
  await module.evaluate();
  seen.push(await module.namespace.probe());
}
const stats = process[Symbol.for('envelope-mutants.codeCacheStats')] ?? null;
console.log(JSON.stringify({ seen, stats }));
`;

/** The dynamic module compiled once, then again from its code cache, and its probe called. */
const FROM_CODE_CACHE = `
import vm from 'node:vm';
const loader = () => { throw new Error('the loader was called'); };
const first = new vm.SourceTextModule(process.env.SOURCE, { context: vm.createContext({}), importModuleDynamically: loader });
const cachedData = first.createCachedData();
const again = new vm.SourceTextModule(process.env.SOURCE, { context: vm.createContext({}), importModuleDynamically: loader, cachedData });
await again.link(() => {});
await again.evaluate();
await again.namespace.probe();
`;

async function compileThreeTimes(
  source: string,
  preload: boolean,
): Promise<{ seen: unknown[]; stats: { hits: number; misses: number } | null; error?: string }> {
  const args = [
    '--experimental-vm-modules',
    '--no-warnings',
    ...(preload ? ['--import', PRELOAD] : []),
    '--input-type=module',
    '-e',
    COMPILE_THREE_TIMES,
  ];
  try {
    const { stdout } = await promisify(execFile)(process.execPath, args, {
      env: { ...process.env, SOURCE: source },
    });
    return JSON.parse(stdout) as { seen: unknown[]; stats: { hits: number; misses: number } };
  } catch (error) {
    return { seen: [], stats: null, error: String((error as { stderr?: unknown }).stderr) };
  }
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

    expect(cached.seen).toEqual([
      [1, 1],
      [1, 1],
      [1, 1],
    ]);
    expect(cached.stats).toEqual({ hits: 2, misses: 1 });
    // Negative control: without the preload nothing counts a hit, and nothing else changes.
    const plain = await compileThreeTimes(COUNTER, false);
    expect(plain).toEqual({ seen: cached.seen, stats: null });
  });

  test('should compile a module that calls import() from source every time', async () => {
    const cached = await compileThreeTimes(DYNAMIC, true);

    expect(cached.seen).toEqual(['found', 'found', 'found']);
    expect(cached.stats).toEqual({ hits: 0, misses: 3 });
  });

  test('should need that exception: from a code cache, import() finds no loader', async () => {
    // Negative control of the exception above: Node's own cachedData, without the preload.
    const failed: unknown = await promisify(execFile)(
      process.execPath,
      ['--experimental-vm-modules', '--no-warnings', '--input-type=module', '-e', FROM_CODE_CACHE],
      { env: { ...process.env, SOURCE: DYNAMIC } },
    ).then(
      () => 'no error',
      (error: unknown) => error,
    );

    expect(failed).toMatchObject({
      stderr: expect.stringContaining('A dynamic import callback was not specified') as unknown,
    });
  });
});
