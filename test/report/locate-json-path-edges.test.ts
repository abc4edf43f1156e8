import { describe, expect, it } from 'vitest';
import { locateJsonPath, type SourceLocation } from '../../src/report/locate-json-path.js';

function textAt(source: string, location: SourceLocation): string {
  const lines = source.split('\n');
  const offset = (line: number, column: number): number =>
    lines.slice(0, line - 1).reduce((sum, text) => sum + text.length + 1, 0) + column - 1;
  return source.slice(
    offset(location.start.line, location.start.column),
    offset(location.end.line, location.end.column),
  );
}

/** Where `needle` (which must occur once) starts in `source`, as a 1-based position. */
function positionOf(source: string, needle: string): { line: number; column: number } {
  const at = source.indexOf(needle);
  expect(source.indexOf(needle, at + 1)).toBe(-1);
  const before = source.slice(0, at).split('\n');
  return { line: before.length, column: (before.at(-1) ?? '').length + 1 };
}

const WHOLE = (source: string): SourceLocation => ({
  start: { line: 1, column: 1 },
  end: { line: 1, column: source.length + 1 },
});

describe('locateJsonPath on tricky keys', () => {
  it('should skip brackets and escaped quotes inside a key to reach its value', () => {
    // Arrange
    const source = JSON.stringify({ 'say "{hi}"': { inner: 1 } }, null, 2);
    // Act
    const location = locateJsonPath(source, ['say "{hi}"', 'absent']);
    // Assert
    expect(textAt(source, location)).toBe('{');
    expect(location.start).toEqual(positionOf(source, '{\n    "inner"'));
  });

  it('should skip a key that starts with a bracket', () => {
    const source = JSON.stringify({ '{a': { inner: 1 } }, null, 2);

    const location = locateJsonPath(source, ['{a', 'absent']);

    expect(location.start).toEqual(positionOf(source, '{\n    "inner"'));
  });

  it('should point at the [ of an array parent whose key holds a [', () => {
    // Arrange
    const source = JSON.stringify({ '[list': [1, 2] }, null, 2);
    // Act
    const location = locateJsonPath(source, ['[list', 9]);
    // Assert
    expect(textAt(source, location)).toBe('[');
    expect(location.start).toEqual(positionOf(source, '[\n    1'));
  });
});

describe('locateJsonPath on arrays', () => {
  it('should count array elements from 0 upwards', () => {
    const source = '[10, 20, 30]';

    expect(textAt(source, locateJsonPath(source, [0]))).toBe('10');
    expect(textAt(source, locateJsonPath(source, [2]))).toBe('30');
  });
});

describe('locateJsonPath on text that is not JSON', () => {
  it.each([
    ['text after the value', '{"id": 1} trailing'],
    ['a broken value after a good member', '{"id": 1, "x": tru}'],
    ['a word that is not a literal', '{"x": tru, "id": 1}'],
    ['array elements without a comma', '[1 x2]'],
  ])('should span the whole text for %s', (_what, source) => {
    const path = source.startsWith('[') ? [1] : ['id'];

    expect(locateJsonPath(source, path)).toEqual(WHOLE(source));
  });

  it('should locate the member in the same text once it is JSON (negative control)', () => {
    const source = '{"x": true, "id": 1}';

    expect(textAt(source, locateJsonPath(source, ['id']))).toBe('"id": 1');
  });
});
