import { splitInstance } from '../taps/tap-protocol.js';

/** A task of vitest's run state: a file, a suite or a test, and the tasks it holds. */
interface StateTask {
  readonly id: string;
  readonly tasks?: readonly StateTask[];
}

/** vitest 4.1's `vitest.state`, as far as {@link forgetCopies} needs it. */
export interface CopyState {
  readonly filesMap: Map<string, StateTask[]>;
  readonly idMap: Map<string, StateTask>;
}

/**
 * Drops the copies among `moduleIds` (`file?envelope-mutant=<tag>`, an instanced round) from
 * vitest's run state, once their outcome is read. vitest keeps every file it ever ran, with each
 * test, its result and its errors, for the life of the session: a copy's tag is its place in its
 * round, so a run of 10,000 mutants over 20 files left up to 2,560 copies of 50 tests there. On
 * the scaling bench's 300 tests (3,100 mutants, all killed) that grew the harness's heap from 24
 * to 135 MB and its peak RSS to 322 MB; without it the heap stays near 55 MB and the RSS at 265 MB
 * (docs/performance.md). A file of the project itself stays: each run replaces its entry.
 */
export function forgetCopies(state: CopyState, moduleIds: Iterable<string>): void {
  for (const moduleId of moduleIds) {
    if (splitInstance(moduleId).tag === undefined) continue;
    for (const file of state.filesMap.get(moduleId) ?? []) forget(state.idMap, file);
    state.filesMap.delete(moduleId);
  }
}

function forget(idMap: Map<string, StateTask>, task: StateTask): void {
  idMap.delete(task.id);
  for (const child of task.tasks ?? []) forget(idMap, child);
}
