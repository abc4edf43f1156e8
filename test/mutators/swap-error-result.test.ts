import { describe, it } from 'vitest';
import { swapErrorResult } from '../../mutators/swap-error-result.js';
import {
  NOTIFICATION,
  PROTOCOL_ERROR,
  REQUEST,
  SUCCESS,
  TOOL_FAILURE,
  mutatorContext,
} from './fixtures.js';
import { expectNoVariants, expectVariants } from './mutator-spec.js';

describe('swap-error-result', () => {
  const context = mutatorContext();

  it('should move a protocol error payload under result', () => {
    expectVariants(swapErrorResult, PROTOCOL_ERROR, context, [
      {
        value: { jsonrpc: '2.0', id: 41, result: { code: -32602, message: 'Unknown tool: nope' } },
        replacement: 'error → result',
        path: ['result'],
      },
    ]);
  });

  it('should move a tool result under error', () => {
    expectVariants(swapErrorResult, TOOL_FAILURE, context, [
      {
        value: { jsonrpc: '2.0', id: 'req-42', error: TOOL_FAILURE.result },
        replacement: 'result → error',
        path: ['error'],
      },
    ]);
  });

  it('should not apply to a result without isError, a request or a notification', () => {
    expectNoVariants(swapErrorResult, SUCCESS, context);
    expectNoVariants(swapErrorResult, REQUEST, context);
    expectNoVariants(swapErrorResult, NOTIFICATION, context);
  });

  it('should not apply to a response that already carries both members', () => {
    expectNoVariants(swapErrorResult, { ...PROTOCOL_ERROR, result: { isError: true } }, context);
  });
});
