import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reformatJsonText } from '../../mutators/reformat-json-text.js';
import { jsonBodyText, type HttpExchange, type JsonLayout } from '../../src/http/http-exchange.js';
import { mutatorContext } from './fixtures.js';
import { assertMutatorContract } from './mutator-contract.js';
import { expectNoVariants, expectVariants } from './mutator-spec.js';

const VALUE = { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not found' } };

function exchange(body: HttpExchange['response']['body']): HttpExchange {
  return {
    request: {
      method: 'POST',
      path: '/mcp',
      headers: {},
      body: { jsonrpc: '2.0', id: 2, method: 'x' },
    },
    response: { status: 200, headers: { 'content-type': 'application/json' }, body },
  };
}

const withLayout = (layout: JsonLayout): HttpExchange =>
  exchange({ kind: 'json', value: VALUE, layout });

describe('reformat-json-text', () => {
  const context = mutatorContext();

  it('should send a JSON body pretty-printed and padded, the value unchanged', () => {
    expectVariants(reformatJsonText, exchange({ kind: 'json', value: VALUE }), context, [
      {
        value: withLayout({ indent: 2, before: '', after: '' }),
        replacement: 'body pretty-printed',
        path: ['response', 'body', 'layout'],
      },
      {
        value: withLayout({ indent: 0, before: '\r\n ', after: '\n\t' }),
        replacement: 'body padded with whitespace',
        path: ['response', 'body', 'layout'],
      },
    ]);
  });

  it('should not yield a pretty-printed layout whose text is the compact one', () => {
    // Arrange: a scalar body has no token to separate, so only the padding changes its text.
    const scalar = exchange({ kind: 'json', value: 42 });

    // Act / Assert
    expectVariants(reformatJsonText, scalar, context, [
      {
        value: {
          ...scalar,
          response: {
            ...scalar.response,
            body: {
              kind: 'json',
              value: 42,
              layout: { indent: 0, before: '\r\n ', after: '\n\t' },
            },
          },
        },
        replacement: 'body padded with whitespace',
        path: ['response', 'body', 'layout'],
      },
    ]);
  });

  it('should leave bodies that are no JSON text, envelopes and profiles without HTTP alone', () => {
    expectNoVariants(reformatJsonText, exchange({ kind: 'text', text: 'x' }), context);
    expectNoVariants(reformatJsonText, exchange({ kind: 'empty' }), context);
    expectNoVariants(reformatJsonText, exchange({ kind: 'sse', events: [] }), context);
    expectNoVariants(reformatJsonText, VALUE, context);
    const plain = mutatorContext({ profile: 'jsonrpc-2.0' });
    expectNoVariants(reformatJsonText, exchange({ kind: 'json', value: VALUE }), plain);
  });

  it('should write texts that parse back to the value, member order included', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const variants = [
          ...reformatJsonText.mutate(exchange({ kind: 'json', value: value as never }), context),
        ];
        for (const variant of variants) {
          const { body } = (variant.value as HttpExchange).response;
          const text = body.kind === 'json' ? jsonBodyText(body) : '';
          expect(JSON.stringify(JSON.parse(text))).toBe(JSON.stringify(value));
          expect(text).not.toBe(JSON.stringify(value));
        }
      }),
      { numRuns: 200, seed: 20_261_201 },
    );
  });

  it('should keep the mutator contract on exchanges', () => {
    const exchanges = fc
      .jsonValue()
      .map((value) => exchange({ kind: 'json', value: value as never }));

    expect(() => {
      assertMutatorContract(reformatJsonText, 100, exchanges);
    }).not.toThrow();
  });
});
