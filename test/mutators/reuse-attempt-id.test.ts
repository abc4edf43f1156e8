import { describe, it } from 'vitest';
import { reuseAttemptId } from '../../mutators/reuse-attempt-id.js';
import type { Decision } from '../../src/taxonomy/client-action.js';
import { TOOL_FAILURE, mutatorContext } from './fixtures.js';
import { expectNoVariants, expectVariants } from './mutator-spec.js';

const retry: Decision = {
  action: 'retry-bounded',
  context: {
    kind: 'tool',
    transient: true,
    sideEffectMayHaveOccurred: false,
    userActionRequired: false,
  },
  attempt: { requestId: 'req-8', previousRequestId: 'req-7' },
};

describe('reuse-attempt-id', () => {
  const context = mutatorContext();

  it('should make the retry reuse the failed request id', () => {
    expectVariants(reuseAttemptId, retry, context, [
      {
        value: { ...retry, attempt: { requestId: 'req-7', previousRequestId: 'req-7' } },
        replacement: 'requestId "req-8" → "req-7" (previous attempt)',
        path: ['attempt', 'requestId'],
      },
    ]);
  });

  it('should not apply to a first attempt, an already reused id, a decision without attempt or an envelope', () => {
    expectNoVariants(reuseAttemptId, { ...retry, attempt: { requestId: 'req-8' } }, context);
    expectNoVariants(
      reuseAttemptId,
      { ...retry, attempt: { requestId: 'req-7', previousRequestId: 'req-7' } },
      context,
    );
    expectNoVariants(reuseAttemptId, { action: retry.action, context: retry.context }, context);
    expectNoVariants(reuseAttemptId, TOOL_FAILURE, context);
  });

  it('should not apply when the previous request id is undefined or the context kind unknown', () => {
    const undefinedPrevious = {
      ...retry,
      attempt: { requestId: 'req-8', previousRequestId: undefined },
    };
    expectNoVariants(reuseAttemptId, undefinedPrevious, context);
    const transport = { ...retry, context: { ...retry.context, kind: 'transport' } };
    expectNoVariants(reuseAttemptId, transport, context);
  });
});
