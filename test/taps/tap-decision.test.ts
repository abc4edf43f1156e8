import { afterEach, describe, expect, test } from 'vitest';
import { tapDecision } from '../../src/taps/tap-decision.js';
import { clearTapState, installTapState } from '../../src/taps/tap-state.js';
import type { Decision, FailureContext } from '../../src/taxonomy/client-action.js';

const CONTEXT: FailureContext = {
  kind: 'tool',
  transient: true,
  sideEffectMayHaveOccurred: false,
  userActionRequired: false,
};

afterEach(() => clearTapState());

describe('tapDecision', () => {
  test('should return the action itself outside a mutation run', () => {
    expect(tapDecision('retry-bounded', CONTEXT)).toBe('retry-bounded');
  });

  test('should record the decision with its context under a decision key', () => {
    const state = installTapState(
      { mode: 'record', root: '/', mutations: {} },
      'a.test.ts',
      () => 't1',
    );
    tapDecision('retry-bounded', CONTEXT);
    expect(state.tests.get('t1')?.sites).toEqual([
      {
        key: 't1#decision#0',
        kind: 'decision',
        value: { action: 'retry-bounded', context: CONTEXT },
        check: {},
      },
    ]);
  });

  test('should return the mutated action, or the mutated decision for a whole decision', () => {
    const mutated: Decision = {
      action: 'show-tool-error',
      context: CONTEXT,
      attempt: { requestId: 1, previousRequestId: 1 },
    };
    installTapState(
      {
        mode: 'mutate',
        root: '/',
        mutations: {
          't1#decision#0': { mutantId: 'a', value: mutated },
          attempt: { mutantId: 'b', value: mutated },
        },
      },
      'a.test.ts',
      () => 't1',
    );
    expect(tapDecision('retry-bounded', CONTEXT)).toBe('show-tool-error');
    const decision: Decision = {
      action: 'retry-bounded',
      context: CONTEXT,
      attempt: { requestId: 2, previousRequestId: 1 },
    };
    expect(tapDecision(decision, 'attempt')).toEqual(mutated);
  });
});

describe('tapDecision on a whole decision', () => {
  test('should record it as a decision site under the decision label without a key', () => {
    // Arrange
    const state = installTapState(
      { mode: 'record', root: '/', mutations: {} },
      'a.test.ts',
      () => 't1',
    );
    const decision: Decision = { action: 'stop-protocol', context: CONTEXT };
    // Act
    const returned = tapDecision(decision);
    // Assert
    expect(returned).toBe(decision);
    expect(state.tests.get('t1')?.sites).toStrictEqual([
      { key: 't1#decision#0', kind: 'decision', value: decision, check: {} },
    ]);
  });
});
