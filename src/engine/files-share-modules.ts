import { isVmPool } from './mutants-share-a-run.js';
import type { OneProjectPool, ProjectPool } from './test-session.js';

/**
 * Why the project's own runs give its test files one module graph between them, or `null` when
 * each file gets its own. A mutant's reference run (docs/verdict-contract.md) then has a file
 * read what another file's modules were left holding: a list a helper keeps, a client a module
 * caches. Copies in vmForks, each with a VM context of its own, never would.
 *
 * - `isolate: false` in `forks` or `threads`: a worker runs file after file without resetting its
 *   modules (vitest's own description of the option).
 * - A vm pool on one worker (vitest's default on 2 cores): vitest resolves its vm pools to
 *   `isolate: false` and hands a single non-isolated worker every file of a run at once, into one
 *   VM context. On two workers or more each file gets a context of its own.
 *
 * In a config whose projects run different pools, each project is asked, and the first that
 * shares modules is named: a forced vmForks applies to every project. Custom pools and browser or
 * type-checking projects are left out: `auto` keeps their pools anyway (`unfitForVmForks`).
 */
export function filesShareModules(own: ProjectPool): string | null {
  if (own.browserOrTypecheck || own.customPool) return null;
  if (own.pool !== 'mixed') return sharedBy(own, 'the project');
  for (const project of own.mixedPools ?? []) {
    const why = sharedBy(project, `the vitest project "${project.name}"`);
    if (why !== null) return why;
  }
  return null;
}

function sharedBy(
  project: Pick<OneProjectPool, 'pool' | 'isolate' | 'oneWorker'>,
  which: string,
): string | null {
  if (isVmPool(project) && project.oneWorker)
    return `${which} runs its vm pool on one worker, which runs every file of a run in one VM context`;
  if ((project.pool === 'forks' || project.pool === 'threads') && !project.isolate)
    return `${which} sets isolate: false, so a worker runs file after file in one module graph`;
  return null;
}
