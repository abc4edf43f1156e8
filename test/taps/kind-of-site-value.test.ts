import { describe, expect, test } from 'vitest';
import { kindOfSiteValue } from '../../src/taps/kind-of-site-value.js';

const exchange = (status: number, body?: unknown) => ({
  request: { method: 'POST', path: '/mcp', headers: {}, ...(body === undefined ? {} : { body }) },
  response: { status, headers: {}, body: { kind: 'empty' } },
});

describe('kindOfSiteValue', () => {
  test('should name an envelope by its kind and layer', () => {
    expect(kindOfSiteValue('envelope', { jsonrpc: '2.0', id: 1, result: {} })).toBe('a success');
    expect(kindOfSiteValue('envelope', { jsonrpc: '2.0', id: 1, error: { code: -32602 } })).toBe(
      'a protocol error',
    );
  });

  test('should name an HTTP exchange by its status, and the tool its request calls', () => {
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'write' } };
    expect(kindOfSiteValue('http', exchange(403, call))).toBe(
      'an HTTP 403 answer to a call of "write"',
    );
    expect(kindOfSiteValue('http', exchange(404))).toBe('an HTTP 404 answer');
    // A name that is no string names no tool.
    expect(kindOfSiteValue('http', exchange(200, { ...call, params: { name: 7 } }))).toBe(
      'an HTTP 200 answer',
    );
  });

  test('should name no kind for sites a mutant fits whatever they hold, or no exchange', () => {
    expect(kindOfSiteValue('decision', 'retry')).toBeUndefined();
    expect(kindOfSiteValue('log', 'a line')).toBeUndefined();
    expect(kindOfSiteValue('http', { status: 200 })).toBeUndefined();
  });
});
