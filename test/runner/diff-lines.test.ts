import { describe, expect, test } from 'vitest';
import { diffLines } from '../../src/runner/diff-lines.js';

describe('diffLines', () => {
  test('should mark a changed line as removed then added', () => {
    expect(diffLines('a\nb\nc', 'a\nB\nc')).toEqual(['  a', '- b', '+ B', '  c']);
  });

  test('should mark added and removed lines', () => {
    expect(diffLines('a\nc', 'a\nb\nc')).toEqual(['  a', '+ b', '  c']);
    expect(diffLines('a\nb\nc', 'a\nc')).toEqual(['  a', '- b', '  c']);
  });

  test('should leave equal texts unmarked', () => {
    expect(diffLines('x\ny', 'x\ny')).toEqual(['  x', '  y']);
  });
});
