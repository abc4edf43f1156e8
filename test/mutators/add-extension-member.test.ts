import { describe, it } from 'vitest';
import { addExtensionMember } from '../../mutators/add-extension-member.js';
import {
  NOTIFICATION,
  PROTOCOL_ERROR,
  REQUEST,
  SUCCESS,
  TOOL_FAILURE,
  mutatorContext,
} from './fixtures.js';
import { expectNoVariants, expectVariants } from './mutator-spec.js';

describe('add-extension-member', () => {
  const context = mutatorContext();
  const key = 'com.example.harmless/trace';

  it('should add error.data to a protocol error that has none', () => {
    expectVariants(addExtensionMember, PROTOCOL_ERROR, context, [
      {
        value: {
          ...PROTOCOL_ERROR,
          error: { ...PROTOCOL_ERROR.error, data: { traceId: 'trace-0001' } },
        },
        replacement: 'error.data added',
        path: ['error', 'data'],
      },
    ]);
  });

  it('should add a prefixed _meta key to a result, keeping the keys it had', () => {
    const withMeta = { ...SUCCESS, result: { ...SUCCESS.result, _meta: { 'io.app/x': 1 } } };

    expectVariants(addExtensionMember, TOOL_FAILURE, context, [
      {
        value: {
          ...TOOL_FAILURE,
          result: { ...TOOL_FAILURE.result, _meta: { [key]: 'trace-0001' } },
        },
        replacement: `_meta.${key} added`,
        path: ['result', '_meta'],
      },
    ]);
    expectVariants(addExtensionMember, withMeta, context, [
      {
        value: {
          ...SUCCESS,
          result: { ...SUCCESS.result, _meta: { 'io.app/x': 1, [key]: 'trace-0001' } },
        },
        replacement: `_meta.${key} added`,
        path: ['result', '_meta'],
      },
    ]);
  });

  it('should not touch error.data the server already sends, a non-object _meta or a request', () => {
    const withData = { ...PROTOCOL_ERROR, error: { ...PROTOCOL_ERROR.error, data: 'x' } };
    const badMeta = { ...SUCCESS, result: { ...SUCCESS.result, _meta: 'x' } };

    expectNoVariants(addExtensionMember, withData, context);
    expectNoVariants(addExtensionMember, badMeta, context);
    expectNoVariants(addExtensionMember, REQUEST, context);
    expectNoVariants(addExtensionMember, NOTIFICATION, context);
  });
});
