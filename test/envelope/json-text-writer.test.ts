import { describe, expect, test } from 'vitest';
import { toJsonText, writeJsonIteratively } from '../../src/envelope/json-text.js';

describe('writeJsonIteratively edge cases', () => {
  test('should leave out symbol members, and write a symbol in an array as null', () => {
    // Arrange: JSON.stringify's treatment of symbols (ECMA-262 SerializeJSONProperty).
    const value = { keep: 1, drop: Symbol('s'), list: [Symbol('t')] };
    // Act
    const text = writeJsonIteratively(value);
    // Assert
    expect(text).toBe('{"keep":1,"list":[null]}');
    expect(text).toBe(JSON.stringify(value));
  });

  test('should write nothing for a top-level value JSON cannot hold', () => {
    expect(writeJsonIteratively(undefined)).toBeUndefined();
    expect(writeJsonIteratively(Symbol('s'))).toBeUndefined();
  });

  test('should call a top-level toJSON with the empty key, as JSON.stringify does', () => {
    // Arrange
    const keys: string[] = [];
    const value = {
      toJSON: (key: string) => {
        keys.push(key);
        return key;
      },
    };
    // Act
    const text = writeJsonIteratively(value);
    // Assert
    expect(text).toBe('""');
    expect(keys).toEqual(['']);
  });

  test('should refuse a cycle with the message JSON.stringify starts with', () => {
    const cycle: Record<string, unknown> = {};
    cycle['self'] = cycle;
    expect(() => writeJsonIteratively(cycle)).toThrow(
      new TypeError('Converting circular structure to JSON'),
    );
  });

  test('should refuse a BigInt with the message JSON.stringify gives', () => {
    expect(() => writeJsonIteratively({ n: 1n })).toThrow(
      new TypeError('Do not know how to serialize a BigInt'),
    );
  });
});

describe('toJsonText', () => {
  test('should rethrow an error other than a stack overflow without writing again', () => {
    // Arrange
    let calls = 0;
    const value = {
      toJSON: () => {
        calls += 1;
        throw new Error('toJSON failed');
      },
    };
    // Act
    const act = () => toJsonText(value);
    // Assert
    expect(act).toThrow('toJSON failed');
    expect(calls).toBe(1);
  });
});
