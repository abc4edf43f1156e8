import { isJsonObject } from '../../envelope/json-value.js';
import { bodyMessages, requestMessages, type HttpExchange } from '../../http/http-exchange.js';
import { bearerChallenge } from '../../http/www-authenticate.js';
import { describeHttpResponse } from '../describe-http-response.js';
import { HTTP_FAILURE_STATUS, type HttpFailure } from '../http-check-context.js';
import type { HttpRuleInput } from '../http-rule-input.js';
import type { Violation } from '../violation.js';
import { violation } from '../violation-message.js';

const STATUS_PATH = ['response', 'status'];

const FAILURE_SOURCES: Readonly<Record<HttpFailure, string>> = {
  unauthorized: 'a missing or invalid token (authorization.mdx "Error Handling")',
  'insufficient-scope': 'an insufficient scope (authorization.mdx "Error Handling")',
  'missing-session': 'a missing session id (transports.mdx "Session Management")',
  'unknown-session': 'an unknown session (transports.mdx "Session Management")',
  'unsupported-protocol-version':
    'an unsupported MCP-Protocol-Version (transports.mdx "Protocol Version Header")',
  'foreign-origin': 'an invalid Origin header (transports.mdx "Security Warning")',
};

/**
 * `http.status`: the status is the one the revision pairs with what happened. The provoked failure
 * gets its status (authorization.mdx "Error Handling": 401 / 403; "Protocol Version Header": 400);
 * a Bearer `error` agrees with its status (RFC 6750 §3.1: `invalid_token` 401,
 * `insufficient_scope` 403); an accepted notification or response gets 202 with no body
 * (transports.mdx "Sending Messages"); an invalid `Origin` gets 403 (2025-11-25 transports.mdx
 * "Security Warning", 2026-07-28 "Security & Endpoint"); under 2026-07-28 a JSON-RPC error comes with its paired
 * status (-32601 → 404, -32022 and -32020 → 400). Session statuses are `http.session`'s, and an
 * authorization failure answered with a 2xx is `http.auth`'s.
 */
export function httpStatus(input: HttpRuleInput, out: Violation[]): void {
  const { exchange, context, http } = input;
  const { status } = exchange.response;
  const expected = context.expected;
  if (
    expected !== undefined &&
    !deferred(expected, input) &&
    status !== HTTP_FAILURE_STATUS[expected]
  ) {
    out.push(
      violation(
        'http.status',
        STATUS_PATH,
        `${HTTP_FAILURE_STATUS[expected]} for ${FAILURE_SOURCES[expected]}`,
        describeHttpResponse(exchange.response),
      ),
    );
    return;
  }
  const error = bearerChallenge(exchange.response.headers['www-authenticate'])?.params['error'];
  const paired = error === 'insufficient_scope' ? 403 : error === 'invalid_token' ? 401 : undefined;
  if (paired !== undefined && status !== paired) {
    out.push(
      violation(
        'http.status',
        STATUS_PATH,
        `${paired} for a challenge with error="${error}" (RFC 6750 §3.1)`,
        String(status),
      ),
    );
    return;
  }
  checkAccepted(exchange, out);
  for (const code of errorCodes(exchange)) {
    const want = http.pairedStatuses.get(code);
    if (want === undefined || want === status) continue;
    out.push(
      violation(
        'http.status',
        STATUS_PATH,
        `${want} with JSON-RPC error ${code} (MCP 2026-07-28 streamable-http.mdx "Request Metadata")`,
        String(status),
      ),
    );
    return;
  }
}

/**
 * Failures another rule judges: a 2xx authorization failure (`http.auth`), sessions
 * (`http.session`); and the Origin status where the revision names none (2025-06-18).
 */
function deferred(expected: HttpFailure, { exchange, http }: HttpRuleInput): boolean {
  const { status } = exchange.response;
  if (expected === 'foreign-origin') return !http.originForbidden;
  if (expected === 'unauthorized' || expected === 'insufficient-scope')
    return status >= 200 && status < 300;
  return expected === 'missing-session' || expected === 'unknown-session';
}

/** MCP transports.mdx "Sending Messages" item 4: "202 Accepted with no body". */
function checkAccepted(exchange: HttpExchange, out: Violation[]): void {
  const { request, response } = exchange;
  const messages = requestMessages(request);
  if (request.method !== 'POST' || messages.length === 0) return;
  const onlyNoReply = messages.every(
    (message) =>
      isJsonObject(message) && !(typeof message['method'] === 'string' && 'id' in message),
  );
  if (!onlyNoReply || response.status < 200 || response.status >= 300) return;
  if (response.status === 202 && response.body.kind === 'empty') return;
  out.push(
    violation(
      'http.status',
      STATUS_PATH,
      '202 Accepted with no body for an accepted notification or response (MCP transports.mdx "Sending Messages")',
      describeHttpResponse(response),
    ),
  );
}

function errorCodes(exchange: HttpExchange): number[] {
  return bodyMessages(exchange.response.body).flatMap((message) => {
    const error = isJsonObject(message) ? message['error'] : undefined;
    return isJsonObject(error) && Number.isInteger(error['code']) ? [error['code'] as number] : [];
  });
}
