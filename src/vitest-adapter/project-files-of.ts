// The files a test file's run depends on beyond itself, from vite's module graph.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { TestModule } from 'vitest/node';

/** The parts of vite's module graph this walk reads. */
interface GraphNode {
  readonly file: string | null;
  readonly importedModules: ReadonlySet<GraphNode>;
}

/**
 * Every file outside `node_modules` that vite transformed for a test file or for the project's
 * setup files, the project's vitest config and the files it imports, its globalSetup files, the
 * modules its config names for the workers (`filesTheWorkersLoad`) and what those import, and the
 * files vite reads besides (`filesViteReads`): what a helper the tests
 * import (`check-response.ts`) changes in a verdict, `run --incremental` must see. Relative to
 * `root`, with `../` for a file outside it: a monorepo's shared package, which vite resolves past
 * its `node_modules` symlink to the package's own folder, holds helpers as much as the project
 * does. The test file itself is left out, and so are virtual modules. `undefined` when vite holds
 * no graph of the file (`experimental.viteModuleRunner: false`: Node loads it).
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
  for (const file of [config.globalSetup, filesTheWorkersLoad(config)].flat()) {
    files.add(file);
    const node = nodeOf(file);
    if (node !== undefined) walk(node);
  }
  for (const file of filesViteReads(vite.config)) files.add(file);
  files.delete(module.moduleId);
  return projectRelative(files, root);
}

/**
 * The absolute paths among `files` outside `node_modules`, relative to `root` with `/` (and `../`
 * for a file outside it), sorted, each once. A virtual module's id is no absolute path.
 */
export function projectRelative(files: Iterable<string>, root: string): string[] {
  const relative = [...files]
    .filter((file) => path.isAbsolute(file))
    .map((file) => path.relative(root, file))
    // On Windows, a file on another drive stays absolute: it has no path relative to the root.
    .filter((file) => !path.isAbsolute(file))
    .filter((file) => !file.split(path.sep).includes('node_modules'))
    .map((file) => file.split(path.sep).join('/'));
  return [...new Set(relative)].sort();
}

/** The parts of vitest's resolved config {@link filesTheWorkersLoad} reads. */
interface WorkerModules {
  readonly root: string;
  readonly snapshotSerializers?: readonly string[] | undefined;
  readonly runner?: string | undefined;
  readonly environment?: string | undefined;
}

/**
 * The modules a project's config names that its workers load beside the test files, each a
 * verdict can hang on: its snapshot serializers (what a snapshot compares), its runner, and its
 * environment where that is a file of the project (`environment: './my-env.ts'`; vitest resolves a
 * name to the package `vitest-environment-<name>`, under `node_modules`). vitest resolves the first
 * two against the root already; the environment it resolves in the worker, as here.
 */
function filesTheWorkersLoad(config: WorkerModules): string[] {
  const environment = config.environment ?? 'node';
  const environmentFile =
    environment.startsWith('.') || environment.startsWith('/')
      ? [path.resolve(config.root, environment)]
      : [];
  return [
    ...(config.snapshotSerializers ?? []),
    ...(config.runner === undefined ? [] : [config.runner]),
    ...environmentFile,
  ];
}

/** The parts of vite's resolved config {@link filesViteReads} reads. */
interface ViteConfigFiles {
  readonly root: string;
  readonly mode: string;
  readonly envDir?: string | false;
}

/**
 * What vite reads outside the module graph and a verdict can depend on: the `.env` files whose
 * `VITE_*` variables `import.meta.env` holds (vite's order: `.env`, `.env.local`, `.env.<mode>`,
 * `.env.<mode>.local`), and the project's `tsconfig*.json`, which its transform follows
 * (`useDefineForClassFields` changes what a class field does). Those that exist.
 */
function filesViteReads(config: ViteConfigFiles): string[] {
  const envDir = config.envDir === false ? undefined : (config.envDir ?? config.root);
  const env =
    envDir === undefined
      ? []
      : ['.env', '.env.local', `.env.${config.mode}`, `.env.${config.mode}.local`].map((name) =>
          path.join(envDir, name),
        );
  let tsconfigs: string[] = [];
  try {
    tsconfigs = readdirSync(config.root)
      .filter((name) => /^tsconfig.*\.json$/.test(name))
      .map((name) => path.join(config.root, name));
  } catch {
    // A root vite cannot list: nothing more to hash.
  }
  return [...env, ...tsconfigs].filter((file) => existsSync(file));
}
