import type { JsonValue } from '../src/envelope/json-value.js';
import type { Mutator } from '../src/mutant/mutator.js';
import { answeredWith, authFailureOf, completeResult } from './_http.js';

/** The empty success of each list method, and of a tool call; `{}` for any other method. */
const EMPTY_RESULTS: Readonly<Record<string, Readonly<Record<string, JsonValue>>>> = {
  'tools/call': { content: [] },
  'tools/list': { tools: [] },
  'resources/list': { resources: [] },
  'resources/templates/list': { resourceTemplates: [] },
  'prompts/list': { prompts: [] },
};

/**
 * Answers an authorization failure as an empty success (`200`, an empty list or an empty tool
 * result): what a published remote server did for some insufficiently-authorized operations. The
 * caller reads "nothing there" where the answer was "not allowed" (MCP authorization.mdx "Error
 * Handling": 401/403).
 */
export const authFailureAsSuccess: Mutator<'auth-failure-as-success'> = {
  name: 'auth-failure-as-success',
  description: 'Answers a 401/403 as 200 with an empty success (empty list or empty tool result).',
  layer: 'http',
  target: 'http',
  expectedKillers: ['http.auth'],
  version: 1,
  *mutate(target, context) {
    const failure = authFailureOf(target, context);
    if (failure === undefined) return;
    const { exchange, call } = failure;
    const result = completeResult(EMPTY_RESULTS[call.method] ?? {}, context);
    yield {
      value: answeredWith(exchange, { jsonrpc: '2.0', id: call.id, result }),
      replacement: `${exchange.response.status} → 200 with an empty success`,
      path: ['response', 'status'],
    };
  },
};
