import { describe, expect, it } from 'vitest';
import { type IdPair, translateId } from '../../src/fuzz/translate-id.js';

const PAIRS: readonly IdPair[] = [
  { fuzzId: 41, wireId: 1 },
  { fuzzId: 'abc', wireId: 2 },
];

function idOf(id: unknown): unknown {
  const translated = translateId({ jsonrpc: '2.0', id: id as never, result: {} }, PAIRS);
  return (translated as { id?: unknown }).id;
}

describe('translateId', () => {
  it.each([
    ['an in-flight id', 41, 1],
    ['an in-flight string id', 'abc', 2],
    ['a type-flipped in-flight id', '41', '1'],
    ['a loosely equal text', '041', ' 1'],
    ['an unrelated number that is a wire id', 2, 1_000_002],
    ['an unrelated string that coerces to a wire id', '2', '~2'],
    ['an empty string (Number("") is 0)', '', '~'],
    ['an unrelated number', 7, 7],
    ['a blank string (Number(" ") is 0, but no id is blank)', ' ', '~ '],
    ['an unrelated string', 'zzz', 'zzz'],
    ['null', null, null],
    ['a boolean', true, true],
  ])('should map %s to what keeps its relation to the requests', (_label, id, expected) => {
    expect(idOf(id)).toEqual(expected);
  });

  it.each([
    ['a blank string for a number id', { fuzzId: 0, wireId: 3 }, ' ', '~ '],
    ['a number for a blank string id', { fuzzId: ' ', wireId: 4 }, 0, 1_000_000],
  ])('should not read %s as the same number', (_label, pair, id, expected) => {
    // Act
    const translated = translateId({ jsonrpc: '2.0', id, result: {} }, [pair]);

    // Assert
    expect((translated as { id?: unknown }).id).toEqual(expected);
  });

  it('should leave an envelope without id unchanged', () => {
    // Arrange
    const envelope = { jsonrpc: '2.0', result: {} };

    // Act / Assert
    expect(translateId(envelope, PAIRS)).toBe(envelope);
  });

  it('should not modify its input', () => {
    // Arrange
    const envelope = Object.freeze({ jsonrpc: '2.0', id: 41, result: {} });

    // Act
    const translated = translateId(envelope, PAIRS);

    // Assert
    expect(envelope.id).toBe(41);
    expect(translated).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });
});
