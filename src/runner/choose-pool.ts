import { isConfigError } from '../config/config-error.js';
import type { PoolMode } from '../config/config-input.js';
import { discover, type Discovery } from './discover.js';
import { firstDifference } from './first-difference.js';
import type { ProjectPool, VitestSession } from './vitest-session.js';

/** The vitest pool the mutant rounds run in, and why, in a sentence for the console. */
export interface PoolChoice {
  /** `project`: the project's own pool and isolation; `vmForks`: vitest's vmForks pool. */
  readonly pool: 'project' | 'vmForks';
  readonly reason: string;
}

/** The session the rounds run on, its discovery run, and why that pool. */
export interface RoundSession {
  readonly session: VitestSession;
  readonly discovery: Discovery;
  readonly choice: PoolChoice;
}

export interface ChoosePoolOptions {
  readonly mode: PoolMode;
  readonly root: string;
  /** Opens a vitest session on the project's config, with the pool overridden or not. */
  readonly open: (pool: 'vmForks' | null) => Promise<VitestSession>;
}

/**
 * The discovery run of record: in vmForks when the config asks for it, else in the project's
 * own pool (for `auto`, the reference {@link choosePool} compares vmForks against). Closes the
 * session when discovery throws.
 */
export async function discoverReference(options: ChoosePoolOptions): Promise<RoundSession> {
  const vm = options.mode === 'vmForks';
  const session = await options.open(vm ? 'vmForks' : null);
  try {
    const discovery = await discover(session, options.root);
    const reason = `the config asks for pool "${vm ? 'vmForks' : 'project'}"`;
    return { session, discovery, choice: { pool: vm ? 'vmForks' : 'project', reason } };
  } catch (error) {
    await session.close();
    throw error;
  }
}

/**
 * The session the rounds run on. A round re-runs every file that hosts a mutant; in the
 * default `forks` or `threads` pool with `isolate: true` vitest starts a new worker for each
 * file of each round, which costs more than the tests themselves on suites of many small files.
 * vitest's `vmForks` pool keeps a fresh module graph per file (a new VM context) but reuses its
 * workers. A project can still tell the two apart (state kept in `process`, cross-realm
 * `instanceof`), so `auto` switches only after a second discovery run in vmForks agrees with
 * the reference run in the project's own pool on every test result and every recorded site;
 * otherwise the rounds stay in the project's pool, which is always right, only slower.
 *
 * Returns `reference` itself unless it switches; then `reference`'s session is closed. The
 * caller closes whichever session it gets back (and `reference`'s when this throws).
 */
export async function choosePool(
  reference: RoundSession,
  options: ChoosePoolOptions & { readonly mutantsToRun: number },
): Promise<RoundSession> {
  if (options.mode !== 'auto') return reference;
  const keep = (reason: string): RoundSession => ({
    ...reference,
    choice: { pool: 'project', reason },
  });
  if (options.mutantsToRun === 0) return keep('no mutant left to run');
  const own = reference.session.projectPool();
  const unfit = unfitForVmForks(own);
  if (unfit !== null) return keep(unfit);
  const probe = await options.open('vmForks');
  let checked: Discovery | string;
  try {
    checked = await probeDiscovery(probe, options.root);
  } catch (error) {
    await probe.close();
    throw error;
  }
  const difference =
    typeof checked === 'string' ? checked : firstDifference(reference.discovery, checked);
  if (typeof checked === 'string' || difference !== null) {
    await probe.close();
    return keep(`in vmForks ${difference ?? checked}; rounds stay in "${own.pool}"`);
  }
  await reference.session.close();
  const reason = `every test and site was the same in vmForks as in the project's "${own.pool}" pool`;
  return { session: probe, discovery: checked, choice: { pool: 'vmForks', reason } };
}

/** Why the project's pool must be kept as it is, or `null` when vmForks may replace it. */
function unfitForVmForks(own: ProjectPool): string | null {
  if (own.special) return 'the project runs in browser mode or type-checks: its pool is kept';
  if (own.projects > 1)
    return `the config defines ${own.projects} vitest projects: their pools are kept`;
  if (own.pool !== 'forks' && own.pool !== 'threads')
    return `the project's own pool "${own.pool}" is kept`;
  if (!own.isolate)
    return 'the project sets isolate: false (its workers are already reused): its pool is kept';
  return null;
}

/** The probe's discovery, or what went wrong in a sentence when the suite fails there. */
async function probeDiscovery(session: VitestSession, root: string): Promise<Discovery | string> {
  try {
    return await discover(session, root);
  } catch (error) {
    if (!isConfigError(error)) throw error;
    const problem = error.message.split('\n')[1]?.replace(/^\s*-\s*/, '') ?? error.message;
    return `the suite did not pass (${problem})`;
  }
}
