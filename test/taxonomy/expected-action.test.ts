import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ClientAction, FailureContext } from '../../src/taxonomy/client-action.js';
import { expectedAction } from '../../src/taxonomy/expected-action.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';

/** `classifyFailure` (docs/design.md "Client failure policy"): what the default table matches. */
function classifyFailure(failure: FailureContext): ClientAction {
  if (failure.kind === 'protocol') return 'stop-protocol';
  if (failure.sideEffectMayHaveOccurred) return 'reconcile-side-effect';
  if (failure.userActionRequired) return 'ask-user';
  if (failure.transient) return 'retry-bounded';
  return 'show-tool-error';
}

const failureContext = fc.record({
  kind: fc.constantFrom('protocol' as const, 'tool' as const),
  transient: fc.boolean(),
  sideEffectMayHaveOccurred: fc.boolean(),
  userActionRequired: fc.boolean(),
});

describe('expectedAction', () => {
  it('should agree with classifyFailure when the project adds no rows', () => {
    const taxonomy = resolveTaxonomy();

    fc.assert(
      fc.property(
        failureContext,
        (context) => expectedAction(taxonomy, context) === classifyFailure(context),
      ),
    );
  });

  it('should fall back to classifyFailure for a hand-built taxonomy without a catch-all row', () => {
    const taxonomy = { ...resolveTaxonomy(), retryTable: [] };

    fc.assert(
      fc.property(
        failureContext,
        (context) => expectedAction(taxonomy, context) === classifyFailure(context),
      ),
    );
  });

  it('should let the first matching project row win', () => {
    const taxonomy = resolveTaxonomy({
      taxonomy: {
        retryTable: [
          {
            when: { kind: 'tool', transient: true, failureClass: 'rate-limited' },
            action: 'retry-bounded',
          },
          { when: { failureClass: 'rate-limited' }, action: 'ask-user' },
        ],
      },
    });
    const base = {
      kind: 'tool',
      transient: true,
      sideEffectMayHaveOccurred: true,
      userActionRequired: false,
    } as const;

    expect(expectedAction(taxonomy, { ...base, failureClass: 'rate-limited' })).toBe(
      'retry-bounded',
    );
    expect(
      expectedAction(taxonomy, { ...base, transient: false, failureClass: 'rate-limited' }),
    ).toBe('ask-user');
    expect(expectedAction(taxonomy, base)).toBe('reconcile-side-effect');
  });
});
