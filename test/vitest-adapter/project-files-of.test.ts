import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { TestModule } from 'vitest/node';
import { projectFilesOf, projectRelative } from '../../src/vitest-adapter/project-files-of.js';

interface Node {
  file: string | null;
  importedModules: Set<Node>;
}

function node(file: string | null, ...imports: Node[]): Node {
  return { file, importedModules: new Set(imports) };
}

/**
 * A test module in vite's graph of one environment, as projectFilesOf reads it, in a project at
 * `root` (`envDir`: vite's, when set).
 */
function testModule(
  graph: Map<string, Node>,
  setupFiles: string[] = [],
  root = '/p',
  envDir?: string | false,
  workers: { snapshotSerializers?: string[]; runner?: string; environment?: string } = {},
): TestModule {
  return {
    moduleId: `${root}/a.spec.ts`,
    project: {
      vite: {
        environments: {
          client: { moduleGraph: { getModuleById: () => undefined } },
          ssr: { moduleGraph: { getModuleById: (id: string) => graph.get(id) } },
        },
        config: {
          root,
          mode: 'test',
          ...(envDir === undefined ? {} : { envDir }),
          configFile: `${root}/vitest.config.ts`,
          configFileDependencies: [`${root}/vitest.config.ts`, `${root}/vite.config.ts`],
        },
      },
      config: {
        root,
        setupFiles,
        globalSetup: [`${root}/global-setup.ts`],
        snapshotSerializers: workers.snapshotSerializers ?? [],
        runner: workers.runner,
        environment: workers.environment ?? 'node',
      },
    },
  } as unknown as TestModule;
}

describe('projectFilesOf', () => {
  test('should list the project files of the graph, the setup files and the config', () => {
    // Arrange: a helper importing a shared one (twice reached), a package, a file outside the
    // project (a monorepo's shared package, resolved past its symlink), a package of that folder,
    // virtual modules (vite names a file after the id); a setup file with a helper of its own.
    const shared = node('/p/support/shared.ts');
    const helper = node('/p/check-response.ts', shared, node('/p/node_modules/zod/index.js'));
    const virtual = [node('\0virtual:env'), node(null)];
    const outside = node('/workspace-lib/lib.ts', node('/workspace-lib/node_modules/zod/index.js'));
    const spec = node('/p/a.spec.ts', helper, shared, outside, ...virtual);
    const setup = node('/p/setup.ts', node('/p/support/matchers.ts'));
    const globalSetup = node('/p/global-setup.ts', node('/p/support/policy.ts'));
    const graph = new Map([
      ['/p/a.spec.ts', spec],
      ['/p/setup.ts', setup],
      ['/p/global-setup.ts', globalSetup],
    ]);
    // Act
    const files = projectFilesOf(testModule(graph, ['/p/setup.ts', '/p/missing-setup.ts']), '/p');
    // Assert
    expect(files).toEqual([
      '../workspace-lib/lib.ts',
      'check-response.ts',
      'global-setup.ts',
      'setup.ts',
      'support/matchers.ts',
      'support/policy.ts',
      'support/shared.ts',
      'vite.config.ts',
      'vitest.config.ts',
    ]);
  });

  test('should list the .env files of the mode and the tsconfig files vite reads, where they exist', () => {
    // Arrange: a project with .env files for this mode and another, and two tsconfig files.
    const root = mkdtempSync(path.join(tmpdir(), 'project-files-of-'));
    try {
      for (const name of ['.env', '.env.test.local', '.env.production', 'tsconfig.json'])
        writeFileSync(path.join(root, name), '');
      writeFileSync(path.join(root, 'tsconfig.build.json'), '');
      mkdirSync(path.join(root, 'env'));
      writeFileSync(path.join(root, 'env', '.env'), '');
      const graph = new Map([[`${root}/a.spec.ts`, node(`${root}/a.spec.ts`)]]);
      // Act
      const files = projectFilesOf(testModule(graph, [], root), root);
      const elsewhere = projectFilesOf(testModule(graph, [], root, path.join(root, 'env')), root);
      const none = projectFilesOf(testModule(graph, [], root, false), root);
      // Assert: not another mode's, and from vite's envDir where it is set. (The config and
      // globalSetup files are the test above's.)
      const read = (listed?: string[]) => listed?.filter((file) => !file.endsWith('.ts'));
      expect(read(files)).toEqual([
        '.env',
        '.env.test.local',
        'tsconfig.build.json',
        'tsconfig.json',
      ]);
      expect(read(elsewhere)).toEqual(['env/.env', 'tsconfig.build.json', 'tsconfig.json']);
      expect(read(none)).toEqual(['tsconfig.build.json', 'tsconfig.json']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test('should list the serializers, runner and environment file the config names, and their imports', () => {
    // Arrange: a serializer that imports a helper (vite holds its graph), a runner and an
    // environment vite holds none of; then an environment that is a package's name.
    const serializer = node('/p/support/serializer.ts', node('/p/support/ids.ts'));
    const graph = new Map([
      ['/p/a.spec.ts', node('/p/a.spec.ts')],
      ['/p/support/serializer.ts', serializer],
    ]);
    const named = {
      snapshotSerializers: ['/p/support/serializer.ts'],
      runner: '/p/support/runner.ts',
      environment: './support/env.ts',
    };
    // Act
    const files = projectFilesOf(testModule(graph, [], '/p', undefined, named), '/p');
    const packaged = projectFilesOf(
      testModule(graph, [], '/p', undefined, { environment: 'happy-dom' }),
      '/p',
    );
    // Assert: the config and globalSetup files are the first test's.
    const ofSupport = (listed?: string[]) => listed?.filter((file) => file.startsWith('support/'));
    expect(ofSupport(files)).toEqual([
      'support/env.ts',
      'support/ids.ts',
      'support/runner.ts',
      'support/serializer.ts',
    ]);
    expect(ofSupport(packaged)).toEqual([]);
  });

  test('should know nothing of a file vite holds no graph of', () => {
    expect(projectFilesOf(testModule(new Map()), '/p')).toBeUndefined();
  });
});

describe('projectRelative', () => {
  test('should keep the absolute paths outside node_modules, relative to the root, once, sorted', () => {
    const files = [
      '/p/src/b.ts',
      '/p/check.cjs',
      '/p/src/b.ts',
      '/p/node_modules/x/index.js',
      '/monorepo/lib.cjs',
      'virtual:env',
    ];

    expect(projectRelative(files, '/p')).toEqual(['../monorepo/lib.cjs', 'check.cjs', 'src/b.ts']);
  });
});
