import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonSyntaxErrorPosition } from '../../src/config/json-syntax-error-position.js';

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

describe('jsonSyntaxErrorPosition', () => {
  it('should find no error in any valid JSON text', () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        expect(jsonSyntaxErrorPosition(text)).toBeNull();
      }),
    );
  });

  it('should agree with JSON.parse on whether a text is valid', () => {
    const texts = fc.oneof(
      fc.json(),
      fc.json().map((text) => `${text},`),
      fc.string({
        unit: fc.constantFrom(
          '{',
          '}',
          '[',
          ']',
          '"',
          ':',
          ',',
          '1',
          '-',
          'e',
          '.',
          ' ',
          'n',
          '\\',
          'u',
        ),
      }),
    );
    fc.assert(
      fc.property(texts, (text) => {
        expect(jsonSyntaxErrorPosition(text) === null).toBe(parses(text));
      }),
    );
  });

  it.each([
    ['{\n  "a": 1,\n}', { line: 3, column: 1 }],
    ['{"a" 1}', { line: 1, column: 6 }],
    ['[1, 2', { line: 1, column: 6 }],
    ['{"a": tru}', { line: 1, column: 10 }],
    ['{"a": 01}', { line: 1, column: 8 }],
    ['"\\x"', { line: 1, column: 3 }],
    ['', { line: 1, column: 1 }],
    ['{} {}', { line: 1, column: 4 }],
    ['// comment\n{}', { line: 1, column: 1 }],
  ])('should locate the error in %j at %o', (text, position) => {
    expect(jsonSyntaxErrorPosition(text)).toEqual(position);
  });
});
