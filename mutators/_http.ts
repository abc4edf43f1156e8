import type { JsonValue } from '../src/envelope/json-value.js';
import {
  isHttpExchange,
  requestCall,
  type HttpExchange,
  type HttpResponseRecord,
} from '../src/http/http-exchange.js';
import { bearerChallenge } from '../src/http/www-authenticate.js';
import type { MutatorContext, Variant } from '../src/mutant/mutator.js';
import { httpProfileOf, type HttpProfile } from '../src/taxonomy/http-profile.js';

/** An HTTP exchange a mutator may attack under the context's profile, with its revision's facts. */
export interface HttpTarget {
  readonly exchange: HttpExchange;
  readonly http: HttpProfile;
}

/** The exchange, when `target` is one and the profile has an HTTP transport. */
export function httpTargetOf(target: unknown, context: MutatorContext): HttpTarget | undefined {
  const http = httpProfileOf(context.taxonomy.profile.name);
  if (http === undefined || !isHttpExchange(target)) return undefined;
  return { exchange: target, http };
}

/**
 * An authorization failure answered as the revision requires (401 or 403, MCP authorization.mdx
 * "Error Handling") to a POSTed JSON-RPC request: what the auth-failure mutators rewrite.
 */
export function authFailureOf(
  target: unknown,
  context: MutatorContext,
): (HttpTarget & { readonly call: { id: string | number; method: string } }) | undefined {
  const found = httpTargetOf(target, context);
  if (found === undefined) return undefined;
  const { status } = found.exchange.response;
  const call = requestCall(found.exchange.request);
  if ((status !== 401 && status !== 403) || call === undefined) return undefined;
  if (isOriginRejection(found.exchange)) return undefined;
  return { ...found, call };
}

/**
 * A 403 without a challenge to a request that carries an `Origin`: the server's Origin check (MCP
 * 2025-11-25 transports.mdx "Security Warning": "If the `Origin` header is present and invalid,
 * servers MUST respond with HTTP 403 Forbidden"), not an authorization decision, which comes with
 * a `WWW-Authenticate` challenge when a request carries one.
 */
export function isOriginRejection(exchange: HttpExchange): boolean {
  return (
    exchange.response.status === 403 &&
    exchange.request.headers['origin'] !== undefined &&
    exchange.response.headers['www-authenticate'] === undefined
  );
}

/** The human text of the failure: the challenge's `error_description`, else a generic phrase. */
export function failureText(exchange: HttpExchange): string {
  const challenge = bearerChallenge(exchange.response.headers['www-authenticate']);
  const description = challenge?.params['error_description'];
  if (description !== undefined && description !== '') return description;
  return exchange.response.status === 403 ? 'Forbidden: insufficient scope' : 'Unauthorized';
}

/**
 * The exchange answered `200 OK` with `message` as its JSON body and no challenge: how servers
 * that report authorization inside JSON-RPC answer.
 */
export function answeredWith(exchange: HttpExchange, message: JsonValue): HttpExchange {
  const headers: Record<string, string> = {
    ...exchange.response.headers,
    'content-type': 'application/json',
  };
  delete headers['www-authenticate'];
  const response: HttpResponseRecord = {
    status: 200,
    headers,
    body: { kind: 'json', value: message },
  };
  return { request: exchange.request, response };
}

/** A copy of the exchange with another response status. */
function withStatus(exchange: HttpExchange, status: number): HttpExchange {
  return { request: exchange.request, response: { ...exchange.response, status } };
}

/** The exchange answered with another status, `replacement` saying how. */
export function statusVariant(
  exchange: HttpExchange,
  status: number,
  replacement: string,
): Variant {
  return { value: withStatus(exchange, status), replacement, path: ['response', 'status'] };
}

/** A copy of the exchange with one response header set, or removed when `value` is undefined. */
export function withHeader(
  exchange: HttpExchange,
  name: string,
  value: string | undefined,
): HttpExchange {
  const headers = Object.fromEntries(
    Object.entries(exchange.response.headers).filter(([key]) => key !== name),
  );
  if (value !== undefined) headers[name] = value;
  return { request: exchange.request, response: { ...exchange.response, headers } };
}

/** MCP 2026-07-28 requires `resultType` on every result; earlier revisions have none. */
export function completeResult(
  result: Readonly<Record<string, JsonValue>>,
  context: MutatorContext,
): Record<string, JsonValue> {
  return context.taxonomy.profile.requiresResultType
    ? { resultType: 'complete', ...result }
    : { ...result };
}
