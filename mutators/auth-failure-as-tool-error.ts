import type { Mutator } from '../src/mutant/mutator.js';
import { answeredWith, authFailureOf, completeResult, failureText } from './_http.js';

/**
 * Answers an authorization failure of a `tools/call` as a tool error: `200` with `isError: true`
 * and the message in content. Seed 002 names it a mistake: "use isError for authorization failures
 * on a remote server … Lack of permission is answered at the HTTP/OAuth layer — 401/403"; the
 * client can no longer step up, and the model reads a permission message it cannot act on.
 */
export const authFailureAsToolError: Mutator<'auth-failure-as-tool-error'> = {
  name: 'auth-failure-as-tool-error',
  description:
    'Answers a 401/403 to tools/call as 200 with an isError tool result carrying the message.',
  layer: 'http',
  target: 'http',
  expectedKillers: ['http.auth'],
  version: 1,
  *mutate(target, context) {
    const failure = authFailureOf(target, context);
    if (failure === undefined || failure.call.method !== 'tools/call') return;
    const { exchange, call } = failure;
    const result = completeResult(
      { content: [{ type: 'text', text: failureText(exchange) }], isError: true },
      context,
    );
    yield {
      value: answeredWith(exchange, { jsonrpc: '2.0', id: call.id, result }),
      replacement: `${exchange.response.status} → 200 with isError: true`,
      path: ['response', 'status'],
    };
  },
};
