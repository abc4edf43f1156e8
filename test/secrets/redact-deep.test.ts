import { describe, expect, test } from 'vitest';
import { redactSecretsDeep } from '../../src/secrets/redact-secrets.js';

const ENV = { API_TOKEN: 'tok-1234567890' };

/** `depth` arrays nested in one another around `bottom`, built without recursion. */
function nested(depth: number, bottom: unknown): unknown {
  let value = bottom;
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
}

describe('redactSecretsDeep on hostile values', () => {
  test('should redact a secret at the bottom of a 10,000-deep nest without overflowing', () => {
    // Arrange
    const value = { result: { _meta: nested(10_000, 'leaked tok-1234567890') } };
    // Act
    const redacted = redactSecretsDeep(value, ENV);
    // Assert: walk down iteratively to the bottom.
    let bottom: unknown = redacted.result._meta;
    while (Array.isArray(bottom)) bottom = bottom[0];
    expect(bottom).toBe('leaked [redacted $API_TOKEN]');
  });

  test('should keep a __proto__ member as an own member, in order', () => {
    // Arrange
    const value = JSON.parse('{"a":"tok-1234567890","__proto__":{"b":1},"c":2}') as object;
    // Act
    const redacted = redactSecretsDeep(value, ENV);
    // Assert
    expect(Object.keys(redacted)).toEqual(['a', '__proto__', 'c']);
    expect(Object.getPrototypeOf(redacted)).toBe(Object.prototype);
    expect(JSON.stringify(redacted)).toBe(
      '{"a":"[redacted $API_TOKEN]","__proto__":{"b":1},"c":2}',
    );
  });
});
