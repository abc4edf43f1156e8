import type { Mutator } from '../src/mutant/mutator.js';
import { toolFailureOf } from './_envelope.js';
import { distinct, variantAt } from './_variants.js';

/**
 * Deletes `isError` from a tool failure, which then reads as a success: MCP 2025-11-25 tools
 * requires `isError: true` on a tool execution error, so the model knows the call failed.
 */
export const removeIsError: Mutator<'remove-is-error'> = {
  name: 'remove-is-error',
  description: 'Deletes isError from a tool failure, so it reads as a success.',
  layer: 'tool',
  target: 'envelope',
  expectedKillers: ['mcp.is-error'],
  version: 1,
  *mutate(target) {
    if (toolFailureOf(target) === undefined) return;
    const path = ['result', 'isError'];
    yield* distinct(target, [variantAt(target, path, undefined, 'isError true → absent')]);
  },
};
