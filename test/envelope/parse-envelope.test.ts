import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { layerOf, messageKind } from '../../src/envelope/message-kind.js';
import { parseEnvelope } from '../../src/envelope/parse-envelope.js';

describe('parseEnvelope', () => {
  it('should parse a response and name its kind', () => {
    expect(parseEnvelope('{"jsonrpc":"2.0","id":1,"result":{}}')).toEqual({
      ok: true,
      kind: 'response',
      value: { jsonrpc: '2.0', id: 1, result: {} },
    });
  });

  it('should return a -32700 parse error for text that is not JSON, without repeating it', () => {
    const parsed = parseEnvelope('{"token":"CANARY-abcdefgh12"');

    expect(parsed).toMatchObject({ ok: false, failure: 'parse-error', code: -32700 });
    expect(JSON.stringify(parsed)).not.toContain('CANARY');
  });

  it.each([
    ['a batch', '[{"jsonrpc":"2.0","id":1,"result":{}}]'],
    ['a number', '42'],
    ['null', 'null'],
    ['an object that is no message', '{"jsonrpc":"2.0"}'],
    ['a request with a result', '{"jsonrpc":"2.0","id":1,"method":"x","result":{}}'],
  ])('should return a -32600 invalid request for %s, with its value', (_name, text) => {
    expect(parseEnvelope(text)).toMatchObject({
      ok: false,
      failure: 'invalid-request',
      code: -32600,
      value: JSON.parse(text) as unknown,
    });
  });

  it('should say what it received without quoting it', () => {
    expect(parseEnvelope('[1,2]')).toMatchObject({
      reason:
        'Expected a request, notification or response object but received an array of 2 (a batch)',
    });
    expect(parseEnvelope('null')).toMatchObject({
      reason: 'Expected a request, notification or response object but received null',
    });
    expect(parseEnvelope('"x"')).toMatchObject({
      reason: 'Expected a request, notification or response object but received string',
    });
    expect(parseEnvelope('{}')).toMatchObject({
      reason:
        'Expected a request, notification or response object but received an object that is none of them',
    });
    expect(parseEnvelope('{')).toMatchObject({
      reason: 'Expected JSON text but received text that does not parse (length 1)',
    });
  });

  it('should treat a value that is not text as a parse error', () => {
    expect(parseEnvelope(42 as unknown as string)).toMatchObject({
      ok: false,
      failure: 'parse-error',
      reason: 'Expected JSON text but received number',
    });
  });

  it('should never throw on any text', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.json()),
        (text) => typeof parseEnvelope(text).ok === 'boolean',
      ),
    );
  });
});

describe('messageKind', () => {
  it.each([
    [{ jsonrpc: '2.0', id: 1, method: 'tools/call' }, 'request'],
    [{ jsonrpc: '2.0', method: 'notifications/progress' }, 'notification'],
    [{ jsonrpc: '2.0', id: 1, result: 1 }, 'response'],
    [{ jsonrpc: '2.0', id: 1, error: {} }, 'response'],
    [{ jsonrpc: '2.0', id: 1, method: 3 }, 'invalid'],
    [[1], 'invalid'],
    ['x', 'invalid'],
  ])('should classify %j as %s', (value, kind) => {
    expect(messageKind(value)).toBe(kind);
  });
});

describe('layerOf', () => {
  it.each([
    [{ error: { code: 1 } }, 'protocol'],
    [{ error: {}, result: {} }, 'protocol'],
    [{ result: { isError: true } }, 'tool'],
    [{ result: { isError: 'true' } }, 'success'],
    [{ result: null }, 'success'],
    [{ id: 1 }, null],
    [42, null],
  ])('should place %j at %s', (value, layer) => {
    expect(layerOf(value)).toBe(layer);
  });
});
