import { describe, expect, test } from 'vitest';
import { projectPoolOf } from '../../src/vitest-adapter/project-pool-of.js';
import { withProjects } from './with-projects.js';

describe('projectPoolOf', () => {
  test('should read the pool every project shares', async () => {
    await withProjects(
      ['a/*.spec.mjs', "pool: 'threads'"],
      ['b/*.spec.mjs', "pool: 'threads'"],
      (vitest) => {
        expect(projectPoolOf(vitest)).toMatchObject({
          pool: 'threads',
          isolate: true,
          projects: 2,
          globalSetup: false,
        });
      },
    );
  });

  test('should call projects of different pools mixed, and isolated only if every one is', async () => {
    // A vm pool first must not vouch for the files of a forks project that shares its workers.
    await withProjects(
      ['a/*.spec.mjs', "pool: 'vmThreads'"],
      ['b/*.spec.mjs', "pool: 'forks', isolate: false"],
      (vitest) => {
        expect(projectPoolOf(vitest)).toMatchObject({ pool: 'mixed', isolate: false });
      },
    );
  });

  test('should note a globalSetup in any project', async () => {
    await withProjects(
      'a/*.spec.mjs',
      ['b/*.spec.mjs', "globalSetup: ['./b/setup.mjs']"],
      (vitest) => {
        expect(projectPoolOf(vitest).globalSetup).toBe(true);
      },
    );
  });
});
