// Throughput against StrykerJS, in one run on one machine: StrykerJS (vitest runner, perTest) on
// an example's adapter source and the harness on the same example's suite; mutants per second end
// to end and in the mutant-run phase, and their ratio. Goal: the harness ≥ 20× StrykerJS on the
// strong suite of examples/mcp-client, ≥ 10× on the weak one (most mutants survive there). Also
// the harness batched against --isolate (one mutant per vitest run).
//
//   npm run build && node bench/vs-stryker.mjs [--example mcp-client|mcp-server-weak] [--rounds 1]
//     [--skip-isolate] [--skip-project-pool]
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT, median, printTable, round, writeResult } from './lib/bench-report.mjs';

const { values: args } = parseArgs({
  options: {
    example: { type: 'string', default: 'mcp-client' },
    rounds: { type: 'string', default: '1' },
    'skip-isolate': { type: 'boolean', default: false },
    'skip-project-pool': { type: 'boolean', default: false },
  },
});
const EXAMPLE = args.example;
const GOAL = EXAMPLE === 'mcp-server-weak' ? 10 : 20;
const STRYKER_CONFIG = `bench/stryker/${EXAMPLE}.stryker.conf.json`;
const STRYKER_REPORT = join(REPO_ROOT, `bench/results/stryker-${EXAMPLE}.tmp.json`);

/** Spawns a node script; resolves with its stdout lines, each stamped with ms since spawn. */
function timedRun(argv) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, argv, {
      cwd: REPO_ROOT,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    const lines = [];
    let partial = '';
    const onData = (chunk) => {
      const at = performance.now() - start;
      const text = partial + chunk.toString('utf8');
      const parts = text.split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) lines.push({ at, line });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('close', (code) => {
      if (partial !== '') lines.push({ at: performance.now() - start, line: partial });
      resolve({ code, wallMs: performance.now() - start, lines });
    });
  });
}

/** The harness through bench/lib/harness-driver.mjs (the code path of `envelope-mutants run`). */
async function runHarness({ isolate = false, pool = 'auto' } = {}) {
  const argv = ['bench/lib/harness-driver.mjs', '--root', `examples/${EXAMPLE}`, '--pool', pool];
  const { code, wallMs, lines } = await timedRun(isolate ? [...argv, '--isolate'] : argv);
  const last = lines.findLast((entry) => entry.line.startsWith('{'));
  if (code !== 0 || last === undefined) {
    throw new Error(
      `harness exited ${code}:\n${lines
        .map((l) => l.line)
        .join('\n')
        .slice(-2000)}`,
    );
  }
  const run = JSON.parse(last.line);
  const tested = run.mutants - (run.statuses.NoCoverage ?? 0) - (run.statuses.Ignored ?? 0);
  return {
    tool: `envelope-mutants ${isolate ? '--isolate' : '(batched)'}${pool === 'auto' ? '' : ` --pool ${pool}`}`,
    pool: run.pool,
    mutants: run.mutants,
    tested,
    vitestRuns: run.vitestRuns,
    maxMutantsPerTest: run.maxMutantsPerTest,
    wallMs,
    mutantPhaseMs: run.mutantPhaseMs,
    statuses: run.statuses,
  };
}

/** StrykerJS; its phases come from the moments its log lines arrived. */
async function runStryker() {
  rmSync(STRYKER_REPORT, { force: true });
  const stryker = join(REPO_ROOT, 'node_modules/@stryker-mutator/core/bin/stryker.js');
  const { code, wallMs, lines } = await timedRun([stryker, 'run', STRYKER_CONFIG]);
  const at = (text) => lines.find((entry) => entry.line.includes(text))?.at;
  const dryRunDone = at('Initial test run succeeded');
  const done = at('Done in');
  if (code !== 0 || dryRunDone === undefined || done === undefined) {
    throw new Error(
      `StrykerJS exited ${code}:\n${lines
        .map((l) => l.line)
        .join('\n')
        .slice(-2000)}`,
    );
  }
  const report = JSON.parse(readFileSync(STRYKER_REPORT, 'utf8'));
  const statuses = {};
  for (const file of Object.values(report.files))
    for (const mutant of file.mutants) statuses[mutant.status] = (statuses[mutant.status] ?? 0) + 1;
  const mutants = Object.values(statuses).reduce((sum, n) => sum + n, 0);
  const tested =
    mutants - (statuses.NoCoverage ?? 0) - (statuses.Ignored ?? 0) - (statuses.CompileError ?? 0);
  return {
    tool: 'StrykerJS 9.6.1 (vitest, perTest)',
    mutants,
    tested,
    vitestRuns: null,
    maxMutantsPerTest: null,
    wallMs,
    mutantPhaseMs: done - dryRunDone,
    statuses,
  };
}

const contenders = [
  ['harness', () => runHarness()],
  ['stryker', runStryker],
  // The same run with the rounds kept in the example's own pool (forks, isolate): what vmForks saves.
  ...(args['skip-project-pool'] ? [] : [['projectPool', () => runHarness({ pool: 'project' })]]),
  ...(args['skip-isolate'] ? [] : [['isolate', () => runHarness({ isolate: true })]]),
];
const samples = Object.fromEntries(contenders.map(([name]) => [name, []]));
for (let r = 0; r < Number(args.rounds); r += 1) {
  // Alternate the order from round to round, so neither tool always runs on a cooler machine.
  const order = r % 2 === 0 ? contenders : [...contenders].reverse();
  for (const [name, run] of order) {
    const result = await run();
    console.error(
      `${result.tool}: ${result.mutants} mutants in ${round(result.wallMs / 1000, 1)} s`,
    );
    samples[name].push(result);
  }
}

/** Medians over rounds; rates are mutants (end to end) and tested mutants (phase) per second. */
function summary(runs) {
  const first = runs[0];
  return {
    ...first,
    wallMs: round(median(runs.map((r) => r.wallMs)), 0),
    mutantPhaseMs: round(median(runs.map((r) => r.mutantPhaseMs)), 0),
    mutantsPerSecond: round(median(runs.map((r) => r.mutants / (r.wallMs / 1000))), 3),
    phaseMutantsPerSecond: round(median(runs.map((r) => r.tested / (r.mutantPhaseMs / 1000))), 3),
  };
}
const results = Object.fromEntries(Object.entries(samples).map(([n, runs]) => [n, summary(runs)]));
const ratio = results.harness.mutantsPerSecond / results.stryker.mutantsPerSecond;
const phaseRatio = results.harness.phaseMutantsPerSecond / results.stryker.phaseMutantsPerSecond;
printTable(
  `examples/${EXAMPLE}: mutants per second, median of ${args.rounds} round(s)`,
  Object.values(results).map((r) => ({
    tool: r.tool,
    mutants: r.mutants,
    'vitest runs': r.vitestRuns ?? '-',
    'wall s': round(r.wallMs / 1000, 1),
    'mutants/s (end to end)': r.mutantsPerSecond,
    'mutant-run phase s': round(r.mutantPhaseMs / 1000, 1),
    'mutants/s (phase)': r.phaseMutantsPerSecond,
  })),
);
const missedBy = (value) =>
  value >= GOAL ? 'met' : `MISSED: ${round(value, 2)}× (${round(GOAL / value, 1)}× short)`;
console.log(
  `\nharness / StrykerJS, end to end: ${round(ratio, 2)}× — goal ≥ ${GOAL}×: ${missedBy(ratio)}`,
);
console.log(`harness / StrykerJS, mutant-run phase: ${round(phaseRatio, 2)}×`);
if (results.projectPool !== undefined) {
  console.log(
    `rounds in ${results.harness.pool} / in the project's own pool, end to end: ${round(results.harness.mutantsPerSecond / results.projectPool.mutantsPerSecond, 2)}×`,
  );
}
if (results.isolate !== undefined) {
  console.log(
    `batched / --isolate, end to end: ${round(results.harness.mutantsPerSecond / results.isolate.mutantsPerSecond, 2)}×`,
  );
}
const file = writeResult(`vs-stryker-${EXAMPLE}`, {
  command: `npm run build && node bench/vs-stryker.mjs --example ${EXAMPLE}`,
  goal: `the harness's mutants per second ≥ ${GOAL}× StrykerJS's on the same suite`,
  note: 'The two tools make different mutants (envelope vs code); the figure compared is their rate. StrykerJS runs with concurrency 2 (bench/stryker/); the harness with its defaults.',
  rounds: Number(args.rounds),
  results,
  ratio: {
    endToEnd: round(ratio, 3),
    mutantPhase: round(phaseRatio, 3),
    autoPoolVsProjectPool:
      results.projectPool === undefined
        ? null
        : round(results.harness.mutantsPerSecond / results.projectPool.mutantsPerSecond, 3),
    batchedVsIsolate:
      results.isolate === undefined
        ? null
        : round(results.harness.mutantsPerSecond / results.isolate.mutantsPerSecond, 3),
  },
  goalMet: ratio >= GOAL,
});
rmSync(STRYKER_REPORT, { force: true });
console.log(`wrote ${file}`);
