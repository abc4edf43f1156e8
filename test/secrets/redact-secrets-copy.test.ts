import { describe, expect, it } from 'vitest';
import { redactSecrets, redactSecretsDeep } from '../../src/secrets/redact-secrets.js';

describe('redactSecrets thresholds and order', () => {
  it('should redact a value of exactly six characters and leave one of five', () => {
    const env = { API_KEY: 'abc123', SHORT_TOKEN: 'xyz12' };

    expect(redactSecrets('abc123 xyz12', env)).toBe('[redacted $API_KEY] xyz12');
  });

  it('should redact the longer of two values that contain one another first', () => {
    // Arrange: the shorter one comes first in the environment.
    const env = { A_TOKEN: 'abcdef', B_TOKEN: 'abcdefghij', C_TOKEN: 'abcdefgh' };
    // Act
    const redacted = redactSecrets('abcdefghij abcdefgh abcdef', env);
    // Assert
    expect(redacted).toBe('[redacted $B_TOKEN] [redacted $C_TOKEN] [redacted $A_TOKEN]');
  });
});

describe('redactSecretsDeep copies', () => {
  it('should return plain data that can be changed and deleted like any other', () => {
    // Arrange
    const value: Record<string, unknown> = { token: 'hunter22', list: ['hunter22'] };
    // Act
    const redacted = redactSecretsDeep(value, { DB_PASSWORD: 'hunter22' });
    redacted['token'] = 'changed';
    delete redacted['list'];
    // Assert
    expect(redacted).toEqual({ token: 'changed' });
    expect(value).toEqual({ token: 'hunter22', list: ['hunter22'] });
  });
});
