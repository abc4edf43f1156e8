import path from 'node:path';
import type { Vitest } from 'vitest/node';
import { ConfigError } from '../errors.js';

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

/**
 * A test file that two projects run (the same tests in two environments) would be two files to
 * vitest and one to the harness, whose sites, rounds and verdicts are keyed by the file's path:
 * its mutants would be judged on whichever project reported last. Refused, naming the file.
 */
export async function refuseFilesInSeveralProjects(vitest: Vitest): Promise<void> {
  if (vitest.projects.length < 2) return;
  const projectsOf = new Map<string, string[]>();
  for (const spec of await vitest.globTestSpecifications()) {
    const names = projectsOf.get(spec.moduleId) ?? [];
    projectsOf.set(spec.moduleId, [...names, spec.project.name || '(unnamed)']);
  }
  const shared = [...projectsOf].find(([, names]) => names.length > 1);
  if (shared === undefined) return;
  const [moduleId, names] = shared;
  await vitest.close().catch(() => undefined);
  const file = path.relative(vitest.config.root, moduleId).split(path.sep).join('/');
  const projects = names.map((name) => `"${name}"`).join(' and ');
  throw new ConfigError(
    `vitest config: the test file ${file} is in the vitest projects ${projects}. envelope-mutants needs each test file in one project (its sites and verdicts are keyed by the file). Narrow the projects' include patterns, or set "vitestConfig" in the envelope-mutants config to a config that runs the file once.`,
  );
}
