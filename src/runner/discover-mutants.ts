import type { Site, TestInfo } from '../mutant/mutant.js';
import { discover } from './discover.js';
import type { RoundMutant } from './execute-rounds.js';
import { roundMutants, type RunMutationOptions } from './run-mutation.js';
import { openVitestSession } from './vitest-session.js';

export interface DiscoveredMutants {
  readonly sites: readonly Site[];
  readonly tests: readonly TestInfo[];
  readonly mutants: readonly RoundMutant[];
}

/** Discovery and generation without rounds: what `list` and `explain` show. */
export async function discoverMutants(options: RunMutationOptions): Promise<DiscoveredMutants> {
  const session = await openVitestSession({
    root: options.root,
    configFile: options.vitestConfig,
    maxWorkers: options.maxWorkers,
    include: options.include,
  });
  try {
    const discovery = await discover(session, options.root);
    const mutants = roundMutants(discovery.sites, options, []);
    return { sites: discovery.sites, tests: discovery.tests, mutants };
  } finally {
    await session.close();
  }
}
