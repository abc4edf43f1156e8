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
