import { describe, it } from 'vitest';
import { dropBothMembers } from '../../mutators/drop-both-members.js';
import { NOTIFICATION, PROTOCOL_ERROR, REQUEST, TOOL_FAILURE, mutatorContext } from './fixtures.js';
import { expectNoVariants, expectVariants } from './mutator-spec.js';

describe('drop-both-members', () => {
  const context = mutatorContext();

  it('should remove the error of an error response', () => {
    expectVariants(dropBothMembers, PROTOCOL_ERROR, context, [
      { value: { jsonrpc: '2.0', id: 41 }, replacement: 'error → absent', path: ['error'] },
    ]);
  });

  it('should remove both members when a response carries both', () => {
    const both = { ...TOOL_FAILURE, error: { code: -32603, message: 'x' } };
    expectVariants(dropBothMembers, both, context, [
      { value: { jsonrpc: '2.0', id: 'req-42' }, replacement: 'error → absent', path: ['error'] },
    ]);
  });

  it('should not apply to a request or a notification', () => {
    expectNoVariants(dropBothMembers, REQUEST, context);
    expectNoVariants(dropBothMembers, NOTIFICATION, context);
  });

  it('should name the result as the member removed from a result response', () => {
    expectVariants(dropBothMembers, TOOL_FAILURE, context, [
      { value: { jsonrpc: '2.0', id: 'req-42' }, replacement: 'result → absent', path: ['result'] },
    ]);
  });
});
