import { checkCopies } from './check-copies.js';
import { failureOf } from './failure-of.js';
import type { RoundSession } from './choose-pool.js';
import type { RunProgress } from './reporter.js';
import type { OpenSession, TestSession } from './test-session.js';

/** Where {@link checkProjectCopies} opens its session, and with how many workers. */
export interface ProjectCopiesOptions {
  readonly root: string;
  readonly open: OpenSession;
  /** Workers of the checked session, and of the rounds on it: two or more. */
  readonly workers: number;
  readonly reporter: Pick<RunProgress, 'onPhase'>;
}

/**
 * Instanced rounds in the project's own pool (docs/design.md "Where the rounds run"). Whole-file
 * rounds hold one mutant per file, so a suite of few files runs one vitest run per mutant of its
 * busiest file, a file at a time. Where the pool gives every copy a worker of its own
 * (`isolatesEveryFile`), a copy of the files per mutant is the mutant's reference run too; what
 * the rounds add is copies of one file side by side. So the check vmForks gets runs here: two
 * copies of every file side by side, unmutated, must each say what the reference run said, and a
 * screen copy of each file rides along. The session on `workers` workers when they do, with the
 * first copy's run as the discovery; else the project's own session, as before.
 */
export async function checkProjectCopies(
  chosen: RoundSession,
  options: ProjectCopiesOptions,
): Promise<RoundSession> {
  await chosen.session.close();
  options.reporter.onPhase('check-copies');
  let probe: TestSession | undefined;
  let why: string;
  try {
    probe = await options.open(null, options.workers);
    const copies = await checkCopies(probe, chosen.discovery, options.root);
    if ('discovery' in copies) {
      const reason = `${chosen.choice.reason}; two copies of each test file side by side there said what the reference run said: a copy per mutant, ${options.workers} at a time`;
      return {
        session: probe,
        discovery: copies.discovery,
        screen: copies.screen,
        instanced: true,
        choice: { pool: 'project', reason },
      };
    }
    // A worker each, so what two copies share is outside every process: a fixed port, a file
    // on disk, a server the project's globalSetup started.
    why = `two copies of each test file side by side differed: ${copies.difference} (a value that changes from run to run, or a port, a file or a server of its globalSetup that both use)`;
  } catch (error) {
    why = `two copies of each test file side by side: ${failureOf(error)}`;
  }
  await probe?.close();
  const reason = `${chosen.choice.reason}; ${why}: one mutant per file in each round`;
  return {
    session: await options.open(null),
    discovery: chosen.discovery,
    choice: { pool: 'project', reason },
    declined: true,
  };
}
