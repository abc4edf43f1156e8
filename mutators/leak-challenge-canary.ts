import type { Mutator } from '../src/mutant/mutator.js';
import {
  formatChallenge,
  parseChallenges,
  type AuthChallenge,
} from '../src/http/www-authenticate.js';
import { canaryFor } from './_canary.js';
import { httpTargetOf, withHeader } from './_http.js';

/**
 * Plants a canary in the `error_description` of a 401/403's Bearer challenge. The parameter is
 * "human-readable" (MCP 2025-11-25 authorization.mdx, RFC 6750 §3) and clients log it: a server
 * that builds it from an exception or a token leaks there where no envelope assertion looks.
 */
export const leakChallengeCanary: Mutator<'leak-challenge-canary'> = {
  name: 'leak-challenge-canary',
  description: 'Plants a canary in the error_description of a 401/403 WWW-Authenticate challenge.',
  layer: 'http',
  target: 'http',
  expectedKillers: ['sanitize.leak'],
  version: 1,
  *mutate(target, context) {
    const found = httpTargetOf(target, context);
    if (found === undefined) return;
    const { exchange } = found;
    const { status } = exchange.response;
    const header = exchange.response.headers['www-authenticate'];
    if ((status !== 401 && status !== 403) || header === undefined) return;
    const challenges = parseChallenges(header);
    if (!challenges.some(isBearer)) return;
    const canary = canaryFor(context);
    const planted = challenges.map((challenge): AuthChallenge => {
      if (!isBearer(challenge)) return challenge;
      const description = challenge.params['error_description'];
      const text = description === undefined || description === '' ? 'Access denied' : description;
      return {
        ...challenge,
        params: { ...challenge.params, error_description: `${text} (${canary})` },
      };
    });
    yield {
      value: withHeader(exchange, 'www-authenticate', planted.map(formatChallenge).join(', ')),
      replacement: 'canary planted in WWW-Authenticate error_description',
      path: ['response', 'headers', 'www-authenticate'],
    };
  },
};

function isBearer(challenge: AuthChallenge): boolean {
  return challenge.scheme.toLowerCase() === 'bearer';
}
