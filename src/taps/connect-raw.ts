import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { isJsonObject, type JsonObject, type JsonRpcId } from '../envelope/json-value.js';
import { mutatingTransport } from './mutating-transport.js';
import { tapRequestId } from './tap-request-id.js';
import { matchedIndex } from './track-reads.js';

/** One request as the client sent it, and the raw response envelope that answered it. */
export interface RawExchange {
  readonly request: JsonObject;
  readonly response: unknown;
}

/** A raw JSON-RPC connection: responses come back as the envelopes that crossed the wire. */
export interface RawConnection {
  /** Sends a request; resolves with the raw response envelope, error or not. */
  request(method: string, params?: JsonObject): Promise<unknown>;
  /**
   * Sends a request; resolves with the request as sent and the raw response. The client chooses
   * the id (JSON-RPC 2.0 §4), so a test that checks correlation compares the response's id with
   * the request's: `expect(response.id).toBe(request.id)`, never a number it guessed.
   */
  exchange(method: string, params?: JsonObject): Promise<RawExchange>;
  notify(method: string, params?: JsonObject): Promise<void>;
  close(): Promise<void>;
  /** The `initialize` request as sent. */
  readonly initializeRequest: JsonObject;
  /** The raw response to `initialize`. */
  readonly initializeResponse: unknown;
  /** Notifications the peer sent, in order. */
  readonly notifications: readonly unknown[];
}

export interface ConnectRawOptions {
  /** MCP protocol revision to ask for; default `2025-11-25`. */
  readonly protocolVersion?: string;
  readonly clientInfo?: { readonly name: string; readonly version: string };
}

interface Pending {
  readonly id: JsonRpcId;
  readonly resolve: (envelope: unknown) => void;
  readonly reject: (error: Error) => void;
}

/**
 * A minimal raw client for contract suites that must see what the SDK client would hide or
 * throw on. Does the MCP handshake (`initialize`, then `notifications/initialized`, MCP
 * 2025-11-25 lifecycle) over a `mutatingTransport`, so every envelope is a site. A response
 * whose id matches no pending request settles the oldest pending one: the test then sees the
 * wrong envelope and can name the broken rule, where a strict client would hang.
 *
 * Ids are numbered 1, 2, … in order, each allocation a site of its own (`tapRequestId`): a
 * harmless mutant makes the client choose another id there, and the client sends, records and
 * matches that one. An id is never handed out twice on a connection (MCP 2025-11-25 basic: a
 * request id must not have been used before in the session).
 */
export async function connectRaw(
  transport: Transport,
  options: ConnectRawOptions = {},
): Promise<RawConnection> {
  const wire = mutatingTransport(transport);
  const pending: Pending[] = [];
  const notifications: unknown[] = [];
  const allocate = idAllocator(pending);
  wire.onmessage = (message) => {
    onMessage(message, { wire, pending, notifications });
  };
  wire.onclose = () => {
    for (const waiting of pending.splice(0))
      waiting.reject(new Error('connectRaw: the connection closed'));
  };
  await wire.start();
  const exchange = (method: string, params?: JsonObject): Promise<RawExchange> =>
    new Promise((resolve, reject) => {
      const request: JsonObject = {
        jsonrpc: '2.0',
        id: allocate(method),
        method,
        ...(params === undefined ? {} : { params }),
      };
      const settle = (response: unknown) => {
        resolve({ request, response });
      };
      const waiting: Pending = { id: request['id'] as JsonRpcId, resolve: settle, reject };
      pending.push(waiting);
      // A copy: the transport's taps and the peer must not share the object the test gets.
      wire.send(structuredClone(request) as JSONRPCMessage).catch((error: unknown) => {
        // Never sent (an HTTP transport throws on a 403): no response will settle it, and a
        // response whose id matches none must settle a request still waiting.
        const at = pending.indexOf(waiting);
        if (at >= 0) pending.splice(at, 1);
        reject(error instanceof Error ? error : new Error(String(error)));
      });
    });
  const request = async (method: string, params?: JsonObject): Promise<unknown> =>
    (await exchange(method, params)).response;
  const initialize = await exchange('initialize', {
    protocolVersion: options.protocolVersion ?? '2025-11-25',
    capabilities: {},
    clientInfo: options.clientInfo ?? { name: 'envelope-mutants', version: '0' },
  });
  const notify = (method: string, params?: JsonObject): Promise<void> =>
    wire.send({
      jsonrpc: '2.0',
      method,
      ...(params === undefined ? {} : { params }),
    });
  await notify('notifications/initialized');
  return {
    request,
    exchange,
    notify,
    close: () => wire.close(),
    initializeRequest: initialize.request,
    initializeResponse: initialize.response,
    notifications,
  };
}

/**
 * Hands out 1, 2, … through the allocation tap. The counter moves on whatever the tap returns, so
 * a mutant changes one request's id and no other; a counter value the tap handed out earlier is
 * skipped, so no id is used twice.
 */
function idAllocator(pending: readonly Pending[]): (method: string) => JsonRpcId {
  const used = new Set<JsonRpcId>();
  let counter = 1;
  return (method) => {
    while (used.has(counter)) counter += 1;
    const inFlightIds = pending.map((waiting) => waiting.id);
    const id = tapRequestId(counter, { method, inFlightIds });
    counter += 1;
    used.add(id);
    return id;
  };
}

interface Peer {
  readonly wire: Transport;
  readonly pending: Pending[];
  readonly notifications: unknown[];
}

function onMessage(message: unknown, peer: Peer): void {
  if (isJsonObject(message) && typeof message['method'] === 'string') {
    if ('id' in message) answerRequest(peer.wire, message['id'] as JsonRpcId, message['method']);
    else peer.notifications.push(message);
    return;
  }
  // Only which pending request the id picks matters here (the oldest when none): that is all a
  // tracked copy notes of it, so an id mutant the test never reads stays unobserved.
  const ids = peer.pending.map((waiting) => waiting.id);
  const index = isJsonObject(message) ? matchedIndex(message, 'id', ids, 0) : 0;
  const [settled] = peer.pending.splice(index, 1);
  settled?.resolve(message);
}

/** The peer's own requests: `ping` gets its empty result (MCP basic/utilities/ping), the rest -32601. */
function answerRequest(wire: Transport, id: JsonRpcId, method: string): void {
  const response =
    method === 'ping'
      ? { jsonrpc: '2.0', id, result: {} }
      : { jsonrpc: '2.0', id, error: { code: -32601, message: `Method not found: ${method}` } };
  void wire.send(response as JSONRPCMessage).catch(() => undefined);
}
