import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../errors.js';
import type { Site, TestInfo } from '../mutant/mutation-run.js';
import { collectSites, collectTests } from './collect-sites.js';
import { keyOfTwoKinds } from './key-of-two-kinds.js';
import { listedProblems, redRunProblems } from './red-run-problems.js';
import { relativeFile, type RoundOutcome } from './round-outcome.js';
import { LONGEST_TIMER_MS } from './longest-timer.js';
import { nameOfPoolAsker, undoVmForks, type PoolAsker } from './pool-asker.js';
import type { TestSession } from './test-session.js';
import { SNAPSHOT_FAILURE, TIMEOUT_MESSAGE } from './vitest-messages.js';

export interface Discovery {
  readonly sites: readonly Site[];
  readonly tests: readonly TestInfo[];
  /** The discovery run itself, for timings (round budgets). */
  readonly outcome: RoundOutcome;
}

/** No budget for the discovery run: it is the user's suite as they run it every day. */
export const DISCOVERY_BUDGET_MS = LONGEST_TIMER_MS;

/**
 * Runs the whole suite once with the taps recording. The suite must pass without mutants:
 * otherwise no failure under a mutant could be told from one that was already there.
 * `vmForksAskedBy`: who asked for vmForks, which this session runs in (the config or `--pool`,
 * the command line); a failure's message then says so, since the project's own pool may pass.
 */
export async function discover(
  session: TestSession,
  root: string,
  vmForksAskedBy?: PoolAsker,
): Promise<Discovery> {
  const files = await session.testFiles();
  if (files.length === 0) {
    if (!existsSync(root)) {
      throw new ConfigError(
        `--root: ${root} does not exist. Pass the directory of a vitest project.`,
      );
    }
    throw new ConfigError(
      `discovery: no test files found under ${root}. Check vitest's "include" (or the config's "testFiles") and --root. A "root" in the vitest config counts where envelope-mutants runs in the project's folder, as for \`vitest run\`; elsewhere --root replaces it, as \`vitest run --root\` does.`,
    );
  }
  const selection = new Map(files.map((file) => [file, 'all' as const]));
  const run = await session.run(
    { mode: 'record', root, mutations: {} },
    selection,
    DISCOVERY_BUDGET_MS,
  );
  if (run.outcome === null)
    throw new ConfigError(
      'discovery: vitest did not finish. Run the suite with vitest to see why.',
    );
  const outcome = run.outcome;
  assertGreen(
    outcome,
    files.map((file) => relativeFile(root, file)),
    root,
    vmForksAskedBy,
    session.projectPool().parallelHooks,
  );
  assertSomeTestRan(outcome);
  assertOneKindPerKey(outcome);
  return { sites: collectSites(outcome), tests: collectTests(outcome), outcome };
}

/**
 * A suite none of whose tests ran cannot observe an envelope: said as such, before anything is
 * written, rather than as a suite without taps whose run replaces the last report with an empty one.
 */
function assertSomeTestRan(outcome: RoundOutcome): void {
  const tests = [...outcome.tests.values()];
  if (tests.length === 0 || tests.some((test) => test.state === 'passed')) return;
  throw new ConfigError(
    `discovery: none of the suite's ${tests.length} tests ran (each was skipped, a todo, or filtered out), so none can observe an envelope. Let them run (test.skip, describe.skip, test.todo, test.only elsewhere, the vitest config's testNamePattern) and run again.`,
  );
}

/**
 * A key tapped on envelopes of two kinds (`keyOfTwoKinds`) plans mutants for one that land on
 * the other: said before any of them runs, with the fix.
 */
function assertOneKindPerKey(outcome: RoundOutcome): void {
  const mixed = keyOfTwoKinds(outcome);
  if (mixed === null) return;
  throw new ConfigError(
    `discovery: the tap ${mixed}. A key is one site wherever it is tapped, in every attempt of a retried test too: its mutants are planned on one envelope and carried over to the others, where they break no rule the first one broke. Give each kind of envelope a key of its own (add to the key what tells the calls apart, as their arguments), or leave the key out where the calls are not concurrent.`,
  );
}

function assertGreen(
  outcome: RoundOutcome,
  files: readonly string[],
  root: string,
  vmForksAskedBy: PoolAsker | undefined,
  parallelHooks: boolean,
): void {
  const problems = redRunProblems(outcome, files);
  if (problems.length === 0) return;
  const failed = [...outcome.tests.values()].filter((test) => test.state === 'failed');
  // Every error the run reported, whole: the hints below look past each one's first line.
  const errors = [
    ...[...outcome.files.values()].flatMap((file) => file.errors),
    ...failed.flatMap((test) => test.errors),
    ...outcome.unhandled,
  ];
  const snapshotFailed = errors.some((error) => SNAPSHOT_FAILURE.test(error));
  const fileMissing = errors.some((error) => FILE_NOT_FOUND.test(error));
  const concurrentTimedOut = failed.some(
    (test) => test.concurrent === true && test.errors.some((error) => TIMEOUT_MESSAGE.test(error)),
  );
  const snapshots = snapshotFailed ? SNAPSHOT_HINT : '';
  const concurrent = concurrentTimedOut ? CONCURRENT_HINT : '';
  const hookTimedOut = errors.some((error) => TIMEOUT_MESSAGE.exec(error)?.[1] === 'Hook');
  const hooks = parallelHooks && hookTimedOut ? PARALLEL_HOOKS_HINT : '';
  const cwd = process.cwd();
  const elsewhere = fileMissing && path.resolve(root) !== path.resolve(cwd);
  const workingDirectory = elsewhere ? workingDirectoryHint(cwd, root) : '';
  const vmForks = vmForksAskedBy === undefined ? '' : vmForksHint(vmForksAskedBy);
  throw new ConfigError(
    `discovery: the suite fails without any mutant${listedProblems(problems)}\nFix these failures (the suite must pass before mutation testing) and run again.${vmForks}${snapshots}${concurrent}${hooks}${workingDirectory}`,
  );
}

/**
 * A suite can pass in its own pool and fail in vmForks (a faked `nextTick`, state on `process`,
 * `instanceof` across realms): `pool: "auto"` finds that out and keeps the project's pool.
 */
function vmForksHint(askedBy: PoolAsker): string {
  return `\nThe suite ran in vitest's vmForks pool, as ${nameOfPoolAsker(askedBy)} asks. If it passes under plain \`vitest run\`, it fails only in vmForks: ${undoVmForks(askedBy)} ("auto", the default, keeps the project's own pool where vmForks differs).`;
}

/** Node's error for a file that is not there, as vitest prints it (`ENOENT: no such file…`). */
const FILE_NOT_FOUND = /\bENOENT\b/;

/**
 * vitest, like `vitest --root`, leaves the working directory where the command was started, so
 * under `--root` a suite that opens files by paths relative to its project's folder (`npm test`
 * runs it there) does not find them.
 */
function workingDirectoryHint(cwd: string, root: string): string {
  const folder = path.resolve(root);
  return `\nA file was not found, and the tests ran in ${cwd}, not in the project's folder ${folder}: vitest leaves the working directory where the command started (as \`vitest --root\` does). If the suite opens files by paths relative to its folder, run envelope-mutants from there: cd ${folder}.`;
}

/**
 * Every session runs concurrent tests one at a time (`maxConcurrency: 1`), so that a tap is filed
 * under the test that reached it; a concurrent test that waits for another one then never ends.
 */
const CONCURRENT_HINT =
  '\nConcurrent tests run one at a time under envelope-mutants, so that each envelope is filed under the test that tapped it: a concurrent test that waits for another one times out. Let each test stand on its own.';

/**
 * vitest holds hooks to `maxConcurrency` as it holds concurrent tests, so under the sessions'
 * `maxConcurrency: 1` the hooks of `sequence.hooks: 'parallel'` run one at a time too; a hook
 * that waits for another one then never ends.
 */
const PARALLEL_HOOKS_HINT =
  "\nHooks of `sequence.hooks: 'parallel'` run one at a time under envelope-mutants (vitest holds hooks to maxConcurrency, which is 1 here so that each envelope is filed under the test that tapped it): a hook that waits for another one times out. Let each hook stand on its own.";

/**
 * Every session reads snapshots and never writes them (as `CI=true vitest run` does), so a
 * snapshot a local `vitest run` would have written fails here as "mismatched", and one no test
 * checks any more fails its file as obsolete.
 */
const SNAPSHOT_HINT =
  '\nSnapshots are read, never written, as with `CI=true vitest run`: a missing snapshot fails as mismatched and an obsolete one fails its file. Write or prune them with `vitest run -u` first.';
