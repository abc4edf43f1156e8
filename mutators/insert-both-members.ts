import type { Mutator, Variant } from '../src/mutant/mutator.js';
import { has, responseOf } from './_envelope.js';
import { distinct, variantAt } from './_variants.js';

/** What a confused serializer adds: JSON-RPC 2.0 §5.1's internal error, or an empty result. */
const ADDED_ERROR = { code: -32603, message: 'Internal error' } as const;
const ADDED_RESULT = { content: [] } as const;

/**
 * Adds the missing member next to the present one. JSON-RPC 2.0 §5: a response carries exactly
 * one of `result` / `error`; a client that reads either first would pick a side silently.
 */
export const insertBothMembers: Mutator<'insert-both-members'> = {
  name: 'insert-both-members',
  description: 'Adds the missing member next to the present one (result and error together).',
  layer: 'envelope',
  target: 'envelope',
  expectedKillers: ['jsonrpc.members'],
  version: 1,
  *mutate(target) {
    const response = responseOf(target);
    if (response === undefined) return;
    const hasError = has(response, 'error');
    if (hasError === has(response, 'result')) return;
    const candidate: Variant = hasError
      ? variantAt(target, ['result'], ADDED_RESULT, '+ result {"content":[]}')
      : variantAt(target, ['error'], ADDED_ERROR, '+ error {"code":-32603,…}');
    yield* distinct(target, [candidate]);
  },
};
