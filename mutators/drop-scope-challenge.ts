import type { Mutator, Variant } from '../src/mutant/mutator.js';
import {
  bearerChallenge,
  formatChallenge,
  parseChallenges,
  type AuthChallenge,
} from '../src/http/www-authenticate.js';
import { httpTargetOf, withHeader } from './_http.js';
import { distinct } from './_variants.js';

const PATH = ['response', 'headers', 'www-authenticate'];

/**
 * Breaks the challenge a client needs to authorize: on a step-up 403 (MCP 2025-11-25 and
 * 2026-07-28 "Runtime Insufficient Scope Errors") the whole `WWW-Authenticate` header, its `scope`
 * or its `error="insufficient_scope"` goes; on a 401 the header goes (RFC 6750 §3), or under
 * 2025-06-18 its `resource_metadata`. A published server answered `insufficient_scope` with a 403
 * that carried no `WWW-Authenticate` at all.
 */
export const dropScopeChallenge: Mutator<'drop-scope-challenge'> = {
  name: 'drop-scope-challenge',
  description:
    'Drops the WWW-Authenticate challenge of a 401/403, or the scope, error or resource_metadata in it.',
  layer: 'http',
  target: 'http',
  expectedKillers: ['http.auth'],
  version: 1,
  *mutate(target, context) {
    const found = httpTargetOf(target, context);
    if (found === undefined) return;
    const { exchange, http } = found;
    const header = exchange.response.headers['www-authenticate'];
    const challenge = bearerChallenge(header);
    if (header === undefined || challenge === undefined) return;
    const candidates: Variant[] = [];
    const drop = (name: string): Variant => ({
      value: withHeader(exchange, 'www-authenticate', withoutParam(header, name)),
      replacement: `WWW-Authenticate without ${name}`,
      path: PATH,
    });
    const dropHeader: Variant = {
      value: withHeader(exchange, 'www-authenticate', undefined),
      replacement: 'WWW-Authenticate dropped',
      path: PATH,
    };
    const { status } = exchange.response;
    if (status === 401) {
      candidates.push(dropHeader);
      if (http.resourceMetadataOn401 && challenge.params['resource_metadata'] !== undefined)
        candidates.push(drop('resource_metadata'));
    }
    if (
      status === 403 &&
      http.scopeChallenge &&
      challenge.params['error'] === 'insufficient_scope'
    ) {
      candidates.push(dropHeader);
      if (challenge.params['scope'] !== undefined) candidates.push(drop('scope'));
      candidates.push(drop('error'));
    }
    yield* distinct(target, candidates);
  },
};

/** The header with `name` removed from its Bearer challenge (other challenges kept as they are). */
function withoutParam(header: string, name: string): string {
  return parseChallenges(header)
    .map((challenge): AuthChallenge => {
      if (challenge.scheme.toLowerCase() !== 'bearer') return challenge;
      const params = Object.fromEntries(
        Object.entries(challenge.params).filter(([key]) => key !== name),
      );
      return { scheme: challenge.scheme, params };
    })
    .map(formatChallenge)
    .join(', ');
}
