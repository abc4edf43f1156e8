// What one copy of a test file costs: the unit every mutant pays under the verdict contract (a
// new VM context and module graph in a vmForks worker; docs/design.md "The rounds"), split by what
// the file imports: vitest alone, the library's barrel (the worker bundle the package exports, and
// tsc's modules it replaced), the MCP SDK's `Client` with zod, or both.
// Generated suites of `--files` test files, one trivial test each, run under `vitest run` in
// vmForks with two workers and the module code cache the harness's sessions load. The kinds run in
// alternation, `--rounds` times. What an import costs a copy is the CPU above the files that import
// vitest alone, divided by the number of files; what a copy of an empty file costs is the CPU of
// `--files` such files above a sixth as many, divided by the files between.
//
//   npm run build && node bench/copy-cost.mjs [--files 60] [--rounds 3]
//
// Linux only (CPU from /proc/self/stat).
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { REPO_ROOT, median, printTable, round, writeResult } from './lib/bench-report.mjs';
import { processCpu } from './lib/process-cpu.mjs';

const { values: args } = parseArgs({
  options: {
    files: { type: 'string', default: '60' },
    rounds: { type: 'string', default: '3' },
  },
});
const FILES = Number(args.files);
const ROUNDS = Number(args.rounds);
if (!Number.isInteger(FILES) || FILES < 12 || !Number.isInteger(ROUNDS) || ROUNDS < 1) {
  console.error('copy-cost: --files must be a whole number of at least 12, --rounds at least 1.');
  process.exit(2);
}

/** What each kind of file imports, and the expression its one test reads. */
const KINDS = {
  vitest: { imports: [], reads: '1' },
  library: { imports: ["import * as library from 'envelope-mutants';"], reads: 'library' },
  // The same barrel as tsc writes it, about 150 modules: what the bundle replaced.
  'library (tsc modules)': {
    imports: ["import * as library from 'envelope-mutants/tsc';"],
    reads: 'library',
  },
  sdk: {
    imports: [
      "import { Client } from '@modelcontextprotocol/sdk/client/index.js';",
      "import { z } from 'zod';",
    ],
    reads: '[Client, z]',
  },
  'library+sdk': {
    imports: [
      "import * as library from 'envelope-mutants';",
      "import { Client } from '@modelcontextprotocol/sdk/client/index.js';",
      "import { z } from 'zod';",
    ],
    reads: '[library, Client, z]',
  },
};

const ROOT = join(tmpdir(), 'envelope-mutants-copy-cost');
rmSync(ROOT, { recursive: true, force: true });
mkdirSync(ROOT, { recursive: true });
symlinkSync(join(REPO_ROOT, 'node_modules'), join(ROOT, 'node_modules'), 'dir');
writeFileSync(join(ROOT, 'package.json'), '{ "type": "module", "private": true }\n');
const build = (file) => join(REPO_ROOT, 'dist', 'src', file);
writeFileSync(
  join(ROOT, 'vitest.config.mjs'),
  `import { defineConfig } from 'vitest/config';
export default defineConfig({
  resolve: {
    alias: [
      { find: /^envelope-mutants$/, replacement: ${JSON.stringify(join(REPO_ROOT, 'dist', 'worker', 'index.js'))} },
      { find: /^envelope-mutants\\/tsc$/, replacement: ${JSON.stringify(build('index.js'))} },
    ],
  },
  test: {
    pool: 'vmForks',
    maxWorkers: 2,
    include: [process.env.COPY_COST_DIR + '/*.test.mjs'],
    // The library loads as an installed package does: by Node, untransformed.
    server: { deps: { external: [/\\/dist\\/(src|worker)\\//] } },
    // What the harness's vmForks sessions load first in every worker.
    execArgv: ['--import', ${JSON.stringify(pathToFileURL(build('taps/worker-preload.js')).href)}],
  },
});
`,
);

/** Writes `count` files of `kind` under a folder of their own; returns the folder's name. */
function suite(kind, count) {
  const dir = `${kind.replace(/\W+/g, '-').replace(/-$/, '')}-${count}`;
  mkdirSync(join(ROOT, dir));
  const { imports, reads } = KINDS[kind];
  const source = [
    "import { expect, test } from 'vitest';",
    ...imports,
    `test('copy', () => { expect(${reads}).toBeDefined(); });`,
    '',
  ].join('\n');
  for (let n = 1; n <= count; n += 1) writeFileSync(join(ROOT, dir, `f${n}.test.mjs`), source);
  return dir;
}

const SMALL = Math.floor(FILES / 6);
const runs = [
  { kind: 'vitest', files: SMALL },
  ...Object.keys(KINDS).map((kind) => ({ kind, files: FILES })),
].map((run) => ({ ...run, dir: suite(run.kind, run.files), wallMs: [], cpuMs: [] }));

const vitestBin = join(REPO_ROOT, 'node_modules', 'vitest', 'vitest.mjs');
for (let r = 1; r <= ROUNDS; r += 1) {
  for (const run of r % 2 === 1 ? runs : [...runs].reverse()) {
    const cpuBefore = processCpu().childrenMs;
    const started = performance.now();
    const child = spawnSync(process.execPath, [vitestBin, 'run'], {
      cwd: ROOT,
      env: { ...process.env, COPY_COST_DIR: run.dir, FORCE_COLOR: '0' },
      encoding: 'utf8',
    });
    const wallMs = performance.now() - started;
    if (child.status !== 0) {
      console.error(`copy-cost: vitest failed on ${run.dir}:\n${child.stdout}\n${child.stderr}`);
      process.exit(1);
    }
    run.wallMs.push(wallMs);
    run.cpuMs.push(processCpu().childrenMs - cpuBefore);
    console.log(`round ${r}: ${run.dir} ${round(wallMs / 1000, 2)} s`);
  }
}

const cpuOf = (kind, files) => median(runs.find((r) => r.kind === kind && r.files === files).cpuMs);
const floor = cpuOf('vitest', FILES);
const perCopy = {
  emptyFile: (floor - cpuOf('vitest', SMALL)) / (FILES - SMALL),
  ...Object.fromEntries(
    Object.keys(KINDS)
      .filter((kind) => kind !== 'vitest')
      .map((kind) => [kind, (cpuOf(kind, FILES) - floor) / FILES]),
  ),
};
const rows = runs.map((run) => ({
  suite: run.dir,
  'wall s (median)': round(median(run.wallMs) / 1000, 2),
  'CPU s (median)': round(median(run.cpuMs) / 1000, 2),
  'CPU s (min–max)': `${round(Math.min(...run.cpuMs) / 1000, 2)}–${round(Math.max(...run.cpuMs) / 1000, 2)}`,
}));
printTable(`vitest run in vmForks, 2 workers, ${ROUNDS} rounds`, rows);
printTable(
  'CPU per copy (ms): an empty file, and what each import adds to it',
  Object.entries(perCopy).map(([what, ms]) => ({ what, 'CPU ms per copy': round(ms, 0) })),
);
const file = writeResult('copy-cost', {
  method: `vitest run of ${FILES} generated files in vmForks (2 workers, the harness's module code cache); kinds alternated over ${ROUNDS} rounds; medians of the CPU of vitest and its workers`,
  rows,
  perCopyCpuMs: Object.fromEntries(Object.entries(perCopy).map(([k, v]) => [k, round(v, 1)])),
});
console.log(`\nwrote ${file}`);
rmSync(ROOT, { recursive: true, force: true });
