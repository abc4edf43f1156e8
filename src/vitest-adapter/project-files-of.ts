// The files of a project a test file's run depends on beyond itself, from vite's module graph.
import path from 'node:path';
import type { TestModule } from 'vitest/node';

/** The parts of vite's module graph this walk reads. */
interface GraphNode {
  readonly file: string | null;
  readonly importedModules: ReadonlySet<GraphNode>;
}

/**
 * Every file under `root`, outside `node_modules`, that vite transformed for a test file or for
 * the project's setup files, the project's vitest config and the files it imports, and its
 * globalSetup files: what a helper the tests import (`check-response.ts`) changes in a verdict,
 * `run --incremental` must see. The test file itself is left out, and so are virtual modules.
 * `undefined` when vite holds no graph of the file (`experimental.viteModuleRunner: false`: Node
 * loads it).
 */
export function projectFilesOf(module: TestModule, root: string): string[] | undefined {
  const { vite, config } = module.project;
  const environments = Object.values(vite.environments);
  const nodeOf = (id: string): GraphNode | undefined => {
    for (const environment of environments) {
      const node = environment.moduleGraph.getModuleById(id);
      if (node !== undefined) return node;
    }
    return undefined;
  };
  const start = nodeOf(module.moduleId);
  if (start === undefined) return undefined;
  const files = new Set<string>();
  const seen = new Set<GraphNode>();
  const walk = (node: GraphNode): void => {
    if (seen.has(node)) return;
    seen.add(node);
    if (node.file !== null) files.add(node.file);
    for (const imported of node.importedModules) walk(imported);
  };
  walk(start);
  for (const setupFile of config.setupFiles) {
    const node = nodeOf(setupFile);
    if (node !== undefined) walk(node);
  }
  const configFile = vite.config.configFile;
  if (configFile !== undefined) files.add(configFile);
  for (const file of vite.config.configFileDependencies) files.add(file);
  for (const file of config.globalSetup) files.add(file);
  files.delete(module.moduleId);
  return [...files]
    .filter((file) => path.isAbsolute(file))
    .map((file) => path.relative(root, file))
    .filter((file) => !file.startsWith('..') && !path.isAbsolute(file))
    .filter((file) => !file.split(path.sep).includes('node_modules'))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}
