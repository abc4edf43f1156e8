import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { toJsonText, writeJsonIteratively } from '../../src/taps/json-text.js';

/** `depth` arrays nested in one another, built without recursion. */
function nested(depth: number): unknown {
  let value: unknown = { bottom: true };
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
}

describe('writeJsonIteratively', () => {
  test('should write what JSON.stringify writes for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(writeJsonIteratively(value)).toBe(JSON.stringify(value));
      }),
    );
  });

  test('should leave out undefined and function members as JSON.stringify does', () => {
    fc.assert(
      fc.property(
        fc.anything({ values: [fc.constant(undefined), fc.constant(() => 1), fc.string()] }),
        (value) => {
          expect(writeJsonIteratively(value)).toBe(JSON.stringify(value));
        },
      ),
    );
  });

  test('should honour toJSON and keep strings that look like separators intact', () => {
    // Arrange
    const value = { when: new Date(0), text: 'a,]', list: [undefined, ',}'] };
    // Act
    const text = writeJsonIteratively(value);
    // Assert
    expect(text).toBe(JSON.stringify(value));
  });

  test('should write an envelope nested 10,000 deep, where JSON.stringify overflows', () => {
    // Arrange: negative control, in a test worker JSON.stringify overflows at this depth.
    const value = { jsonrpc: '2.0', id: 1, result: { _meta: nested(10_000) } };
    expect(() => JSON.stringify(value)).toThrow(RangeError);
    // Act
    const text = writeJsonIteratively(value);
    // Assert
    const deep = `${'['.repeat(10_000)}{"bottom":true}${']'.repeat(10_000)}`;
    expect(text).toBe(`{"jsonrpc":"2.0","id":1,"result":{"_meta":${deep}}}`);
  });

  test('should throw on a cycle and on a BigInt, as JSON.stringify does', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = { back: cycle };
    expect(() => writeJsonIteratively(cycle)).toThrow(TypeError);
    expect(() => writeJsonIteratively({ n: 1n })).toThrow(TypeError);
  });

  test('should write nothing for a lone undefined', () => {
    expect(writeJsonIteratively(undefined)).toBeUndefined();
  });
});

describe('toJsonText', () => {
  test('should fall back to the iterative writer only for a nest too deep for the stack', () => {
    // Arrange
    const deep = nested(10_000);
    // Act / Assert
    expect(toJsonText({ a: [1, 'b'] })).toBe('{"a":[1,"b"]}');
    expect(toJsonText(deep)).toBe(writeJsonIteratively(deep));
    expect(() => toJsonText({ n: 1n })).toThrow(TypeError);
  });
});
