import { describe, expect, it } from 'vitest';
import type { DecodedOutcome, DecoderSession } from '../../src/fuzz/decoder.js';
import { fuzzDecoder } from '../../src/fuzz/fuzz-decoder.js';
import { mcpSdkDecoder } from '../../src/fuzz/mcp-sdk-decoder.js';

/** Sends two tools/call requests (ids 41 and "b"), delivers `envelopes`, returns both outcomes. */
async function drive(...envelopes: unknown[]): Promise<DecodedOutcome[]> {
  const session: DecoderSession = await mcpSdkDecoder().createSession();
  try {
    await session.request(41, 'tools/call', {});
    await session.request('b', 'tools/call', {});
    for (const value of envelopes) {
      await session.receive({ text: JSON.stringify(value), value: value as never });
    }
    return [await session.outcome(41), await session.outcome('b')];
  } finally {
    await session.close?.();
  }
}

const OK = { content: [{ type: 'text', text: 'done' }] };

describe('mcpSdkDecoder', () => {
  it('should map a result to success and an isError result to tool-error', async () => {
    // Act
    const outcomes = await drive(
      { jsonrpc: '2.0', id: 41, result: OK },
      { jsonrpc: '2.0', id: 'b', result: { ...OK, isError: true } },
    );

    // Assert
    expect(outcomes).toEqual([{ kind: 'success' }, { kind: 'tool-error' }]);
  });

  it('should map a JSON-RPC error to protocol-error with its code', async () => {
    // Act
    const outcomes = await drive({
      jsonrpc: '2.0',
      id: 'b',
      error: { code: -32602, message: 'Invalid params' },
    });

    // Assert
    expect(outcomes).toEqual([{ kind: 'pending' }, { kind: 'protocol-error', code: -32602 }]);
  });

  it('should map a result the SDK schema rejects to invalid', async () => {
    // Act
    const outcomes = await drive({ jsonrpc: '2.0', id: 41, result: { ...OK, isError: 'true' } });

    // Assert
    expect(outcomes).toEqual([{ kind: 'invalid' }, { kind: 'pending' }]);
  });

  it('should leave both requests pending for a message that is not JSON-RPC', async () => {
    // Act
    const outcomes = await drive({ id: 41, result: OK }, 'not an object');

    // Assert
    expect(outcomes).toEqual([{ kind: 'pending' }, { kind: 'pending' }]);
  });

  it('should show that SDK 1.32 resolves a tools/call result without content as a success', async () => {
    // Act: CallToolResultSchema gives content a default of [] (backwards compatibility)
    const outcomes = await drive({ jsonrpc: '2.0', id: 41, result: {} });

    // Assert
    expect(outcomes).toEqual([{ kind: 'success' }, { kind: 'pending' }]);
  });

  it('should show that SDK 1.32 rejects structured content off the outputSchema with McpError -32602', async () => {
    // Arrange: the tool declares an outputSchema, so the adapter lists tools before calling it
    const session = await mcpSdkDecoder().createSession();
    const outputSchema = { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] };

    // Act
    await session.request(41, 'tools/call', { outputSchema });
    await session.receive({
      text: '',
      value: { jsonrpc: '2.0', id: 41, result: { ...OK, structuredContent: { n: 'one' } } },
    });
    const outcome = await session.outcome(41);
    await session.close?.();

    // Assert: a client-side check, reported with the class and code of a server's Invalid params
    expect(outcome).toEqual({ kind: 'protocol-error', code: -32602 });
  });

  it.each([
    ['jsonrpc "1.0"', { jsonrpc: '1.0', id: 41, result: OK }],
    ['no jsonrpc', { id: 41, result: OK }],
    ['a string error code', { jsonrpc: '2.0', id: 41, error: { code: 'x', message: 'm' } }],
    ['neither member', { jsonrpc: '2.0', id: 41 }],
  ])(
    'should show that SDK 1.32 leaves a request pending on a response with %s',
    async (_label, envelope) => {
      // Act: Protocol reports "Unknown message type" to onerror; the request waits for its timeout
      const outcomes = await drive(envelope);

      // Assert
      expect(outcomes).toEqual([{ kind: 'pending' }, { kind: 'pending' }]);
    },
  );

  it('should show that SDK 1.32 leaves a request pending on a response with both members', async () => {
    // Act: the strict JSON-RPC schemas match neither shape; Protocol reports it to onerror
    const outcomes = await drive({
      jsonrpc: '2.0',
      id: 41,
      result: OK,
      error: { code: -32603, message: 'Internal error' },
    });

    // Assert
    expect(outcomes).toEqual([{ kind: 'pending' }, { kind: 'pending' }]);
  });

  it('should show that SDK 1.32 settles request 41 with a response carrying "41"', async () => {
    // Act: Protocol._onresponse looks handlers up by Number(response.id)
    const outcomes = await drive({ jsonrpc: '2.0', id: '41', result: OK });

    // Assert
    expect(outcomes).toEqual([{ kind: 'success' }, { kind: 'pending' }]);
  });

  it('should let the fuzzer find the two documented findings at a fixed seed', async () => {
    // Act
    const report = await fuzzDecoder(mcpSdkDecoder(), { runs: 300, seed: 42 });

    // Assert
    const status = Object.fromEntries(report.properties.map((p) => [p.name, p.status]));
    expect(status).toEqual({
      'session-survives': 'passed',
      'no-false-success': 'failed',
      correlation: 'failed',
      isolation: 'passed',
      'no-leak': 'skipped',
      'prose-invariance': 'passed',
    });
  });
});

describe('MCP SDK 1.32 client, driven directly (no id translation)', () => {
  /** Sends one tools/call (the SDK numbers it 1), answers it with `id`: did it settle at once? */
  async function settledBeforeClose(id: unknown): Promise<boolean> {
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const { InMemoryTransport } = await import('@modelcontextprotocol/sdk/inMemory.js');
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    serverSide.onmessage = (message) => {
      if (!('method' in message) || message.method !== 'initialize' || !('id' in message)) return;
      void serverSide.send({
        jsonrpc: '2.0',
        id: message.id,
        result: {
          protocolVersion: '2025-11-25',
          capabilities: { tools: {} },
          serverInfo: { name: 'fake', version: '0' },
        },
      });
    };
    await serverSide.start();
    const client = new Client({ name: 'probe', version: '0' });
    await client.connect(clientSide);
    let settled = false;
    const call = client.callTool({ name: 't', arguments: {} }).then(
      () => (settled = true),
      () => (settled = true),
    );
    await serverSide.send({ jsonrpc: '2.0', id, result: OK } as never);
    await new Promise<void>((resolve) => setImmediate(resolve));
    const answered = settled;
    await client.close(); // rejects a call still pending with ConnectionClosed
    await call;
    return answered;
  }

  it.each([[1], ['1'], [' 1'], ['0x1'], ['1e0']])(
    'should show that a response id %j settles request 1 (lookup by Number(id))',
    async (id) => {
      expect(await settledBeforeClose(id)).toBe(true);
    },
  );

  it.each([[2], ['one'], [null]])(
    'should show that a response id %j leaves request 1 pending (negative control)',
    async (id) => {
      expect(await settledBeforeClose(id)).toBe(false);
    },
  );
});
