import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Vitest } from 'vitest/node';
import { ConfigError } from '../errors.js';

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
    if (!runThroughVite(project, taps.setupFile) && project !== vitest.getRootProject())
      refuseSharedWorkers(project);
    if (tapped) continue;
    config.execArgv = [...config.execArgv, ...taps.execArgv];
    config.maxConcurrency = 1;
  }
}

/** The part of vitest's resolver of a project read here (`TestProject._resolver`, internal). */
interface ProjectResolver {
  readonly options?: { readonly inlineFiles?: string[] };
}

/**
 * vitest runs a project's setup files through vite (never externalized, whatever
 * `server.deps.external` says, or where they sit: an installed package's `node_modules`), so that
 * under `isolate: false` it can run them again before each test file. It reads which they are when
 * it creates the project, before the setup file was given to it above: left so, the taps' setup
 * file, in `node_modules` or matched by an `external`, is imported by Node once per worker, and
 * every file after a worker's first runs with the first file's hooks and log, its taps reported
 * nowhere. So the file is added to the files the project's resolver inlines.
 */
function runThroughVite(project: Vitest['projects'][number], setupFile: string): boolean {
  const resolver = (project as unknown as { _resolver?: ProjectResolver })._resolver;
  const inlineFiles = resolver?.options?.inlineFiles;
  if (inlineFiles === undefined) return false;
  for (const id of [setupFile, pathToFileURL(setupFile).href])
    if (!inlineFiles.includes(id)) inlineFiles.push(id);
  return true;
}

/**
 * Where a vitest of another make keeps no such resolver, a project that runs file after file in
 * one worker of `forks` or `threads` would have its taps in each worker's first file alone: such
 * a project is refused, not judged on part of its files. (The root's resolver lists the setup
 * file already: the plugin gave it before the root was created.)
 */
function refuseSharedWorkers(project: Vitest['projects'][number]): void {
  const { pool, isolate } = project.config;
  if (isolate || (pool !== 'forks' && pool !== 'threads')) return;
  throw new ConfigError(
    `the vitest project "${project.name}" sets isolate: false, and this vitest cannot be told to run the taps' setup file before each of its test files: the taps would see a worker's first file alone. Set isolate: true in that project, or use vitest 4.1.`,
  );
}
