import { describe, expect, test } from 'vitest';
import { instanceModuleId } from '../../src/taps/tap-protocol.js';
import { forgetCopies, type CopyState } from '../../src/vitest-adapter/forget-copies.js';

/** A file task of vitest's state: a suite holding one test, and a test at the top. */
function fileTask(id: string) {
  return {
    id,
    tasks: [{ id: `${id}_0`, tasks: [{ id: `${id}_0_0` }] }, { id: `${id}_1` }],
  };
}

/** vitest's state after a run of `moduleIds`, each file and task registered by id. */
function stateOf(moduleIds: readonly string[]): CopyState {
  const filesMap = new Map(moduleIds.map((moduleId, at) => [moduleId, [fileTask(`f${at}`)]]));
  const idMap = new Map<string, { id: string }>();
  const register = (task: { id: string; tasks?: readonly { id: string }[] }): void => {
    idMap.set(task.id, task);
    for (const child of task.tasks ?? []) register(child);
  };
  for (const [, files] of filesMap) for (const file of files) register(file);
  return { filesMap, idMap };
}

describe('forgetCopies', () => {
  const file = '/project/test/a.test.ts';
  const copy = instanceModuleId(file, '7');

  test('should drop a copy and every task it holds', () => {
    const state = stateOf([file, copy]);

    forgetCopies(state, [file, copy]);

    expect([...state.filesMap.keys()]).toEqual([file]);
    expect([...state.idMap.keys()].sort()).toEqual(['f0', 'f0_0', 'f0_0_0', 'f0_1']);
  });

  test('should keep the files of the project itself, and copies the run did not hold', () => {
    const other = instanceModuleId(file, '8');
    const state = stateOf([file, copy, other]);

    forgetCopies(state, [file, other]);

    expect([...state.filesMap.keys()]).toEqual([file, copy]);
    expect(state.idMap.has('f1_0_0')).toBe(true);
    expect(state.idMap.has('f2')).toBe(false);
  });

  test('should leave a state of another shape as it is', () => {
    const filesMap = new Map([[copy, [fileTask('f0')]]]);

    forgetCopies({ filesMap }, [copy]);

    expect([...filesMap.keys()]).toEqual([copy]);
  });
});
