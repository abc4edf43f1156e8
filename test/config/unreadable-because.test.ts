import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { unreadableBecause } from '../../src/config/unreadable-because.js';

function errorOf(read: () => unknown): unknown {
  try {
    read();
  } catch (error) {
    return error;
  }
  throw new Error('expected the read to fail');
}

describe('unreadableBecause', () => {
  it('should say a missing file does not exist and a folder is a folder', () => {
    const missing = errorOf(() => readFileSync(path.join(tmpdir(), 'no-such-file-here.json')));
    const folder = errorOf(() => readFileSync(tmpdir()));
    expect(unreadableBecause(missing)).toBe('does not exist');
    expect(unreadableBecause(folder)).toBe('is a folder, not a file');
  });

  it("should give any other error's code, or the error itself when it has none", () => {
    expect(unreadableBecause(Object.assign(new Error('x'), { code: 'EACCES' }))).toBe(
      'cannot be read (EACCES)',
    );
    expect(unreadableBecause('odd')).toBe('cannot be read (odd)');
    expect(unreadableBecause(null)).toBe('cannot be read (null)');
  });
});
