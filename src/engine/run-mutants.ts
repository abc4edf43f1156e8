import os from 'node:os';
import type { MutantResult, MutationRun } from '../mutant/mutation-run.js';
import {
  choosePool,
  discoverReference,
  type PoolChoice,
  type RoundSession,
} from './choose-pool.js';
import { checkProjectCopies } from './check-project-copies.js';
import { filesCopiesWouldShare } from './files-copies-would-share.js';
import { assertFilesPassAlone } from './files-pass-alone.js';
import { confirmInProjectPool } from './confirm-in-project-pool.js';
import { isolatesEveryFile } from './isolates-every-file.js';
import { mutantsShareARun } from './mutants-share-a-run.js';
import type { RoundMutant } from './execute-rounds.js';
import { allOf, type RunProgress } from './reporter.js';
import { roundMutants } from './round-mutants.js';
import type { RunMutationOptions } from './run-mutation-options.js';
import { proveUnobservedMutants } from './prove-unobserved-mutants.js';
import { planRounds } from './plan-rounds.js';
import { isInShard, shardedRunMark } from './shard.js';
import { sitesOfRun } from './sites-of-run.js';
import {
  ignoredIfKnownFailing,
  needsRun,
  plannableOf,
  testMutants,
  unjudged,
} from './test-mutants.js';
import { testWithProvenSample } from './test-with-proven-sample.js';
import { screenSites } from './track-sites.js';
import type { OpenSession, TestSession } from './test-session.js';

/**
 * The whole of `envelope-mutants run` short of reporting: discovery, generation, the rounds, the
 * confirmations and the verdicts (docs/design.md "Data flow", steps 1–5), on the sessions `open`
 * starts. The vitest adapter's `runMutation` passes vitest's; unit tests pass fakes.
 */
export async function runMutants(
  options: RunMutationOptions,
  open: OpenSession,
): Promise<MutationRun> {
  const reporter = allOf(options.reporters ?? []);
  const run = await testAll(options, open, reporter);
  // Once the last session has closed: nothing the run prints comes after.
  reporter.onAllMutantsTested();
  return run;
}

async function testAll(
  options: RunMutationOptions,
  openSession: OpenSession,
  reporter: RunProgress,
): Promise<MutationRun> {
  const started = Date.now();
  const opened: TestSession[] = [];
  const open: OpenSession = async (pool, maxWorkers) => {
    const session = await openSession(pool, maxWorkers);
    opened.push(session);
    return session;
  };
  const pool = {
    mode: poolModeOf(options),
    ...(options.poolAskedBy === undefined ? {} : { askedBy: options.poolAskedBy }),
    root: options.root,
    open,
    reporter,
  };
  const reference = isolatedReference(options, await discoverReference(pool));
  let session = reference.session;
  try {
    const { tests } = reference.discovery;
    // Said once: where the harness's runs depart from the project's own (maxConcurrency: 1).
    const concurrent = [...reference.discovery.outcome.tests.values()].filter(
      (test) => test.concurrent === true,
    ).length;
    if (concurrent > 0) reporter.onConcurrentTests(concurrent);
    if (session.projectPool().parallelHooks) reporter.onParallelHooks();
    const sites = sitesOfRun(reference.discovery.sites, options.mutators);
    const everyShard = roundMutants(sites, options, options.only);
    const entries = everyShard.filter((entry) => isInShard(entry.mutant.id, options.shard));
    const dependsOn = new Map(
      [...reference.discovery.outcome.files.values()].flatMap((file) =>
        file.dependsOn === undefined ? [] : [[file.file, file.dependsOn] as const],
      ),
    );
    const reused = new Map(
      [...((await options.reuse?.(entries, tests, dependsOn)) ?? [])].map(([id, result]) => [
        id,
        { ...result, verdictSource: 'reused' as const },
      ]),
    );
    const fresh = entries.filter((entry) => !reused.has(entry.mutant.id));
    const outcome = reference.discovery.outcome;
    const covered = fresh.filter(needsRun);
    // Every shard checks the files of every shard's mutants: a suite one shard refuses, they all
    // refuse, rather than some jobs of one CI run passing and others not.
    const checked = options.shard === undefined ? covered : everyShard.filter(needsRun);
    await assertFilesPassAlone(reference.session, checked, {
      ...options,
      discovery: outcome,
      testTimeoutMs: reference.session.testTimeoutMs(),
      reporter,
      copies: poolModeOf(options) === 'vmForks',
    });
    const mutantsToRun = covered.length;
    const files = outcome.files.size;
    // As the project's own pool would plan them: one mutant per test file and round, or one
    // mutant per run where its files share something (a vm pool's worker, a globalSetup).
    const isolate = !mutantsShareARun(reference.session.projectPool(), false);
    const projectRounds = planRounds(plannableOf(fresh, outcome), { isolate }).length;
    let chosen = await choosePool(reference, { ...pool, projectRounds });
    session = chosen.session;
    const aborted = options.signal?.aborted === true;
    const shared = filesCopiesWouldShare(outcome);
    if (!options.isolate && !aborted && screenPays(mutantsToRun, files) && copiesMayShare(chosen)) {
      if (shared === null) {
        const workers = sideBySideWorkers(options.maxWorkers);
        chosen = await checkProjectCopies(chosen, { ...pool, workers });
        session = chosen.session;
      } else if (options.pool === 'project') {
        const reason = `${chosen.choice.reason}; ${shared}`;
        chosen = { ...chosen, choice: { ...chosen.choice, reason } };
      }
    }
    reporter.onPool(chosen.choice);
    // Where nothing is confirmed in the project's pool (`pool: vmForks`, or rounds in a project's
    // own pool that runs every file alone), the proof is checked in the rounds, and where no
    // check of the pool carried the screen, it gets a run of its own: not where copies of a file
    // side by side just differed, since tracked copies run so too.
    const selfChecked = !options.isolate && checksItsOwnProof(options, chosen);
    const ownScreen =
      selfChecked &&
      chosen.screen === undefined &&
      chosen.declined !== true &&
      screenPays(mutantsToRun, files);
    if (ownScreen) reporter.onPhase('screen-reads');
    const screen = ownScreen
      ? await screenSites(session, chosen.discovery, options.root)
      : chosen.screen;
    // Survivors a tracked copy proves (docs/design.md "Unobserved mutants") need no run; should
    // a confirmation disagree, they run again in the project's pool with every other mutant.
    // Where nothing is confirmed in the project's pool, their sample runs in the rounds instead.
    const proof = await proveUnobservedMutants(fresh, {
      ...chosen,
      screen,
      reference: reference.discovery,
      root: options.root,
      reporter,
    });
    const provenIds = new Set(proof.proven.map((result) => result.id));
    const unproven = fresh.filter((entry) => !provenIds.has(entry.mutant.id));
    // As the report will show them: a proven mutant that only tests marked to fail reach is
    // `Ignored`, not a survivor.
    const entryOf = new Map(fresh.map((entry) => [entry.mutant.id, entry]));
    const shown = proof.proven.flatMap((result) => {
      const entry = entryOf.get(result.id);
      return entry === undefined ? [] : [ignoredIfKnownFailing(result, entry, outcome)];
    });
    reporter.onUnobserved(
      shown.filter((result) => result.status === 'Survived').length,
      fresh.length,
    );
    reporter.onRoundsStart(fresh.length);
    for (const result of shown) reporter.onMutantTested(result);
    const confirms = chosen.choice.pool === 'vmForks' && options.pool === 'auto';
    // Where every verdict short of a kill is re-run in the project's pool anyway, a copy that did
    // not finish in vmForks (it hung, its worker died) or started in a process an earlier copy
    // had changed runs alone there straight away.
    const unfinished: RoundMutant[] = [];
    const rounds = {
      ...options,
      instanced: chosen.choice.pool === 'vmForks' || chosen.instanced === true,
      ...(confirms ? { onUnfinished: (entry: RoundMutant) => unfinished.push(entry) } : {}),
    };
    const sampled = await testWithProvenSample(unproven, selfChecked ? proof.proven : [], fresh, {
      seed: options.seed,
      fileOf: (testId) => outcome.tests.get(testId)?.file ?? testId,
      test: (entries, quiet) =>
        testMutants(entries, session, chosen.discovery.outcome, {
          ...rounds,
          onResult: (result) => {
            if (!quiet.has(result.id)) reporter.onMutantTested(result);
          },
        }),
    });
    const proven = selfChecked ? sampled.proven : proof.proven;
    let tested = sampled.tested;
    let choice: PoolChoice =
      sampled.disagreement === null
        ? chosen.choice
        : { ...chosen.choice, reason: `${chosen.choice.reason}; ${sampled.disagreement}` };
    if (sampled.disagreement !== null) reporter.onPool(choice);
    if (confirms) {
      // Interrupted first, nothing is re-run: no session is opened for it.
      if (options.signal?.aborted !== true) {
        await session.close();
        session = await open(null, sideBySideWorkers(options.maxWorkers));
      }
      const reopen = async (): Promise<TestSession> => {
        await session.close();
        session = await open(null);
        return session;
      };
      const judged = new Map([...proven.map((result) => [result.id, result] as const), ...tested]);
      ({ tested, choice } = await confirmInProjectPool(fresh, judged, choice, {
        ...options,
        unfinished,
        reporter,
        session,
        reopen,
        discovery: reference.discovery,
      }));
    }
    const results = new Map<string, MutantResult>([
      ...reused,
      ...proven.map((result) => [result.id, result] as const),
      ...tested,
    ]);
    return {
      projectRoot: options.root,
      profile: options.profile,
      seed: options.seed,
      strict: options.strict,
      thresholds: options.thresholds,
      sites,
      tests,
      mutants: entries.map((entry) => {
        const result = results.get(entry.mutant.id);
        return result === undefined
          ? unjudged(entry.mutant, 'Pending', 'the run was interrupted first', entry.site.testIds)
          : ignoredIfKnownFailing(result, entry, outcome);
      }),
      complete:
        results.size === entries.length &&
        [...results.values()].every((result) => result.status !== 'Pending'),
      vitestRuns: opened.reduce((runs, each) => runs + each.runs(), 0),
      pool: choice,
      ...(options.shard === undefined
        ? {}
        : {
            shardedRun: shardedRunMark({
              ...options,
              mutantIds: everyShard.map((entry) => entry.mutant.id),
            }),
          }),
      durationMs: Date.now() - started,
    };
  } finally {
    await session.close();
  }
}

/**
 * Whether the rounds check the unobserved proof themselves, rather than the confirmations in the
 * project's pool: in `pool: vmForks`, which confirms nothing, and in a project's own pool whose
 * runs are the reference and where a tracked copy runs as its file alone would.
 */
function checksItsOwnProof(options: RunMutationOptions, chosen: RoundSession): boolean {
  if (chosen.choice.pool === 'vmForks') return options.pool === 'vmForks';
  return isolatesEveryFile(chosen.session.projectPool());
}

/**
 * Whether rounds in the project's own pool may run copies of one file side by side, once checked
 * (`checkProjectCopies`): where each copy gets a worker of its own and the project did not ask
 * for one file at a time.
 */
function copiesMayShare(chosen: RoundSession): boolean {
  const own = chosen.session.projectPool();
  return chosen.choice.pool === 'project' && isolatesEveryFile(own) && !own.oneWorkerConfigured;
}

/**
 * Whether a run of copies of every test file (a screen of its own, or the check of copies side by
 * side in the project's pool, which carries one) may pay for itself. A screen costs a copy of
 * every test file, and the sample of proven survivors that checks the proof runs one mutant a
 * file anyway, so it can spare at most the copies of `mutants - files` mutants, of which only the
 * survivors. It is run where that could repay it four times over; it changes the cost of a run,
 * never a verdict. (On a hostile fixture of 22 mutants in 5 files the screen and the tracked
 * copies cost more than the 6 runs they spared: 22–25 s against 16–18 s.)
 */
function screenPays(mutants: number, files: number): boolean {
  return mutants >= 5 * files;
}

/**
 * `--isolate` is the reference (docs/verdict-contract.md): every mutant runs alone in the
 * project's own pool, never in vmForks, whose verdicts would need a confirmation. A config's
 * `pool: vmForks` is for the other modes; `--pool vmForks` beside `--isolate` is refused before
 * the run (`runOptionsOf`).
 */
function poolModeOf(options: RunMutationOptions): RunMutationOptions['pool'] {
  return options.isolate ? 'project' : options.pool;
}

/** The reference session, saying why `--isolate` keeps the project's pool where it did. */
function isolatedReference(options: RunMutationOptions, reference: RoundSession): RoundSession {
  if (poolModeOf(options) === options.pool) return reference;
  const reason = "--isolate runs every mutant alone in the project's own pool: its reference run";
  return { ...reference, choice: { pool: 'project', reason } };
}

/**
 * The workers of the confirmation runs: the run's `concurrency` when set, else at least two, so
 * that two mutants' copies run side by side as they did in the vmForks rounds and in the pool
 * check, which is what vouches for it (vitest's default on a 2-core machine is one).
 */
function sideBySideWorkers(maxWorkers: number | null): number {
  return maxWorkers ?? Math.max(2, os.availableParallelism() - 1);
}
