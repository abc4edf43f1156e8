import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../../src/envelope/json-value.js';
import type { InFlightRequest } from '../../src/fuzz/fuzz-case.js';
import { DECODER_RULES, oracleJudge } from '../../src/fuzz/oracle-judge.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';

const judge = oracleJudge(resolveTaxonomy({ profile: 'mcp-2025-11-25' }));
const CALL: InFlightRequest = { id: 1, method: 'tools/call' };
const CONTENT = [{ type: 'text', text: 'done' }];

function verdictOf(value: JsonValue, request: InFlightRequest = CALL) {
  const verdict = judge({ text: JSON.stringify(value), value }, request);
  return { class: verdict.class, rules: verdict.violations.map((violation) => violation.rule) };
}

describe('oracleJudge', () => {
  it('should list the shape rules a decoder must enforce', () => {
    expect(DECODER_RULES).toEqual([
      'jsonrpc.version',
      'jsonrpc.members',
      'jsonrpc.error-shape',
      'mcp.is-error',
      'mcp.content',
      'mcp.structured-content',
      'mcp.result-type',
    ]);
  });

  it.each([
    ['a result', { jsonrpc: '2.0', id: 1, result: { content: CONTENT } }, 'success'],
    [
      'an isError result',
      { jsonrpc: '2.0', id: 1, result: { content: CONTENT, isError: true } },
      'tool',
    ],
    [
      'an error',
      { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'Invalid params' } },
      'protocol',
    ],
  ])('should give the layer of %s that breaks no rule', (_label, value, layer) => {
    expect(verdictOf(value)).toEqual({ class: layer, rules: [] });
  });

  it('should judge an envelope that breaks a decoder rule invalid', () => {
    expect(verdictOf({ jsonrpc: '2.0', id: 1, result: {} })).toEqual({
      class: 'invalid',
      rules: ['mcp.content'],
    });
  });

  it('should keep the layer of an envelope that breaks only a rule about ids', () => {
    expect(verdictOf({ jsonrpc: '2.0', id: '1', result: { content: CONTENT } })).toEqual({
      class: 'success',
      rules: ['jsonrpc.id'],
    });
  });

  it('should judge the parsed value when the envelope has one', () => {
    // Arrange
    const value = { jsonrpc: '2.0', id: 1, result: { content: CONTENT } };

    // Act
    const verdict = judge({ text: '', value }, CALL);

    // Assert
    expect(verdict).toEqual({ class: 'success', violations: [] });
  });

  it('should judge text that is not JSON invalid, with its violations', () => {
    // Act
    const verdict = judge({ text: '{"jsonrpc":' }, CALL);

    // Assert
    expect(verdict.class).toBe('invalid');
    expect(verdict.violations.length).toBeGreaterThan(0);
  });

  it('should judge structured content against the request outputSchema', () => {
    // Arrange
    const value = {
      jsonrpc: '2.0',
      id: 1,
      result: { content: CONTENT, structuredContent: { n: 'one' } },
    };
    const outputSchema = { type: 'object', properties: { n: { type: 'number' } } };

    // Act / Assert
    expect(verdictOf(value, { ...CALL, outputSchema })).toEqual({
      class: 'invalid',
      rules: ['mcp.structured-content'],
    });
    expect(verdictOf(value)).toEqual({ class: 'success', rules: [] });
  });

  it('should judge the answer to the request method: any result for a method other than tools/call', () => {
    expect(verdictOf({ jsonrpc: '2.0', id: 1, result: {} }, { id: 1, method: 'ping' })).toEqual({
      class: 'success',
      rules: [],
    });
  });
});
