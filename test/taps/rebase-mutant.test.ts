import { describe, expect, test } from 'vitest';
import { rebaseMutant } from '../../src/taps/rebase-mutant.js';

describe('rebaseMutant', () => {
  test('should give the mutant itself when the live envelope is the recorded one', () => {
    // Arrange
    const original = { jsonrpc: '2.0', id: 1, result: { ok: true } };
    const mutated = { jsonrpc: '1.0', id: 1, result: { ok: true } };
    // Act / Assert
    expect(rebaseMutant(original, mutated, structuredClone(original))).toEqual(mutated);
  });

  test('should keep the live id when the mutant changed another member', () => {
    // A shared SDK client numbered this request 7 in this run, 3 in the discovery run.
    const original = { jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: 'a' }] } };
    const mutated = { jsonrpc: '2.0', id: 3, result: { content: [], isError: true } };
    const live = { jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text: 'a' }] } };
    expect(rebaseMutant(original, mutated, live)).toEqual({
      jsonrpc: '2.0',
      id: 7,
      result: { content: [], isError: true },
    });
  });

  test('should apply a changed id, a removed member and an added member', () => {
    const original = { jsonrpc: '2.0', id: 3, result: {} };
    const mutated = { jsonrpc: '2.0', id: '3', error: { code: -32603, message: 'x' } };
    const live = { jsonrpc: '2.0', id: 7, result: {} };
    expect(rebaseMutant(original, mutated, live)).toEqual(mutated);
  });

  test('should keep the reordered members of a harmless mutant on a live envelope', () => {
    // Arrange
    const original = { jsonrpc: '2.0', id: 3, error: { code: -32601, message: 'x' } };
    const mutated = { error: { message: 'x', code: -32601 }, id: 3, jsonrpc: '2.0' };
    const live = { jsonrpc: '2.0', id: 7, error: { code: -32601, message: 'x' } };

    // Act
    const rebased = rebaseMutant(original, mutated, live);

    // Assert
    expect(JSON.stringify(rebased)).toBe(
      '{"error":{"message":"x","code":-32601},"id":7,"jsonrpc":"2.0"}',
    );
  });

  test('should write a reformatted body layout around the live value', () => {
    // Arrange: a layout, not a text, so the live id is the one sent.
    const body = (id: number) => ({ kind: 'json', value: { jsonrpc: '2.0', id, result: {} } });
    const layout = { indent: 2, before: '', after: '' };
    const original = { response: { status: 200, body: body(3) } };
    const mutated = { response: { status: 200, body: { ...body(3), layout } } };
    const live = { response: { status: 200, body: body(7) } };

    // Act
    const rebased = rebaseMutant(original, mutated, live);

    // Assert
    expect(rebased).toEqual({ response: { status: 200, body: { ...body(7), layout } } });
  });
});
