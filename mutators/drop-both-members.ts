import type { Mutator } from '../src/mutant/mutator.js';
import { has, responseOf } from './_envelope.js';
import { deleteAt } from './_json.js';
import { distinct } from './_variants.js';

/**
 * Removes `result` and `error`: JSON-RPC 2.0 §5 requires exactly one of them, and a client that
 * treats "no error" as success would report a failure as done.
 */
export const dropBothMembers: Mutator<'drop-both-members'> = {
  name: 'drop-both-members',
  description: 'Removes result and error: the response carries neither.',
  layer: 'envelope',
  target: 'envelope',
  expectedKillers: ['jsonrpc.members'],
  version: 1,
  *mutate(target) {
    const response = responseOf(target);
    if (response === undefined) return;
    const member = has(response, 'error') ? 'error' : 'result';
    const value = deleteAt(deleteAt(response, ['error']), ['result']);
    yield* distinct(target, [{ value, replacement: `${member} → absent`, path: [member] }]);
  },
};
