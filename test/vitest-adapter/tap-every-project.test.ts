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

  test('should put the taps’ setup file before the project’s own, so that their taps are sites', async () => {
    await withProjects(
      ['a/*.spec.mjs', "setupFiles: ['./a/own-setup.mjs']"],
      'b/*.spec.mjs',
      (vitest) => {
        const named = (name: string) => {
          const project = vitest.projects.find((each) => each.name === name);
          if (project === undefined) throw new Error(`no project ${name}`);
          return project;
        };
        const [alpha, beta] = [named('alpha'), named('beta')];
        const own = alpha.config.setupFiles[0] ?? '';
        expect(own).toMatch(/own-setup\.mjs$/);
        // The root project, where the session's plugin appended the taps' file after the project's.
        beta.config.setupFiles = [own, taps.setupFile];
        // Act
        tapEveryProject(vitest, taps);
        tapEveryProject(vitest, taps);
        // Assert
        expect(alpha.config.setupFiles).toEqual([taps.setupFile, own]);
        expect(alpha.config.execArgv).toEqual(taps.execArgv);
        expect(beta.config.setupFiles).toEqual([taps.setupFile, own]);
        // What the plugin gave it already (the worker's options) is not given twice.
        expect(beta.config.execArgv).toEqual([]);
      },
    );
  });

  test('should have each project run the taps’ setup file through vite, so again before each file', async () => {
    await withProjects(['a/*.spec.mjs', 'isolate: false'], 'b/*.spec.mjs', (vitest) => {
      // Act
      tapEveryProject(vitest, taps);
      // Assert: vitest's list of the files a project's resolver never externalizes.
      for (const project of vitest.projects) {
        const resolver = (
          project as unknown as { _resolver: { options: { inlineFiles: string[] } } }
        )._resolver;
        expect(resolver.options.inlineFiles, project.name).toContain(taps.setupFile);
      }
    });
  });

  test('should refuse a project of isolate: false whose resolver it cannot reach', async () => {
    await withProjects(['a/*.spec.mjs', 'isolate: false'], 'b/*.spec.mjs', (vitest) => {
      // Arrange: a vitest of another make, without the resolver read here.
      for (const project of vitest.projects) Reflect.deleteProperty(project, '_resolver');
      // Act and assert: the project that runs file after file in one worker is named.
      expect(() => tapEveryProject(vitest, taps)).toThrow(
        'the vitest project "alpha" sets isolate: false, and this vitest cannot be told to run the taps\' setup file before each of its test files',
      );
    });
  });

  test('should leave an isolating project alone where it cannot reach its resolver', async () => {
    await withProjects('a/*.spec.mjs', 'b/*.spec.mjs', (vitest) => {
      for (const project of vitest.projects) Reflect.deleteProperty(project, '_resolver');
      expect(() => tapEveryProject(vitest, taps)).not.toThrow();
    });
  });
});
