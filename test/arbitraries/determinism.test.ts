import type * as fc from 'fast-check';
import { describe, it } from 'vitest';
import { canary } from '../../src/arbitraries/canary.js';
import { clientDecision } from '../../src/arbitraries/client-decision.js';
import { failureContext } from '../../src/arbitraries/failure-context.js';
import { jsonRpcId } from '../../src/arbitraries/json-rpc-id.js';
import { malformedResponse } from '../../src/arbitraries/malformed-response.js';
import { protocolError } from '../../src/arbitraries/protocol-error.js';
import { successResponse } from '../../src/arbitraries/success-response.js';
import { toolErrorResult } from '../../src/arbitraries/tool-error-result.js';
import { validResponse } from '../../src/arbitraries/valid-response.js';
import { expectSameSeedSameValues } from './arbitrary-contract.js';

const ARBITRARIES: readonly (readonly [string, () => fc.Arbitrary<unknown>])[] = [
  ['jsonRpcId', () => jsonRpcId()],
  ['successResponse', () => successResponse({ profile: 'mcp-2026-07-28' })],
  ['protocolError', () => protocolError({ profile: 'jsonrpc-2.0' })],
  ['toolErrorResult', () => toolErrorResult()],
  ['validResponse', () => validResponse()],
  ['malformedResponse', () => malformedResponse({ profile: 'mcp-2025-06-18' })],
  ['canary', () => canary()],
  ['failureContext', () => failureContext()],
  ['clientDecision', () => clientDecision()],
];

describe('arbitrary determinism', () => {
  it.each(ARBITRARIES)('should give %s the same values for the same seed', (_name, build) => {
    expectSameSeedSameValues(build());
  });
});
