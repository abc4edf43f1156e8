import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { projectFilesWritten } from '../../src/vitest-adapter/project-files-written.js';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A project with a test file, a data file, a file to remove and an installed package. */
function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'em-written-'));
  roots.push(root);
  mkdirSync(join(root, 'test', 'data'), { recursive: true });
  mkdirSync(join(root, 'node_modules', 'pkg'), { recursive: true });
  for (const file of ['test/a.test.ts', 'test/data/kept.json', 'old.log', 'node_modules/pkg/x.js'])
    writeFileSync(join(root, file), 'before');
  return root;
}

describe('projectFilesWritten', () => {
  test('should name the files a run created, changed or removed, but not in node_modules', () => {
    // Arrange
    const root = project();
    const written = projectFilesWritten(root);
    // Act: what a suite's run might do; the change is dated later, as a write a moment on is.
    writeFileSync(join(root, 'state.json'), '{}');
    writeFileSync(join(root, 'test', 'data', 'kept.json'), 'after');
    utimesSync(join(root, 'test', 'data', 'kept.json'), new Date(), new Date(Date.now() + 5_000));
    rmSync(join(root, 'old.log'));
    writeFileSync(join(root, 'node_modules', 'pkg', 'cache.json'), '{}');
    // Assert
    expect(written()).toEqual(['old.log', 'state.json', 'test/data/kept.json']);
  });

  test('should name nothing where the run wrote nothing', () => {
    const root = project();
    const written = projectFilesWritten(root);
    expect(written()).toEqual([]);
  });
});
