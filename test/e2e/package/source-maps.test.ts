import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { repoRoot as REPO } from '../../support/bin-path.js';

interface SourceMap {
  readonly sources: readonly string[];
  readonly sourceRoot?: string;
  readonly sourcesContent?: readonly (string | null)[];
}

/** The paths `npm pack` would put in the package, relative to the repository (posix). */
function packedFiles(): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const args = ['pack', '--dry-run', '--json', '--ignore-scripts'];
    execFile('npm', args, { cwd: REPO }, (error, stdout) => {
      if (error !== null) {
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- an ExecFileException
        reject(error);
        return;
      }
      const [pack] = JSON.parse(stdout) as { files: { path: string }[] }[];
      resolve((pack?.files ?? []).map((file) => file.path));
    });
  });
}

/**
 * The sources a map names that neither it carries (`sourcesContent`) nor the package holds. Each
 * one is what makes vite print `Sourcemap for "…/dist/src/taps/setup.js" points to missing
 * source files` in a project that installed the package.
 */
function missingSources(mapFile: string, map: SourceMap, packed: ReadonlySet<string>): string[] {
  return map.sources.flatMap((source, index) => {
    if (typeof map.sourcesContent?.[index] === 'string') return [];
    const from = path.posix.join(path.posix.dirname(mapFile), map.sourceRoot ?? '', source);
    const resolved = path.posix.normalize(from);
    return packed.has(resolved) ? [] : [`${mapFile} → ${resolved}`];
  });
}

describe('the published package', { timeout: 60_000 }, () => {
  test('should hold, or carry inline, every source its source maps point to', async () => {
    // Arrange
    const files = await packedFiles();
    const maps = files.filter((file) => file.endsWith('.js.map'));
    // Act
    const missing: string[] = [];
    for (const mapFile of maps) {
      const map = JSON.parse(await readFile(path.join(REPO, mapFile), 'utf8')) as SourceMap;
      missing.push(...missingSources(mapFile, map, new Set(files)));
    }
    // Assert: the tap setup file (the bundle's, loaded by vite in every run) among the maps checked.
    expect(maps).toContain('dist/src/taps/setup.js.map');
    expect(maps).toContain('dist/worker/setup.js.map');
    expect(missing).toEqual([]);
  });

  test('should tell a source the package lacks from one it holds or carries', () => {
    // Negative control for the check above, on a map that names its source without carrying its text.
    const map: SourceMap = { sources: ['../../../src/taps/setup.ts'] };
    const mapFile = 'dist/src/taps/setup.js.map';
    // Act / Assert
    expect(missingSources(mapFile, map, new Set([mapFile]))).toEqual([
      `${mapFile} → src/taps/setup.ts`,
    ]);
    expect(missingSources(mapFile, map, new Set([mapFile, 'src/taps/setup.ts']))).toEqual([]);
    expect(missingSources(mapFile, { ...map, sourcesContent: ['code'] }, new Set())).toEqual([]);
  });
});
