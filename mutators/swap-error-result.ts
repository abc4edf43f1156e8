import type { Mutator, Variant } from '../src/mutant/mutator.js';
import { errorOf, has, resultOf, responseOf } from './_envelope.js';
import { deleteAt, setAt } from './_json.js';
import { distinct } from './_variants.js';

/**
 * Moves a failure to the other layer by renaming its member: the `error` payload under `result`,
 * or a tool result (one carrying `isError`) under `error`. MCP 2025-11-25 tools: protocol errors
 * and tool execution errors are different contracts; JSON-RPC 2.0 §5 keys them by member name.
 */
export const swapErrorResult: Mutator<'swap-error-result'> = {
  name: 'swap-error-result',
  description: 'Moves the error payload under result, or a tool result under error.',
  layer: 'envelope',
  target: 'envelope',
  expectedKillers: ['mcp.layer', 'jsonrpc.members'],
  version: 1,
  *mutate(target) {
    const response = responseOf(target);
    if (response === undefined) return;
    yield* distinct(target, candidates(response));
  },
};

function* candidates(response: Readonly<Record<string, unknown>>): Generator<Variant> {
  if (has(response, 'error') && !has(response, 'result')) {
    const moved = setAt(deleteAt(response, ['error']), ['result'], response['error']);
    yield { value: moved, replacement: 'error → result', path: ['result'] };
    return;
  }
  const result = resultOf(response);
  if (result !== undefined && has(result, 'isError') && errorOf(response) === undefined) {
    const moved = setAt(deleteAt(response, ['result']), ['error'], result);
    yield { value: moved, replacement: 'result → error', path: ['error'] };
  }
}
