import { isJsonObject } from '../src/envelope/json-value.js';
import { requestMessages, type HttpExchange } from '../src/http/http-exchange.js';
import type { Mutator } from '../src/mutant/mutator.js';
import { httpTargetOf, statusVariant } from './_http.js';

/**
 * Answers an accepted notification or response with `200` instead of `202`. Every revision's
 * transport (2025-06-18 and 2025-11-25 transports.mdx "Sending Messages", 2026-07-28
 * streamable-http.mdx "Sending Messages"): "If the server accepts the input, the server MUST
 * return HTTP status code 202 Accepted with no body." A `200` is what a server sends when it
 * treats the message as a request; the SDK client starts its standalone stream only on a 202.
 * The body stays empty: a suite that kills this variant checks the status, and so would also kill
 * a `200` with a body, which adds a mutant per site and no information.
 */
export const changeAcceptedResponse: Mutator<'change-accepted-response'> = {
  name: 'change-accepted-response',
  description: 'Answers an accepted notification or response with 200 instead of 202 Accepted.',
  layer: 'http',
  target: 'http',
  expectedKillers: ['http.status'],
  version: 1,
  *mutate(target, context) {
    const found = httpTargetOf(target, context);
    if (found === undefined) return;
    const { exchange } = found;
    const { status, body } = exchange.response;
    if (status !== 202 || body.kind !== 'empty' || !carriesNoRequest(exchange)) return;
    yield statusVariant(exchange, 200, '202 → 200 with no body');
  },
};

/** A POST of notifications or responses only: the input "Sending Messages" item 4 is about. */
function carriesNoRequest(exchange: HttpExchange): boolean {
  const messages = requestMessages(exchange.request);
  return (
    exchange.request.method === 'POST' &&
    messages.length > 0 &&
    messages.every(
      (message) =>
        isJsonObject(message) && !(typeof message['method'] === 'string' && 'id' in message),
    )
  );
}
