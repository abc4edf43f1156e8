import type { Mutator } from '../src/mutant/mutator.js';
import { _has, _responseOf } from './_envelope.js';
import { _deleteAt } from './_json.js';
import { _distinct } from './_variants.js';

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
    const response = _responseOf(target);
    if (response === undefined) return;
    const member = _has(response, 'error') ? 'error' : 'result';
    const value = _deleteAt(_deleteAt(response, ['error']), ['result']);
    yield* _distinct(target, [{ value, replacement: `${member} → absent`, path: [member] }]);
  },
};
