import { ConfigError } from '../errors.js';
import type { JsonObject } from '../envelope/json-value.js';
import type { HttpExchange } from '../http/http-exchange.js';
import { mutatingFetch, type HttpTap } from '../taps/mutating-fetch.js';
import {
  probedTool,
  probeErrorOutcome,
  type ProbedTool,
  type ServerProbe,
} from './probe-server.js';
import { loadSdk } from './load-sdk.js';
import { headerRecord, shownUrl, type RemoteHeader, type RemoteServer } from './remote-server.js';

const WHERE = 'init --url';
// SDK `ErrorCode.RequestTimeout`: the client gave up waiting.
const REQUEST_TIMEOUT = -32001;

/** A live Streamable HTTP session for init's probes, and the exchanges it went through. */
export interface HttpServerProbe extends ServerProbe {
  /** The latest POST the tapped fetch recorded: the exchange of the latest call. */
  lastPost(): HttpExchange | undefined;
}

/**
 * Opens a session with the SDK's `Client` over `StreamableHTTPClientTransport` (MCP 2025-11-25
 * transports.mdx), sending `headers` with every request, through `mutatingFetch` (the identity
 * outside a mutation run) so that every exchange is recorded; initializes it and lists its tools.
 * Nothing listening, a refused credential or a non-MCP endpoint is a `ConfigError`. A request
 * the server answers with an HTTP error status is "no answer": its envelope is not the server's
 * JSON-RPC answer.
 */
export async function probeHttpServer(
  remote: RemoteServer,
  headers: readonly RemoteHeader[],
  options: { readonly timeoutMs: number },
): Promise<HttpServerProbe> {
  const sdk = await loadHttpSdk();
  const http = mutatingFetch();
  const transport = new sdk.Transport(remote.url, {
    fetch: http,
    requestInit: { headers: headerRecord(headers) },
  });
  const client = new sdk.Client({ name: 'envelope-mutants-init', version: '1' });
  const request = { timeout: options.timeoutMs };
  try {
    await client.connect(transport, request);
  } catch (error) {
    await client.close().catch(() => undefined);
    throw connectError(remote, headers, error, http, options.timeoutMs);
  }
  const tools: ProbedTool[] = [];
  try {
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? {} : { cursor }, request);
      for (const tool of page.tools) tools.push(probedTool(tool));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
  } catch (error) {
    await client.close().catch(() => undefined);
    const status = lastStatus(http);
    throw new ConfigError(
      `${WHERE}: ${shownUrl(remote.url)} did not list its tools (${status === undefined ? remote.redact(messageOf(error)) : `HTTP ${status}`}). Check that the credentials given may call tools/list.`,
    );
  }
  return {
    serverName: client.getServerVersion()?.name ?? shownUrl(remote.url),
    tools,
    lastPost: () => http.exchanges.findLast((exchange) => exchange.request.method === 'POST'),
    call: async (method, params: JsonObject) => {
      const before = http.exchanges.length;
      try {
        const result = await client.request({ method, params }, sdk.ResultSchema, request);
        return { kind: 'envelope', envelope: { jsonrpc: '2.0', id: 0, result } as JsonObject };
      } catch (error) {
        // An HTTP error status: the SDK's error carries the status as its `code`, which is no
        // JSON-RPC code.
        const status = http.exchanges
          .slice(before)
          .find((exchange) => exchange.request.method === 'POST')?.response.status;
        if (status !== undefined && (status < 200 || status > 299))
          return { kind: 'no-answer', reason: `HTTP ${status}` };
        const outcome = probeErrorOutcome(error);
        return outcome.kind === 'no-answer'
          ? { kind: 'no-answer', reason: remote.redact(outcome.reason) }
          : outcome;
      }
    },
    // A session the server ends shows as HTTP 404 on the next request: no answer, not a restart.
    sessionsClosedByServer: () => 0,
    close: () => client.close(),
  };
}

/** The SDK's client and its Streamable HTTP transport, or a `ConfigError` naming the install. */
function loadHttpSdk() {
  return loadSdk(WHERE, async () => {
    const streamable = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
    return streamable.StreamableHTTPClientTransport;
  });
}

function connectError(
  remote: RemoteServer,
  headers: readonly RemoteHeader[],
  error: unknown,
  http: HttpTap,
  timeoutMs: number,
): ConfigError {
  const shown = shownUrl(remote.url);
  const status = lastStatus(http);
  if (status === 401 || status === 403) {
    const given = headers.length > 0;
    return new ConfigError(
      given
        ? `${WHERE}: ${shown} refused the credentials given with --header (HTTP ${status}). Check the token and its scopes.`
        : `${WHERE}: ${shown} requires authorization (HTTP ${status}). Pass the credentials, e.g. --header 'Authorization: Bearer <token>'.`,
    );
  }
  if (status !== undefined && (status < 200 || status > 299))
    return new ConfigError(
      `${WHERE}: ${shown} answered initialize with HTTP ${status}. Check that it is the MCP endpoint of a Streamable HTTP server (e.g. a path like /mcp).`,
    );
  if ((error as { code?: unknown } | null)?.code === REQUEST_TIMEOUT)
    return new ConfigError(
      `${WHERE}: ${shown} did not answer initialize within ${timeoutMs} ms. Check that it is an MCP server, or raise --timeout.`,
    );
  if (http.exchanges.length === 0) {
    const code = causeCode(error);
    return new ConfigError(
      `${WHERE}: nothing answered at ${shown}${code === undefined ? '' : ` (${code})`}. Start the server first, or check the URL.`,
    );
  }
  return new ConfigError(
    `${WHERE}: ${shown} did not complete initialize (${remote.redact(messageOf(error))}). Check that it is the MCP endpoint of a Streamable HTTP server.`,
  );
}

function lastStatus(http: HttpTap): number | undefined {
  return http.exchanges.at(-1)?.response.status;
}

/** `fetch` failures carry the socket error as `cause` (`ECONNREFUSED`, `ENOTFOUND`, …). */
function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== null && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
