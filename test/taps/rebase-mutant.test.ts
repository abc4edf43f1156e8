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

  test('should make a header edit on the live header, whose trace id changed', () => {
    // Arrange: a challenge whose error_description carries a per-request trace id; the mutant
    // drops its scope (drop-scope-challenge).
    const challenge = (trace: string, scope = ' scope="write",') =>
      `Bearer error="insufficient_scope",${scope} error_description="Needs write. (trace ${trace})"`;
    const exchange = (header: string) => ({ response: { status: 403, headers: { h: header } } });
    const original = exchange(challenge('6c89bd0c'));
    const mutated = exchange(challenge('6c89bd0c', ''));
    const live = exchange(challenge('cbd691a8'));
    // Act / Assert
    expect(rebaseMutant(original, mutated, live)).toEqual(exchange(challenge('cbd691a8', '')));
  });

  test('should place the edit after the live text when what changed comes before it', () => {
    const original = 'trace 1111; scope="write"; realm';
    const mutated = 'trace 1111; realm';
    expect(rebaseMutant(original, mutated, 'trace 2222; scope="write"; realm')).toBe(
      'trace 2222; realm',
    );
    // Appended and prepended text keeps the live text whole.
    expect(rebaseMutant('ok 1', 'ok 1 CANARY', 'ok 2')).toBe('ok 2 CANARY');
    expect(rebaseMutant('ok 1', 'CANARY ok 1', 'ok 2')).toBe('CANARY ok 2');
  });

  test('should keep the mutant’s text where its edit cannot be placed on the live text', () => {
    // Both ends changed and the removed stretch is not in the live text.
    expect(rebaseMutant('a1-x-b1', 'a1-b1', 'a2-y-b2')).toBe('a1-b1');
  });

  test('should give a body the mutant built around the request id this run’s id', () => {
    // Arrange: auth-failure-as-tool-error turns a 401 into a 200 whose JSON-RPC body answers the
    // request; the client numbered it with a new UUID in this run.
    const exchange = (id: string, response: unknown) => ({
      request: { method: 'POST', body: { jsonrpc: '2.0', id, method: 'tools/call' } },
      response,
    });
    const refused = { status: 401, body: { kind: 'text', value: 'no' } };
    const answered = (id: string) => ({
      status: 200,
      body: { kind: 'json', value: { jsonrpc: '2.0', id, result: { isError: true } } },
    });
    const original = exchange('aeef0e11', refused);
    const mutated = exchange('aeef0e11', answered('aeef0e11'));
    const live = exchange('77d01c9a', refused);
    // Act / Assert
    expect(rebaseMutant(original, mutated, live)).toEqual(
      exchange('77d01c9a', answered('77d01c9a')),
    );
  });

  test('should keep a value that stayed, or changed to two values, as the mutant wrote it', () => {
    // 3 is the id (now 7) and a count that did not change: the mutant's 3 may mean either.
    const original = { id: 3, result: { count: 3, items: [1, 1] } };
    const mutated = { id: 3, result: [3, 1] };
    const live = { id: 7, result: { count: 3, items: [4, 5] } };
    expect(rebaseMutant(original, mutated, live)).toEqual({ id: 7, result: [3, 1] });
  });
});
