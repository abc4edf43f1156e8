import { describe, expect, it } from 'vitest';
import type { DecodedOutcome, DecoderSession, RequestId } from '../../src/fuzz/decoder.js';
import { mcpSdkDecoder } from '../../src/fuzz/mcp-sdk-decoder.js';

/** Opens a session, sends `method` as request 7, delivers `result` for it, returns the outcome. */
async function answer(method: string, result: unknown): Promise<DecodedOutcome> {
  const session: DecoderSession = await mcpSdkDecoder().createSession();
  try {
    await session.request(7, method, {});
    await session.receive({ text: '', value: { jsonrpc: '2.0', id: 7, result } as never });
    return await session.outcome(7);
  } finally {
    await session.close?.();
  }
}

describe('mcpSdkDecoder methods', () => {
  it('should name itself mcp-sdk and not declare sanitizes', () => {
    // Act
    const decoder = mcpSdkDecoder();

    // Assert
    expect([decoder.name, decoder.sanitizes]).toEqual(['mcp-sdk', false]);
  });

  it.each([
    ['ping', {}, { kind: 'success' }],
    ['ping', { extra: 1 }, { kind: 'invalid' }],
    [
      'resources/read',
      { contents: [{ uri: 'test://fuzz/resource', text: 'x' }] },
      { kind: 'success' },
    ],
    ['resources/read', { contents: 'none' }, { kind: 'invalid' }],
    ['reports/get', { anything: 1 }, { kind: 'success' }],
    ['tools/call', { content: [], isError: false }, { kind: 'success' }],
  ])(
    'should send %s the way an application does and map its result',
    async (method, result, outcome) => {
      expect(await answer(method, result)).toEqual(outcome);
    },
  );

  it('should answer pending for an id it was never asked', async () => {
    // Arrange
    const session = await mcpSdkDecoder().createSession();

    // Act
    const outcome = await session.outcome('never');
    await session.close?.();

    // Assert
    expect(outcome).toEqual({ kind: 'pending' });
  });

  it('should leave requests pending, without throwing, on text that is not JSON', async () => {
    // Arrange
    const session = await mcpSdkDecoder().createSession();
    await session.request(7, 'tools/call', {});

    // Act
    await session.receive({ text: '{"jsonrpc":' });
    const outcome = await session.outcome(7);
    await session.close?.();

    // Assert
    expect(outcome).toEqual({ kind: 'pending' });
  });

  it('should keep each request apart, whatever ids the SDK chose on the wire', async () => {
    // Arrange: three requests, answered out of order
    const session = await mcpSdkDecoder().createSession();
    const ids: RequestId[] = ['x', 0, 5];
    for (const id of ids) await session.request(id, 'tools/call', {});

    // Act
    await session.receive({
      text: '',
      value: { jsonrpc: '2.0', id: 5, result: { content: [], isError: true } },
    });
    await session.receive({
      text: '',
      value: { jsonrpc: '2.0', id: 'x', result: { content: [] } },
    });
    const outcomes = ids.map((id) => session.outcome(id));
    await session.close?.();

    // Assert
    expect(outcomes).toEqual([{ kind: 'success' }, { kind: 'pending' }, { kind: 'tool-error' }]);
  });

  it('should list each called tool with its own outputSchema', async () => {
    // Arrange: the second tool's schema wants a number, the first one's a string
    const session = await mcpSdkDecoder().createSession();
    const schema = (type: string) => ({
      type: 'object',
      properties: { n: { type } },
      required: ['n'],
    });
    await session.request(1, 'tools/call', { outputSchema: schema('string') });
    await session.request(2, 'tools/call', { outputSchema: schema('number') });

    // Act
    for (const id of [1, 2]) {
      await session.receive({
        text: '',
        value: { jsonrpc: '2.0', id, result: { content: [], structuredContent: { n: 'one' } } },
      });
    }
    const outcomes = [await session.outcome(1), await session.outcome(2)];
    await session.close?.();

    // Assert
    expect(outcomes).toEqual([{ kind: 'success' }, { kind: 'protocol-error', code: -32602 }]);
  });
  it('should close the client, which refuses a request still pending', async () => {
    // Arrange
    const session = await mcpSdkDecoder().createSession();
    await session.request(7, 'tools/call', {});

    // Act
    await session.close?.();
    await new Promise<void>((resolve) => setImmediate(resolve));

    // Assert: the SDK rejects it with ConnectionClosed (-32000)
    expect(await session.outcome(7)).toEqual({ kind: 'protocol-error', code: -32000 });
  });
});
