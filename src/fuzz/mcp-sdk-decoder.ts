import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { isJsonObject, type JsonObject } from '../envelope/json-value.js';
import type {
  DecodedOutcome,
  Decoder,
  DecoderSession,
  RawEnvelope,
  RequestId,
  RequestInfo,
} from './decoder.js';
import { type IdPair, translateId } from './translate-id.js';

/** The SDK modules the adapter drives, imported on first use: the SDK is an optional peer. */
interface Sdk {
  readonly Client: typeof import('@modelcontextprotocol/sdk/client/index.js').Client;
  readonly InMemoryTransport: typeof import('@modelcontextprotocol/sdk/inMemory.js').InMemoryTransport;
  readonly McpError: typeof import('@modelcontextprotocol/sdk/types.js').McpError;
  readonly ResultSchema: typeof import('@modelcontextprotocol/sdk/types.js').ResultSchema;
}

type Settled =
  | { readonly state: 'pending' }
  | { readonly state: 'resolved'; readonly value: unknown }
  | { readonly state: 'rejected'; readonly error: unknown };

interface Tracked extends IdPair {
  settled: Settled;
}

/** Long enough never to fire during a case; the session closes (and clears it) right after. */
const REQUEST_TIMEOUT_MS = 3_600_000;

let sdk: Promise<Sdk> | undefined;

/**
 * The ready adapter for the MCP TypeScript SDK client (`--decoder mcp-sdk`): each case drives a
 * real `Client` over `InMemoryTransport.createLinkedPair()`, answers the initialize handshake from
 * the fake server side, sends the case's `tools/call` requests concurrently and feeds the
 * generated responses back. The SDK picks its own numeric ids; response ids are translated with
 * {@link translateId}, which keeps their relation to every in-flight request. The SDK shows no
 * model-facing text, so the adapter does not declare `sanitizes`.
 */
export function mcpSdkDecoder(): Decoder {
  return {
    name: 'mcp-sdk',
    sanitizes: false,
    createSession: async () => McpSdkSession.open(await loadSdk()),
  };
}

class McpSdkSession implements DecoderSession {
  private readonly tracked: Tracked[] = [];
  private readonly wireIds: number[] = [];
  /** The tools the fake server lists: one per tools/call, with the case's outputSchema. */
  private readonly tools: JsonObject[] = [];

  private constructor(
    private readonly sdk: Sdk,
    private readonly client: Client,
    private readonly server: InMemoryTransport,
  ) {}

  static async open(sdk: Sdk): Promise<McpSdkSession> {
    const [clientSide, serverSide] = sdk.InMemoryTransport.createLinkedPair();
    const client = new sdk.Client({ name: 'envelope-mutants-fuzz', version: '0.0.0' });
    const session = new McpSdkSession(sdk, client, serverSide);
    serverSide.onmessage = (message) => {
      session.onServerMessage(message);
    };
    await serverSide.start();
    await client.connect(clientSide);
    return session;
  }

  async request(id: RequestId, method: string, info: RequestInfo): Promise<void> {
    const before = this.wireIds.length;
    const { call } = await this.send(method, info);
    // InMemoryTransport delivers synchronously: the fake server has already seen the request.
    const wireId = this.wireIds[before] ?? -1;
    const entry: Tracked = { fuzzId: id, wireId, settled: { state: 'pending' } };
    this.tracked.push(entry);
    call.then(
      (value) => (entry.settled = { state: 'resolved', value }),
      (error: unknown) => (entry.settled = { state: 'rejected', error }),
    );
  }

  /**
   * Sends the request the way an application would: `callTool` (after `listTools`, when the tool
   * declares an outputSchema, so that the client validates structured content), `ping`,
   * `readResource`, or a plain `request` for any other method. The call is wrapped so that
   * awaiting the send does not await the answer.
   */
  private async send(
    method: string,
    info: RequestInfo,
  ): Promise<{ readonly call: Promise<unknown> }> {
    const options = { timeout: REQUEST_TIMEOUT_MS };
    if (method === 'tools/call') {
      const name = `tool_${this.tools.length}`;
      this.tools.push({ name, inputSchema: { type: 'object' }, ...info });
      if (info.outputSchema !== undefined) await this.client.listTools();
      return { call: this.client.callTool({ name, arguments: {} }, undefined, options) };
    }
    if (method === 'ping') return { call: this.client.ping(options) };
    if (method === 'resources/read') {
      return { call: this.client.readResource({ uri: 'test://fuzz/resource' }, options) };
    }
    return { call: this.client.request({ method, params: {} }, this.sdk.ResultSchema, options) };
  }

  async receive(envelope: RawEnvelope): Promise<void> {
    if (envelope.value === undefined) {
      // Over stdio the SDK's ReadBuffer fails to parse such a line and reports it to onerror.
      this.client.transport?.onerror?.(new SyntaxError('response text is not JSON'));
    } else {
      const message = translateId(envelope.value, this.tracked);
      await this.server.send(message as unknown as JSONRPCMessage);
    }
    // The client settles its promises in microtasks after the synchronous delivery.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }

  outcome(id: RequestId): DecodedOutcome {
    const entry = this.tracked.find((candidate) => candidate.fuzzId === id);
    return entry === undefined ? { kind: 'pending' } : this.toOutcome(entry.settled);
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  private onServerMessage(message: JSONRPCMessage): void {
    if (!('method' in message) || !('id' in message)) return;
    if (message.method === 'initialize') {
      const params = (message.params ?? {}) as { protocolVersion?: string };
      void this.server.send({
        jsonrpc: '2.0',
        id: message.id,
        result: {
          protocolVersion: params.protocolVersion ?? '2025-11-25',
          capabilities: { tools: {} },
          serverInfo: { name: 'envelope-mutants-fuzz-server', version: '0.0.0' },
        },
      });
      return;
    }
    if (message.method === 'tools/list') {
      void this.server.send({ jsonrpc: '2.0', id: message.id, result: { tools: [...this.tools] } });
      return;
    }
    if (typeof message.id === 'number') this.wireIds.push(message.id);
  }

  private toOutcome(settled: Settled): DecodedOutcome {
    if (settled.state === 'pending') return { kind: 'pending' };
    if (settled.state === 'resolved') {
      const isError = isJsonObject(settled.value) && settled.value['isError'] === true;
      return { kind: isError ? 'tool-error' : 'success' };
    }
    // An McpError carries the wire code; anything else (zod's validation error above all) means
    // the SDK refused the result as malformed.
    if (settled.error instanceof this.sdk.McpError) {
      return { kind: 'protocol-error', code: settled.error.code };
    }
    return { kind: 'invalid' };
  }
}

function loadSdk(): Promise<Sdk> {
  sdk ??= Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/inMemory.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]).then(([client, memory, types]) => ({
    Client: client.Client,
    InMemoryTransport: memory.InMemoryTransport,
    McpError: types.McpError,
    ResultSchema: types.ResultSchema,
  }));
  return sdk;
}
