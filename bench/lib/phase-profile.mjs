// Where a whole `run` spends its time, phase by phase: wall time, the harness's own CPU and the
// CPU of the test workers it has reaped (`/proc/self/stat`: cutime + cstime), the vitest runs and
// the worker processes started. Runs the harness as `envelope-mutants run` does (loadConfig →
// runOptionsOf → runMutation → writeRunReports, the modules of the build), adding only clocks in
// a reporter. Linux only (reads /proc). Prints one JSON line on stdout.
//   node bench/lib/phase-profile.mjs --root <project> [--pool <mode>] [--isolate] [--shard i/n]
import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { processCpu } from './process-cpu.mjs';

const { values: args } = parseArgs({
  options: {
    root: { type: 'string' },
    pool: { type: 'string' },
    isolate: { type: 'boolean', default: false },
    shard: { type: 'string' },
  },
});
if (args.root === undefined) throw new Error('phase-profile: --root is required');

// Count the worker processes vitest starts: its fork pools call child_process.fork. Patched
// before vitest is imported, so its `import { fork }` sees the counting one.
let forks = 0;
const fork = childProcess.fork;
childProcess.fork = (...forkArgs) => {
  forks += 1;
  return fork(...forkArgs);
};
syncBuiltinESMExports();

const { loadConfig, runMutation } = await import('../../dist/src/node.js');
const { runOptionsOf } = await import('../../dist/src/engine/run-options.js');
const { writeRunReports } = await import('../../dist/src/report/write-run-reports.js');

const marks = [];
const mark = (name) => marks.push({ name, at: performance.now(), ...processCpu(), forks });

const config = await loadConfig({
  cwd: resolve(args.root),
  overrides: { pool: args.pool, reporters: ['json', 'html'] },
});
const [index, count] = (args.shard ?? '').split('/').map(Number);
const shard = args.shard === undefined ? undefined : { index, count };
mark('start');
const run = await runMutation({
  ...runOptionsOf(config, { isolate: args.isolate, only: [] }),
  ...(shard === undefined ? {} : { shard }),
  reporters: [
    {
      onPhase: (phase) => mark(phase),
      onRoundsStart: () => mark('rounds'),
      onConfirmStart: (count, scope) => mark(`confirm-${scope}(${count})`),
      onAllMutantsTested: () => mark('closed'),
    },
  ],
});
await writeRunReports(run, { reporters: ['json', 'html'], reportDir: config.reportDir });
mark('reports');

const phases = marks.slice(1).map((end, index) => {
  const begin = marks[index];
  return {
    phase: begin.name,
    wallMs: Math.round(end.at - begin.at),
    harnessCpuMs: end.selfMs - begin.selfMs,
    workersCpuMs: end.childrenMs - begin.childrenMs,
    forks: end.forks - begin.forks,
  };
});
const statuses = {};
for (const result of run.mutants) statuses[result.status] = (statuses[result.status] ?? 0) + 1;
const sources = {};
for (const result of run.mutants)
  sources[result.verdictSource ?? '-'] = (sources[result.verdictSource ?? '-'] ?? 0) + 1;
const last = marks.at(-1);
console.log(
  JSON.stringify({
    mutants: run.mutants.length,
    statuses,
    sources,
    vitestRuns: run.vitestRuns,
    pool: run.pool?.pool ?? null,
    phases,
    total: {
      wallMs: Math.round(last.at - marks[0].at),
      harnessCpuMs: last.selfMs,
      workersCpuMs: last.childrenMs,
      forks,
    },
    maxRssKiB: process.resourceUsage().maxRSS,
  }),
);
