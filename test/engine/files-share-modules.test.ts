import { describe, expect, test } from 'vitest';
import { filesShareModules } from '../../src/engine/files-share-modules.js';
import type { OneProjectPool, ProjectPool } from '../../src/engine/test-session.js';
import { FORKS } from './pool-fixtures.js';

const VM_ON_ONE_WORKER: ProjectPool = {
  ...FORKS,
  pool: 'vmForks',
  isolate: false,
  oneWorker: true,
};

const SERVER: OneProjectPool = { name: 'server', pool: 'forks', isolate: true, oneWorker: true };

/**
 * Two projects of different pools, each giving every file a module graph of its own (vitest
 * resolves a vm pool's `isolate` to false: a VM context each file, on two workers).
 */
const MIXED: ProjectPool = {
  ...FORKS,
  pool: 'mixed',
  isolate: false,
  projects: 2,
  mixedPools: [SERVER, { name: 'client', pool: 'vmThreads', isolate: false, oneWorker: false }],
};

describe('filesShareModules', () => {
  test.each<[string, ProjectPool, string]>([
    ['forks with isolate: false', { ...FORKS, isolate: false }, 'sets isolate: false'],
    ['threads with isolate: false', { ...FORKS, pool: 'threads', isolate: false }, 'isolate'],
    ['vmForks on one worker', VM_ON_ONE_WORKER, 'vm pool on one worker'],
    ['vmThreads on one worker', { ...VM_ON_ONE_WORKER, pool: 'vmThreads' }, 'one VM context'],
    [
      'a project of mixed pools with isolate: false',
      {
        ...MIXED,
        mixedPools: [SERVER, { name: 'shared', pool: 'threads', isolate: false, oneWorker: false }],
      },
      'the vitest project "shared" sets isolate: false',
    ],
    [
      'a project of mixed pools with a vm pool on one worker',
      {
        ...MIXED,
        mixedPools: [SERVER, { name: 'vm', pool: 'vmForks', isolate: false, oneWorker: true }],
      },
      'the vitest project "vm" runs its vm pool on one worker',
    ],
  ])('should say why files share modules in %s', (_, pool, why) => {
    expect(filesShareModules(pool)).toContain(why);
  });

  test.each<[string, ProjectPool]>([
    ['forks with isolate: true', FORKS],
    ['forks with isolate: true on one worker', { ...FORKS, oneWorker: true }],
    ['a vm pool on two workers', { ...VM_ON_ONE_WORKER, oneWorker: false }],
    ['projects of mixed pools, each isolating its files', MIXED],
    ['a custom pool runner', { ...FORKS, isolate: false, customPool: true }],
    ['browser mode or type checking', { ...VM_ON_ONE_WORKER, browserOrTypecheck: true }],
  ])('should say nothing for %s', (_, pool) => {
    expect(filesShareModules(pool)).toBeNull();
  });
});
