import { describe, it } from 'vitest';
import { removeIsError } from '../../mutators/remove-is-error.js';
import { PROTOCOL_ERROR, SUCCESS, TOOL_FAILURE, mutatorContext } from './fixtures.js';
import { expectNoVariants, expectVariants } from './mutator-spec.js';

describe('remove-is-error', () => {
  const context = mutatorContext();

  it('should delete isError from a tool failure', () => {
    expectVariants(removeIsError, TOOL_FAILURE, context, [
      {
        value: { jsonrpc: '2.0', id: 'req-42', result: { content: TOOL_FAILURE.result.content } },
        replacement: 'isError true → absent',
        path: ['result', 'isError'],
      },
    ]);
  });

  it('should not apply to a success, an isError false result or a protocol error', () => {
    expectNoVariants(removeIsError, SUCCESS, context);
    expectNoVariants(
      removeIsError,
      { ...SUCCESS, result: { content: [], isError: false } },
      context,
    );
    expectNoVariants(removeIsError, PROTOCOL_ERROR, context);
  });
});
