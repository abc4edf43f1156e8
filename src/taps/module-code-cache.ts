// Installed into each worker of a vmForks session the runner starts (`worker-preload.ts`). It
// changes how fast a module is compiled, never what it does.
//
// vitest's vm pools give each test file a VM context of its own and load the file's installed
// packages (the MCP SDK, zod, …) there as `vm.SourceTextModule`s, and each context compiles
// every module's source again (a fifth of a worker's CPU in a profile on examples/mcp-client). An
// instanced round runs a copy of a test file per mutant, each in a fresh context, so one worker
// compiles the same sources hundreds of times. This hands V8 the code cache of a module's first
// compilation when the same source is compiled again (Node's `cachedData` option). The module is
// still a new instance, linked and evaluated from its first line in its own context: each mutant
// still gets the fresh module graph the verdict contract requires.
import { syncBuiltinESMExports } from 'node:module';
import vm from 'node:vm';

/** How often the worker compiled a module from a code cache, and how often from source. */
export interface CodeCacheStats {
  hits: number;
  misses: number;
}

/** Where the worker's counts live, for tests and for a look from a debugger. */
export const CODE_CACHE_STATS = Symbol.for('envelope-mutants.codeCacheStats');

type ModuleOptions = NonNullable<ConstructorParameters<typeof vm.SourceTextModule>[1]>;

/**
 * A source that calls `import()`. Node 20 loses a module's `importModuleDynamically` callback when
 * the module is compiled from a code cache ("A dynamic import callback was not specified"), so
 * such a module is always compiled from source. The test is textual and errs on the safe side: a
 * comment that mentions `import(` only costs a cache miss.
 */
const DYNAMIC_IMPORT = /\bimport\s*\(/;

/**
 * `vm.SourceTextModule` with a per-worker cache of V8 code, keyed by the module's identifier and
 * used only for the very same source text.
 */
export function withCodeCache(
  Base: typeof vm.SourceTextModule,
  stats: CodeCacheStats,
): typeof vm.SourceTextModule {
  const cache = new Map<string, { readonly source: string; readonly data: Buffer }>();
  return class CodeCachedSourceTextModule extends Base {
    constructor(source: string, options: ModuleOptions = {}) {
      const key = options.identifier;
      const cached = key === undefined ? undefined : cache.get(key);
      if (cached?.source === source) {
        // Rejected data (another V8, other flags) throws instead of falling back: compile anew.
        try {
          super(source, { ...options, cachedData: cached.data });
          stats.hits += 1;
          return;
        } catch (error) {
          if ((error as { code?: unknown }).code !== 'ERR_VM_MODULE_CACHED_DATA_REJECTED')
            throw error;
        }
      }
      super(source, options);
      stats.misses += 1;
      if (key !== undefined && !cache.has(key) && !DYNAMIC_IMPORT.test(source)) {
        // Only before evaluation: Node refuses to cache a module once it has run. (Node has the
        // method since 13.7; @types/node 20 leaves it out.)
        const module = this as unknown as { createCachedData(): Buffer };
        cache.set(key, { source, data: module.createCachedData() });
      }
    }
  };
}

/**
 * Installs the cache into this process's `node:vm`, for vitest's vm executor to pick up when it
 * loads. Without `--experimental-vm-modules` (which only the vm pools pass) there is nothing to do.
 */
export function installModuleCodeCache(): void {
  const exports = vm as { SourceTextModule?: typeof vm.SourceTextModule };
  if (exports.SourceTextModule === undefined) return;
  const stats: CodeCacheStats = { hits: 0, misses: 0 };
  exports.SourceTextModule = withCodeCache(exports.SourceTextModule, stats);
  // `import { SourceTextModule } from 'node:vm'` sees the change too, not only `vm.SourceTextModule`.
  syncBuiltinESMExports();
  (process as unknown as Record<symbol, CodeCacheStats>)[CODE_CACHE_STATS] = stats;
}
