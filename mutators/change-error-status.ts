import { isJsonObject } from '../src/envelope/json-value.js';
import { bodyMessages } from '../src/http/http-exchange.js';
import type { Mutator } from '../src/mutant/mutator.js';
import { httpTargetOf, statusVariant } from './_http.js';
import { distinct } from './_variants.js';

/**
 * Changes the status a protocol error travels with: a 4xx (other than 401/403) carrying a JSON-RPC
 * error becomes `200` or `500`. The revision pairs them: a missing session is 400 and an unknown
 * one 404 (2025-06-18, 2025-11-25 transports.mdx "Session Management"), an unsupported
 * `MCP-Protocol-Version` 400 ("Protocol Version Header"), and under 2026-07-28 -32601 is 404 and
 * -32022 / -32020 are 400 ("Request Metadata", "Server Validation").
 */
export const changeErrorStatus: Mutator<'change-error-status'> = {
  name: 'change-error-status',
  description: 'Changes the 4xx status paired with a JSON-RPC error to 200 or 500.',
  layer: 'http',
  target: 'http',
  expectedKillers: ['http.status', 'http.session'],
  version: 1,
  *mutate(target, context) {
    const found = httpTargetOf(target, context);
    if (found === undefined) return;
    const { exchange } = found;
    const { status } = exchange.response;
    if (status < 400 || status >= 500 || status === 401 || status === 403) return;
    const carriesError = bodyMessages(exchange.response.body).some(
      (message) => isJsonObject(message) && isJsonObject(message['error']),
    );
    if (!carriesError) return;
    yield* distinct(
      target,
      [200, 500].map((replacement) =>
        statusVariant(exchange, replacement, `${status} → ${replacement}`),
      ),
    );
  },
};
