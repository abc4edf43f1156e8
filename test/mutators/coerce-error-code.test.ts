import { describe, it } from 'vitest';
import { coerceErrorCode } from '../../mutators/coerce-error-code.js';
import { PROTOCOL_ERROR, TOOL_FAILURE, mutatorContext } from './fixtures.js';
import { expectNoVariants, expectVariants } from './mutator-spec.js';

const withError = (error: object): object => ({ ...PROTOCOL_ERROR, error });

describe('coerce-error-code', () => {
  const context = mutatorContext();

  it('should turn the code into a string and a fraction, and drop the message', () => {
    expectVariants(coerceErrorCode, PROTOCOL_ERROR, context, [
      {
        value: withError({ code: '-32602', message: 'Unknown tool: nope' }),
        replacement: 'code -32602 → "-32602"',
        path: ['error', 'code'],
      },
      {
        value: withError({ code: -32602.5, message: 'Unknown tool: nope' }),
        replacement: 'code -32602 → -32602.5',
        path: ['error', 'code'],
      },
      {
        value: withError({ code: -32602 }),
        replacement: 'error.message → absent',
        path: ['error', 'message'],
      },
    ]);
  });

  it('should only drop the message when the code is already not a number', () => {
    expectVariants(coerceErrorCode, withError({ code: 'E1', message: 'm' }), context, [
      {
        value: withError({ code: 'E1' }),
        replacement: 'error.message → absent',
        path: ['error', 'message'],
      },
    ]);
  });

  it('should not apply to a tool failure or an error object without code and message', () => {
    expectNoVariants(coerceErrorCode, TOOL_FAILURE, context);
    expectNoVariants(coerceErrorCode, withError({}), context);
  });

  it('should leave a code that is not a finite number alone', () => {
    for (const code of [Infinity, -Infinity, NaN]) {
      expectVariants(coerceErrorCode, withError({ code, message: 'm' }), context, [
        {
          value: withError({ code }),
          replacement: 'error.message → absent',
          path: ['error', 'message'],
        },
      ]);
    }
  });
});
