import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { locateJsonPath, type SourceLocation } from '../../src/report/locate-json-path.js';

const ENVELOPE = {
  jsonrpc: '2.0',
  id: 7,
  result: { content: [{ type: 'text', text: 'a "quoted" {brace}' }], isError: true },
};
const SOURCE = JSON.stringify(ENVELOPE, null, 2);

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

describe('locateJsonPath', () => {
  it('should span an object member from its key to the end of its value', () => {
    expect(textAt(SOURCE, locateJsonPath(SOURCE, ['id']))).toBe('"id": 7');
    expect(textAt(SOURCE, locateJsonPath(SOURCE, ['result', 'isError']))).toBe('"isError": true');
  });

  it('should span an array element and a string with quotes and braces in it', () => {
    const location = locateJsonPath(SOURCE, ['result', 'content', 0, 'text']);

    expect(textAt(SOURCE, location)).toBe('"text": "a \\"quoted\\" {brace}"');
  });

  it('should span a multi-line member across lines', () => {
    const location = locateJsonPath(SOURCE, ['result']);

    expect(location.start.line).toBe(4);
    expect(location.end.line).toBe(12);
    expect(textAt(SOURCE, location)).toBe(SOURCE.slice(SOURCE.indexOf('"result"'), -2));
  });

  it('should accept an array index given as text', () => {
    const location = locateJsonPath(SOURCE, ['result', 'content', '0', 'type']);

    expect(textAt(SOURCE, location)).toBe('"type": "text"');
  });

  it('should point at the opening bracket of the parent of a member that is absent', () => {
    expect(textAt(SOURCE, locateJsonPath(SOURCE, ['error']))).toBe('{');
    expect(locateJsonPath(SOURCE, ['error']).start).toEqual({ line: 1, column: 1 });
    const nested = locateJsonPath(SOURCE, ['result', 'structuredContent', 'x']);
    expect(nested.start).toEqual({ line: 4, column: 13 });
  });

  it('should span the whole source for the empty path and for text that is not JSON', () => {
    expect(textAt(SOURCE, locateJsonPath(SOURCE, []))).toBe(SOURCE);
    expect(locateJsonPath('not json', ['id'])).toEqual({
      start: { line: 1, column: 1 },
      end: { line: 1, column: 9 },
    });
  });

  it('should find every member of any JSON value at the text JSON.stringify gives it', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (value) => {
        const source = JSON.stringify(value, null, 2);
        for (const [key, member] of Object.entries(value)) {
          const expected = `${JSON.stringify(key)}: ${JSON.stringify(member, null, 2).replace(/\n/g, '\n  ')}`;
          expect(textAt(source, locateJsonPath(source, [key]))).toBe(expected);
        }
      }),
    );
  });
});

describe('locateJsonPath on tricky keys', () => {
  it('should reach the parent of an absent member past brackets and escaped quotes in its key', () => {
    // Arrange
    const source = JSON.stringify({ 'say "{hi}"': { inner: 1 } }, null, 2);
    // Act
    const location = locateJsonPath(source, ['say "{hi}"', 'absent']);
    // Assert
    expect(textAt(source, location)).toBe('{');
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

  it('should point at the value of a scalar parent, not at a bracket after it', () => {
    const source = JSON.stringify({ id: 7, result: {} }, null, 2);

    const location = locateJsonPath(source, ['id', 'x']);

    expect(textAt(source, location)).toBe('7');
  });

  it('should take the last of two members with one key, as JSON.parse does', () => {
    const source = '{"id": 1, "id": 2}';

    expect(textAt(source, locateJsonPath(source, ['id']))).toBe('"id": 2');
  });
});

describe('locateJsonPath on arrays', () => {
  it('should count array elements from 0 upwards', () => {
    const source = '[10, 20, 30]';

    expect(textAt(source, locateJsonPath(source, [0]))).toBe('10');
    expect(textAt(source, locateJsonPath(source, [2]))).toBe('30');
  });

  it('should take no other text for an index than its digits', () => {
    const source = '[10, 20, 30]';

    expect(textAt(source, locateJsonPath(source, ['01']))).toBe('[');
  });
});

describe('locateJsonPath on text that is not JSON', () => {
  it.each([
    ['text after the value', '{"id": 1} trailing'],
    ['a broken value after a good member', '{"id": 1, "x": tru}'],
    ['a word that is not a literal', '{"x": tru, "id": 1}'],
    ['array elements without a comma', '[1 x2]'],
    ['a comment', '{"id": 1 /* one */}'],
    ['a trailing comma', '{"id": 1,}'],
  ])('should span the whole text for %s', (_what, source) => {
    const path = source.startsWith('[') ? [1] : ['id'];

    expect(locateJsonPath(source, path)).toEqual(WHOLE(source));
  });

  it('should locate the member in the same text once it is JSON (negative control)', () => {
    const source = '{"x": true, "id": 1}';

    expect(textAt(source, locateJsonPath(source, ['id']))).toBe('"id": 1');
  });

  it('should span the whole text, not throw, for JSON nested 100,000 deep', () => {
    // Arrange: deeper than jsonc-parser's recursive parser reaches.
    const source = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    // Act
    const location = locateJsonPath(source, [0]);
    // Assert
    expect(location).toEqual(WHOLE(source));
  });
});
