import { describe, expect, test } from 'vitest';
import { tapEveryProject } from '../../src/vitest-adapter/tap-every-project.js';
import { withProjects } from './with-projects.js';

const taps = { setupFile: '/harness/setup.js', execArgv: ['--import', 'file:///preload.mjs'] };

describe('tapEveryProject', () => {
  test('should give every project the setup file, the workers’ options and one test at a time', async () => {
    await withProjects('a/*.spec.mjs', 'b/*.spec.mjs', (vitest) => {
      // Act
      tapEveryProject(vitest, taps);
      tapEveryProject(vitest, taps);
      // Assert: once each, however often the session starts.
      for (const project of vitest.projects) {
        expect(project.config.setupFiles, project.name).toEqual([taps.setupFile]);
        expect(project.config.execArgv, project.name).toEqual(taps.execArgv);
        expect(project.config.maxConcurrency, project.name).toBe(1);
        // What the workers receive, serialized at each run.
        expect(project.serializedConfig.setupFiles, project.name).toEqual([taps.setupFile]);
      }
      expect(vitest.projects.map((project) => project.name).sort()).toEqual(['alpha', 'beta']);
    });
  });
});
