import { describe, expect, it } from 'vitest';
import { rewordMessage } from '../../mutators/reword-message.js';
import {
  NOTIFICATION,
  PROTOCOL_ERROR,
  REQUEST,
  SUCCESS,
  TOOL_FAILURE,
  mutatorContext,
} from './fixtures.js';
import { expectNoVariants, expectVariants, variantsOf } from './mutator-spec.js';

describe('reword-message', () => {
  const context = mutatorContext();
  const localized = 'リクエストを確認して、もう一度お試しください。';

  it('should reword, repunctuate and localize error.message of a protocol error', () => {
    const withMessage = (message: string): unknown => ({
      ...PROTOCOL_ERROR,
      error: { ...PROTOCOL_ERROR.error, message },
    });

    expectVariants(rewordMessage, PROTOCOL_ERROR, context, [
      {
        value: withMessage('Unknown tool: nope. Check the request and try again.'),
        replacement: 'error.message reworded',
        path: ['error', 'message'],
      },
      {
        value: withMessage('Unknown tool: nope.'),
        replacement: 'error.message punctuation changed',
        path: ['error', 'message'],
      },
      {
        value: withMessage(`Unknown tool: nope — ${localized}`),
        replacement: 'error.message localized',
        path: ['error', 'message'],
      },
    ]);
  });

  it('should reword the text of a tool failure and drop its final full stop', () => {
    const failure = {
      ...TOOL_FAILURE,
      result: { ...TOOL_FAILURE.result, content: [{ type: 'text', text: 'Not eligible.' }] },
    };
    const texts = variantsOf(rewordMessage, failure, context).map(
      (variant) => (variant.value as typeof failure).result.content[0]?.text,
    );

    expect(texts).toEqual([
      'Not eligible. Check the request and try again.',
      'Not eligible',
      `Not eligible. — ${localized}`,
    ]);
  });

  it('should draw the localized sentence from the seed, always outside ASCII', () => {
    const sentences = new Set(
      [1, 2, 3, 4, 5, 6, 7, 8].map((seed) => {
        const [, , localizedVariant] = variantsOf(
          rewordMessage,
          PROTOCOL_ERROR,
          mutatorContext({ seed }),
        );
        return (localizedVariant?.value as { error: { message: string } }).error.message;
      }),
    );

    expect(sentences.size).toBeGreaterThan(1);
    for (const sentence of sentences) expect(sentence).toMatch(/[^\x00-\x7f]/);
  });

  it('should leave successes, requests and notifications alone', () => {
    expectNoVariants(rewordMessage, SUCCESS, context);
    expectNoVariants(rewordMessage, REQUEST, context);
    expectNoVariants(rewordMessage, NOTIFICATION, context);
  });
});
