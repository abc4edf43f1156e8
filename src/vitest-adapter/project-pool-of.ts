import os from 'node:os';
import type { Vitest } from 'vitest/node';
import type { ProjectPool } from '../engine/test-session.js';

/** How the project runs its test files, as vitest resolved its config: every project of it. */
export function projectPoolOf(vitest: Vitest): ProjectPool {
  // A config with one entry in `test.projects` resolves to that project, not the root: read the
  // projects vitest will run, every one of them.
  const configs = vitest.projects.map((project) => project.config);
  const pools = new Set(configs.map((config) => config.pool));
  return {
    // Projects of different pools are none of them: whether a pool gives each file a module
    // graph of its own is then only `isolate`, in every project.
    pool: pools.size > 1 ? 'mixed' : (configs[0]?.pool ?? vitest.config.pool),
    isolate: configs.every((config) => config.isolate),
    projects: configs.length,
    browserOrTypecheck: configs.some(
      (config) => config.browser.enabled || config.typecheck.enabled,
    ),
    customPool: configs.some((config) => config.poolRunner !== undefined),
    oneWorker: configs.some((config) => resolvedMaxWorkers(config.maxWorkers) === 1),
    oneWorkerConfigured: configs.some((config) => config.maxWorkers === 1),
    // The root's own runs with the projects' (`projectsOf` in vitest-session.ts).
    globalSetup: [vitest.config, ...configs].some((config) => config.globalSetup.length > 0),
    parallelHooks: configs.some((config) => config.sequence.hooks === 'parallel'),
    ...(pools.size > 1
      ? {
          mixedPools: configs.map((config) => ({
            name: config.name,
            pool: config.pool,
            isolate: config.isolate,
            oneWorker: resolvedMaxWorkers(config.maxWorkers) === 1,
          })),
        }
      : {}),
  };
}

/** vitest's own default: one worker fewer than the machine has cores (`vitest run`). */
export function resolvedMaxWorkers(configured: number | undefined): number {
  return configured ?? Math.max(os.availableParallelism() - 1, 1);
}
