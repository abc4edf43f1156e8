import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { toJsonText, writeJsonIteratively } from '../../src/envelope/json-text.js';

/** `depth` arrays nested in one another, built without recursion. */
function nested(depth: number): unknown {
  let value: unknown = { bottom: true };
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
}

function stringifyOverflows(value: unknown): boolean {
  try {
    JSON.stringify(value);
    return false;
  } catch (error) {
    return error instanceof RangeError;
  }
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

  test('should write an envelope nested deeper than JSON.stringify can', () => {
    // Arrange: negative control, JSON.stringify overflows at this depth. Where it overflows
    // depends on the stack of the worker (a forked process, or a worker thread's larger one).
    const depth = [10_000, 100_000, 1_000_000].find((d) => stringifyOverflows(nested(d)));
    if (depth === undefined) throw new Error('JSON.stringify wrote a 1,000,000-deep nest');
    const value = { jsonrpc: '2.0', id: 1, result: { _meta: nested(depth) } };
    // Act
    const text = writeJsonIteratively(value);
    // Assert
    const deep = `${'['.repeat(depth)}{"bottom":true}${']'.repeat(depth)}`;
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
