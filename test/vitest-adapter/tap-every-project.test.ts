import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { createVitest, type Vitest } from 'vitest/node';
import { ConfigError } from '../../src/errors.js';
import {
  refuseFilesInSeveralProjects,
  tapEveryProject,
} from '../../src/vitest-adapter/tap-every-project.js';

const root = mkdtempSync(join(tmpdir(), 'tap-every-project-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
for (const folder of ['a', 'b']) {
  mkdirSync(join(root, folder));
  writeFileSync(
    join(root, folder, 'x.spec.mjs'),
    "import { test } from 'vitest';\ntest('x', () => {});\n",
  );
}

/** A vitest on a config whose two projects include `a` and `b` (globs, relative to the root). */
async function withProjects(
  a: string,
  b: string,
  use: (vitest: Vitest) => Promise<void> | void,
): Promise<void> {
  const config = `export default { test: { projects: [
    { test: { name: 'alpha', include: ['${a}'] } },
    { test: { name: 'beta', include: ['${b}'] } },
  ] } };\n`;
  writeFileSync(join(root, 'vitest.config.mjs'), config);
  const vitest = await createVitest('test', { root, watch: false, reporters: [] });
  try {
    await use(vitest);
  } finally {
    await vitest.close();
  }
}

const taps = { setupFile: join(root, 'setup.mjs'), execArgv: ['--import', 'file:///preload.mjs'] };

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
        expect(project.serializedConfig.setupFiles, project.name).toEqual([taps.setupFile]);
      }
      expect(vitest.projects.map((project) => project.name).sort()).toEqual(['alpha', 'beta']);
    });
  });
});

describe('refuseFilesInSeveralProjects', () => {
  test('should accept projects whose test files differ', async () => {
    await withProjects('a/*.spec.mjs', 'b/*.spec.mjs', async (vitest) => {
      await expect(refuseFilesInSeveralProjects(vitest)).resolves.toBeUndefined();
    });
  });

  test('should refuse a test file that two projects run, naming it and them', async () => {
    await withProjects('a/*.spec.mjs', '*/*.spec.mjs', async (vitest) => {
      const refused = refuseFilesInSeveralProjects(vitest);

      await expect(refused).rejects.toBeInstanceOf(ConfigError);
      await expect(refused).rejects.toThrow(
        'the test file a/x.spec.mjs is in the vitest projects "alpha" and "beta"',
      );
    });
  });
});
