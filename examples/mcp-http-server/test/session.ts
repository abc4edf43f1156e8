import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  connectRaw,
  expectHttp,
  mutatingFetch,
  type HttpTap,
  type JsonObject,
  type JsonRpcId,
  type RawConnection,
} from 'envelope-mutants';
import { expectEnvelope } from 'envelope-mutants/vitest';
import { expect } from 'vitest';
import type { Ledger } from '../src/ledger.js';
import { startLedgerHttpServer, type LedgerHttpServer } from '../src/start-ledger-http-server.js';
import { CANARIES, demoLedger, VERIFY } from './fixtures.js';

/** The server under test and a tapped fetch: every HTTP exchange is a site the suite asserts on. */
export interface Remote {
  readonly server: LedgerHttpServer;
  readonly ledger: Ledger;
  readonly http: HttpTap;
  /** A Streamable HTTP transport through the tapped fetch, sending `token` if given. */
  transport(token?: string): StreamableHTTPClientTransport;
  /** A raw POST of one JSON-RPC message with the given headers, through the tapped fetch. */
  post(message: JsonObject, headers: Readonly<Record<string, string>>): Promise<Response>;
  close(): Promise<void>;
}

/** Starts the server on 127.0.0.1, port 0; `close` stops it and every transport it handed out. */
export async function startRemote(): Promise<Remote> {
  const ledger = demoLedger();
  const server = await startLedgerHttpServer({ ledger, verify: VERIFY });
  const http = mutatingFetch();
  const transports: StreamableHTTPClientTransport[] = [];
  return {
    server,
    ledger,
    http,
    transport(token) {
      const headers = token === undefined ? undefined : { authorization: `Bearer ${token}` };
      const transport = new StreamableHTTPClientTransport(server.url, {
        fetch: http,
        ...(headers === undefined ? {} : { requestInit: { headers } }),
      });
      transports.push(transport);
      return transport;
    },
    post: (message, headers) =>
      http(server.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
        body: JSON.stringify(message),
      }),
    close: async () => {
      await Promise.all(transports.map((transport) => transport.close()));
      await server.close();
    },
  };
}

/** A raw session over HTTP: the connection, and the ids of its requests so far. */
export interface Session {
  readonly connection: RawConnection;
  readonly transport: StreamableHTTPClientTransport;
  callTool(name: string, args: JsonObject): Promise<Outcome>;
}

/** What a call came back with: the raw response envelope, or the error the transport threw. */
export type Outcome =
  | { readonly response: unknown; readonly requestId: JsonRpcId }
  | { readonly error: unknown; readonly requestId?: undefined };

/**
 * Connects a raw client (`connectRaw`) with `token` and checks the handshake at both layers: the
 * `initialize` envelope, its HTTP exchange, and the 202 of `notifications/initialized`.
 */
export async function openSession(remote: Remote, token: string): Promise<Session> {
  const transport = remote.transport(token);
  const first = remote.http.exchanges.length;
  const connection = await connectRaw(transport);
  expectHttp(remote.http.exchanges[first]).toSatisfyRules().toNotLeak(CANARIES);
  expectHttp(remote.http.exchanges[first + 1]).toBeAccepted();
  const response = connection.initializeResponse;
  expectEnvelopeBasics(response, connection.initializeRequest['id'] as JsonRpcId);
  expectEnvelope(response).toBeSuccess();
  expect(response, 'jsonrpc.members').toHaveProperty('result.protocolVersion', '2025-11-25');
  return {
    connection,
    transport,
    // The id the client chose, read from the request it sent: no test guesses it.
    callTool: (name, args) =>
      connection.exchange('tools/call', { name, arguments: args }).then(
        ({ request, response }) => ({ response, requestId: request['id'] as JsonRpcId }),
        (error: unknown) => ({ error }),
      ),
  };
}

/** The facts every response shares: version, correlation, and no token anywhere in it. */
export function expectEnvelopeBasics(response: unknown, requestId: JsonRpcId | undefined): void {
  expect(requestId, 'jsonrpc.id: the request that got this response').toBeDefined();
  expect(response, 'jsonrpc.version').toHaveProperty('jsonrpc', '2.0');
  expectEnvelope(response)
    .toAnswer(requestId ?? null)
    .toNotLeak(CANARIES);
}

/** The response of an outcome that must have one; names the rule when the call was refused. */
export function responseOf(outcome: Outcome): unknown {
  expect(outcome, 'jsonrpc.members').toHaveProperty('response');
  return 'response' in outcome ? outcome.response : undefined;
}
