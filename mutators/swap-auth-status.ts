import type { Mutator } from '../src/mutant/mutator.js';
import { httpTargetOf, isOriginRejection, statusVariant } from './_http.js';

/**
 * Turns 401 into 403 and back, challenge unchanged. They ask different things of the client (MCP
 * authorization.mdx "Error Handling": 401 "Authorization required or token invalid", 403
 * "Invalid scopes or insufficient permissions"; RFC 6750 §3.1): a 403 for a missing token sends it
 * to step up a token it does not have, a 401 for a missing scope to re-authenticate in a loop.
 */
export const swapAuthStatus: Mutator<'swap-auth-status'> = {
  name: 'swap-auth-status',
  description: 'Turns a 401 into a 403 and a 403 into a 401, keeping the challenge.',
  layer: 'http',
  target: 'http',
  expectedKillers: ['http.status'],
  version: 1,
  *mutate(target, context) {
    const found = httpTargetOf(target, context);
    if (found === undefined) return;
    const { status } = found.exchange.response;
    // An Origin rejection is no authorization decision: `serve-foreign-origin` attacks it.
    if ((status !== 401 && status !== 403) || isOriginRejection(found.exchange)) return;
    const swapped = status === 401 ? 403 : 401;
    yield statusVariant(found.exchange, swapped, `${status} → ${swapped}`);
  },
};
