import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { makeFolders } from '../../src/secrets/make-folders.js';

// Another writer (a second shard writing the same report folder) makes a folder between
// makeFolders' look for the nearest existing one and its own mkdir: this mkdir does both, as the
// two would, then fails as the second does.
const raced = new Set<string>();
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  return {
    ...real,
    mkdirSync: (folder: string) => {
      real.mkdirSync(folder);
      if (!raced.has(folder)) return undefined;
      throw Object.assign(new Error(`EEXIST: file already exists, mkdir '${folder}'`), {
        code: 'EEXIST',
      });
    },
  };
});

const root = mkdtempSync(path.join(tmpdir(), 'make-folders-race-'));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('makeFolders beside another writer', () => {
  it('should take a folder made meanwhile as made, and not count it as its own', () => {
    // Arrange
    const outer = path.join(root, 'reports');
    const inner = path.join(outer, 'envelope-mutants');
    raced.add(outer);
    // Act
    const made = makeFolders(inner);
    // Assert: the folder is there; only the inner one is this call's to undo.
    expect(statSync(inner).isDirectory()).toBe(true);
    expect(statSync(outer).isDirectory()).toBe(true);
    expect(made).toEqual([inner]);
  });
});
