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
 * to 135 MiB and its peak RSS to 322 MiB; without it the heap stays near 55 MiB and the RSS at
 * 265 MiB (docs/performance.md). A file of the project itself stays: each run replaces its entry.
 */
export function forgetCopies(state: Partial<CopyState>, moduleIds: Iterable<string>): void {
  const { filesMap, idMap } = state;
  // vitest marks its state experimental: a vitest whose state has another shape keeps its copies
  // (a larger harness, not a wrong one).
  if (!(filesMap instanceof Map) || !(idMap instanceof Map)) return;
  for (const moduleId of moduleIds) {
    if (splitInstance(moduleId).tag === undefined) continue;
    for (const file of filesMap.get(moduleId) ?? []) forget(idMap, file);
    filesMap.delete(moduleId);
  }
}

function forget(idMap: Map<string, StateTask>, task: StateTask): void {
  idMap.delete(task.id);
  for (const child of task.tasks ?? []) forget(idMap, child);
}
