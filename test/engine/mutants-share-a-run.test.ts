import { describe, expect, test } from 'vitest';
import { mutantsShareARun } from '../../src/engine/mutants-share-a-run.js';
import type { ProjectPool } from '../../src/engine/test-session.js';
import { FORKS } from './pool-fixtures.js';

const VM_FORKS: ProjectPool = { ...FORKS, pool: 'vmForks', isolate: false };

describe('mutantsShareARun', () => {
  test.each<[string, ProjectPool, boolean, boolean]>([
    // [pool, whole files share a run, copies share a run]
    ['forks, isolate: true', FORKS, true, true],
    ['threads, isolate: true', { ...FORKS, pool: 'threads' }, true, true],
    ['forks, isolate: false', { ...FORKS, isolate: false }, false, false],
    ['vmForks on two workers', VM_FORKS, false, true],
    ['vmThreads on two workers', { ...VM_FORKS, pool: 'vmThreads' }, false, true],
    ['vmForks on one worker', { ...VM_FORKS, oneWorker: true }, false, false],
    ['forks with a globalSetup', { ...FORKS, globalSetup: true }, false, false],
    ['vmForks with a globalSetup', { ...VM_FORKS, globalSetup: true }, false, false],
  ])(
    'should hold several mutants in a run of %s as the contract allows',
    (_, pool, files, copies) => {
      expect(mutantsShareARun(pool, false)).toBe(files);
      expect(mutantsShareARun(pool, true)).toBe(copies);
    },
  );
});
