import type { Mutator } from '../src/mutant/mutator.js';
import { _toolFailureOf } from './_envelope.js';
import { _distinct, _variantAt } from './_variants.js';

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
    if (_toolFailureOf(target) === undefined) return;
    const path = ['result', 'isError'];
    yield* _distinct(target, [_variantAt(target, path, undefined, 'isError true → absent')]);
  },
};
