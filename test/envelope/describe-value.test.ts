import { describe, expect, it } from 'vitest';
import { describeValue } from '../../src/envelope/describe-value.js';

describe('describeValue', () => {
  it('should describe every kind of value, compound ones by their kind', () => {
    // Arrange
    const values: readonly unknown[] = [null, undefined, [1, 2], {}, () => 1, true, 3, 'a'];
    // Act
    const described = values.map((value) => describeValue(value));
    // Assert
    expect(described).toEqual([
      'null',
      'undefined',
      'an array of 2',
      'an object',
      'a function',
      'true',
      '3',
      '"a"',
    ]);
    expect(describeValue(Symbol('s'))).toBe('a symbol');
    expect(describeValue(5n)).toBe('the bigint 5n');
  });

  it('should name the type of a string, number or boolean when typed', () => {
    const typed = { typed: true };

    expect(describeValue('80', typed)).toBe('string "80"');
    expect(describeValue(1.5, typed)).toBe('number 1.5');
    expect(describeValue(false, typed)).toBe('boolean false');
    expect(describeValue(null, typed)).toBe('null');
    expect(describeValue([1], typed)).toBe('an array of 1');
    expect(describeValue([], typed)).toBe('an empty array');
  });

  it('should tell a sensitive string by its length alone', () => {
    const sensitive = { sensitive: true, typed: true };

    expect(describeValue('sk-live-secret', sensitive)).toBe('a string of 14 characters');
    expect(describeValue(3, sensitive)).toBe('number 3');
  });

  it('should keep a string of maxLength whole and clip a longer one to maxLength and an ellipsis', () => {
    const sixty = 'x'.repeat(60);

    expect(describeValue(sixty)).toBe(`"${sixty}"`);
    expect(describeValue(`${sixty}y`)).toBe(`"${sixty}…"`);
    expect(describeValue('abcdef', { maxLength: 4 })).toBe('"abcd…"');
  });

  it('should show an array or object as its clipped JSON text when asked', () => {
    const json = { json: true, maxLength: 10 };

    expect(describeValue({ code: 1 }, json)).toBe('{"code":1}');
    expect(describeValue({ code: -32602 }, json)).toBe('{"code":-3…');
    expect(describeValue('a string', json)).toBe('"a string"');
    expect(describeValue([1, 2], json)).toBe('[1,2]');
  });

  it('should fall back to the kind where a value has no JSON text, never throwing', () => {
    const cycle: Record<string, unknown> = {};
    cycle['self'] = cycle;

    expect(describeValue(cycle, { json: true })).toBe('an object');
    expect(describeValue([1n], { json: true })).toBe('an array of 1');
  });

  it('should name a missing value with the word given, and redact text before clipping', () => {
    const redact = (text: string): string => text.replaceAll('secret', '[redacted]');

    expect(describeValue(undefined, { missing: 'absent' })).toBe('absent');
    expect(describeValue('a secret', { redact })).toBe('"a [redacted]"');
    expect(describeValue({ key: 'secret' }, { json: true, redact })).toBe('{"key":"[redacted]"}');
  });
});
