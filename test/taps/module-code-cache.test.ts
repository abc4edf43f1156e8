import type vm from 'node:vm';
import { describe, expect, test } from 'vitest';
import { withCodeCache, type CodeCacheStats } from '../../src/taps/module-code-cache.js';

/** What a compilation was given; a stand-in for `vm.SourceTextModule`, which needs a flag. */
interface Compiled {
  readonly source: string;
  readonly cachedData: string | undefined;
}

const REJECTED = 'data V8 refuses';

/**
 * A `SourceTextModule` stand-in: records each compilation, makes "code of <source>" its code
 * cache, and refuses the code cache `REJECTED` as Node does (ERR_VM_MODULE_CACHED_DATA_REJECTED).
 */
function fakeModules(compiled: Compiled[], cacheOf = (source: string) => `code of ${source}`) {
  class FakeModule {
    readonly source: string;
    constructor(source: string, options: { cachedData?: Buffer } = {}) {
      const cachedData = options.cachedData?.toString();
      if (cachedData === REJECTED)
        throw Object.assign(new Error('rejected'), { code: 'ERR_VM_MODULE_CACHED_DATA_REJECTED' });
      if (cachedData === 'throw') throw new Error('a syntax error');
      this.source = source;
      compiled.push({ source, cachedData });
    }
    createCachedData(): Buffer {
      return Buffer.from(cacheOf(this.source));
    }
  }
  return FakeModule as unknown as typeof vm.SourceTextModule;
}

function cached(cacheOf?: (source: string) => string) {
  const compiled: Compiled[] = [];
  const stats: CodeCacheStats = { hits: 0, misses: 0 };
  const Module = withCodeCache(fakeModules(compiled, cacheOf), stats);
  const compile = (source: string, identifier?: string) =>
    new Module(source, identifier === undefined ? {} : { identifier });
  return { compiled, stats, compile };
}

describe('withCodeCache', () => {
  test('should hand the code of the first compilation to later ones of the same source', () => {
    const { compiled, stats, compile } = cached();

    compile('export const a = 1;', 'file:///a.js');
    compile('export const a = 1;', 'file:///a.js');
    compile('export const a = 1;', 'file:///a.js');

    expect(compiled.map((each) => each.cachedData)).toEqual([
      undefined,
      'code of export const a = 1;',
      'code of export const a = 1;',
    ]);
    expect(stats).toEqual({ hits: 2, misses: 1 });
  });

  test('should compile a changed source, or one without an identifier, from source', () => {
    const { compiled, stats, compile } = cached();

    compile('export const a = 1;', 'file:///a.js');
    compile('export const a = 2;', 'file:///a.js');
    compile('export const b = 1;');
    compile('export const b = 1;');

    expect(compiled.map((each) => each.cachedData)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(stats).toEqual({ hits: 0, misses: 4 });
  });

  test('should never cache a source that calls import()', () => {
    const { compiled, compile } = cached();
    const dynamic = 'export const load = () => import ("./b.js");';

    compile(dynamic, 'file:///a.js');
    compile(dynamic, 'file:///a.js');

    // Negative control: the same identifier with a static import is cached.
    compile('import "./b.js";', 'file:///c.js');
    compile('import "./b.js";', 'file:///c.js');
    expect(compiled.map((each) => each.cachedData)).toEqual([
      undefined,
      undefined,
      undefined,
      'code of import "./b.js";',
    ]);
  });

  test('should compile from source when V8 refuses the code cache', () => {
    const { compiled, stats, compile } = cached(() => REJECTED);

    compile('export const a = 1;', 'file:///a.js');
    compile('export const a = 1;', 'file:///a.js');

    expect(compiled.map((each) => each.cachedData)).toEqual([undefined, undefined]);
    expect(stats).toEqual({ hits: 0, misses: 2 });
  });

  test('should let any other error of a compilation from the cache through', () => {
    const { compile } = cached(() => 'throw');

    compile('export const a = 1;', 'file:///a.js');

    expect(() => compile('export const a = 1;', 'file:///a.js')).toThrow('a syntax error');
  });
});
