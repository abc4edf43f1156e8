// Tap overhead outside a mutation run.
// 1. Suites: each example's suite with the taps installed against the same suite with the taps
//    stubbed out to identity functions (bench/tap-overhead/vitest.config.mjs), in alternating
//    runs A B A B …; the figure is the median of the per-pair wall-time ratios. Goal: ≤ 2% slower.
// 2. Micro: `tapMessage(x)` per call outside a run against a plain identity function.
//
//   npm run build && node bench/tap-overhead.mjs [--pairs 8] [--examples mcp-client,mcp-server]
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { tapMessage } from '../dist/src/index.js';
import { REPO_ROOT, median, printTable, round, writeResult } from './lib/bench-report.mjs';

const { values: args } = parseArgs({
  options: {
    pairs: { type: 'string', default: '8' },
    examples: { type: 'string', default: 'mcp-client,mcp-server' },
    calls: { type: 'string', default: '20000000' },
  },
});
const PAIRS = Number(args.pairs);
const GOAL = 1.02;
const VITEST = join(REPO_ROOT, 'node_modules/vitest/vitest.mjs');
const CONFIG = join(REPO_ROOT, 'bench/tap-overhead/vitest.config.mjs');

/** One suite run: wall milliseconds, and whether it passed. */
function runSuite(example, taps) {
  const start = process.hrtime.bigint();
  const child = spawnSync(process.execPath, [VITEST, 'run', '--config', CONFIG], {
    cwd: REPO_ROOT,
    env: { ...process.env, BENCH_EXAMPLE: example, BENCH_TAPS: taps, NO_COLOR: '1' },
    encoding: 'utf8',
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const tests = /Tests\s+(.*)/.exec(child.stdout)?.[1]?.trim() ?? 'no summary';
  // vitest's own figure for the time spent inside tests, where every tap call happens.
  const inTests = /Duration .*\btests ([\d.]+)(ms|s)\b/.exec(child.stdout);
  const testsMs =
    inTests === null ? Number.NaN : Number(inTests[1]) * (inTests[2] === 's' ? 1000 : 1);
  return { ms, testsMs, passed: child.status === 0, tests };
}

/** Alternating runs of one example; the order within each pair alternates too. */
function benchSuite(example) {
  runSuite(example, 'installed'); // warm-up: transform caches, disk
  const runs = { installed: [], stubbed: [] };
  const inTests = { installed: [], stubbed: [] };
  const ratios = [];
  const testsRatios = [];
  let failed;
  for (let pair = 0; pair < PAIRS; pair += 1) {
    const order = pair % 2 === 0 ? ['installed', 'stubbed'] : ['stubbed', 'installed'];
    const result = {};
    for (const taps of order) {
      result[taps] = runSuite(example, taps);
      runs[taps].push(round(result[taps].ms, 1));
      inTests[taps].push(result[taps].testsMs);
      if (!result[taps].passed) failed ??= `${taps}: ${result[taps].tests}`;
    }
    ratios.push(result.installed.ms / result.stubbed.ms);
    testsRatios.push(result.installed.testsMs / result.stubbed.testsMs);
  }
  const sorted = [...ratios].sort((a, b) => a - b);
  return {
    example,
    installedMs: round(median(runs.installed), 1),
    stubbedMs: round(median(runs.stubbed), 1),
    ratio: round(median(ratios), 4),
    ratioRange: [round(sorted[0], 4), round(sorted[sorted.length - 1], 4)],
    inTestsMs: { installed: median(inTests.installed), stubbed: median(inTests.stubbed) },
    inTestsRatio: round(median(testsRatios), 4),
    runs,
    inTests,
    suitePassed: failed === undefined,
    ...(failed === undefined ? {} : { failure: failed }),
  };
}

const INPUTS = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];
const plain = (x) => x;

/*
 * One loop per contender, so each call site stays monomorphic and V8 may inline the callee as it
 * would in a test; the argument varies so nothing is constant-folded.
 */
const LOOPS = {
  'plain function': (calls) => {
    let sink = 0;
    for (let i = 0; i < calls; i += 1) sink += plain(INPUTS[i & 3]).id;
    return sink;
  },
  'tapMessage outside a run': (calls) => {
    let sink = 0;
    for (let i = 0; i < calls; i += 1) sink += tapMessage(INPUTS[i & 3]).id;
    return sink;
  },
};

/** ns per call of one loop. */
function nsPerCall(loop, calls) {
  const start = process.hrtime.bigint();
  if (loop(calls) === 0) throw new Error('unreachable: keeps the loop alive');
  return Number(process.hrtime.bigint() - start) / calls;
}

/** Medians of 7 interleaved rounds, after a warm-up of each loop. */
function benchMicro() {
  const calls = Number(args.calls);
  for (const loop of Object.values(LOOPS)) nsPerCall(loop, calls / 10);
  const samples = Object.fromEntries(Object.keys(LOOPS).map((name) => [name, []]));
  for (let r = 0; r < 7; r += 1) {
    for (const [name, loop] of Object.entries(LOOPS)) samples[name].push(nsPerCall(loop, calls));
  }
  return Object.fromEntries(Object.entries(samples).map(([name, ns]) => [name, median(ns)]));
}

const examples = args.examples
  .split(',')
  .filter((name) => existsSync(join(REPO_ROOT, 'examples', name)));
const suites = examples.map(benchSuite);
printTable(
  `Tap overhead on the examples' suites: median of ${PAIRS} alternating pairs (wall time, ms)`,
  suites.map((s) => ({
    example: s.example,
    'taps installed': s.installedMs,
    'taps stubbed': s.stubbedMs,
    'ratio (median of pairs)': s.ratio,
    'ratio range': s.ratioRange.join('…'),
    'in-tests ms (inst./stub.)': `${s.inTestsMs.installed} / ${s.inTestsMs.stubbed}`,
    'in-tests ratio': s.inTestsRatio,
    suite: s.suitePassed ? 'passed' : `FAILED (${s.failure})`,
  })),
);
const micro = benchMicro();
const overheadNs = micro['tapMessage outside a run'] - micro['plain function'];
printTable('tapMessage per call outside a run (median of 7 rounds)', [
  ...Object.entries(micro).map(([name, ns]) => ({ call: name, 'ns/call': round(ns, 2) })),
  { call: 'tap overhead', 'ns/call': round(overheadNs, 2) },
]);
const goalMet = suites.length > 0 && suites.every((s) => s.suitePassed && s.ratio <= GOAL);
const file = writeResult('tap-overhead', {
  command: 'npm run build && node bench/tap-overhead.mjs',
  goal: 'a suite with taps installed is at most 2% slower than with taps stubbed out (outside a mutation run)',
  pairs: PAIRS,
  note: 'Whole-suite wall time on a shared machine varies far more than 2% from run to run (see ratioRange); the per-call figure bounds what the taps can add: overhead ns × tap calls of the suite.',
  suites,
  microNsPerCall: {
    plainFunction: round(micro['plain function'], 3),
    tapMessage: round(micro['tapMessage outside a run'], 3),
    overhead: round(overheadNs, 3),
  },
  goalMet,
});
console.log(`\ngoal (ratio ≤ ${GOAL}): ${goalMet ? 'met' : 'not met'}\nwrote ${file}`);
