import type { Mutator } from '../src/mutant/mutator.js';
import { toolFailureOf } from './_envelope.js';
import { distinct, variantAt } from './_variants.js';

/**
 * Makes `isError` truthy but not `true`: MCP 2025-11-25 schema.ts types it as a boolean, and a
 * client testing `=== true` reads `"true"` or `1` as a success.
 */
export const stringifyIsError: Mutator<'stringify-is-error'> = {
  name: 'stringify-is-error',
  description: 'Turns isError true into "true" or 1.',
  layer: 'tool',
  target: 'envelope',
  expectedKillers: ['mcp.is-error'],
  version: 1,
  *mutate(target) {
    if (toolFailureOf(target) === undefined) return;
    const path = ['result', 'isError'];
    yield* distinct(target, [
      variantAt(target, path, 'true', 'isError true → "true"'),
      variantAt(target, path, 1, 'isError true → 1'),
    ]);
  },
};
