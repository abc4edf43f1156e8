import path from 'node:path';
import type { Vitest } from 'vitest/node';
import { ConfigError } from '../errors.js';
import { closeQuietly } from './close-quietly.js';

/** A test file as vitest's glob found it: in one project (a project may list it twice). */
export interface ProjectFile {
  readonly moduleId: string;
  readonly project: { readonly name: string };
}

/**
 * Refuses, with a message and exit 2, what the harness cannot run of a config with vitest
 * projects (`test.projects`); vitest is closed first.
 * - A test file that two projects run (the same tests in two environments) would be two files
 *   to vitest and one to the harness, whose sites, rounds and verdicts are keyed by the file's
 *   path: its mutants would be judged on whichever project reported last.
 * - `testFiles` in the envelope-mutants config: vitest hands the command line's `include` to the
 *   root alone, so the projects would run their own files whatever it says.
 * The glob also tells this vitest which project runs each file, which the runs ask of it (a
 * file's specification is made in its project), in every vitest the session starts.
 */
export async function checkProjects(
  vitest: Vitest,
  include: readonly string[] | null,
): Promise<void> {
  const refuse = async (message: string): Promise<never> => {
    await closeQuietly(vitest);
    throw new ConfigError(message);
  };
  if (include !== null && vitest.projects.some((project) => !project.isRootProject())) {
    await refuse(
      'envelope-mutants config: "testFiles" cannot choose the test files of vitest projects (test.projects): vitest gives it to the root config only. Remove "testFiles" and set `include` in each project.',
    );
  }
  let files: readonly ProjectFile[];
  try {
    files = await vitest.globTestSpecifications();
  } catch (error) {
    await closeQuietly(vitest);
    throw error;
  }
  const shared = fileInSeveralProjects(files);
  if (shared === undefined) return;
  const file = path.relative(vitest.config.root, shared.moduleId).split(path.sep).join('/');
  const names = shared.projects.map((name) => `"${name}"`).join(' and ');
  await refuse(
    `vitest config: the test file ${file} is in the vitest projects ${names}. envelope-mutants needs each test file in one project (its sites and verdicts are keyed by the file). Narrow the projects' include patterns, or set "vitestConfig" in the envelope-mutants config to a config that runs the file once.`,
  );
}

/**
 * The first test file, by path, that more than one project runs, with their names (a project
 * that type-checks lists a file twice: once it counts).
 */
export function fileInSeveralProjects(
  files: readonly ProjectFile[],
): { moduleId: string; projects: string[] } | undefined {
  const projectsOf = new Map<string, Set<string>>();
  for (const file of files) {
    const names = projectsOf.get(file.moduleId) ?? new Set<string>();
    names.add(file.project.name || '(unnamed)');
    projectsOf.set(file.moduleId, names);
  }
  const [shared] = [...projectsOf]
    .filter(([, names]) => names.size > 1)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return shared === undefined
    ? undefined
    : { moduleId: shared[0], projects: [...shared[1]].sort() };
}
