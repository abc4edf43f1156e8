import { describe, expect, it } from 'vitest';
import { expectAction } from '../../src/assertions/expect-action.js';
import type { ClientAction, FailureContext } from '../../src/taxonomy/client-action.js';
import { thrownMessage } from './envelopes.js';

const SIDE_EFFECT_TIMEOUT: FailureContext = {
  kind: 'tool',
  transient: true,
  sideEffectMayHaveOccurred: true,
  userActionRequired: false,
};
const READ_TIMEOUT: FailureContext = { ...SIDE_EFFECT_TIMEOUT, sideEffectMayHaveOccurred: false };

describe('expectAction', () => {
  it('should pass when the action is the expected one', () => {
    expect(() => expectAction('reconcile-side-effect', 'reconcile-side-effect')).not.toThrow();
  });

  it('should fail naming policy.action with both actions', () => {
    const message = thrownMessage(() => expectAction('retry-bounded', 'reconcile-side-effect'));
    expect(message).toBe(
      '[policy.action] Expected "reconcile-side-effect" but received "retry-bounded"',
    );
  });

  it('should derive the expected action from a failure context with the default policy', () => {
    // Act
    const right = () => expectAction('reconcile-side-effect', SIDE_EFFECT_TIMEOUT);
    const wrong = () => expectAction('retry-bounded', SIDE_EFFECT_TIMEOUT);

    // Assert
    expect(right).not.toThrow();
    expect(thrownMessage(wrong)).toBe(
      `[policy.action] Expected "reconcile-side-effect" but received "retry-bounded" for context ${JSON.stringify(SIDE_EFFECT_TIMEOUT)}`,
    );
  });

  it('should read the action of a Decision and show its context', () => {
    const decision = { action: 'retry-bounded' as ClientAction, context: SIDE_EFFECT_TIMEOUT };
    const message = thrownMessage(() => expectAction(decision, 'reconcile-side-effect'));
    expect(message).toMatch(
      /^\[policy\.action\] Expected "reconcile-side-effect" but received "retry-bounded" for context \{"kind":"tool"/,
    );
  });

  it('should follow the project retry table given as a taxonomy', () => {
    // Arrange
    const taxonomy = { retryTable: [{ when: { transient: true }, action: 'ask-user' }] };

    // Act
    const act = () => expectAction('ask-user', READ_TIMEOUT, { taxonomy });

    // Assert
    expect(act).not.toThrow();
    expect(thrownMessage(() => expectAction('ask-user', READ_TIMEOUT))).toMatch(
      /^\[policy\.action\]/,
    );
  });

  it('should name policy.attempt for a retry that reuses the failed request id', () => {
    // Arrange
    const retry = {
      action: 'retry-bounded' as const,
      context: READ_TIMEOUT,
      attempt: { requestId: 7, previousRequestId: 7 },
    };

    // Act
    const message = thrownMessage(() => expectAction(retry, READ_TIMEOUT));

    // Assert
    expect(message).toMatch(
      /^\[policy\.attempt\] Invalid attempt\.requestId: Expected a new request id/,
    );
  });

  it('should pass a retry with a new, linked request id', () => {
    const retry = {
      action: 'retry-bounded' as const,
      context: READ_TIMEOUT,
      attempt: { requestId: 8, previousRequestId: 7 },
    };
    expect(() => expectAction(retry, READ_TIMEOUT)).not.toThrow();
  });

  it('should fail on a value that is no client action', () => {
    const message = thrownMessage(() => expectAction('retry' as ClientAction, 'retry-bounded'));
    expect(message).toBe('[policy.action] Expected "retry-bounded" but received "retry"');
  });

  it('should report an expectation that is neither an action nor a context as a ConfigError', () => {
    const act = () => expectAction('ask-user', { kind: 'tool' } as FailureContext);
    expect(act).toThrow(/^expectAction: expected a client action/);
    expect(act).toThrow(expect.objectContaining({ name: 'ConfigError' }));
  });
});
