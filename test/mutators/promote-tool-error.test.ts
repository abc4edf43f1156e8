import { describe, it } from 'vitest';
import { promoteToolError } from '../../mutators/promote-tool-error.js';
import { PROTOCOL_ERROR, SUCCESS, TOOL_FAILURE, mutatorContext } from './fixtures.js';
import { expectNoVariants, expectVariants } from './mutator-spec.js';

describe('promote-tool-error', () => {
  const context = mutatorContext();

  it('should report the tool failure as a -32603 protocol error carrying its first text', () => {
    expectVariants(promoteToolError, TOOL_FAILURE, context, [
      {
        value: {
          jsonrpc: '2.0',
          id: 'req-42',
          error: { code: -32603, message: 'Account is not eligible' },
        },
        replacement: 'isError result → error -32603',
        path: ['error'],
      },
    ]);
  });

  it('should fall back to "Internal error" when the failure has no text', () => {
    const silent = { ...TOOL_FAILURE, result: { content: [], isError: true } };
    expectVariants(promoteToolError, silent, context, [
      {
        value: { jsonrpc: '2.0', id: 'req-42', error: { code: -32603, message: 'Internal error' } },
        replacement: 'isError result → error -32603',
        path: ['error'],
      },
    ]);
  });

  it('should not apply to a success or a protocol error', () => {
    expectNoVariants(promoteToolError, SUCCESS, context);
    expectNoVariants(promoteToolError, PROTOCOL_ERROR, context);
  });
});
