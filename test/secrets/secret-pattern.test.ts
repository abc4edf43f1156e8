import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../src/secrets/redact-secrets.js';
import { MIN_CLIPPED_LENGTH, secretPattern } from '../../src/secrets/secret-pattern.js';
import { encode, encodingChain, secretValue } from '../support/secret-encodings.js';

const MARKER = '[redacted $API_TOKEN]';

describe('secretPattern', () => {
  it('should find a secret in every encoding and chain of encodings, in any surrounding text', () => {
    fc.assert(
      fc.property(
        secretValue(),
        encodingChain(),
        fc.string(),
        fc.string(),
        (secret, chain, before, after) => {
          // Arrange: a secret the marker itself or the surrounding text could spell is no test.
          fc.pre(!MARKER.includes(secret));
          const encoded = encode(secret, chain);
          const text = `${before}${encoded}${after}`;
          // Act
          const redacted = redactSecrets(text, { API_TOKEN: secret });
          // Assert
          expect(
            redacted.includes(encoded),
            `${chain.join('+')}: ${JSON.stringify(redacted)}`,
          ).toBe(false);
          expect(redacted).toContain(MARKER);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('should find a secret clipped for display once enough of it stands before the ellipsis', () => {
    fc.assert(
      fc.property(
        secretValue().filter((secret) => Array.from(secret).length > MIN_CLIPPED_LENGTH),
        fc.constantFrom('…', '...'),
        encodingChain(),
        (secret, ellipsis, chain) => {
          fc.pre(!MARKER.includes(secret));
          const clipped = Array.from(secret).slice(0, MIN_CLIPPED_LENGTH).join('');
          const text = encode(`reason: ${clipped}${ellipsis}`, chain);
          const redacted = redactSecrets(text, { API_TOKEN: secret });
          expect(redacted).toContain(MARKER);
          expect(redacted.includes(encode(clipped, chain))).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('should leave a prefix alone when the text goes on with something else', () => {
    // Negative control: a secret's first characters are not the secret.
    const secret = 'wJalrXUtnFEMI/K7MDENG';
    expect(redactSecrets('wJalrXUtnFEMI/K7 is a path', { AWS_SECRET_ACCESS_KEY: secret })).toBe(
      'wJalrXUtnFEMI/K7 is a path',
    );
    expect('wJalrXUt'.match(secretPattern(secret))).toBeNull();
  });

  it('should redact the forms seen leaking from a real run', () => {
    // Arrange: the quoted value JSON-escaped twice (a thrown message inside a JSON report), and
    // clipped by a status reason.
    const env = { AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfi"CY<EXAMPLE>&KEY\\n1' };
    const twice = JSON.stringify(JSON.stringify({ aws: env.AWS_SECRET_ACCESS_KEY }));
    const clipped = '"statusReason":"jsonrpc.id wJalrXUtnFEMI/K7MDENG/bPxRfi\\"CY<EXAMPLE>&K…"';
    // Act / Assert
    expect(redactSecrets(twice, env)).toBe('"{\\"aws\\":\\"[redacted $AWS_SECRET_ACCESS_KEY]\\"}"');
    expect(redactSecrets(clipped, env)).toBe(
      '"statusReason":"jsonrpc.id [redacted $AWS_SECRET_ACCESS_KEY]…"',
    );
  });

  it('should keep a JSON text valid when it redacts a value inside its strings', () => {
    fc.assert(
      fc.property(secretValue(), fc.integer({ min: 0, max: 3 }), (secret, depth) => {
        fc.pre(!MARKER.includes(secret));
        let value: unknown = { message: `failed: ${secret} (retry)` };
        for (let level = 0; level < depth; level += 1) value = { nested: JSON.stringify(value) };
        const text = JSON.stringify(value);
        const redacted = redactSecrets(text, { API_TOKEN: secret });
        expect(() => JSON.parse(redacted) as unknown).not.toThrow();
        expect(redacted).toContain(MARKER);
      }),
      { numRuns: 200 },
    );
  });
});
