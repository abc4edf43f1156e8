import type { Mutator } from '../src/mutant/mutator.js';
import { toolFailureOf } from './_envelope.js';
import { distinct, variantAt } from './_variants.js';

/**
 * Empties a tool failure's content: `isError: true` with `content: []` tells the model something
 * failed but not what, so it retries the identical call (MCP 2025-11-25 tools: error content
 * should say what went wrong).
 */
export const emptyErrorContent: Mutator<'empty-error-content'> = {
  name: 'empty-error-content',
  description: 'Leaves a tool failure with isError true and content [].',
  layer: 'tool',
  target: 'envelope',
  expectedKillers: ['mcp.content'],
  version: 1,
  *mutate(target) {
    if (toolFailureOf(target) === undefined) return;
    const path = ['result', 'content'];
    yield* distinct(target, [variantAt(target, path, [], 'content → []')]);
  },
};
