import { describe, it } from 'vitest';
import { stringifyIsError } from '../../mutators/stringify-is-error.js';
import { PROTOCOL_ERROR, SUCCESS, TOOL_FAILURE, mutatorContext } from './fixtures.js';
import { expectNoVariants, expectVariants } from './mutator-spec.js';

const withIsError = (isError: unknown): object => ({
  ...TOOL_FAILURE,
  result: { ...TOOL_FAILURE.result, isError },
});

describe('stringify-is-error', () => {
  const context = mutatorContext();

  it('should turn isError true into "true" and 1', () => {
    expectVariants(stringifyIsError, TOOL_FAILURE, context, [
      {
        value: withIsError('true'),
        replacement: 'isError true → "true"',
        path: ['result', 'isError'],
      },
      { value: withIsError(1), replacement: 'isError true → 1', path: ['result', 'isError'] },
    ]);
  });

  it('should not apply to a success, an isError already "true" or a protocol error', () => {
    expectNoVariants(stringifyIsError, SUCCESS, context);
    expectNoVariants(stringifyIsError, withIsError('true'), context);
    expectNoVariants(stringifyIsError, PROTOCOL_ERROR, context);
  });
});
