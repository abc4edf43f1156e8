// Scaling: generated suites of 100 and 1,000 tests, one envelope site per test (a
// tapMessage of a protocol error, tool error or success, judged by named assertions), run by the
// harness. Records wall time, vitest runs and peak memory of the harness and its workers.
// Goal: 10,000 mutants over 1,000 tests in under 30 s on 2 cores, under 500 MB. The dense series
// (two sites per test) doubles the mutants at the same test count.
//
// Under the verdict contract every mutant runs its whole file (50 tests) in a copy of its own, so
// the time grows with the number of mutants: about 0.16 s of wall time each on 2 cores, so about
// 2.5 minutes for 100 tests and 27 for 1,000 (2026-12-02). 5,000 tests (51,667 mutants) would take
// hours; ask for it with --sizes.
//
//   npm run build && node bench/scaling.mjs [--sizes 100,1000] [--dense 100]
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT, printTable, round, writeResult } from './lib/bench-report.mjs';
import { generateSuite } from './lib/generate-suite.mjs';
import { sampleTreeMemory } from './lib/tree-memory.mjs';

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '100,1000' },
    dense: { type: 'string', default: '100' },
    'tests-per-file': { type: 'string', default: '50' },
    pool: { type: 'string', default: 'auto' },
  },
});
/**
 * The six essential mutators that apply to responses (all but flip-retryability), plus
 * drop-both-members: about ten mutants per site, so 1,000 tests carry the goal's 10,000 mutants.
 */
const MUTATORS = [
  'swap-error-result',
  'remove-is-error',
  'change-id',
  'insert-both-members',
  'leak-canary',
  'drop-both-members',
];
const GOAL = { tests: 1000, seconds: 30, megabytes: 500 };

/** Runs the harness driver on `dir`; resolves with its summary, wall time and peak memory. */
function runHarness(dir) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const argv = ['bench/lib/harness-driver.mjs', '--root', dir, '--pool', args.pool];
    const child = spawn(process.execPath, argv, {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const memory = sampleTreeMemory(child.pid);
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => {
      err += chunk;
      process.stderr.write(chunk);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const wallMs = performance.now() - start;
      const { peakTreeMiB } = memory.stop();
      const last = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !last.startsWith('{')) {
        reject(new Error(`harness exited ${code} on ${dir}:\n${err.slice(-2000)}`));
        return;
      }
      resolve({ ...JSON.parse(last), wallMs, peakTreeMiB });
    });
  });
}

async function measure(tests, sitesPerTest) {
  const dir = join(tmpdir(), 'envelope-mutants-scaling', `${tests}x${sitesPerTest}`);
  generateSuite(dir, {
    tests,
    testsPerFile: Number(args['tests-per-file']),
    sitesPerTest,
    mutators: MUTATORS,
  });
  const run = await runHarness(dir);
  const row = {
    tests,
    sitesPerTest,
    files: Math.ceil(tests / Number(args['tests-per-file'])),
    mutants: run.mutants,
    maxMutantsPerTest: run.maxMutantsPerTest,
    vitestRuns: run.vitestRuns,
    // The --pool asked for, and where the rounds ran (auto may keep the project's pool).
    mode: args.pool,
    pool: run.pool,
    wallSeconds: round(run.wallMs / 1000, 1),
    discoverySeconds: round(run.discoveryMs / 1000, 1),
    mutantPhaseSeconds: round(run.mutantPhaseMs / 1000, 1),
    mutantsPerSecond: round(run.mutants / (run.wallMs / 1000), 1),
    peakHarnessRssMiB: Math.round(run.resourceUsage.maxRssKiB / 1024),
    peakTreeRssMiB: run.peakTreeMiB,
    statuses: run.statuses,
    // Rows without this were measured before the verdict contract, when mutants of different
    // tests shared a file's run: kept for the record, never judged against the goal.
    verdictContract: true,
  };
  console.error(
    `${tests} tests × ${sitesPerTest} site(s): ${row.mutants} mutants, ${row.vitestRuns} vitest runs, ${row.wallSeconds} s`,
  );
  return row;
}

/** Rows of earlier invocations are kept (sizes can be measured one at a time), newest wins. */
function earlierRows() {
  try {
    const earlier = JSON.parse(readFileSync(join(REPO_ROOT, 'bench/results/scaling.json'), 'utf8'));
    return Array.isArray(earlier.rows) ? earlier.rows : [];
  } catch {
    return [];
  }
}

const fresh = [];
for (const tests of args.sizes.split(',').filter(Boolean).map(Number))
  fresh.push(await measure(tests, 1));
for (const tests of args.dense.split(',').filter(Boolean).map(Number))
  fresh.push(await measure(tests, 2));
/** Rows measured before the pool choice existed ran in the project's pool. */
const modeOf = (row) => row.mode ?? 'project';
const sameSuite = (a, b) =>
  a.tests === b.tests && a.sitesPerTest === b.sitesPerTest && modeOf(a) === modeOf(b);
const rows = [...earlierRows().filter((old) => !fresh.some((row) => sameSuite(old, row))), ...fresh]
  .map((row) => ({ measuredAt: new Date().toISOString(), ...row }))
  .sort(
    (a, b) =>
      a.sitesPerTest - b.sitesPerTest || a.tests - b.tests || modeOf(a).localeCompare(modeOf(b)),
  );
printTable(
  'Scaling: one harness run per suite (peak memory: harness process / harness + workers)',
  rows.map((r) => ({
    tests: r.tests,
    'sites/test': r.sitesPerTest,
    files: r.files,
    mutants: r.mutants,
    'max mutants/test': r.maxMutantsPerTest,
    'vitest runs': r.vitestRuns,
    pool: `${modeOf(r)} → ${r.pool ?? 'project'}`,
    'wall s': r.wallSeconds,
    'discovery s': r.discoverySeconds,
    'mutants/s': r.mutantsPerSecond,
    'peak MiB': `${r.peakHarnessRssMiB} / ${r.peakTreeRssMiB ?? '-'}`,
    measured: `${r.measuredAt.slice(0, 10)}${r.verdictContract === true ? '' : ', before the contract'}`,
  })),
);
// The goal is judged on the defaults a user gets (pool auto), under the verdict contract.
const goalRow = rows.find(
  (r) =>
    r.tests === GOAL.tests &&
    r.sitesPerTest === 1 &&
    modeOf(r) === 'auto' &&
    r.verdictContract === true,
);
const goal =
  goalRow === undefined
    ? null
    : {
        seconds: goalRow.wallSeconds,
        secondsMet: goalRow.wallSeconds < GOAL.seconds,
        peakMiB: goalRow.peakTreeRssMiB,
        memoryMet: goalRow.peakTreeRssMiB !== null && goalRow.peakTreeRssMiB < GOAL.megabytes,
      };
if (goal === null) {
  console.log(
    `\n${GOAL.tests} tests not measured under the verdict contract: --sizes ${GOAL.tests}`,
  );
} else {
  console.log(
    `\n${goalRow.mutants} mutants over ${GOAL.tests} tests: ${goal.seconds} s (goal < ${GOAL.seconds} s: ${goal.secondsMet ? 'met' : `MISSED by ${round(goal.seconds / GOAL.seconds, 2)}×`}), peak ${goal.peakMiB} MiB (goal < ${GOAL.megabytes} MB: ${goal.memoryMet ? 'met' : 'MISSED'})`,
  );
}
const file = writeResult('scaling', {
  command: 'npm run build && node bench/scaling.mjs',
  goal: '10,000 mutants over 1,000 tests in under 30 s on 2 cores, under 500 MB',
  mutators: MUTATORS,
  rows,
  goal1000: goal,
});
console.log(`wrote ${file}`);
