import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deepEqual } from '../../mutators/_json.js';
import { reorderMembers } from '../../mutators/reorder-members.js';
import { validResponse } from '../../src/arbitraries/valid-response.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';
import { PROTOCOL_ERROR, TOOL_FAILURE, mutatorContext } from './fixtures.js';
import { expectNoVariants, expectVariants, variantsOf } from './mutator-spec.js';

describe('reorder-members', () => {
  const context = mutatorContext();

  it('should reverse the members of the envelope and of its error object, in the text too', () => {
    // Arrange
    const reversedEnvelope = { error: PROTOCOL_ERROR.error, id: 41, jsonrpc: '2.0' };
    const reversedError = {
      ...PROTOCOL_ERROR,
      error: { message: 'Unknown tool: nope', code: -32602 },
    };

    // Act
    const texts = variantsOf(reorderMembers, PROTOCOL_ERROR, context).map((variant) =>
      JSON.stringify(variant.value),
    );

    // Assert
    expectVariants(reorderMembers, PROTOCOL_ERROR, context, [
      { value: reversedEnvelope, replacement: 'envelope members reversed', path: [] },
      { value: reversedError, replacement: 'error members reversed', path: ['error'] },
    ]);
    // toStrictEqual ignores member order: the text is what shows the reorder.
    expect(texts).toEqual([
      '{"error":{"code":-32602,"message":"Unknown tool: nope"},"id":41,"jsonrpc":"2.0"}',
      '{"jsonrpc":"2.0","id":41,"error":{"message":"Unknown tool: nope","code":-32602}}',
    ]);
  });

  it('should reverse the members of a result', () => {
    // Act
    const variants = variantsOf(reorderMembers, TOOL_FAILURE, context);

    // Assert
    expect(variants.map((variant) => variant.path)).toEqual([[], ['result']]);
    expect(Object.keys((variants[1]?.value as { result: object }).result)).toEqual([
      'isError',
      'content',
    ]);
  });

  it('should yield nothing where no order can change', () => {
    // A JavaScript object lists integer-like keys first, whatever their insertion order.
    expectNoVariants(reorderMembers, { '1': 'a', '2': 'b' }, context);
    expectNoVariants(reorderMembers, { jsonrpc: '2.0' }, context);
    expectNoVariants(reorderMembers, ['jsonrpc', '2.0'], context);
    expectNoVariants(reorderMembers, 'text', context);
  });

  it('should yield variants deep-equal to the input whose JSON text differs from it', () => {
    // Arrange
    const taxonomy = resolveTaxonomy({ profile: 'mcp-2025-11-25' });

    // Act / Assert
    fc.assert(
      fc.property(validResponse({ taxonomy }), ({ envelope }) => {
        const variants = variantsOf(reorderMembers, envelope, context);
        expect(variants.length).toBeGreaterThan(0);
        for (const variant of variants) {
          expect(deepEqual(variant.value, envelope)).toBe(true);
          expect(JSON.stringify(variant.value)).not.toBe(JSON.stringify(envelope));
        }
      }),
      { numRuns: 100, seed: 20_261_201 },
    );
  });
});
