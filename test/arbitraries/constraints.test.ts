import { describe, expect, it } from 'vitest';
import { canary } from '../../src/arbitraries/canary.js';
import { clientDecision } from '../../src/arbitraries/client-decision.js';
import { failureContext } from '../../src/arbitraries/failure-context.js';
import { jsonRpcId } from '../../src/arbitraries/json-rpc-id.js';
import { malformedResponse } from '../../src/arbitraries/malformed-response.js';
import { protocolError } from '../../src/arbitraries/protocol-error.js';
import { successResponse } from '../../src/arbitraries/success-response.js';
import { toolErrorResult } from '../../src/arbitraries/tool-error-result.js';
import { validResponse } from '../../src/arbitraries/valid-response.js';
import { isConfigError } from '../../src/errors.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';

/** Bad constraints a JavaScript caller can pass: each must be a ConfigError naming the API. */
const BAD_CONSTRAINTS: readonly (readonly [string, () => unknown, string])[] = [
  [
    'jsonRpcId',
    () => jsonRpcId({ kinds: [] }),
    'jsonRpcId: constraints.kinds should be a non-empty array of "string" | "number" | "null"',
  ],
  ['jsonRpcId', () => jsonRpcId({ kinds: ['bool' as 'null'] }), 'jsonRpcId: constraints.kinds'],
  ['jsonRpcId', () => jsonRpcId(5 as never), 'jsonRpcId: constraints should be an object'],
  [
    'successResponse',
    () => successResponse({ profile: 'mcp-1999' as 'jsonrpc-2.0' }),
    'successResponse: constraints.profile should be one of',
  ],
  [
    'protocolError',
    () => protocolError({ taxonomy: {} as never }),
    'protocolError: constraints.taxonomy should be a taxonomy',
  ],
  [
    'validResponse',
    () =>
      validResponse({
        profile: 'jsonrpc-2.0',
        taxonomy: resolveTaxonomy({ profile: 'mcp-2025-11-25' }),
      }),
    'validResponse: constraints.profile is "jsonrpc-2.0" but constraints.taxonomy is built on "mcp-2025-11-25"',
  ],
  [
    'toolErrorResult',
    () => toolErrorResult({ profile: 'jsonrpc-2.0' }),
    'toolErrorResult: profile "jsonrpc-2.0" has no tool layer',
  ],
  [
    'malformedResponse',
    () => malformedResponse({ rules: [] }),
    'malformedResponse: constraints.rules should be a non-empty array',
  ],
  [
    'malformedResponse',
    () => malformedResponse({ rules: ['policy.action'] }),
    'malformedResponse: constraints.rules lists policy.action',
  ],
  [
    'malformedResponse',
    () => malformedResponse({ profile: 'mcp-2025-11-25', rules: ['mcp.result-type'] }),
    'malformedResponse: constraints.rules lists mcp.result-type, which no envelope can break under mcp-2025-11-25',
  ],
  [
    'canary',
    () => canary({ minBodyLength: 7 }),
    'canary: constraints.minBodyLength should be an integer of at least 8',
  ],
  [
    'canary',
    () => canary({ minBodyLength: 12, maxBodyLength: 9 }),
    'canary: constraints.maxBodyLength should be an integer of at least minBodyLength (12)',
  ],
  [
    'failureContext',
    () => failureContext({ kinds: ['network' as 'tool'] }),
    'failureContext: constraints.kinds',
  ],
  [
    'clientDecision',
    () => clientDecision({ actions: ['panic' as 'ask-user'] }),
    'clientDecision: constraints.actions',
  ],
  [
    'clientDecision',
    () =>
      clientDecision({
        taxonomy: resolveTaxonomy({ taxonomy: { retryTable: [{ when: {}, action: 'ask-user' }] } }),
        actions: ['retry-bounded'],
      }),
    'clientDecision: no failure context makes the retry table of mcp-2025-11-25 require retry-bounded',
  ],
];

describe('arbitrary constraints', () => {
  it.each(BAD_CONSTRAINTS)(
    'should reject bad constraints of %s with a ConfigError',
    (_api, call, message) => {
      // Act
      let thrown: unknown;
      try {
        call();
      } catch (error) {
        thrown = error;
      }

      // Assert
      expect(isConfigError(thrown), String(thrown)).toBe(true);
      expect((thrown as Error).message.startsWith(message), (thrown as Error).message).toBe(true);
    },
  );

  it('should accept the defaults of every arbitrary', () => {
    // Act / Assert: no constraint at all is always valid.
    for (const build of [
      jsonRpcId,
      successResponse,
      protocolError,
      toolErrorResult,
      validResponse,
      malformedResponse,
      canary,
      failureContext,
      clientDecision,
    ]) {
      expect(() => build()).not.toThrow();
    }
  });
});
