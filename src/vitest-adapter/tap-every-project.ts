import path from 'node:path';
import type { Vitest } from 'vitest/node';

/** What the session's plugin gives the root project, for the projects of `test.projects`. */
export interface ProjectTaps {
  /** The taps' setup file, appended to the project's own. */
  readonly setupFile: string;
  /** Node options for the workers (the module code cache in vmForks), appended to the project's. */
  readonly execArgv: readonly string[];
}

/**
 * vitest applies a root plugin's config to the root project only: the projects of
 * `test.projects` (inline, or a config file each) would never load the taps' setup file, and a
 * run there would find no site and test nothing. So each project's resolved config gets here what
 * the plugin gives the root's: vitest serializes a project's config for its workers at every
 * run. `maxConcurrency` too: the command line's is the root's alone, and the taps of concurrent
 * tests are told apart only when they run one at a time. The root's config says for every project
 * where snapshots are (`resolveSnapshotPath`) and how tests are ordered (`sequence`, its seed
 * included): the plugin sets those. Only vite's resolution of
 * copies to their file (`copiesAsTheirFile`) stays the root's: a project transforms a copy as a
 * module of its own, which costs time, not a verdict.
 */
export function tapEveryProject(vitest: Vitest, taps: ProjectTaps): void {
  for (const project of vitest.projects) {
    const config = project.config;
    if (config.setupFiles.some((file) => path.resolve(file) === taps.setupFile)) continue;
    config.setupFiles = [...config.setupFiles, taps.setupFile];
    config.execArgv = [...config.execArgv, ...taps.execArgv];
    config.maxConcurrency = 1;
  }
}
