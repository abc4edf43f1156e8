import path from 'node:path';
import type { Vitest } from 'vitest/node';

/** What the session's plugin gives the root project, for the projects of `test.projects`. */
export interface ProjectTaps {
  /** The taps' setup file, put before the project's own. */
  readonly setupFile: string;
  /** Node options for the workers (the module code cache in vmForks), appended to the project's. */
  readonly execArgv: readonly string[];
}

/**
 * vitest applies a root plugin's config to the root project only (and appends the setup file it
 * gives after the root's own): the projects of `test.projects` (inline, or a config file each)
 * would never load the taps' setup file, and a run there would find no site and test nothing. So
 * each project's resolved config gets here what the plugin gives the root's: vitest serializes a
 * project's config for its workers at every run. `maxConcurrency` too: the command line's is the
 * root's alone, and the taps of concurrent tests are told apart only when they run one at a time.
 * The root's config says for every project where snapshots are (`resolveSnapshotPath`) and how
 * tests are ordered (`sequence`, its seed included): the plugin sets those. Only vite's resolution
 * of copies to their file (`copiesAsTheirFile`) stays the root's: a project transforms a copy as a
 * module of its own, which costs time, not a verdict.
 */
export function tapEveryProject(vitest: Vitest, taps: ProjectTaps): void {
  for (const project of vitest.projects) {
    const config = project.config;
    const own = config.setupFiles.filter((file) => path.resolve(file) !== taps.setupFile);
    const tapped = own.length < config.setupFiles.length;
    // First, before the project's own: vitest runs setup files in their order, and a tap in
    // one of them (at its top level, or in a hook it registers) is a site only once the taps'
    // state is installed and their `beforeEach` has opened the test's log.
    config.setupFiles = [taps.setupFile, ...own];
    if (tapped) continue;
    config.execArgv = [...config.execArgv, ...taps.execArgv];
    config.maxConcurrency = 1;
  }
}
