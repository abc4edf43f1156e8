import type { PoolMode } from '../config/config-input.js';
import { ConfigError } from '../errors.js';
import type { ReadLog } from '../taps/tap-protocol.js';
import { discover, type Discovery } from './discover.js';
import { checkCopies } from './check-copies.js';
import { filesOf } from './execute-rounds.js';
import { failureOf } from './failure-of.js';
import { filesCopiesWouldShare } from './files-copies-would-share.js';
import { filesShareModules } from './files-share-modules.js';
import { isVmPool } from './mutants-share-a-run.js';
import { nameOfPoolAsker, undoVmForks, type PoolAsker } from './pool-asker.js';
import type { ProjectPool, TestSession } from './test-session.js';
import type { PoolChoice } from './pool-choice.js';
import type { Reporter } from './reporter.js';

export type { PoolChoice } from './pool-choice.js';

/** The session the rounds run on, its discovery run, and why that pool. */
export interface RoundSession {
  readonly session: TestSession;
  readonly discovery: Discovery;
  readonly choice: PoolChoice;
  /**
   * The pool check's screen (docs/design.md "Unobserved mutants"): what the suite read of each
   * envelope site in a copy of its file whose every envelope site handed out views, by site key.
   * It proves nothing; it picks the sites worth a tracked copy of their own (`trackSites`).
   */
  readonly screen?: ReadonlyMap<string, ReadLog>;
  /** The rounds run a copy of its files per mutant (always in vmForks; in the project's pool once checked). */
  readonly instanced?: boolean;
  /**
   * Two copies of a file side by side in the project's pool differed from the reference run
   * (`checkProjectCopies`): no copies of one file may run side by side, tracked ones included.
   */
  readonly declined?: boolean;
}

export interface ChoosePoolOptions {
  readonly mode: PoolMode;
  /** Who set `mode`: the command line (`--pool`) or, if absent, the config. */
  readonly askedBy?: PoolAsker;
  readonly root: string;
  /** Opens a vitest session on the project's config, with the pool overridden or not. */
  readonly open: (pool: 'vmForks' | null) => Promise<TestSession>;
  /**
   * Told `discover` when the discovery run starts, once vitest accepted the config (a config it
   * refuses is then the only thing printed), and `check-pool` when the check of vmForks starts
   * (two copies of every test file, side by side).
   */
  readonly reporter?: Pick<Reporter, 'onPhase'>;
}

/** Why a project with a `globalSetup` runs one mutant to a vitest run (`mutantsShareARun`). */
const ALONE_FOR_GLOBAL_SETUP =
  'the project has a globalSetup, which every file of a run shares: every mutant runs alone';

/**
 * The discovery run of record: in vmForks when the config asks for it, else in the project's
 * own pool (for `auto`, the reference {@link choosePool} compares vmForks against). Closes the
 * session when discovery throws.
 */
export async function discoverReference(options: ChoosePoolOptions): Promise<RoundSession> {
  const vm = options.mode === 'vmForks';
  const askedBy = options.askedBy ?? 'config';
  const shared = vm ? await ownModulesShared(options.open) : null;
  const session = await options.open(vm ? 'vmForks' : null);
  try {
    options.reporter?.onPhase?.('discover');
    const discovery = await discover(session, options.root, vm ? askedBy : undefined);
    if (shared !== null) refuseSharedModules(shared, discovery, askedBy);
    const asked = `${nameOfPoolAsker(askedBy)} asks for pool "${vm ? 'vmForks' : 'project'}"`;
    // Said here too, since no pool check does: why such a run takes a vitest run per mutant.
    const reason = session.projectPool().globalSetup
      ? `${asked}; ${ALONE_FOR_GLOBAL_SETUP}`
      : asked;
    return { session, discovery, choice: { pool: vm ? 'vmForks' : 'project', reason } };
  } catch (error) {
    await session.close();
    throw error;
  }
}

/**
 * Why the project's own runs give its test files one module graph between them
 * (`filesShareModules`), or `null`. A vmForks session resolves `isolate` and `maxWorkers` its own
 * way, so the project's are read from a session on its own pool (vitest resolves the config; no
 * test runs), closed before the vmForks one opens.
 */
async function ownModulesShared(open: ChoosePoolOptions['open']): Promise<string | null> {
  const own = await open(null);
  try {
    return filesShareModules(own.projectPool());
  } finally {
    await own.close();
  }
}

/**
 * Refuses vmForks for a suite with a site that tests of two files reach (an explicit key), where
 * the project's own runs give those files one module graph (`shared`): in the site's reference
 * run, its files together, one may read what another left in those modules, and copies in
 * vmForks, each file in a module graph of its own, never would. A forced pool confirms nothing
 * in the project's pool. A site of one file runs as its copy does, whatever the pool.
 */
function refuseSharedModules(shared: string, discovery: Discovery, askedBy: PoolAsker): void {
  for (const site of discovery.sites) {
    const files = filesOf(site, discovery.outcome);
    if (files.length < 2) continue;
    const where = askedBy === 'flag' ? '--pool vmForks' : 'config: "pool": "vmForks"';
    const undo = undoVmForks(askedBy);
    throw new ConfigError(
      `${where}: ${shared}, and the tests of ${files.sort().join(' and ')} reach site "${site.key}": in its run one of them may read what another left in those modules. Copies in vmForks give each file a module graph of its own, so their verdicts could differ from those of \`vitest run\` with the same mutant. ${undo.charAt(0).toUpperCase()}${undo.slice(1)} ("auto", the default, keeps the project's pool there).`,
    );
  }
}

/** Options of {@link choosePool}: those of the reference, and what waits to run. */
export interface ChoosePoolOptionsWithMutants extends ChoosePoolOptions {
  /**
   * How many rounds the mutants left to run (those with coverage) take in the project's own pool,
   * one mutant per test file and round (`planRounds`); with none, nothing is worth a check of
   * vmForks.
   */
  readonly projectRounds: number;
}

/**
 * At most this many rounds in the project's own pool, the rounds stay there. vmForks takes a run of
 * the check before its first round and a run of confirmations in the project's pool after its
 * last: three runs at the least, and a run in vmForks starts dearer (its workers load the module
 * code cache). In the project's pool each of these rounds is, file for file, the reference run of
 * its mutants (`planRounds`), so none needs confirming. Measured with `--mutant` on the mutants of
 * one test (docs/performance.md, 2026-12-05): up to 4 took less CPU and less time in the project's
 * pool, on a one-file fixture and on examples/mcp-server, which loads the MCP SDK.
 */
export const FEW_PROJECT_ROUNDS = 3;

/**
 * The session the rounds run on. A round re-runs every file that hosts a mutant; in the
 * default `forks` or `threads` pool with `isolate: true` vitest starts a new worker for each
 * file of each round, which costs more than the tests themselves on suites of many small files.
 * vitest's `vmForks` pool keeps a fresh module graph per file (a new VM context) but reuses its
 * workers within a run. A project can still tell the two apart (state kept in `process`,
 * cross-realm `instanceof`), so `auto` switches only after two copies of every file, run side by
 * side in vmForks as the rounds run them, each agree with the reference run on every test result
 * and every recorded site; otherwise the rounds stay in the project's pool, which is always
 * right, only slower. The runner then re-runs survivors and a sample of kills in the project's
 * pool (`verdictsToConfirm`).
 *
 * The two vitest instances never run at once: a `globalSetup` (a server on a fixed port, a
 * database) would otherwise be set up twice. `reference`'s session is closed first; when
 * vmForks is declined, a new session on the project's pool takes its place. Returns the session
 * to run the rounds on; the caller closes it. Never throws because vmForks failed.
 */
export async function choosePool(
  reference: RoundSession,
  options: ChoosePoolOptionsWithMutants,
): Promise<RoundSession> {
  if (options.mode !== 'auto') return reference;
  const keep = (reason: string): RoundSession => ({
    ...reference,
    choice: { pool: 'project', reason },
  });
  if (options.projectRounds === 0) return keep('no mutant left to run');
  const unfit = unfitForVmForks(reference.session.projectPool());
  if (unfit !== null) return keep(unfit);
  const shared = filesCopiesWouldShare(reference.discovery.outcome);
  if (shared !== null) return keep(shared);
  if (options.projectRounds <= FEW_PROJECT_ROUNDS) {
    const rounds =
      options.projectRounds === 1 ? 'one vitest run' : `${options.projectRounds} vitest runs`;
    return keep(
      `its mutants take ${rounds} there; vmForks takes three at least: the check, a round, the confirmations`,
    );
  }
  await reference.session.close();
  options.reporter?.onPhase?.('check-pool');
  const probed = await probeVmForks(reference, options);
  if (probed.session !== null) return { ...probed, session: probed.session };
  return {
    ...reference,
    session: await options.open(null),
    choice: {
      pool: 'project',
      reason: `${probed.choice.reason}; rounds stay in the project's pool`,
    },
  };
}

/**
 * The suite once more, in vmForks, as the rounds run it: two copies of every test file side by
 * side, unmutated. The session when each copy says what the reference run said, with the first
 * copy's run as the discovery the rounds plan on; else `null` and why not.
 */
async function probeVmForks(
  reference: RoundSession,
  options: ChoosePoolOptions,
): Promise<{
  session: TestSession | null;
  discovery: Discovery;
  choice: PoolChoice;
  screen?: ReadonlyMap<string, ReadLog>;
}> {
  const decline = (why: string) => ({
    session: null,
    discovery: reference.discovery,
    choice: { pool: 'project' as const, reason: why },
  });
  let probe: TestSession | undefined;
  try {
    probe = await options.open('vmForks');
    const copies = await checkCopies(probe, reference.discovery, options.root);
    if ('discovery' in copies) {
      const reason =
        'every test and site was the same in two copies of each test file run side by side in vmForks';
      return {
        session: probe,
        discovery: copies.discovery,
        choice: { pool: 'vmForks', reason },
        screen: copies.screen,
      };
    }
    await probe.close();
    return decline(
      `two copies of each test file, run side by side in vmForks as the rounds run them, differed from the reference run: ${copies.difference} (a value that changes from run to run, a suite that depends on its pool, or a file that shares something outside its VM context: a port, a file, a member of process, a server of its globalSetup)`,
    );
  } catch (error) {
    await probe?.close();
    return decline(`in vmForks ${failureOf(error)}`);
  }
}

/** Why the project's pool must be kept as it is, or `null` when vmForks may replace it. */
function unfitForVmForks(own: ProjectPool): string | null {
  if (own.browserOrTypecheck)
    return 'the project runs in browser mode or type-checks: its pool is kept';
  if (own.projects > 1)
    return `the config defines ${own.projects} vitest projects: their pools are kept`;
  if (own.customPool) return 'the project runs its own pool runner: it is kept';
  // A copy in vmForks runs in a process: in a project of worker threads (`threads`,
  // `vmThreads`) a test that reads `isMainThread` or calls `process.chdir` goes another way, and
  // only under a mutant, where no check of unmutated copies sees it and a kill is confirmed by
  // sample only.
  if (own.pool === 'threads' || own.pool === 'vmThreads')
    return `the project's own pool "${own.pool}" runs worker threads, where a copy in vmForks would run in a process: it is kept`;
  // A vm pool is vitest's `isolate: false` by design: a worker runs file after file in one
  // process, each in a new VM context. Whole-file rounds there hold one mutant each
  // (`mutantsShareARun`), so vmForks, whose copies give back what they share, is worth its check.
  const vmPool = isVmPool(own);
  if (own.pool !== 'forks' && !vmPool) return `the project's own pool "${own.pool}" is kept`;
  // A mutant's reference run shares its files' module state; copies never would.
  const shared = filesShareModules(own);
  if (shared !== null) return `${shared}: its pool is kept`;
  if (own.oneWorkerConfigured)
    return 'the project runs one test file at a time (maxWorkers: 1 or fileParallelism: false): its pool is kept';
  // Copies in vmForks would share it as much as whole files do (`mutantsShareARun`).
  if (own.globalSetup) return `${ALONE_FOR_GLOBAL_SETUP} in its pool`;
  return null;
}
