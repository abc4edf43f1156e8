import { describe, it } from 'vitest';
import { insertBothMembers } from '../../mutators/insert-both-members.js';
import { NOTIFICATION, PROTOCOL_ERROR, REQUEST, TOOL_FAILURE, mutatorContext } from './fixtures.js';
import { expectNoVariants, expectVariants } from './mutator-spec.js';

describe('insert-both-members', () => {
  const context = mutatorContext();

  it('should add a result next to an error', () => {
    expectVariants(insertBothMembers, PROTOCOL_ERROR, context, [
      {
        value: { ...PROTOCOL_ERROR, result: { content: [] } },
        replacement: '+ result {"content":[]}',
        path: ['result'],
      },
    ]);
  });

  it('should add an error next to a result', () => {
    expectVariants(insertBothMembers, TOOL_FAILURE, context, [
      {
        value: { ...TOOL_FAILURE, error: { code: -32603, message: 'Internal error' } },
        replacement: '+ error {"code":-32603,…}',
        path: ['error'],
      },
    ]);
  });

  it('should not apply to a response with both members, a request or a notification', () => {
    expectNoVariants(insertBothMembers, { ...PROTOCOL_ERROR, result: {} }, context);
    expectNoVariants(insertBothMembers, REQUEST, context);
    expectNoVariants(insertBothMembers, NOTIFICATION, context);
  });
});
