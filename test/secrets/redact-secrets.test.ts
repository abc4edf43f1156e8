import { describe, expect, it } from 'vitest';
import { redactSecrets, redactSecretsDeep } from '../../src/secrets/redact-secrets.js';

const ENV = {
  GITHUB_TOKEN: 'ghp_plantedTokenValue123',
  DB_PASSWORD: 'hunter22',
  OPENAI_API_KEY: 'sk-planted',
  SHORT_SECRET: 'abc',
  HOME_DIR: 'ghp_not_secret_by_name',
};

describe('redactSecrets', () => {
  it('should replace the value of every secret-named variable with its name', () => {
    const text = 'auth ghp_plantedTokenValue123 then hunter22 and sk-planted twice sk-planted';

    const redacted = redactSecrets(text, ENV);

    expect(redacted).toBe(
      'auth [redacted $GITHUB_TOKEN] then [redacted $DB_PASSWORD] and [redacted $OPENAI_API_KEY] twice [redacted $OPENAI_API_KEY]',
    );
  });

  it('should leave short values and variables whose name is not secret-looking alone', () => {
    const text = 'abc ghp_not_secret_by_name';

    expect(redactSecrets(text, ENV)).toBe(text);
  });

  it('should redact keys and strings at any depth and keep other values', () => {
    const value = { hunter22: ['x hunter22', 3, null, { deep: 'sk-planted' }], ok: true };

    const redacted = redactSecretsDeep(value, ENV);

    expect(redacted).toEqual({
      '[redacted $DB_PASSWORD]': [
        'x [redacted $DB_PASSWORD]',
        3,
        null,
        { deep: '[redacted $OPENAI_API_KEY]' },
      ],
      ok: true,
    });
  });
});
