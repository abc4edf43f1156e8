import { describe, it } from 'vitest';
import { emptyErrorContent } from '../../mutators/empty-error-content.js';
import { PROTOCOL_ERROR, SUCCESS, TOOL_FAILURE, mutatorContext } from './fixtures.js';
import { expectNoVariants, expectVariants } from './mutator-spec.js';

describe('empty-error-content', () => {
  const context = mutatorContext();

  it('should empty the content of a tool failure', () => {
    expectVariants(emptyErrorContent, TOOL_FAILURE, context, [
      {
        value: { ...TOOL_FAILURE, result: { content: [], isError: true } },
        replacement: 'content → []',
        path: ['result', 'content'],
      },
    ]);
  });

  it('should not apply to a failure already empty, a success or a protocol error', () => {
    expectNoVariants(
      emptyErrorContent,
      { ...TOOL_FAILURE, result: { content: [], isError: true } },
      context,
    );
    expectNoVariants(emptyErrorContent, SUCCESS, context);
    expectNoVariants(emptyErrorContent, PROTOCOL_ERROR, context);
  });
});
