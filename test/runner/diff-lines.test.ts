import fc from 'fast-check';
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

describe('diffLines on large texts', () => {
  test('should diff 20,000 lines that differ in one without the quadratic table', () => {
    // Arrange: before the common lines were trimmed, this built a 400-million-cell table.
    const lines = Array.from({ length: 20_000 }, (_, n) => `line ${n}`);
    const changed = lines.map((line, n) => (n === 10_000 ? 'changed' : line));
    // Act
    const diff = diffLines(lines.join('\n'), changed.join('\n'));
    // Assert
    expect(diff.filter((line) => !line.startsWith('  '))).toEqual(['- line 10000', '+ changed']);
    expect(diff).toHaveLength(20_001);
  });

  test('should show a large stretch that differs throughout as removed, then added', () => {
    // Arrange: 2,000 × 2,000 lines with nothing in common exceeds the table's bound.
    const before = Array.from({ length: 2_000 }, (_, n) => `a${n}`);
    const after = Array.from({ length: 2_000 }, (_, n) => `b${n}`);
    // Act
    const diff = diffLines(['same', ...before].join('\n'), ['same', ...after].join('\n'));
    // Assert
    expect(diff).toEqual([
      '  same',
      ...before.map((line) => `- ${line}`),
      ...after.map((line) => `+ ${line}`),
    ]);
  });

  test('should give back either text from its diff', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'b', 'c', '{', '}'), { maxLength: 30 }),
        fc.array(fc.constantFrom('a', 'b', 'c', '{', '}'), { maxLength: 30 }),
        (before, after) => {
          const diff = diffLines(before.join('\n'), after.join('\n'));
          const side = (drop: string): string =>
            diff
              .filter((line) => !line.startsWith(drop))
              .map((line) => line.slice(2))
              .join('\n');
          expect(side('+ ')).toBe(before.join('\n'));
          expect(side('- ')).toBe(after.join('\n'));
        },
      ),
    );
  });
});
