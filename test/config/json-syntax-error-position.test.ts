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
    // A word that is not a literal is wrong from its first letter.
    ['{"a": tru}', { line: 1, column: 7 }],
    ['{"a": True}', { line: 1, column: 7 }],
    ['{"a": 01}', { line: 1, column: 8 }],
    ['"\\x"', { line: 1, column: 3 }],
    ['', { line: 1, column: 1 }],
    ['{} {}', { line: 1, column: 4 }],
    // JSON has no comments (RFC 8259), although jsonc-parser's scanner reads them.
    ['// comment\n{}', { line: 1, column: 1 }],
    ['{"a": 1 /* note */}', { line: 1, column: 9 }],
    // RFC 8259 §7: control characters must be escaped inside a string.
    ['"a\tb"', { line: 1, column: 3 }],
    ['{"a": "x\ny"}', { line: 1, column: 9 }],
    ['"abc', { line: 1, column: 5 }],
    ['"\\', { line: 1, column: 3 }],
    // `\u` takes exactly four hex digits.
    ['"\\u12G4"', { line: 1, column: 6 }],
    ['"\\u12"', { line: 1, column: 6 }],
    ['1e', { line: 1, column: 3 }],
    ['1E+', { line: 1, column: 4 }],
  ])('should locate the error in %j at %o', (text, position) => {
    expect(jsonSyntaxErrorPosition(text)).toEqual(position);
  });

  it.each(['"\\u0041\\u00e9"', '"\\"\\\\\\/\\b\\f\\n\\r\\t"', '1', '1E5', '[1e5, 2E-3, -0.5e+1]'])(
    'should find no error in the valid escapes and numbers of %j',
    (text) => {
      // Arrange: a negative control, so the list holds only valid JSON.
      expect(parses(text)).toBe(true);

      // Act
      const position = jsonSyntaxErrorPosition(text);

      // Assert
      expect(position).toBeNull();
    },
  );

  it('should scan text nested 100,000 deep without overflowing the stack', () => {
    // Arrange: a damaged report may nest as deep as the envelopes it holds.
    const depth = 100_000;
    const valid = `${'[{"a":'.repeat(depth)}1${'}]'.repeat(depth)}`;
    const cut = valid.slice(0, valid.length - 1);

    // Act
    const positions = [jsonSyntaxErrorPosition(valid), jsonSyntaxErrorPosition(cut)];

    // Assert
    expect(positions).toEqual([null, { line: 1, column: cut.length + 1 }]);
  });
});
