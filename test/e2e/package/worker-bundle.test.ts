import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import { repoRoot as REPO } from '../../support/bin-path.js';

const dist = (file: string): string => path.join(REPO, 'dist', file);
const load = (file: string): Promise<Record<string, unknown>> =>
  import(pathToFileURL(dist(file)).href) as Promise<Record<string, unknown>>;

/** The library's own modules a module reaches through its static imports, itself included. */
function localGraph(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, specifier] of source.matchAll(
      /^\s*(?:import|export)\b[^'"]*?['"](\.[^'"]+)['"]/gm,
    ))
      visit(path.resolve(path.dirname(file), specifier ?? ''));
  };
  visit(entry);
  return [...seen].map((file) => path.relative(dist(''), file));
}

describe('the bundle test workers load (dist/worker)', () => {
  test('should export what dist/src builds for each entry, name for name', async () => {
    // Act
    const [barrel, bundledBarrel] = await Promise.all([
      load('src/index.js'),
      load('worker/index.js'),
    ]);
    const [matchers, bundledMatchers] = await Promise.all([
      load('src/assertions/vitest.js'),
      load('worker/vitest.js'),
    ]);
    // Assert
    expect(Object.keys(bundledBarrel).sort()).toEqual(Object.keys(barrel).sort());
    expect(Object.keys(bundledMatchers).sort()).toEqual(Object.keys(matchers).sort());
    expect(Object.keys(bundledBarrel)).toContain('tapMessage');
  });

  test('should give the barrel and the matchers one copy of each class', async () => {
    // Act
    const bundledBarrel = await load('worker/index.js');
    const bundledMatchers = await load('worker/vitest.js');
    const unbundledBarrel = await load('src/index.js');
    // Assert: `instanceof NamedAssertionError` holds whichever entry threw it.
    expect(bundledMatchers['NamedAssertionError']).toBe(bundledBarrel['NamedAssertionError']);
    // Negative control: a second build of the class (dist/src's, as a second bundle would be) differs.
    expect(unbundledBarrel['NamedAssertionError']).not.toBe(bundledBarrel['NamedAssertionError']);
  });

  test('should hold the library in a few modules, none of them from dist/src', () => {
    // Act
    const bundled = ['worker/index.js', 'worker/vitest.js', 'worker/setup.js'].flatMap((entry) =>
      localGraph(dist(entry)),
    );
    const modules = new Set(bundled);
    // Assert
    expect([...modules].filter((file) => !file.startsWith('worker/'))).toEqual([]);
    expect(modules.size).toBeLessThan(10);
    // Negative control: dist/src's barrel, walked the same way, is the graph the bundle replaces.
    expect(localGraph(dist('src/index.js')).length).toBeGreaterThan(100);
  });

  test('should be the taps setup file the runner adds, or the unbundled one without a bundle', async () => {
    // Arrange: a dist/ built without the bundle step (scripts/transpile.js alone).
    const copy = mkdtempSync(path.join(tmpdir(), 'em-no-bundle-'));
    try {
      cpSync(dist('src'), path.join(copy, 'dist', 'src'), { recursive: true });
      const unbundled = path.join(copy, 'dist', 'src', 'vitest-adapter', 'tap-setup-file.js');
      // Act
      const built = (await load('src/vitest-adapter/tap-setup-file.js'))[
        'tapSetupFile'
      ] as () => string;
      const fallback = (
        (await import(pathToFileURL(unbundled).href)) as { tapSetupFile: () => string }
      ).tapSetupFile;
      // Assert
      expect(built()).toBe(dist('worker/setup.js'));
      expect(fallback()).toBe(path.join(copy, 'dist', 'src', 'taps', 'setup.js'));
      expect(existsSync(fallback())).toBe(true);
      // Negative control: what the fallback named before, a source beside the build, is missing.
      expect(existsSync(path.join(copy, 'dist', 'src', 'taps', 'setup.ts'))).toBe(false);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
