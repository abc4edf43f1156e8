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
});
