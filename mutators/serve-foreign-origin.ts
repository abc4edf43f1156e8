import { requestCall } from '../src/http/http-exchange.js';
import type { Mutator } from '../src/mutant/mutator.js';
import {
  answeredWith,
  completeResult,
  httpTargetOf,
  isOriginRejection,
  statusVariant,
} from './_http.js';
import { distinct } from './_variants.js';

/**
 * Lets a request from a foreign `Origin` through, or refuses it with another status. MCP
 * 2025-11-25 transports.mdx "Security Warning" and 2026-07-28 streamable-http.mdx "Security &
 * Endpoint": "Servers MUST validate the `Origin` header on all incoming connections to prevent DNS
 * rebinding attacks. If the `Origin` header is present and invalid, servers MUST respond with HTTP
 * 403 Forbidden." A server that serves the request is open to a web page the user visits; one
 * that answers 400 hides why from the client. 2025-06-18 names no status: nothing to mutate there.
 */
export const serveForeignOrigin: Mutator<'serve-foreign-origin'> = {
  name: 'serve-foreign-origin',
  description:
    'Answers a 403 to a request with a foreign Origin as 200 (served) or 400 (another refusal).',
  layer: 'http',
  target: 'http',
  expectedKillers: ['http.status'],
  version: 1,
  *mutate(target, context) {
    const found = httpTargetOf(target, context);
    if (found === undefined || !found.http.originForbidden) return;
    const { exchange } = found;
    if (!isOriginRejection(exchange)) return;
    const call = requestCall(exchange.request);
    // Served: a request gets an empty success; anything else the 202 of an accepted message.
    const served =
      call === undefined
        ? {
            request: exchange.request,
            response: { status: 202, headers: {}, body: { kind: 'empty' as const } },
          }
        : answeredWith(exchange, {
            jsonrpc: '2.0',
            id: call.id,
            result: completeResult({}, context),
          });
    yield* distinct(target, [
      {
        value: served,
        replacement: `403 → ${served.response.status}: the foreign Origin served`,
        path: ['response', 'status'],
      },
      statusVariant(exchange, 400, '403 → 400 for a foreign Origin'),
    ]);
  },
};
