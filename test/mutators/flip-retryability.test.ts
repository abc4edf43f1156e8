import { describe, it } from 'vitest';
import { flipRetryability } from '../../mutators/flip-retryability.js';
import type { Decision, FailureContext } from '../../src/taxonomy/client-action.js';
import { PROTOCOL_ERROR, mutatorContext } from './fixtures.js';
import { expectNoVariants, expectVariants } from './mutator-spec.js';

const failure = (overrides: Partial<FailureContext>): FailureContext => ({
  kind: 'tool',
  transient: false,
  sideEffectMayHaveOccurred: false,
  userActionRequired: false,
  ...overrides,
});

describe('flip-retryability', () => {
  const context = mutatorContext();

  it('should retry a side-effect uncertainty and show a transient failure as final', () => {
    const decision: Decision = {
      action: 'reconcile-side-effect',
      context: failure({ transient: true, sideEffectMayHaveOccurred: true }),
    };
    expectVariants(flipRetryability, decision, context, [
      {
        value: { ...decision, action: 'retry-bounded' },
        replacement: 'reconcile-side-effect → retry-bounded',
        path: ['action'],
      },
      {
        value: { ...decision, action: 'show-tool-error' },
        replacement: 'reconcile-side-effect → show-tool-error',
        path: ['action'],
      },
    ]);
  });

  it('should hand a protocol error to the model and retry a question for the user', () => {
    const protocol: Decision = { action: 'stop-protocol', context: failure({ kind: 'protocol' }) };
    expectVariants(flipRetryability, protocol, context, [
      {
        value: { ...protocol, action: 'show-tool-error' },
        replacement: 'stop-protocol → show-tool-error',
        path: ['action'],
      },
    ]);
    const ask: Decision = { action: 'ask-user', context: failure({ userActionRequired: true }) };
    expectVariants(flipRetryability, ask, context, [
      {
        value: { ...ask, action: 'retry-bounded' },
        replacement: 'ask-user → retry-bounded',
        path: ['action'],
      },
    ]);
  });

  it('should yield nothing when the flip equals the decision already taken', () => {
    const transient: Decision = {
      action: 'show-tool-error',
      context: failure({ transient: true }),
    };
    expectNoVariants(flipRetryability, transient, context);
  });

  it('should not apply to a plain tool failure, an envelope or a malformed decision', () => {
    expectNoVariants(
      flipRetryability,
      { action: 'show-tool-error', context: failure({}) },
      context,
    );
    expectNoVariants(flipRetryability, PROTOCOL_ERROR, context);
    expectNoVariants(
      flipRetryability,
      { action: 'give-up', context: failure({ transient: true }) },
      context,
    );
    expectNoVariants(
      flipRetryability,
      { action: 'retry-bounded', context: { kind: 'oops' } },
      context,
    );
  });
});
