import type { MutationRun } from '../mutant/mutation-run.js';
import { discoverMutants, type DiscoveredMutants } from '../engine/discover-mutants.js';
import { allOf } from '../engine/reporter.js';
import { runMutants } from '../engine/run-mutants.js';
import type { RunMutationOptions } from '../engine/run-mutation-options.js';
import type { OpenSession, TestSession } from '../engine/test-session.js';
import { vitestConfigError } from './vitest-config-error.js';
import { openVitestSession } from './vitest-session.js';

export type { RunMutationOptions } from '../engine/run-mutation-options.js';

/**
 * `envelope-mutants run` short of reporting, on the project's own vitest config: the engine
 * (`runMutants`) on sessions of vitest.
 */
export function runMutation(options: RunMutationOptions): Promise<MutationRun> {
  return runMutants(options, projectSessions(options));
}

/**
 * Discovery and generation without rounds, on the project's own vitest config: what `list` and
 * `explain` show.
 *
 * @internal
 */
export function discoverProjectMutants(options: RunMutationOptions): Promise<DiscoveredMutants> {
  return discoverMutants(options, projectSessions(options));
}

/**
 * Opens vitest sessions on the project's config: `pool` overrides its vitest pool, `maxWorkers`
 * the run's own (`concurrency`). A config vitest refuses is a `ConfigError` naming the file.
 */
function projectSessions(options: RunMutationOptions): OpenSession {
  const where = { root: options.root, configFile: options.vitestConfig };
  return (pool, maxWorkers): Promise<TestSession> =>
    openVitestSession({
      root: options.root,
      configFile: options.vitestConfig,
      maxWorkers: maxWorkers ?? options.maxWorkers,
      include: options.include,
      pool,
      seed: options.seed,
      onLeakedProcesses: allOf(options.reporters ?? []).onLeakedProcesses,
    }).catch((error: unknown) => {
      throw vitestConfigError(error, where);
    });
}
