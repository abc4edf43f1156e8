import { tapDecision } from 'envelope-mutants';
import { expectAction } from 'envelope-mutants/vitest';
import { describe, it } from 'vitest';
import { type ClientAction, type FailureContext, classifyFailure } from '../src/index.js';

const context = (overrides: Partial<FailureContext>): FailureContext => ({
  kind: 'tool',
  transient: false,
  sideEffectMayHaveOccurred: false,
  userActionRequired: false,
  ...overrides,
});

// Cases chosen so the order of the policy matters (each case would get another action were the
// checks in another order).
const POLICY: readonly (readonly [string, FailureContext, ClientAction])[] = [
  ['a malformed request', context({ kind: 'protocol' }), 'stop-protocol'],
  [
    'a timeout after a charge',
    context({ transient: true, sideEffectMayHaveOccurred: true }),
    'reconcile-side-effect',
  ],
  [
    'a garbled answer to a charge',
    context({ kind: 'protocol', sideEffectMayHaveOccurred: true }),
    'reconcile-side-effect',
  ],
  [
    'a rejection the user can fix',
    context({ transient: true, userActionRequired: true }),
    'ask-user',
  ],
  ['a transient read failure', context({ transient: true }), 'retry-bounded'],
  ['an argument error the model can fix', context({}), 'show-tool-error'],
];

describe('classifyFailure', () => {
  it.each(POLICY)('should answer %s with the policy action', (_name, failure, action) => {
    const decided = tapDecision(classifyFailure(failure), failure);

    expectAction(decided, action);
  });
});
