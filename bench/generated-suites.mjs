// Generated suites: `init` on a server installed from the npm registry, then `run` on the suite it
// wrote, as a new user does. Prints the mutants, both scores, the vitest runs, the wall time of
// init and of run, and mutants per second. No goal: the figures say what a first run costs (each
// mutant of a generated suite runs its own copy of the suite file, and so starts the server).
//
//   npm run build && node bench/generated-suites.mjs [--servers memory,filesystem] [--mutators a,b]
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import { REPO_ROOT, printTable, round, writeResult } from './lib/bench-report.mjs';

const { values: args } = parseArgs({
  options: {
    servers: { type: 'string', default: 'memory,filesystem' },
    mutators: { type: 'string' },
  },
});
const BIN = join(REPO_ROOT, 'dist', 'src', 'bin.js');
const SERVERS = {
  memory: 'node node_modules/@modelcontextprotocol/server-memory/dist/index.js',
  filesystem: 'node node_modules/@modelcontextprotocol/server-filesystem/dist/index.js data',
};
const LINKED = [
  'vitest',
  '@modelcontextprotocol/sdk',
  '@modelcontextprotocol/server-memory',
  '@modelcontextprotocol/server-filesystem',
  'zod',
];

/** A throwaway project whose node_modules link to this repository's, as the e2e tests build it. */
function project() {
  const root = mkdtempSync(join(tmpdir(), 'em-bench-generated-'));
  const devDependencies = Object.fromEntries(['envelope-mutants', ...LINKED].map((n) => [n, '*']));
  const manifest = { name: 'bench', private: true, type: 'module', devDependencies };
  writeFileSync(join(root, 'package.json'), JSON.stringify(manifest));
  for (const name of LINKED) {
    mkdirSync(join(root, 'node_modules', name, '..'), { recursive: true });
    symlinkSync(join(REPO_ROOT, 'node_modules', name), join(root, 'node_modules', name), 'dir');
  }
  symlinkSync(REPO_ROOT, join(root, 'node_modules', 'envelope-mutants'), 'dir');
  mkdirSync(join(root, 'data'));
  writeFileSync(join(root, 'data', 'kept.txt'), 'kept\n');
  return root;
}

/** Runs the built CLI in `root`; resolves with its wall time in seconds (a failure throws). */
async function cli(root, argv) {
  const started = performance.now();
  const env = { ...process.env, MEMORY_FILE_PATH: join(root, 'memory.json'), NO_COLOR: '1' };
  await promisify(execFile)(process.execPath, [BIN, ...argv], {
    cwd: root,
    env,
    maxBuffer: 64 * 1024 * 1024,
  });
  return (performance.now() - started) / 1000;
}

const rows = [];
for (const name of args.servers.split(',')) {
  const root = project();
  try {
    const initSeconds = await cli(root, ['init', '--server', SERVERS[name]]);
    const mutators = args.mutators === undefined ? [] : ['--mutators', args.mutators];
    const runSeconds = await cli(root, ['run', '--reporters', 'json', ...mutators]);
    const report = JSON.parse(
      readFileSync(join(root, 'reports', 'envelope-mutants', 'mutation.json'), 'utf8'),
    );
    const mutants = Object.values(report.files).flatMap((file) => file.mutants);
    rows.push({
      server: name,
      mutants: mutants.length,
      survived: mutants.filter((mutant) => mutant.status === 'Survived').length,
      'score %': round(report.envelopeMutants.mutationScore, 2),
      'named %': round(report.envelopeMutants.namedKillScore, 2),
      'vitest runs': report.envelopeMutants.vitestRuns,
      'init s': round(initSeconds, 1),
      'run s': round(runSeconds, 1),
      'mutants/s': round(mutants.length / runSeconds, 2),
    });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
printTable('init → run on generated suites', rows);
const file = writeResult('generated-suites', { mutators: args.mutators ?? 'all', rows });
console.log(`\nwrote ${file}`);
