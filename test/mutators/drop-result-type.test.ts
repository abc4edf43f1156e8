import { describe, it } from 'vitest';
import { dropResultType } from '../../mutators/drop-result-type.js';
import { PROTOCOL_ERROR, SUCCESS, mutatorContext } from './fixtures.js';
import { expectNoVariants, expectVariants } from './mutator-spec.js';

const complete = { ...SUCCESS, result: { ...SUCCESS.result, resultType: 'complete' } };
const path = ['result', 'resultType'];

describe('drop-result-type', () => {
  const context = mutatorContext({ profile: 'mcp-2026-07-28' });

  it('should remove resultType or make it input_required under mcp-2026-07-28', () => {
    expectVariants(dropResultType, complete, context, [
      { value: SUCCESS, replacement: 'resultType "complete" → absent', path },
      {
        value: { ...SUCCESS, result: { ...SUCCESS.result, resultType: 'input_required' } },
        replacement: 'resultType "complete" → "input_required"',
        path,
      },
    ]);
  });

  it('should not apply under a profile without resultType, nor to a protocol error', () => {
    expectNoVariants(dropResultType, complete, mutatorContext({ profile: 'mcp-2025-11-25' }));
    expectNoVariants(dropResultType, PROTOCOL_ERROR, context);
  });
});
