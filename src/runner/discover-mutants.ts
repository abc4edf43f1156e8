import type { Site, TestInfo } from '../mutant/mutation-run.js';
import { discover } from './discover.js';
import { sitesOfRun } from './sites-of-run.js';
import type { RoundMutant } from './execute-rounds.js';
import { openProjectSession, roundMutants, type RunMutationOptions } from './run-mutation.js';

export interface DiscoveredMutants {
  readonly sites: readonly Site[];
  readonly tests: readonly TestInfo[];
  readonly mutants: readonly RoundMutant[];
}

/**
 * Discovery and generation without rounds: what `list` and `explain` show.
 *
 * @internal
 */
export async function discoverMutants(options: RunMutationOptions): Promise<DiscoveredMutants> {
  const session = await openProjectSession(options);
  try {
    const discovery = await discover(session, options.root);
    const sites = sitesOfRun(discovery.sites, options.mutators);
    const mutants = roundMutants(sites, options, []);
    return { sites, tests: discovery.tests, mutants };
  } finally {
    await session.close();
  }
}
