import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nearestExisting } from '../../src/secrets/nearest-existing.js';

const root = mkdtempSync(path.join(tmpdir(), 'nearest-existing-'));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('nearestExisting', () => {
  it('should give the path itself when it exists, or its nearest existing ancestor', () => {
    // Arrange
    mkdirSync(path.join(root, 'a', 'b'), { recursive: true });
    writeFileSync(path.join(root, 'a', 'file'), '');
    // Act
    const itself = nearestExisting(path.join(root, 'a', 'b'));
    const below = nearestExisting(path.join(root, 'a', 'b', 'c', 'd'));
    const underFile = nearestExisting(path.join(root, 'a', 'file', 'x', 'y'));
    // Assert
    expect(itself.path).toBe(path.join(root, 'a', 'b'));
    expect(itself.stats.isDirectory()).toBe(true);
    expect(below.path).toBe(path.join(root, 'a', 'b'));
    expect(underFile.path).toBe(path.join(root, 'a', 'file'));
    expect(underFile.stats.isDirectory()).toBe(false);
  });

  it('should resolve a relative path against the working directory', () => {
    const found = nearestExisting(path.relative(process.cwd(), path.join(root, 'nowhere', 'x')));
    expect(found.path).toBe(root);
  });
});
