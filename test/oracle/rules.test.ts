import { describe, expect, it } from 'vitest';
import { check } from '../../src/oracle/check.js';
import type { CheckContext } from '../../src/oracle/check-context.js';
import type { RuleName } from '../../src/oracle/rule-name.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';
import { protocolError, textBlock, toolError, toolSuccess } from './fixtures.js';

interface RuleCase {
  readonly name: string;
  readonly profile?: string;
  readonly context: CheckContext;
  readonly passing: unknown;
  readonly failing: unknown;
}

const OUTPUT_SCHEMA = {
  type: 'object',
  properties: { rows: { type: 'integer' } },
  required: ['rows'],
};

/** For each envelope rule: one envelope that passes and one that breaks exactly that rule. */
const CASES: Readonly<Partial<Record<RuleName, RuleCase>>> = {
  'jsonrpc.version': {
    name: 'jsonrpc "1.0"',
    context: { requestId: 1 },
    passing: toolSuccess(1),
    failing: { ...toolSuccess(1), jsonrpc: '1.0' },
  },
  'jsonrpc.id': {
    name: 'another in-flight id',
    context: { requestId: 1, inFlightIds: [2] },
    passing: toolSuccess(1),
    failing: toolSuccess(2),
  },
  'jsonrpc.members': {
    name: 'both result and error',
    context: { requestId: 1 },
    passing: protocolError(1),
    failing: { ...protocolError(1), result: { content: [] } },
  },
  'jsonrpc.error-shape': {
    name: 'a string code',
    context: { requestId: 1 },
    passing: protocolError(1, -32603, 'Internal error'),
    failing: { jsonrpc: '2.0', id: 1, error: { code: '-32603', message: 'Internal error' } },
  },
  'jsonrpc.error-code': {
    name: 'a neighbour code of the expected one',
    context: { requestId: 1, expected: { failureClass: 'unknown-tool' } },
    passing: protocolError(1, -32602),
    failing: protocolError(1, -32603),
  },
  'mcp.layer': {
    name: 'a tool error promoted to a protocol error',
    context: { requestId: 1, expected: { failureClass: 'domain-rejection' } },
    passing: toolError(1),
    failing: protocolError(1, -32603, 'Account is not eligible'),
  },
  'mcp.is-error': {
    name: 'a stringified isError',
    context: { requestId: 1 },
    passing: toolError(1),
    failing: { jsonrpc: '2.0', id: 1, result: { content: [textBlock('x')], isError: 'true' } },
  },
  'mcp.content': {
    name: 'an empty content array on a tool failure',
    context: { requestId: 1, method: 'tools/call' },
    passing: toolError(1),
    failing: { jsonrpc: '2.0', id: 1, result: { content: [], isError: true } },
  },
  'mcp.structured-content': {
    name: 'structured content off the output schema',
    context: { requestId: 1, method: 'tools/call', outputSchema: OUTPUT_SCHEMA },
    passing: toolSuccess(1, { structuredContent: { rows: 42 } }),
    failing: toolSuccess(1, { structuredContent: { rows: 'many' } }),
  },
  'mcp.result-type': {
    name: 'a missing resultType under 2026-07-28',
    profile: 'mcp-2026-07-28',
    context: { requestId: 1 },
    passing: toolSuccess(1, { resultType: 'complete' }),
    failing: toolSuccess(1),
  },
  'sanitize.leak': {
    name: 'a canary in the error message',
    context: { requestId: 1 },
    passing: protocolError(1, -32602, 'Unknown tool: foo'),
    failing: protocolError(1, -32602, 'Unknown tool: foo CANARY-x7Rk29Qa1b'),
  },
};

describe('check: one passing and one failing envelope per rule', () => {
  for (const [rule, testCase] of Object.entries(CASES)) {
    const taxonomy = resolveTaxonomy(
      testCase.profile === undefined ? {} : { profile: testCase.profile },
    );

    it(`should report nothing for the passing envelope of ${rule}`, () => {
      // Act
      const violations = check(testCase.passing, testCase.context, taxonomy);

      // Assert
      expect(violations).toEqual([]);
    });

    it(`should report exactly ${rule} for ${testCase.name}`, () => {
      // Act
      const violations = check(testCase.failing, testCase.context, taxonomy);

      // Assert
      expect(violations.map((violation) => violation.rule)).toEqual([rule]);
      expect(violations[0]?.message).toMatch(/^Invalid .+: Expected .+ but received .+$/s);
    });
  }
});
