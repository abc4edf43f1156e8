import type { Site, TestInfo } from '../mutant/mutation-run.js';
import { discover } from './discover.js';
import type { RoundMutant } from './execute-rounds.js';
import { roundMutants } from './round-mutants.js';
import type { RunMutationOptions } from './run-mutation-options.js';
import { sitesOfRun } from './sites-of-run.js';
import type { OpenSession } from './test-session.js';

export interface DiscoveredMutants {
  readonly sites: readonly Site[];
  readonly tests: readonly TestInfo[];
  readonly mutants: readonly RoundMutant[];
}

/**
 * Discovery and generation without rounds, in the project's own pool: what `list` and `explain`
 * show.
 *
 * @internal
 */
export async function discoverMutants(
  options: RunMutationOptions,
  open: OpenSession,
): Promise<DiscoveredMutants> {
  const session = await open(null);
  try {
    const discovery = await discover(session, options.root);
    const sites = sitesOfRun(discovery.sites, options.mutators);
    const mutants = roundMutants(sites, options, []);
    return { sites, tests: discovery.tests, mutants };
  } finally {
    await session.close();
  }
}
