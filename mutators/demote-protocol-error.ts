import type { Mutator, MutatorContext } from '../src/mutant/mutator.js';
import { errorOf } from './_envelope.js';
import { deleteAt, setAt } from './_json.js';
import { distinct } from './_variants.js';

/**
 * Reports a protocol error as a tool failure: `result: {content: [{type: 'text', text: 'MCP error
 * <code>: <message>'}], isError: true}`. That is what SDK 1.32's McpServer sends for an unknown
 * tool, which MCP 2025-11-25 tools lists among protocol errors. Under 2026-07-28 the result says
 * `resultType: "complete"`, so only the layer is wrong.
 */
export const demoteProtocolError: Mutator<'demote-protocol-error'> = {
  name: 'demote-protocol-error',
  description: 'Turns a protocol error into an isError tool result carrying its message.',
  layer: 'protocol',
  target: 'envelope',
  expectedKillers: ['mcp.layer'],
  version: 1,
  *mutate(target, context) {
    const error = errorOf(target);
    if (error === undefined) return;
    const text = `MCP error ${plain(error['code'])}: ${plain(error['message'])}`;
    const value = setAt(deleteAt(target, ['error']), ['result'], toolResult(text, context));
    yield* distinct(target, [{ value, replacement: `error → isError result`, path: ['result'] }]);
  },
};

function toolResult(text: string, context: MutatorContext): Readonly<Record<string, unknown>> {
  const result = { content: [{ type: 'text', text }], isError: true };
  return context.taxonomy.profile.requiresResultType
    ? { ...result, resultType: 'complete' }
    : result;
}

function plain(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}
