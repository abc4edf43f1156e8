import os from 'node:os';
import { ConfigError } from '../errors.js';
import type { PoolMode } from '../config/config-input.js';
import type {
  Mutant,
  MutantResult,
  MutationRun,
  Site,
  TestInfo,
  Thresholds,
} from '../mutant/mutation-run.js';
import type { Mutator } from '../mutant/mutator.js';
import type { RuleName } from '../oracle/rule-name.js';
import type { Taxonomy } from '../taxonomy/taxonomy.js';
import { choosePool, discoverReference, type PoolChoice } from './choose-pool.js';
import type { Discovery } from './discover.js';
import { firstDisagreement, keptOnInterrupt, verdictsToConfirm } from './verdicts-to-confirm.js';
import { mutantResult } from './judge-mutant.js';
import { executeRound, filesOf, type RoundMutant } from './execute-rounds.js';
import { planRounds } from './plan-rounds.js';
import type { ShardInfo } from '../mutant/mutation-run.js';
import { isInShard } from './shard.js';
import { generateMutants } from './generate-mutants.js';
import type { RoundOutcome } from './round-outcome.js';
import { openVitestSession, type VitestSession } from './vitest-session.js';
import { allOf, type Reporter, type RunProgress } from './reporter.js';
import { vitestConfigError } from './vitest-config-error.js';
import { sitesOfRun } from './sites-of-run.js';

export interface RunMutationOptions {
  readonly root: string;
  readonly vitestConfig: string | null;
  readonly include: readonly string[] | null;
  readonly maxWorkers: number | null;
  /** Where the mutant rounds run (config `pool`). */
  readonly pool: PoolMode;
  readonly profile: string;
  readonly taxonomy: Taxonomy;
  readonly mutators: readonly Mutator[];
  readonly labels: ReadonlyMap<string, RuleName>;
  readonly canaries: readonly string[];
  readonly seed: number;
  readonly strict: boolean;
  readonly thresholds: Thresholds;
  readonly isolate: boolean;
  /** Only these mutant ids (`--mutant`); empty means all. */
  readonly only: readonly string[];
  readonly timeoutMs: number;
  readonly timeoutFactor: number;
  /**
   * Told of the run as it goes (docs/design.md "Reporters"); `onRunComplete` is for whoever
   * reports the run, not called here.
   */
  readonly reporters?: readonly Reporter[];
  /** Aborting stops after the current round: the rest stay `Pending`, the run incomplete. */
  readonly signal?: AbortSignal;
  /** `--shard i/n`: only the mutants of this shard (by id); every site is still recorded. */
  readonly shard?: ShardInfo;
  /** `--incremental`: verdicts of a previous run that still hold; those mutants are not run. */
  readonly reuse?: (
    entries: readonly RoundMutant[],
    tests: readonly TestInfo[],
  ) => Promise<ReadonlyMap<string, MutantResult>>;
}

/**
 * The whole of `envelope-mutants run` short of reporting: discovery, generation, rounds on one
 * vitest instance, verdicts (docs/design.md "Data flow", steps 1–5).
 */
export async function runMutation(options: RunMutationOptions): Promise<MutationRun> {
  const reporter = allOf(options.reporters ?? []);
  const run = await testAll(options, reporter);
  // Once the last vitest instance has closed: nothing the run prints comes after.
  reporter.onAllMutantsTested();
  return run;
}

async function testAll(options: RunMutationOptions, reporter: RunProgress): Promise<MutationRun> {
  const started = Date.now();
  const opened: VitestSession[] = [];
  const pool = {
    mode: options.pool,
    root: options.root,
    open: countingOpen(options, opened),
    reporter,
  };
  const reference = await discoverReference(pool);
  let session = reference.session;
  try {
    const { tests } = reference.discovery;
    const sites = sitesOfRun(reference.discovery.sites, options.mutators);
    const entries = roundMutants(sites, options, options.only).filter((entry) =>
      isInShard(entry.mutant.id, options.shard),
    );
    const reused = new Map(
      [...((await options.reuse?.(entries, tests)) ?? [])].map(([id, result]) => [
        id,
        { ...result, verdictSource: 'reused' as const },
      ]),
    );
    const fresh = entries.filter((entry) => !reused.has(entry.mutant.id));
    const outcome = reference.discovery.outcome;
    const mutantsToRun = fresh.filter(
      (entry) => entry.site.testIds.length > 0 && knownFailingOnly(entry, outcome) === null,
    ).length;
    const chosen = await choosePool(reference, { ...pool, mutantsToRun });
    session = chosen.session;
    reporter.onPool(chosen.choice);
    reporter.onRoundsStart(fresh.length);
    const confirms = chosen.choice.pool === 'vmForks' && options.pool === 'auto';
    // Where every verdict short of a kill is re-run in the project's pool anyway, a copy that did
    // not finish in vmForks (it hung, its worker died) runs alone there straight away.
    const unfinished: RoundMutant[] = [];
    let tested = await testMutants(fresh, session, chosen.discovery.outcome, {
      ...options,
      onResult: reporter.onMutantTested,
      instanced: chosen.choice.pool === 'vmForks',
      ...(confirms ? { onUnfinished: (entry: RoundMutant) => unfinished.push(entry) } : {}),
    });
    let choice = chosen.choice;
    if (confirms) {
      await session.close();
      session = await pool.open(null, sideBySideWorkers(options.maxWorkers));
      const reopen = async (): Promise<VitestSession> => {
        await session.close();
        session = await pool.open(null);
        return session;
      };
      ({ tested, choice } = await confirmInProjectPool(fresh, tested, choice, {
        ...options,
        unfinished,
        reporter,
        session,
        reopen,
        discovery: reference.discovery,
      }));
    }
    const results = new Map([...reused, ...tested]);
    return {
      projectRoot: options.root,
      profile: options.profile,
      seed: options.seed,
      strict: options.strict,
      thresholds: options.thresholds,
      sites,
      tests,
      mutants: entries.map(
        ({ mutant, site }) =>
          results.get(mutant.id) ??
          unjudged(mutant, 'Pending', 'the run was interrupted first', site.testIds),
      ),
      complete:
        results.size === entries.length &&
        [...results.values()].every((result) => result.status !== 'Pending'),
      vitestRuns: opened.reduce((runs, each) => runs + each.runs(), 0),
      pool: choice,
      durationMs: Date.now() - started,
    };
  } finally {
    await session.close();
  }
}

/**
 * Opens sessions on the project's config and keeps them, so every run of each is counted;
 * `maxWorkers` overrides the run's own (`concurrency`).
 */
function countingOpen(
  options: RunMutationOptions,
  opened: VitestSession[],
): (pool: 'vmForks' | null, maxWorkers?: number) => Promise<VitestSession> {
  return async (pool, maxWorkers) => {
    const session = await openProjectSession(
      maxWorkers === undefined ? options : { ...options, maxWorkers },
      pool,
    );
    opened.push(session);
    return session;
  };
}

/**
 * The workers of the confirmation runs: the run's `concurrency` when set, else at least two, so
 * that two mutants' copies run side by side as they did in the vmForks rounds and in the pool
 * check, which is what vouches for it (vitest's default on a 2-core machine is one).
 */
function sideBySideWorkers(maxWorkers: number | null): number {
  return maxWorkers ?? Math.max(2, os.availableParallelism() - 1);
}

/**
 * Re-runs, in the project's own pool, the verdicts of rounds run in vmForks that the pool check
 * could not vouch for (`verdictsToConfirm`). Each runs instanced: a copy of its files of its own,
 * which `isolate: true` gives a process of its own, one mutant active, every test in order (the
 * reference run), the copies of two mutants side by side, as the pool check ran them. A timeout or
 * a crash, and each mutant whose copy did not finish in vmForks (`unfinished`, no verdict yet),
 * runs alone instead: in a shared run it would most likely stop the run again, and cost a run of
 * its own after that. When one disagrees, every mutant runs again in the project's pool as the
 * project runs it (one mutant per file and run, the project's workers) and those verdicts are
 * reported. An interrupted run keeps what `keptOnInterrupt` allows.
 */
async function confirmInProjectPool(
  fresh: readonly RoundMutant[],
  tested: Map<string, MutantResult>,
  choice: PoolChoice,
  options: RunMutationOptions & {
    reporter: RunProgress;
    unfinished: readonly RoundMutant[];
    session: VitestSession;
    /** Closes `session` and opens the project's pool as the project runs it. */
    reopen: () => Promise<VitestSession>;
    discovery: Discovery;
  },
): Promise<{ tested: Map<string, MutantResult>; choice: PoolChoice }> {
  const { session, discovery, reporter } = options;
  if (aborted(options.signal)) return { tested: keptOnInterrupt(tested), choice };
  const fileOf = (testId: string): string => discovery.outcome.tests.get(testId)?.file ?? testId;
  const ids = new Set(verdictsToConfirm(tested.values(), options.seed, fileOf));
  const alone = new Set(options.unfinished.map((entry) => entry.mutant.id));
  for (const id of ids) if (STOPS_A_RUN.has(tested.get(id)?.status ?? 'Killed')) alone.add(id);
  reporter.onConfirmStart(
    ids.size + options.unfinished.length,
    'sample',
    options.unfinished.length,
  );
  // Their own progress: the rounds' line counted each verdict once already (not the unfinished).
  const quiet = { ...options, onResult: reporter.onMutantConfirmed };
  const confirm = { ...quiet, confirming: true, replacesVmForks: true };
  const shared = await testMutants(
    fresh.filter((entry) => ids.has(entry.mutant.id) && !alone.has(entry.mutant.id)),
    session,
    discovery.outcome,
    { ...confirm, instanced: true },
  );
  const apart = aborted(options.signal)
    ? new Map<string, MutantResult>()
    : await testMutants(
        fresh.filter((entry) => alone.has(entry.mutant.id)),
        session,
        discovery.outcome,
        { ...confirm, isolate: true },
      );
  const again = new Map([...shared, ...apart]);
  // The verdicts of unfinished copies have no vmForks verdict to agree with: each is a reference.
  const settled = new Map([...again].filter(([id]) => !tested.has(id)));
  if (aborted(options.signal))
    return { tested: keptOnInterrupt(new Map([...tested, ...settled]), again), choice };
  const disagreement = firstDisagreement(tested, again);
  if (disagreement === null) {
    const ranAlone =
      settled.size === 0 ? '' : `; ${settled.size} whose copies did not finish ran there alone`;
    const reason = `${choice.reason}; ${again.size - settled.size} verdicts re-run in the project's pool agreed${ranAlone}`;
    // The project's pool is the reference: its verdicts stand where both exist.
    return { tested: new Map([...tested, ...again]), choice: { pool: 'vmForks', reason } };
  }
  const fallback: PoolChoice = {
    pool: 'project',
    reason: `${disagreement}: every mutant ran again in the project's pool`,
  };
  reporter.onPool(fallback);
  reporter.onConfirmStart(fresh.length, 'all', 0);
  const own = await options.reopen();
  return { tested: await testMutants(fresh, own, discovery.outcome, quiet), choice: fallback };
}

/** Verdicts whose mutant stopped a whole run: the watchdog fired, or its worker died. */
const STOPS_A_RUN: ReadonlySet<string> = new Set(['Timeout', 'RuntimeError']);

/** A function, not a property read, so that a check after an await is not narrowed away. */
function aborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

/** Runs the rounds until done or `options.signal` aborts; returns the verdicts reached. */
async function testMutants(
  entries: readonly RoundMutant[],
  session: VitestSession,
  discovery: RoundOutcome,
  options: RunMutationOptions & {
    readonly onResult: (result: MutantResult) => void;
    readonly confirming?: boolean;
    readonly replacesVmForks?: boolean;
    readonly instanced?: boolean;
    readonly onUnfinished?: (entry: RoundMutant) => void;
  },
): Promise<Map<string, MutantResult>> {
  const results = new Map<string, MutantResult>();
  const report = (result: MutantResult): void => {
    // An interrupt reaches the test workers too: what a round says after it proves nothing.
    if (options.signal?.aborted === true) return;
    results.set(result.id, result);
    options.onResult(result);
  };
  const unplanned = new Set<string>();
  for (const entry of entries) {
    const { mutant, site } = entry;
    const knownFailing = knownFailingOnly(entry, discovery);
    if (site.testIds.length === 0)
      report(unjudged(mutant, 'NoCoverage', 'no passing test observed this site', []));
    else if (knownFailing !== null)
      report(unjudged(mutant, 'Ignored', knownFailingReason(knownFailing), site.testIds));
    else continue;
    unplanned.add(mutant.id);
  }
  const byId = new Map(entries.map((entry) => [entry.mutant.id, entry]));
  const plannable = entries.map((entry) => ({
    id: entry.mutant.id,
    files: unplanned.has(entry.mutant.id) ? [] : filesOf(entry, discovery),
  }));
  const roundOptions = {
    root: options.root,
    session,
    labels: options.labels,
    discovery,
    timeoutFactor: options.timeoutFactor,
    timeoutMs: options.timeoutMs,
    testTimeoutMs: session.testTimeoutMs(),
    onResult: report,
    confirming: options.confirming === true,
    replacesVmForks: options.replacesVmForks === true,
    instanced: options.instanced === true,
    ...(options.onUnfinished === undefined ? {} : { onUnfinished: options.onUnfinished }),
  };
  // A pool that runs files one after another in one module graph (isolate: false) lets a file
  // see what another left behind: there, every mutant runs alone. vm pools give each file a new
  // VM context whatever `isolate` says (what they share, `process`, is what the pool check and
  // the confirmation in the project's pool are for).
  const own = session.projectPool();
  // With one worker vitest runs all files of a vm-pool run in one VM context (see
  // `maxWorkersOf` in vitest-session.ts): there too, every mutant runs alone.
  const vmPool = own.pool === 'vmForks' || own.pool === 'vmThreads';
  const filesIsolated = own.isolate || (vmPool && !own.oneWorker);
  const isolate = options.isolate || !filesIsolated;
  const instanced = options.instanced === true ? ROUND_SIZE : undefined;
  for (const ids of planRounds(plannable, { isolate, ...(instanced ? { instanced } : {}) })) {
    if (options.signal?.aborted === true) break;
    await executeRound(
      ids.flatMap((id) => byId.get(id) ?? []),
      roundOptions,
    );
  }
  return results;
}

/**
 * Mutants to an instanced round. Each vitest run starts its workers afresh: a fork of the harness,
 * node's and vitest's start-up, and a worker that reads and compiles vitest, the SDK and the
 * project's modules cold (its file cache and V8's compiled code serve its later VM contexts).
 * On examples/mcp-client 128 took 5–10 % of a run's CPU out against 32 (11 vitest runs to 6;
 * docs/performance.md "Where a run spends its time"). The price: a round that must
 * be split (an error outside every copy) costs about twice its size in halving runs, so a suite
 * whose mutants often leave errors behind gains less, or loses.
 */
const ROUND_SIZE = 128;

/** The mutants of the discovered sites, each with its site and its mutator's expected killers. */
export function roundMutants(
  sites: readonly Site[],
  options: Pick<RunMutationOptions, 'mutators' | 'taxonomy' | 'seed' | 'canaries'>,
  only: readonly string[],
): RoundMutant[] {
  const siteByKey = new Map(sites.map((site) => [site.key, site]));
  const killers = new Map(
    options.mutators.map((mutator) => [mutator.name, mutator.expectedKillers]),
  );
  const mutants = generateMutants(sites, options.mutators, options);
  const unknown = only.filter((id) => !mutants.some((mutant) => mutant.id === id));
  if (unknown.length > 0) {
    throw new ConfigError(
      `--mutant: no mutant ${unknown.join(', ')} in this project. Run \`envelope-mutants list\` to see the ids (they depend on --seed and the mutators).`,
    );
  }
  const wanted = only.length === 0 ? mutants : mutants.filter((m) => only.includes(m.id));
  return wanted.flatMap((mutant) => {
    const site = siteByKey.get(mutant.siteKey);
    if (site === undefined) return [];
    return [{ mutant, site, expectedKillers: killers.get(mutant.mutatorName) ?? [] }];
  });
}

/**
 * The names of the tests that reach the mutant's site when every one of them is marked to fail
 * (`it.fails`, as `init` writes a finding), else `null`. Such a test passes only while the
 * failure it documents is there, so it cannot say whether a defect is noticed: the mutant is
 * `Ignored`, out of both scores, rather than a survivor the project cannot act on. A site no
 * test reaches is `null` too (it is `NoCoverage`).
 */
function knownFailingOnly(entry: RoundMutant, discovery: RoundOutcome): string[] | null {
  const tests = entry.site.testIds.map((id) => discovery.tests.get(id));
  if (tests.length === 0) return null;
  const names: string[] = [];
  for (const test of tests) {
    if (test?.knownFailing !== true) return null;
    names.push(test.name);
  }
  return names;
}

function knownFailingReason(names: readonly string[]): string {
  return `reached only by tests marked to fail (it.fails), which document a known failure: ${names.join('; ')}. Fix the failure and turn the test into it(...) to measure this site`;
}

function unjudged(
  mutant: Mutant,
  status: 'NoCoverage' | 'Ignored' | 'Pending',
  statusReason: string,
  coveredBy: readonly string[],
): MutantResult {
  return mutantResult(mutant, { status, statusReason, killedBy: [], coveredBy });
}

/**
 * A vitest instance on the project's own config (`list` and `explain` discover on it); `pool`
 * overrides the project's vitest pool.
 */
export function openProjectSession(
  options: RunMutationOptions,
  pool: 'vmForks' | null = null,
): Promise<VitestSession> {
  const where = { root: options.root, configFile: options.vitestConfig };
  return openVitestSession({
    root: options.root,
    configFile: options.vitestConfig,
    maxWorkers: options.maxWorkers,
    include: options.include,
    pool,
    onLeakedProcesses: allOf(options.reporters ?? []).onLeakedProcesses,
  }).catch((error: unknown) => {
    throw vitestConfigError(error, where);
  });
}
