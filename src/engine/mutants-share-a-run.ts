import type { ProjectPool } from './test-session.js';

/**
 * Whether one vitest run of the session may hold several mutants (`planRounds`), each in files
 * that run as they would alone: the verdict contract's reference runs only the files of one
 * mutant. Otherwise every mutant runs alone.
 *
 * - Whole files (a mutant of each file to a round): only where the pool gives every file a worker
 *   and a module graph of its own, `isolate: true` in `forks` or `threads`. vitest resolves
 *   `isolate` false for its vm pools, rightly: there each file gets a new VM context, but a worker
 *   runs file after file in one process, whose environment, listeners, built-in modules and pid
 *   the next file finds as the last one left them. A file under one mutant could change what
 *   another mutant's file says, and nothing there reads or gives back that state.
 * - Neither where a project has a `globalSetup`: vitest sets it up once per run, and every file
 *   and copy of the run shares what it started (a server, a folder). A mutant's reference run has
 *   it to itself; in a shared run a file under one mutant could leave there what fails, or
 *   passes, a file under another.
 * - Copies (instanced rounds: a copy of its files per mutant): there the setup file reads and
 *   gives back what a copy's process shares, so a vm pool may hold them too, but only on two
 *   workers or more: with one, vitest runs every file of a vm-pool run in one VM context.
 */
export function mutantsShareARun(own: ProjectPool, instanced: boolean): boolean {
  if (own.globalSetup) return false;
  if (own.isolate) return true;
  return instanced && isVmPool(own) && !own.oneWorker;
}

/** vitest's vm pools: a new VM context for every file, file after file in one worker process. */
export function isVmPool(own: Pick<ProjectPool, 'pool'>): boolean {
  return own.pool === 'vmForks' || own.pool === 'vmThreads';
}
