import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { isJsonObject, type JsonObject, type JsonRpcId } from '../envelope/json-value.js';
import { mutatingTransport } from './mutating-transport.js';

/** A raw JSON-RPC connection: responses come back as the envelopes that crossed the wire. */
export interface RawConnection {
  /** Sends a request; resolves with the raw response envelope, error or not. */
  request(method: string, params?: JsonObject): Promise<unknown>;
  notify(method: string, params?: JsonObject): Promise<void>;
  close(): Promise<void>;
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
  readonly id: number;
  readonly resolve: (envelope: unknown) => void;
  readonly reject: (error: Error) => void;
}

/**
 * A minimal raw client for contract suites that must see what the SDK client would hide or
 * throw on. Does the MCP handshake (`initialize`, then `notifications/initialized`, MCP
 * 2025-11-25 lifecycle) over a `mutatingTransport`, so every envelope is a site. A response
 * whose id matches no pending request settles the oldest pending one: the test then sees the
 * wrong envelope and can name the broken rule, where a strict client would hang.
 */
export async function connectRaw(
  transport: Transport,
  options: ConnectRawOptions = {},
): Promise<RawConnection> {
  const wire = mutatingTransport(transport);
  const pending: Pending[] = [];
  const notifications: unknown[] = [];
  let nextId = 1;
  wire.onmessage = (message) => {
    onMessage(message, { wire, pending, notifications });
  };
  wire.onclose = () => {
    for (const waiting of pending.splice(0))
      waiting.reject(new Error('connectRaw: the connection closed'));
  };
  await wire.start();
  const request = (method: string, params?: JsonObject): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.push({ id, resolve, reject });
      const message = {
        jsonrpc: '2.0',
        id,
        method,
        ...(params === undefined ? {} : { params }),
      } as JSONRPCMessage;
      wire.send(message).catch(reject);
    });
  const initializeResponse = await request('initialize', {
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
  return { request, notify, close: () => wire.close(), initializeResponse, notifications };
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
  const id = isJsonObject(message) ? message['id'] : undefined;
  const index = peer.pending.findIndex((waiting) => waiting.id === id);
  const [settled] = peer.pending.splice(index === -1 ? 0 : index, 1);
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
