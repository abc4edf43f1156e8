import { describe, expect, it } from 'vitest';
import { expectAction } from '../../src/assertions/expect-action.js';
import { NamedAssertionError } from '../../src/assertions/named-assertion-error.js';
import type { FailureContext } from '../../src/taxonomy/client-action.js';

const SIDE_EFFECT_TIMEOUT: FailureContext = {
  kind: 'tool',
  transient: true,
  sideEffectMayHaveOccurred: true,
  userActionRequired: false,
};

function thrownError(act: () => unknown): NamedAssertionError {
  try {
    act();
  } catch (error) {
    if (error instanceof NamedAssertionError) return error;
    throw error;
  }
  throw new Error('expected the assertion to throw, but it passed');
}

describe('expectAction violations', () => {
  it('should locate a wrong bare action at the root, and a wrong decision at its action', () => {
    // Act
    const bare = thrownError(() => expectAction('retry-bounded', 'ask-user'));
    const decision = thrownError(() =>
      expectAction({ action: 'retry-bounded', context: SIDE_EFFECT_TIMEOUT }, 'ask-user'),
    );
    // Assert
    expect(bare.violations.map((violation) => violation.path)).toEqual([[]]);
    expect(decision.violations.map((violation) => violation.path)).toEqual([['action']]);
  });

  it('should judge a decision against the action given, not the one its context implies', () => {
    // The default table wants reconcile-side-effect for this context; the test asks for retry.
    const decision = { action: 'retry-bounded' as const, context: SIDE_EFFECT_TIMEOUT };
    expect(() => expectAction(decision, 'retry-bounded')).not.toThrow();
    expect(() => expectAction(decision, SIDE_EFFECT_TIMEOUT)).toThrow(/^\[policy\.action\]/);
  });

  it('should list every client action in the ConfigError for a bad expectation', () => {
    const act = () => expectAction('ask-user', { kind: 'tool' } as FailureContext);
    expect(act).toThrow(
      'expectAction: expected a client action (stop-protocol, retry-bounded, ask-user, reconcile-side-effect, show-tool-error) or a FailureContext',
    );
  });
});
