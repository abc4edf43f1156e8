import { describe, expect, test } from 'vitest';
import { filesShareModules } from '../../src/engine/files-share-modules.js';
import type { ProjectPool } from '../../src/engine/test-session.js';
import { FORKS } from './pool-fixtures.js';

const VM_ON_ONE_WORKER: ProjectPool = {
  ...FORKS,
  pool: 'vmForks',
  isolate: false,
  oneWorker: true,
};

describe('filesShareModules', () => {
  test.each<[string, ProjectPool, string]>([
    ['forks with isolate: false', { ...FORKS, isolate: false }, 'sets isolate: false'],
    ['threads with isolate: false', { ...FORKS, pool: 'threads', isolate: false }, 'isolate'],
    ['vmForks on one worker', VM_ON_ONE_WORKER, 'vm pool on one worker'],
    ['vmThreads on one worker', { ...VM_ON_ONE_WORKER, pool: 'vmThreads' }, 'one VM context'],
  ])('should say why files share modules in %s', (_, pool, why) => {
    expect(filesShareModules(pool)).toContain(why);
  });

  test.each<[string, ProjectPool]>([
    ['forks with isolate: true', FORKS],
    ['forks with isolate: true on one worker', { ...FORKS, oneWorker: true }],
    ['a vm pool on two workers', { ...VM_ON_ONE_WORKER, oneWorker: false }],
    ['projects of mixed pools', { ...FORKS, pool: 'mixed', isolate: false }],
    ['a custom pool runner', { ...FORKS, isolate: false, customPool: true }],
    ['browser mode or type checking', { ...VM_ON_ONE_WORKER, browserOrTypecheck: true }],
  ])('should say nothing for %s', (_, pool) => {
    expect(filesShareModules(pool)).toBeNull();
  });
});
