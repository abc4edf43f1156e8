import type { Mutator } from '../src/mutant/mutator.js';
import { answeredWith, authFailureOf, failureText } from './_http.js';

/**
 * Answers an authorization failure as a JSON-RPC error inside a `200`: the client sees a failed
 * call but no challenge, so it cannot authorize or step up (MCP authorization.mdx "Error
 * Handling": "Servers MUST return appropriate HTTP status codes for authorization errors").
 */
export const authFailureAsProtocolError: Mutator<'auth-failure-as-protocol-error'> = {
  name: 'auth-failure-as-protocol-error',
  description: 'Answers a 401/403 as 200 carrying a JSON-RPC error (-32603) with the message.',
  layer: 'http',
  target: 'http',
  expectedKillers: ['http.auth'],
  version: 1,
  *mutate(target, context) {
    const failure = authFailureOf(target, context);
    if (failure === undefined) return;
    const { exchange, call } = failure;
    const error = { code: -32603, message: failureText(exchange) };
    yield {
      value: answeredWith(exchange, { jsonrpc: '2.0', id: call.id, error }),
      replacement: `${exchange.response.status} → 200 with JSON-RPC error -32603`,
      path: ['response', 'status'],
    };
  },
};
