import { isHttpExchange } from '../http/http-exchange.js';
import { httpProfileOf } from '../taxonomy/http-profile.js';
import type { Taxonomy } from '../taxonomy/taxonomy.js';
import { assertTaxonomy } from './assert-taxonomy.js';
import type { HttpCheckContext } from './http-check-context.js';
import type { HttpRule } from './http-rule-input.js';
import { findLeak, redactLeaks, type LeakFinding } from './leak-patterns.js';
import { parseChallenges } from '../http/www-authenticate.js';
import { httpAuth } from './rules/http-auth.js';
import { httpSession } from './rules/http-session.js';
import { httpStatus } from './rules/http-status.js';
import type { Violation } from './violation.js';
import { violation, describeValue } from './violation-message.js';

/** The rules judged on an HTTP exchange, in report order. */
export const HTTP_RULES: readonly HttpRule[] = [httpStatus, httpAuth, httpSession];

/**
 * The oracle of the HTTP layer: every rule an HTTP exchange breaks under `taxonomy`, given what
 * the test knows (`context`). A profile without an HTTP transport (`jsonrpc-2.0`) judges nothing.
 * The envelopes in the body are judged by {@link check} at their own sites. Pure, never throws.
 */
export function checkHttp(
  exchange: unknown,
  context: HttpCheckContext,
  taxonomy: Taxonomy,
): Violation[] {
  assertTaxonomy(taxonomy, 'checkHttp taxonomy');
  const http = httpProfileOf(taxonomy.profile.name);
  if (http === undefined) return [];
  if (!isHttpExchange(exchange)) {
    return [
      violation('http.status', [], 'an HTTP exchange {request, response}', describeValue(exchange)),
    ];
  }
  const out: Violation[] = [];
  for (const rule of HTTP_RULES) rule({ exchange, context, http }, out);
  const canaries = context.canaries ?? [];
  const leak = challengeLeak(exchange.response.headers['www-authenticate'], canaries);
  if (leak !== null) {
    // Clients log WWW-Authenticate (error_description is "human-readable"): it must hold no secret.
    out.push(
      violation(
        'sanitize.leak',
        ['response', 'headers', 'www-authenticate'],
        `no ${leak.kind.replace('-', ' ')}`,
        `one (${leak.redacted})`,
      ),
    );
  }
  return canaries.length === 0
    ? out
    : out.map((violation) => ({ ...violation, message: redactLeaks(violation.message, canaries) }));
}

/**
 * A leak in the challenge's parameter values. The scheme is left out: `Bearer resource_metadata`
 * has the shape of a bearer credential to the leak patterns, and the scheme is no secret.
 */
function challengeLeak(
  header: string | undefined,
  canaries: readonly string[],
): LeakFinding | null {
  if (header === undefined) return null;
  const challenges = parseChallenges(header);
  if (challenges.length === 0) return findLeak(header, canaries);
  for (const challenge of challenges) {
    for (const value of Object.values(challenge.params)) {
      const leak = findLeak(value, canaries);
      if (leak !== null) return leak;
    }
  }
  return null;
}
