import type { JsonValue } from '../envelope/json-value.js';
import {
  requestCall,
  type HttpBody,
  type HttpExchange,
  isHttpExchange,
} from '../http/http-exchange.js';
import { relayoutJsonText } from '../http/relayout-json-text.js';
import type { CheckContext } from '../oracle/check-context.js';
import { walkStrings } from '../oracle/walk-strings.js';
import { readBody, readRequest, readResponseHeaders, toResponse } from './read-http-exchange.js';
import { readEventStream } from './read-event-stream.js';
import { sameJson } from './rebase-mutant.js';
import { activeTapState, observeSite, reserveSite, type ReservedSite } from './tap-state.js';

/** The `fetch` signature the MCP SDK's `StreamableHTTPClientTransport` accepts as `fetch`. */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** A tapped fetch: call it like `fetch`; it remembers every exchange for the suite to assert on. */
export interface HttpTap extends FetchLike {
  /** Every exchange so far, in order, as the client saw it (the active mutant's, if any). */
  readonly exchanges: readonly HttpExchange[];
  /** The latest exchange; throws when there is none yet. */
  last(): HttpExchange;
}

/**
 * Wraps a `fetch` so that every HTTP exchange is a site (kind `http`), keyed
 * `<test id>#http:<HTTP method>:<JSON-RPC method>#<ordinal>` (numbered in the order the requests
 * were made, not the order their answers came): the status, the headers the HTTP
 * rules read and the body (JSON, SSE events or text). Pass it as the `fetch` option of the SDK's
 * `StreamableHTTPClientTransport`; the envelopes in the bodies stay sites of `connectRaw` /
 * `mutatingTransport` as over any transport. Outside a mutation run, and wherever no mutant
 * applies, the client gets the server's own response.
 *
 * Bodies are read whole before the client sees them (a POST's SSE stream ends with its response,
 * MCP transports.mdx "Sending Messages"), but for a POST's stream on which the server asks the
 * client something first (`readEventStream`): that one is passed on as it comes, and is no site.
 * A GET's standalone event stream is passed on unread.
 * Recorded values never hold a token (`authorization` keeps its scheme), and the server's origin
 * and session ids are replaced by `<origin>` and `<session-N>` in the site, so a site recorded
 * against one port replays against another.
 */
export function mutatingFetch(fetchFn: FetchLike = globalThis.fetch): HttpTap {
  const exchanges: HttpExchange[] = [];
  const names = createVolatileNames();
  const tapped = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = readRequest(input, init);
    const origin = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
    ).origin;
    // Named when the request is made, not when its answer comes: concurrent requests answered
    // in any order keep their keys (`reserveSite`).
    const state = activeTapState();
    const reserved = state === undefined ? undefined : reserveSite(state, labelOf(request));
    const response = await fetchFn(input, init);
    const headers = readResponseHeaders(response.headers);
    const eventStream = EVENT_STREAM.test(headers['content-type'] ?? '');
    const streaming = request.method === 'GET' && eventStream;
    // Read from a clone: a response no mutant changes reaches the client as it came, byte for
    // byte (a 20-digit id or an SSE comment that a parse and a write would lose), with its url.
    const read = streaming
      ? undefined
      : eventStream
        ? await readEventStream(response.clone())
        : { whole: await response.clone().text() };
    const { status } = response;
    if (read !== undefined && 'asked' in read) {
      // The server asked the client something before its answer: the client gets the server's
      // own response now, as it came, and the suite its record once the stream ends. The exchange
      // is no site (no mutant could be replayed on a stream already handed on); the envelopes in
      // it still are, wherever a tap reads them (`connectRaw`, `mutatingTransport`).
      void read.asked.then(
        (text) =>
          exchanges.push({
            request,
            response: { status, headers, body: readBody(text, headers['content-type']) },
          }),
        () => undefined,
      );
      return response;
    }
    const text = read?.whole;
    const body =
      text === undefined ? ({ kind: 'stream' } as const) : readBody(text, headers['content-type']);
    const live: HttpExchange = { request, response: { status, headers, body } };
    const seen = observe(live, origin, names, reserved);
    exchanges.push(withoutLayout(seen));
    if (seen === live) return response;
    if (!streaming) await response.body?.cancel();
    const relaidOut = relaidOutText(live, seen, text);
    return toResponse(response, seen.response, streaming ? response.body : null, relaidOut);
  };
  return Object.assign(tapped, {
    exchanges,
    last(): HttpExchange {
      const exchange = exchanges[exchanges.length - 1];
      if (exchange === undefined) throw new Error('mutatingFetch: no HTTP exchange yet');
      return exchange;
    },
  });
}

/**
 * The exchange as the suite reads it: a JSON body is its parsed value, as `readBody` records it.
 * The layout a mutant writes it in (`reformat-json-text`) shows on the wire only, so a suite
 * sees that change where a client would: in the body's text.
 */
function withoutLayout(exchange: HttpExchange): HttpExchange {
  const { body } = exchange.response;
  if (body.kind !== 'json' || body.layout === undefined) return exchange;
  const parsed = { kind: 'json', value: body.value } as const;
  return { ...exchange, response: { ...exchange.response, body: parsed } };
}

/**
 * The live body's own text in the layout of a mutant that changed nothing else of it
 * (`reformat-json-text`): written from the parsed value, a 20-digit id would lose its last digits
 * and an escape its form, and the harmless mutant would break what it must leave alone.
 */
function relaidOutText(
  live: HttpExchange,
  seen: HttpExchange,
  text: string | undefined,
): string | undefined {
  const [before, after] = [live.response.body, seen.response.body];
  if (text === undefined || after.kind !== 'json' || after.layout === undefined) return undefined;
  if (before.kind !== 'json' || !sameJson(before.value, after.value)) return undefined;
  return relayoutJsonText(text, after.layout);
}

/** The exchange the client must see: `live`, or the active mutant of it. */
function observe(
  live: HttpExchange,
  origin: string,
  names: VolatileNames,
  reserved: ReservedSite | undefined,
): HttpExchange {
  const state = activeTapState();
  if (state === undefined) return live;
  const site = names.normalize(live, origin);
  const call = requestCall(live.request);
  const check: CheckContext = call === undefined ? {} : { requestId: call.id, method: call.method };
  const seen = observeSite(state, 'http', site, { label: labelOf(live.request), check, reserved });
  if (seen === site || !isHttpExchange(seen)) return live;
  return names.restore(seen, origin);
}

/** The label of an exchange's key: its HTTP method and the JSON-RPC method it carries. */
function labelOf(request: HttpExchange['request']): string {
  return `http:${request.method}:${requestCall(request)?.method ?? '-'}`;
}

interface VolatileNames {
  normalize(exchange: HttpExchange, origin: string): HttpExchange;
  restore(exchange: HttpExchange, origin: string): HttpExchange;
}

const ORIGIN = '<origin>';

const EVENT_STREAM = /^text\/event-stream/i;

/**
 * Values that change from run to run (the port of a server listening on port 0, the session ids
 * it mints) get stable names in sites, and their live values back when a mutant is replayed.
 */
function createVolatileNames(): VolatileNames {
  const sessions = new Map<string, string>();
  const nameOf = (id: string): string => {
    let name = sessions.get(id);
    if (name === undefined) {
      name = `<session-${sessions.size + 1}>`;
      sessions.set(id, name);
    }
    return name;
  };
  const idOf = (name: string): string =>
    [...sessions].find(([, known]) => known === name)?.[0] ?? name;
  const map = (
    headers: Readonly<Record<string, string>>,
    session: (value: string) => string,
    text: (value: string) => string,
  ): Record<string, string> =>
    Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [
        name,
        name === 'mcp-session-id' ? session(value) : text(value),
      ]),
    );
  const convert = (
    exchange: HttpExchange,
    session: (value: string) => string,
    text: (value: string) => string,
  ): HttpExchange => ({
    request: { ...exchange.request, headers: map(exchange.request.headers, session, (v) => v) },
    response: { ...exchange.response, headers: map(exchange.response.headers, session, text) },
  });
  const live = (origin: string) => (value: string) => value.split(ORIGIN).join(origin);
  return {
    normalize: (exchange, origin) =>
      convert(exchange, nameOf, (value) => value.split(origin).join(ORIGIN)),
    // A mutant may carry a header's text into the body (`auth-failure-as-tool-error` answers with
    // the challenge's `error_description`): the origin comes back there too.
    restore: (exchange, origin) => {
      const restored = convert(exchange, idOf, live(origin));
      const body = withStrings(restored.response.body, live(origin));
      return { ...restored, response: { ...restored.response, body } };
    },
  };
}

/** `body` with `text` applied to every string it carries (JSON strings, events' data, text). */
function withStrings(body: HttpBody, text: (value: string) => string): HttpBody {
  switch (body.kind) {
    case 'json':
      // Copied only where a string changes: a mutant's body is mostly the server's, walked once.
      return holdsString(body.value, (value) => text(value) !== value)
        ? { ...body, value: mapStrings(body.value, text) }
        : body;
    case 'sse':
      return {
        ...body,
        events: body.events.map((event) => ({ ...event, data: text(event.data) })),
      };
    case 'text':
      return { ...body, text: text(body.text) };
    default:
      return body;
  }
}

function holdsString(value: JsonValue, which: (value: string) => boolean): boolean {
  let found = false;
  walkStrings(value, [], (text) => {
    found ||= which(text);
  });
  return found;
}

/** Only for bodies a mutator wrote (`holdsString` first): shallow, as the mutators build them. */
function mapStrings(value: JsonValue, text: (value: string) => string): JsonValue {
  if (typeof value === 'string') return text(value);
  if (Array.isArray(value))
    return (value as readonly JsonValue[]).map((item) => mapStrings(item, text));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, member]) => [name, mapStrings(member, text)]),
  );
}
