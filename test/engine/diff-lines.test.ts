import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { diffLines } from '../../src/engine/diff-lines.js';

/** One side of a diff: its lines without those marked `drop`, unmarked. */
function sideOf(diff: readonly string[], drop: string): string {
  return diff
    .filter((line) => !line.startsWith(drop))
    .map((line) => line.slice(2))
    .join('\n');
}

/** A tools/call result of 80,000 text blocks, about 5 MB once pretty-printed. */
function largeEnvelope(text: (n: number) => string): unknown {
  const content = Array.from({ length: 80_000 }, (_, n) => ({ type: 'text', text: text(n) }));
  return { jsonrpc: '2.0', id: 1, result: { content, isError: true } };
}

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

  test('should mark a repeated line once where the lines both texts start and end with overlap', () => {
    // The first line is common to both starts and to both ends: counted once, as the start.
    expect(diffLines('x', 'x\nx')).toEqual(['  x', '+ x']);
    expect(diffLines('x\nx', 'x')).toEqual(['  x', '- x']);
    expect(diffLines('a\nx', 'a\nx\nx')).toEqual(['  a', '  x', '+ x']);
  });

  test('should diff a stretch of several changes line by line', () => {
    expect(diffLines('a\nb\nc\nd\ne', 'a\nB\nc\nD\ne')).toEqual([
      '  a',
      '- b',
      '+ B',
      '  c',
      '- d',
      '+ D',
      '  e',
    ]);
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
    // Arrange: 2,000 × 2,000 lines with nothing in common take more edits than the diff tries.
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

  test('should keep the lines both texts end with out of a stretch it gives up on', () => {
    // Arrange: the stretch of the test above, between a line and two lines in common.
    const before = Array.from({ length: 2_000 }, (_, n) => `a${n}`);
    const after = Array.from({ length: 2_000 }, (_, n) => `b${n}`);
    // Act
    const diff = diffLines(
      ['same', ...before, 'end', 'same'].join('\n'),
      ['same', ...after, 'end', 'same'].join('\n'),
    );
    // Assert
    expect(diff.slice(0, 1)).toEqual(['  same']);
    expect(diff.slice(-2)).toEqual(['  end', '  same']);
    expect(diff).toHaveLength(4_003);
  });

  test('should give up sooner on a stretch so long that its edits would cost too much work', () => {
    // Arrange: 50,000 lines a side, one in 500 changed from the first to the last: 200 edits,
    // within the 500 a short stretch may take, but past the work a stretch this long may.
    const before = Array.from({ length: 50_000 }, (_, n) => `line ${n}`);
    const after = before.map((line, n) => (n % 500 === 0 || n === 49_999 ? `${line}!` : line));
    // Act
    const diff = diffLines(before.join('\n'), after.join('\n'));
    // Assert: every line removed, then every line added; none kept.
    expect(diff.filter((line) => line.startsWith('  '))).toEqual([]);
    expect(diff.slice(0, 2)).toEqual(['- line 0', '- line 1']);
    expect(diff[50_000]).toBe('+ line 0!');
    // The same changes in a stretch of 2,000 lines are diffed line by line.
    const short = diffLines(before.slice(0, 2_000).join('\n'), after.slice(0, 2_000).join('\n'));
    expect(short.filter((line) => !line.startsWith('  '))).toHaveLength(8);
  });

  test('should diff a 5 MB envelope re-indented throughout, and give back either text', () => {
    // Arrange: the harness accepts envelopes of megabytes; a stretch with no line in common is
    // Myers' worst case (here 640,000 edits, were they all tried).
    const envelope = largeEnvelope((n) => `block ${n} of a long tool result`);
    const before = JSON.stringify(envelope, null, 2);
    const after = JSON.stringify(envelope, null, '\t');
    expect(before.length).toBeGreaterThan(5_000_000);
    // Act
    const diff = diffLines(before, after);
    // Assert: every line of both texts once, the first and last lines (`{`, `}`) in common.
    expect(diff).toHaveLength(before.split('\n').length + after.split('\n').length - 2);
    expect(sideOf(diff, '+ ')).toBe(before);
    expect(sideOf(diff, '- ')).toBe(after);
  });

  test('should give back either text from its diff', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'b', 'c', '{', '}'), { maxLength: 30 }),
        fc.array(fc.constantFrom('a', 'b', 'c', '{', '}'), { maxLength: 30 }),
        (before, after) => {
          const diff = diffLines(before.join('\n'), after.join('\n'));
          expect(sideOf(diff, '+ ')).toBe(before.join('\n'));
          expect(sideOf(diff, '- ')).toBe(after.join('\n'));
        },
      ),
    );
  });
});
