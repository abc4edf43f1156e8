import { describe, expect, it } from 'vitest';
import {
  bearerChallenge,
  challengeScopes,
  formatChallenge,
  parseChallenges,
} from '../../src/http/www-authenticate.js';

describe('parseChallenges', () => {
  it('should read the scheme and unquoted parameters of a Bearer challenge', () => {
    const header =
      'Bearer error="insufficient_scope", scope="files:read files:write", resource_metadata="https://x/.well-known/oauth-protected-resource"';

    const [challenge] = parseChallenges(header);

    expect(challenge).toEqual({
      scheme: 'Bearer',
      params: {
        error: 'insufficient_scope',
        scope: 'files:read files:write',
        resource_metadata: 'https://x/.well-known/oauth-protected-resource',
      },
    });
  });

  it('should split several challenges and lower-case parameter names', () => {
    const challenges = parseChallenges('Basic realm="a", Bearer Realm=b, ERROR="invalid_token"');

    expect(challenges).toEqual([
      { scheme: 'Basic', params: { realm: 'a' } },
      { scheme: 'Bearer', params: { realm: 'b', error: 'invalid_token' } },
    ]);
  });

  it('should unescape quoted-pairs and survive malformed text without throwing', () => {
    expect(parseChallenges('Bearer error_description="say \\"no\\""')[0]?.params).toEqual({
      error_description: 'say "no"',
    });
    expect(parseChallenges('Bearer abc==, scope="x"')).toEqual([
      { scheme: 'Bearer', params: { scope: 'x' } },
    ]);
    expect(parseChallenges('="broken')).toEqual([]);
    expect(parseChallenges(undefined)).toEqual([]);
  });
});

describe('bearerChallenge, challengeScopes and formatChallenge', () => {
  it('should find the Bearer challenge case-insensitively and split its scopes', () => {
    const challenge = bearerChallenge('Basic realm="a", bearer scope="  a:b   c:d "');

    expect(challengeScopes(challenge)).toEqual(['a:b', 'c:d']);
    expect(challengeScopes(undefined)).toEqual([]);
  });

  it('should write a challenge that parses back to itself', () => {
    const challenge = { scheme: 'Bearer', params: { error_description: 'a "quoted" \\ text' } };

    const text = formatChallenge(challenge);

    expect(parseChallenges(text)).toEqual([challenge]);
    expect(formatChallenge({ scheme: 'Bearer', params: {} })).toBe('Bearer');
  });
});
