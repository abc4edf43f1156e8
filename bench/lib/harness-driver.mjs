// Runs the harness exactly as `envelope-mutants run` does (loadConfig → runOptionsOf →
// runMutation; the same modules of the build), adding only a clock: the moment discovery ends
// (a reporter's `onRoundsStart`), so the benchmarks can split the run into its phases. Writes no reports.
// Prints one JSON line on stdout.
//   node bench/lib/harness-driver.mjs --root <project> [--isolate] [--config <file>] [--pool <mode>]
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { loadConfig, runMutation } from '../../dist/src/node.js';
import { runOptionsOf } from '../../dist/src/engine/run-options.js';

const { values: args } = parseArgs({
  options: {
    root: { type: 'string' },
    config: { type: 'string' },
    isolate: { type: 'boolean', default: false },
    pool: { type: 'string' },
  },
});
if (args.root === undefined) throw new Error('harness-driver: --root is required');

const config = await loadConfig({
  cwd: resolve(args.root),
  configPath: args.config,
  overrides: { pool: args.pool },
});
const runStart = performance.now();
let discoveredAt = Number.NaN;
let mutants = 0;
let tested = 0;
const run = await runMutation({
  ...runOptionsOf(config, { isolate: args.isolate, only: [] }),
  reporters: [
    {
      onRoundsStart: (total) => {
        discoveredAt = performance.now();
        mutants = total;
        console.error(`discovered ${total} mutants in ${Math.round(discoveredAt - runStart)} ms`);
      },
      // A line every tenth of the mutants, so a long run shows it is moving.
      onMutantTested: () => {
        tested += 1;
        if (tested % Math.max(1, Math.ceil(mutants / 10)) === 0)
          console.error(
            `${tested}/${mutants} mutants after ${Math.round(performance.now() - runStart)} ms`,
          );
      },
    },
  ],
});
const doneAt = performance.now();
const statuses = {};
for (const result of run.mutants) statuses[result.status] = (statuses[result.status] ?? 0) + 1;
const judged = run.mutants.filter((m) => m.status !== 'NoCoverage' && m.status !== 'Ignored');
const maxPerTest = Math.max(
  0,
  ...Object.values(
    judged.reduce((count, m) => {
      for (const test of m.coveredBy) count[test] = (count[test] ?? 0) + 1;
      return count;
    }, {}),
  ),
);
console.log(
  JSON.stringify({
    mutants,
    tests: run.tests.length,
    sites: run.sites.length,
    statuses,
    vitestRuns: run.vitestRuns,
    pool: run.pool?.pool ?? null,
    maxMutantsPerTest: maxPerTest,
    // From process start (node's time origin), so startup is part of the end-to-end figure.
    startupMs: runStart,
    discoveryMs: discoveredAt - runStart,
    mutantPhaseMs: doneAt - discoveredAt,
    runDurationMs: run.durationMs,
    resourceUsage: { maxRssKiB: process.resourceUsage().maxRSS },
  }),
);
