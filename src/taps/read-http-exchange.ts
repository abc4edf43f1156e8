// Turning a fetch call into an HttpExchange and back: what the `mutatingFetch` tap records, and the
// Response it hands the client when a mutant replaced the exchange.
import type { JsonValue } from '../envelope/json-value.js';
import {
  RECORDED_REQUEST_HEADERS,
  RECORDED_RESPONSE_HEADERS,
  jsonBodyText,
  type HttpBody,
  type HttpRequestRecord,
  type HttpResponseRecord,
} from '../http/http-exchange.js';
import { formatSse, parseSse } from '../http/sse.js';

/** Statuses whose response has no body (Fetch standard "null body status"). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** The request part of an exchange, read from fetch's arguments without consuming anything. */
export function readRequest(input: string | URL | Request, init?: RequestInit): HttpRequestRecord {
  const request = input instanceof Request ? input : undefined;
  const url = new URL(
    typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
  );
  const headers = new Headers(init?.headers ?? request?.headers);
  const recorded: Record<string, string> = {};
  for (const name of RECORDED_REQUEST_HEADERS) {
    const value = headers.get(name);
    if (value === null) continue;
    // RFC 6750 §2.1 `Bearer <token>`: the scheme says a credential was sent; the token stays out.
    recorded[name] = name === 'authorization' ? (value.split(/\s+/)[0] ?? '') : value;
  }
  const body = typeof init?.body === 'string' ? parseJson(init.body) : undefined;
  return {
    method: (init?.method ?? request?.method ?? 'GET').toUpperCase(),
    path: `${url.pathname}${url.search}`,
    headers: recorded,
    ...(body === undefined ? {} : { body }),
  };
}

/** The recorded headers of a response, lower-case names. */
export function readResponseHeaders(headers: Headers): Record<string, string> {
  const recorded: Record<string, string> = {};
  for (const name of RECORDED_RESPONSE_HEADERS) {
    const value = headers.get(name);
    if (value !== null) recorded[name] = value;
  }
  return recorded;
}

/** A whole body read as text, typed by its `Content-Type` (JSON, SSE, else text). */
export function readBody(text: string, contentType: string | undefined): HttpBody {
  if (text === '') return { kind: 'empty' };
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase();
  if (type === 'text/event-stream') return { kind: 'sse', events: parseSse(text) };
  if (type === 'application/json') {
    const value = parseJson(text);
    if (value !== undefined) return { kind: 'json', value };
  }
  return { kind: 'text', text };
}

/**
 * The Response a client receives for `record`: the original's other headers, the record's
 * status, recorded headers and body. `stream` is the original body for a body the tap left unread.
 */
export function toResponse(
  original: Response,
  record: HttpResponseRecord,
  stream: ReadableStream<Uint8Array> | null,
  text?: string,
): Response {
  const headers = new Headers(original.headers);
  for (const name of RECORDED_RESPONSE_HEADERS) headers.delete(name);
  headers.delete('content-length');
  for (const [name, value] of Object.entries(record.headers)) headers.set(name, value);
  const body = NULL_BODY_STATUSES.has(record.status) ? null : (text ?? bodyOf(record.body, stream));
  const statusText = record.status === original.status ? original.statusText : '';
  const response = new Response(body, { status: clampStatus(record.status), statusText, headers });
  // Where the answer came from is the request's, not the mutant's: a client that followed a
  // redirect still reads it (`redirected`, `url`), which a new Response would say it did not.
  return Object.defineProperties(response, {
    url: { value: original.url },
    redirected: { value: original.redirected },
  });
}

function bodyOf(
  body: HttpBody,
  stream: ReadableStream<Uint8Array> | null,
): string | ReadableStream<Uint8Array> | null {
  switch (body.kind) {
    case 'empty':
      return null;
    case 'stream':
      return stream;
    case 'json':
      return jsonBodyText(body);
    case 'sse':
      return formatSse(body.events);
    case 'text':
      return body.text;
  }
}

/** `new Response` throws outside 200–599; a record from a mutant could hold anything. */
function clampStatus(status: number): number {
  return Number.isInteger(status) && status >= 200 && status <= 599 ? status : 500;
}

function parseJson(text: string): JsonValue | undefined {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return undefined;
  }
}
