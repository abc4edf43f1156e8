import { describe, expect, test } from 'vitest';
import { isolatesEveryFile } from '../../src/engine/isolates-every-file.js';
import type { ProjectPool } from '../../src/engine/test-session.js';
import { FORKS } from './pool-fixtures.js';

describe('isolatesEveryFile', () => {
  test.each<[string, ProjectPool]>([
    ['forks', FORKS],
    ['threads', { ...FORKS, pool: 'threads' }],
    ['forks on one worker', { ...FORKS, oneWorker: true, oneWorkerConfigured: true }],
  ])('should let copies stand for their file alone in %s with isolate: true', (_, pool) => {
    expect(isolatesEveryFile(pool)).toBe(true);
  });

  test.each<[string, ProjectPool]>([
    ['isolate: false', { ...FORKS, isolate: false }],
    ['a vm pool', { ...FORKS, pool: 'vmThreads' }],
    ['several vitest projects', { ...FORKS, projects: 2 }],
    ['a custom pool runner', { ...FORKS, customPool: true }],
    ['browser mode or type checking', { ...FORKS, browserOrTypecheck: true }],
    ['a globalSetup, which every file of a run shares', { ...FORKS, globalSetup: true }],
  ])('should not where the project runs with %s', (_, pool) => {
    expect(isolatesEveryFile(pool)).toBe(false);
  });
});
