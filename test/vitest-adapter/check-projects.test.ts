import { describe, expect, test } from 'vitest';
import { ConfigError } from '../../src/errors.js';
import { checkProjects, fileInSeveralProjects } from '../../src/vitest-adapter/check-projects.js';
import { withProjects } from './with-projects.js';

describe('checkProjects', () => {
  test('should accept projects whose test files differ', async () => {
    await withProjects('a/*.spec.mjs', 'b/*.spec.mjs', async (vitest) => {
      await expect(checkProjects(vitest, null)).resolves.toBeUndefined();
    });
  });

  test('should refuse a test file that two projects run, naming it and them', async () => {
    await withProjects('a/*.spec.mjs', '*/*.spec.mjs', async (vitest) => {
      const refused = checkProjects(vitest, null);

      await expect(refused).rejects.toBeInstanceOf(ConfigError);
      await expect(refused).rejects.toThrow(
        'the test file a/x.spec.mjs is in the vitest projects "alpha" and "beta"',
      );
    });
  });

  test('should refuse testFiles, which vitest would give the root alone', async () => {
    await withProjects('a/*.spec.mjs', 'b/*.spec.mjs', async (vitest) => {
      await expect(checkProjects(vitest, ['a/*.spec.mjs'])).rejects.toThrow(
        '"testFiles" cannot choose the test files of vitest projects',
      );
    });
  });
});

describe('fileInSeveralProjects', () => {
  const file = (moduleId: string, name: string) => ({ moduleId, project: { name } });

  test('should name the first shared file by path, and its projects once each, sorted', () => {
    const files = [
      file('/p/z.spec.ts', 'beta'),
      file('/p/z.spec.ts', 'alpha'),
      file('/p/b.spec.ts', 'node'),
      file('/p/b.spec.ts', 'node'),
      file('/p/b.spec.ts', 'edge'),
      file('/p/a.spec.ts', 'node'),
    ];

    expect(fileInSeveralProjects(files)).toEqual({
      moduleId: '/p/b.spec.ts',
      projects: ['edge', 'node'],
    });
  });

  test('should not count a file a project lists twice (its type check) as shared', () => {
    const files = [file('/p/a.spec.ts', 'node'), file('/p/a.spec.ts', 'node')];

    expect(fileInSeveralProjects(files)).toBeUndefined();
  });
});
