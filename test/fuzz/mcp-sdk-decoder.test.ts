import { describe, expect, it } from 'vitest';
import type { DecodedOutcome, DecoderSession } from '../../src/fuzz/decoder.js';
import { fuzzDecoder } from '../../src/fuzz/fuzz-decoder.js';
import { mcpSdkDecoder } from '../../src/fuzz/mcp-sdk-decoder.js';

/** Sends two tools/call requests (ids 41 and "b"), delivers `envelopes`, returns both outcomes. */
async function drive(...envelopes: unknown[]): Promise<DecodedOutcome[]> {
  const session: DecoderSession = await mcpSdkDecoder().createSession();
  try {
    await session.request(41, 'tools/call');
    await session.request('b', 'tools/call');
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
    });
  });
});
