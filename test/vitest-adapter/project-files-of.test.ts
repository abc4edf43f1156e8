import { describe, expect, test } from 'vitest';
import type { TestModule } from 'vitest/node';
import { projectFilesOf } from '../../src/vitest-adapter/project-files-of.js';

interface Node {
  file: string | null;
  importedModules: Set<Node>;
}

function node(file: string | null, ...imports: Node[]): Node {
  return { file, importedModules: new Set(imports) };
}

/** A test module in vite's graph of one environment, as projectFilesOf reads it. */
function testModule(graph: Map<string, Node>, setupFiles: string[] = []): TestModule {
  return {
    moduleId: '/p/a.spec.ts',
    project: {
      vite: {
        environments: {
          client: { moduleGraph: { getModuleById: () => undefined } },
          ssr: { moduleGraph: { getModuleById: (id: string) => graph.get(id) } },
        },
        config: {
          configFile: '/p/vitest.config.ts',
          configFileDependencies: ['/p/vitest.config.ts', '/p/vite.config.ts'],
        },
      },
      config: { setupFiles, globalSetup: ['/p/global-setup.ts'] },
    },
  } as unknown as TestModule;
}

describe('projectFilesOf', () => {
  test('should list the project files of the graph, the setup files and the config', () => {
    // Arrange: a helper importing a shared one (twice reached), a package, a file outside the
    // project, virtual modules (vite names a file after the id); a setup file with a helper of
    // its own.
    const shared = node('/p/support/shared.ts');
    const helper = node('/p/check-response.ts', shared, node('/p/node_modules/zod/index.js'));
    const virtual = [node('\0virtual:env'), node(null)];
    const spec = node('/p/a.spec.ts', helper, shared, node('/elsewhere/lib.ts'), ...virtual);
    const setup = node('/p/setup.ts', node('/p/support/matchers.ts'));
    const graph = new Map([
      ['/p/a.spec.ts', spec],
      ['/p/setup.ts', setup],
    ]);
    // Act
    const files = projectFilesOf(testModule(graph, ['/p/setup.ts', '/p/missing-setup.ts']), '/p');
    // Assert
    expect(files).toEqual([
      'check-response.ts',
      'global-setup.ts',
      'setup.ts',
      'support/matchers.ts',
      'support/shared.ts',
      'vite.config.ts',
      'vitest.config.ts',
    ]);
  });

  test('should know nothing of a file vite holds no graph of', () => {
    expect(projectFilesOf(testModule(new Map()), '/p')).toBeUndefined();
  });
});
