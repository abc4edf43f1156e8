import { isJsonObject, type JsonValue } from '../envelope/json-value.js';

/**
 * One HTTP exchange of the Streamable HTTP transport (MCP 2025-11-25 basic/transports.mdx), as a
 * site sees it: the request's method, path and the headers the rules read, and the response's
 * status, headers and body. Plain JSON, so it can be recorded, mutated and replayed like an
 * envelope. Header names are lower-case (RFC 9110 §5.1: field names are case-insensitive).
 */
export interface HttpExchange {
  readonly request: HttpRequestRecord;
  readonly response: HttpResponseRecord;
}

export interface HttpRequestRecord {
  /** `POST`, `GET` or `DELETE` (the methods of the MCP endpoint). */
  readonly method: string;
  /** The URL's path and query; the origin is left out (a test server listens on port 0). */
  readonly path: string;
  /** `authorization` keeps only its scheme (`Bearer`): a record never holds a token. */
  readonly headers: Readonly<Record<string, string>>;
  /** The JSON body of a POST (one JSON-RPC message), when it was JSON. */
  readonly body?: JsonValue;
}

export interface HttpResponseRecord {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: HttpBody;
}

/** One Server-Sent Event (WHATWG HTML "Server-sent events"): its fields as they were sent. */
export interface SseEvent {
  readonly event?: string;
  readonly id?: string;
  readonly data: string;
}

/**
 * How a JSON body is written: `JSON.stringify(value, null, indent)` between `before` and `after`,
 * which hold only whitespace (RFC 8259 §2: insignificant whitespace may surround the value and
 * every structural character). A layout, not a text, so that the value a mutant is replayed on
 * (`rebaseMutant`) is the one written.
 */
export interface JsonLayout {
  readonly indent: number;
  readonly before: string;
  readonly after: string;
}

/**
 * A response body: none, one JSON value, SSE events (each `data` usually one JSON-RPC message),
 * other text, or a stream the tap did not read (a GET's standalone SSE stream stays open). A JSON
 * body is sent compact, or in the `layout` a mutant gives it (only `reformat-json-text` does).
 */
export type HttpBody =
  | { readonly kind: 'empty' }
  | { readonly kind: 'json'; readonly value: JsonValue; readonly layout?: JsonLayout }
  | { readonly kind: 'sse'; readonly events: readonly SseEvent[] }
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'stream' };

/**
 * The request headers a record keeps. `origin` is the one the server validates against DNS
 * rebinding (MCP 2025-11-25 transports.mdx "Security Warning").
 *
 * @internal
 */
export const RECORDED_REQUEST_HEADERS = [
  'authorization',
  'mcp-session-id',
  'mcp-protocol-version',
  'origin',
] as const;

/**
 * The response headers a record keeps: those the HTTP rules read.
 *
 * @internal
 */
export const RECORDED_RESPONSE_HEADERS = [
  'content-type',
  'www-authenticate',
  'mcp-session-id',
] as const;

/** Type guard for a recorded exchange (sites cross a process boundary as JSON). */
export function isHttpExchange(value: unknown): value is HttpExchange {
  if (!isJsonObject(value)) return false;
  const { request, response } = value;
  return (
    isJsonObject(request) &&
    typeof request['method'] === 'string' &&
    typeof request['path'] === 'string' &&
    isStringRecord(request['headers']) &&
    isJsonObject(response) &&
    Number.isInteger(response['status']) &&
    isStringRecord(response['headers']) &&
    isHttpBody(response['body'])
  );
}

function isStringRecord(value: unknown): value is Readonly<Record<string, string>> {
  return isJsonObject(value) && Object.values(value).every((item) => typeof item === 'string');
}

function isJsonLayout(value: unknown): value is JsonLayout {
  const blank = (text: unknown): boolean => typeof text === 'string' && /^[ \t\n\r]*$/.test(text);
  return (
    isJsonObject(value) &&
    Number.isInteger(value['indent']) &&
    blank(value['before']) &&
    blank(value['after'])
  );
}

/**
 * The text a JSON body is sent as: compact, or in its layout.
 *
 * @internal
 */
export function jsonBodyText(body: {
  readonly value: JsonValue;
  readonly layout?: JsonLayout;
}): string {
  const { layout } = body;
  if (layout === undefined) return JSON.stringify(body.value);
  return `${layout.before}${JSON.stringify(body.value, null, layout.indent)}${layout.after}`;
}

function isHttpBody(value: unknown): value is HttpBody {
  if (!isJsonObject(value)) return false;
  switch (value['kind']) {
    case 'empty':
    case 'stream':
      return true;
    case 'json':
      return 'value' in value && (!('layout' in value) || isJsonLayout(value['layout']));
    case 'text':
      return typeof value['text'] === 'string';
    case 'sse':
      return (
        Array.isArray(value['events']) &&
        value['events'].every((event) => isJsonObject(event) && typeof event['data'] === 'string')
      );
    default:
      return false;
  }
}

/**
 * The JSON values a body carries: the JSON value (each element of an array), or each SSE event's
 * `data` that parses as JSON. Events with empty data (MCP 2025-11-25 priming events) carry none.
 *
 * @internal
 */
export function bodyMessages(body: HttpBody): unknown[] {
  if (body.kind === 'json')
    return Array.isArray(body.value) ? Array.from<unknown>(body.value) : [body.value];
  if (body.kind !== 'sse') return [];
  return body.events.flatMap((event) => {
    if (event.data.trim() === '') return [];
    try {
      return [JSON.parse(event.data) as unknown];
    } catch {
      return [];
    }
  });
}

/**
 * The JSON-RPC messages of the request body (a single message, or a batch's elements).
 *
 * @internal
 */
export function requestMessages(request: HttpRequestRecord): unknown[] {
  const body = request.body;
  if (body === undefined) return [];
  return Array.isArray(body) ? Array.from<unknown>(body) : [body];
}

/**
 * The one JSON-RPC request (method and id) the POST carried, if it carried one.
 *
 * @internal
 */
export function requestCall(
  request: HttpRequestRecord,
): { readonly id: string | number; readonly method: string } | undefined {
  for (const message of requestMessages(request)) {
    if (!isJsonObject(message)) continue;
    const { id, method } = message;
    if (typeof method === 'string' && (typeof id === 'string' || typeof id === 'number'))
      return { id, method };
  }
  return undefined;
}
