import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeFolders } from '../../src/secrets/make-folders.js';

const root = mkdtempSync(path.join(tmpdir(), 'make-folders-'));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

function codeOf(run: () => void): unknown {
  try {
    run();
    return undefined;
  } catch (error) {
    return (error as { code?: unknown }).code;
  }
}

describe('makeFolders', () => {
  it('should make every missing folder, and leave existing ones be', () => {
    const deep = path.join(root, 'a', 'b', 'c');
    const made = makeFolders(deep);
    const again = makeFolders(deep);
    expect(statSync(deep).isDirectory()).toBe(true);
    // What it made, outermost first, for a caller that may have to undo it.
    expect(made).toEqual([path.join(root, 'a'), path.join(root, 'a', 'b'), deep]);
    expect(again).toEqual([]);
  });

  it("should fail with the system's code, where recursive mkdir would not return", () => {
    writeFileSync(path.join(root, 'file'), '');
    expect(codeOf(() => makeFolders(path.join(root, 'file', 'x')))).toBe('ENOTDIR');
    expect(codeOf(() => makeFolders(path.join(root, 'file')))).toBe('ENOTDIR');
    expect(codeOf(() => makeFolders('/proc/envelope-mutants-nowhere/x'))).toBe('ENOENT');
  });
});
