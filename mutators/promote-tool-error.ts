import type { Mutator } from '../src/mutant/mutator.js';
import { firstText, toolFailureOf } from './_envelope.js';
import { deleteAt, setAt } from './_json.js';
import { distinct } from './_variants.js';

/** JSON-RPC 2.0 §5.1 "Internal error": what a server's catch-all turns a thrown tool error into. */
const INTERNAL_ERROR = -32603;

/**
 * Reports a tool failure as a protocol error. MCP 2025-11-25 tools: a tool that ran and failed
 * answers with `isError: true` content the model can read; an `error` never reaches the model.
 */
export const promoteToolError: Mutator<'promote-tool-error'> = {
  name: 'promote-tool-error',
  description: 'Turns an isError tool result into a -32603 protocol error.',
  layer: 'tool',
  target: 'envelope',
  expectedKillers: ['mcp.layer'],
  version: 1,
  *mutate(target) {
    const result = toolFailureOf(target);
    if (result === undefined) return;
    const error = { code: INTERNAL_ERROR, message: firstText(result) ?? 'Internal error' };
    const value = setAt(deleteAt(target, ['result']), ['error'], error);
    const replacement = `isError result → error ${INTERNAL_ERROR}`;
    yield* distinct(target, [{ value, replacement, path: ['error'] }]);
  },
};
