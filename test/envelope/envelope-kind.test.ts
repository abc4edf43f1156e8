import { describe, expect, test } from 'vitest';
import { envelopeKind } from '../../src/envelope/envelope-kind.js';

describe('envelopeKind', () => {
  test.each<[unknown, string]>([
    [
      { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } },
      'a protocol error',
    ],
    [{ jsonrpc: '2.0', id: 1, result: { content: [], isError: true } }, 'a tool error'],
    [{ jsonrpc: '2.0', id: 1, result: { content: [], isError: 'true' } }, 'a success'],
    [{ jsonrpc: '2.0', id: 1, method: 'ping' }, 'a request'],
    [{ jsonrpc: '2.0', method: 'notifications/progress' }, 'a notification'],
    [{ jsonrpc: '2.0', id: 1, result: {}, method: 'ping' }, 'a value that is no JSON-RPC message'],
    ['garbage <html>', 'a value that is no JSON-RPC message'],
  ])('should name %j %s', (value, kind) => {
    expect(envelopeKind(value)).toBe(kind);
  });
});
