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

/** The session the rounds run on, its discovery run, and the runs spent on a closed session. */
export interface RoundSession {
  readonly session: VitestSession;
  readonly discovery: Discovery;
  readonly choice: PoolChoice;
  readonly closedSessionRuns: number;
}

export interface ChoosePoolOptions {
  readonly mode: PoolMode;
  readonly root: string;
  /** Opens a vitest session on the project's config, with the pool overridden or not. */
  readonly open: (pool: 'vmForks' | null) => Promise<VitestSession>;
}

/**
 * Opens the session the rounds run on. A round re-runs every file that hosts a mutant; in the
 * default `forks` or `threads` pool with `isolate: true` vitest starts a new worker for each
 * file of each round, which costs more than the tests themselves on suites of many small files.
 * vitest's `vmForks` pool keeps a fresh module graph per file (a new VM context) but reuses its
 * workers. A project can still tell the two apart (state kept in `process`, cross-realm
 * `instanceof`), so `auto` switches only after a second discovery run in vmForks agrees with
 * the reference run in the project's own pool on every test result and every recorded site;
 * otherwise the rounds stay in the project's pool, which is always right, only slower.
 */
export async function choosePool(options: ChoosePoolOptions): Promise<RoundSession> {
  const { mode, root, open } = options;
  if (mode === 'vmForks') {
    return discovered(await open('vmForks'), root, 'vmForks', 'the config asks for pool "vmForks"');
  }
  const reference = await discovered(await open(null), root, 'project', '');
  const keep = (reason: string, closedSessionRuns = 0): RoundSession => ({
    ...reference,
    choice: { pool: 'project', reason },
    closedSessionRuns,
  });
  if (mode === 'project') return keep('the config asks for pool "project"');
  const own = reference.session.projectPool();
  const unfit = unfitForVmForks(own);
  if (unfit !== null) return keep(unfit);
  const probe = await open('vmForks').catch(async (error: unknown) => {
    await reference.session.close();
    throw error;
  });
  const checked = await probeDiscovery(probe, root).catch(async (error: unknown) => {
    await Promise.all([probe.close(), reference.session.close()]);
    throw error;
  });
  const decline = async (why: string): Promise<RoundSession> => {
    const runs = probe.runs();
    await probe.close();
    return keep(`in vmForks ${why}; rounds stay in "${own.pool}"`, runs);
  };
  if (typeof checked === 'string') return decline(checked);
  const difference = firstDifference(reference.discovery, checked);
  if (difference !== null) return decline(difference);
  const runs = reference.session.runs();
  await reference.session.close();
  return {
    session: probe,
    discovery: checked,
    choice: {
      pool: 'vmForks',
      reason: `every test and site was the same in vmForks as in the project's "${own.pool}" pool`,
    },
    closedSessionRuns: runs,
  };
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

/** Discovery on `session`; closes it when discovery throws. */
async function discovered(
  session: VitestSession,
  root: string,
  pool: PoolChoice['pool'],
  reason: string,
): Promise<RoundSession> {
  try {
    const discovery = await discover(session, root);
    return { session, discovery, choice: { pool, reason }, closedSessionRuns: 0 };
  } catch (error) {
    await session.close();
    throw error;
  }
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
