import { describe, expect, it } from 'vitest';
import { leakCanary } from '../../mutators/leak-canary.js';
import { CANARY_PATTERN } from '../../src/oracle/leak-patterns.js';
import {
  NOTIFICATION,
  PROTOCOL_ERROR,
  REQUEST,
  SUCCESS,
  TOOL_FAILURE,
  mutatorContext,
} from './fixtures.js';
import { expectNoVariants, expectVariants, variantsOf } from './mutator-spec.js';

describe('leak-canary', () => {
  const context = mutatorContext({ canaries: ['sk-test-CANARY-1'] });
  const canary = 'sk-test-CANARY-1';

  it('should plant the project canary in error.message and error.data', () => {
    expectVariants(leakCanary, PROTOCOL_ERROR, context, [
      {
        value: {
          ...PROTOCOL_ERROR,
          error: { ...PROTOCOL_ERROR.error, message: `Unknown tool: nope ${canary}` },
        },
        replacement: `error.message += ${canary}`,
        path: ['error', 'message'],
      },
      {
        value: { ...PROTOCOL_ERROR, error: { ...PROTOCOL_ERROR.error, data: { debug: canary } } },
        replacement: `error.data.debug = ${canary}`,
        path: ['error', 'data'],
      },
    ]);
  });

  it('should plant it in text content, structured content and _meta of a result', () => {
    const result = SUCCESS.result;
    expectVariants(leakCanary, SUCCESS, context, [
      {
        value: {
          ...SUCCESS,
          result: { ...result, content: [{ type: 'text', text: `done ${canary}` }] },
        },
        replacement: `result.content.0.text += ${canary}`,
        path: ['result', 'content', 0, 'text'],
      },
      {
        value: {
          ...SUCCESS,
          result: { ...result, structuredContent: { total: 3, debug: canary } },
        },
        replacement: `result.structuredContent.debug = ${canary}`,
        path: ['result', 'structuredContent'],
      },
      {
        value: { ...SUCCESS, result: { ...result, _meta: { debug: canary } } },
        replacement: `result._meta.debug = ${canary}`,
        path: ['result', '_meta'],
      },
    ]);
  });

  it('should append to a string error.data and skip the text block a result lacks', () => {
    const withData = { ...PROTOCOL_ERROR, error: { ...PROTOCOL_ERROR.error, data: 'trace' } };
    const [, data] = variantsOf(leakCanary, withData, context);
    expect(data?.value).toStrictEqual({
      ...withData,
      error: { ...withData.error, data: `trace ${canary}` },
    });
    const paths = variantsOf(
      leakCanary,
      { ...TOOL_FAILURE, result: { content: [], isError: true } },
      context,
    );
    expect(paths.map((variant) => variant.path)).toStrictEqual([['result', '_meta']]);
  });

  it('should plant a generated canary when the project has none, the same for the same seed', () => {
    const [first] = variantsOf(leakCanary, PROTOCOL_ERROR, mutatorContext({ seed: 7 }));
    const [again] = variantsOf(leakCanary, PROTOCOL_ERROR, mutatorContext({ seed: 7 }));
    const [other] = variantsOf(leakCanary, PROTOCOL_ERROR, mutatorContext({ seed: 8 }));
    expect(first?.replacement).toMatch(/^error\.message \+= CANARY-[A-Za-z0-9]{12}$/);
    expect(CANARY_PATTERN.test(first?.replacement ?? '')).toBe(true);
    expect(again).toStrictEqual(first);
    expect(other?.replacement).not.toBe(first?.replacement);
  });

  it('should not apply to a request or a notification', () => {
    expectNoVariants(leakCanary, REQUEST, context);
    expectNoVariants(leakCanary, NOTIFICATION, context);
  });
});
