import { describe, expect, it } from 'vitest';
import { checkDecision } from '../../src/oracle/check-decision.js';
import type { FailureContext } from '../../src/taxonomy/client-action.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';

const taxonomy = resolveTaxonomy();
const rulesOf = (violations: readonly { rule: string }[]) =>
  violations.map((violation) => violation.rule);
const context = (overrides: Partial<FailureContext> = {}): FailureContext => ({
  kind: 'tool',
  transient: false,
  sideEffectMayHaveOccurred: false,
  userActionRequired: false,
  ...overrides,
});

describe('policy.action', () => {
  it.each([
    ['stop-protocol', context({ kind: 'protocol', transient: true })],
    ['reconcile-side-effect', context({ transient: true, sideEffectMayHaveOccurred: true })],
    ['ask-user', context({ userActionRequired: true, transient: true })],
    ['retry-bounded', context({ transient: true })],
    ['show-tool-error', context()],
  ] as const)('should accept %s where classifyFailure chooses it', (action, failure) => {
    expect(checkDecision({ action, context: failure }, taxonomy)).toEqual([]);
  });

  it('should report a retry of a side-effect uncertainty', () => {
    const violations = checkDecision(
      {
        action: 'retry-bounded',
        context: context({ transient: true, sideEffectMayHaveOccurred: true }),
      },
      taxonomy,
    );

    expect(rulesOf(violations)).toEqual(['policy.action']);
    expect(violations[0]?.message).toContain('reconcile-side-effect');
  });

  it('should follow the project retry table before the default policy', () => {
    const project = resolveTaxonomy({
      taxonomy: { retryTable: [{ when: { failureClass: 'quota' }, action: 'ask-user' }] },
    });
    const failure = context({ transient: true, failureClass: 'quota' });

    expect(checkDecision({ action: 'ask-user', context: failure }, project)).toEqual([]);
    expect(rulesOf(checkDecision({ action: 'retry-bounded', context: failure }, project))).toEqual([
      'policy.action',
    ]);
  });

  it.each([
    ['a context with only some flags', { kind: 'tool', transient: true }],
    ['a numeric failure class', { ...context(), failureClass: 7 }],
    ['an unknown kind', { ...context(), kind: 'transport' }],
  ])('should report %s as a malformed context', (_name, failure) => {
    const violations = checkDecision({ action: 'show-tool-error', context: failure }, taxonomy);

    expect(violations.map((violation) => violation.path)).toEqual([['context']]);
  });

  it.each([
    ['a non-object', 'retry'],
    ['an unknown action', { action: 'panic', context: context() }],
    ['a context with a missing flag', { action: 'show-tool-error', context: { kind: 'tool' } }],
  ])('should report %s without throwing', (_name, decision) => {
    expect(rulesOf(checkDecision(decision, taxonomy))).toEqual(['policy.action']);
  });
});

describe('policy.attempt', () => {
  const retry = (attempt: unknown) => ({
    action: 'retry-bounded',
    context: context({ transient: true }),
    attempt,
  });

  it('should accept a retry with a new id linked to the earlier attempt', () => {
    expect(checkDecision(retry({ requestId: 2, previousRequestId: 1 }), taxonomy)).toEqual([]);
  });

  it('should report a retry that reuses the failed request id', () => {
    const violations = checkDecision(retry({ requestId: 1, previousRequestId: 1 }), taxonomy);

    expect(rulesOf(violations)).toEqual(['policy.attempt']);
    expect(violations[0]?.path).toEqual(['attempt', 'requestId']);
  });

  it('should count the same id value of another JSON type as reuse', () => {
    expect(
      rulesOf(checkDecision(retry({ requestId: '1', previousRequestId: 1 }), taxonomy)),
    ).toEqual(['policy.attempt']);
  });

  it('should report a retry attempt that does not link to the earlier attempt', () => {
    const violations = checkDecision(retry({ requestId: 2 }), taxonomy);

    expect(rulesOf(violations)).toEqual(['policy.attempt']);
    expect(violations[0]?.path).toEqual(['attempt', 'previousRequestId']);
  });

  it('should report a null link to the earlier attempt', () => {
    expect(
      rulesOf(checkDecision(retry({ requestId: 2, previousRequestId: null }), taxonomy)),
    ).toEqual(['policy.attempt']);
  });

  it('should not judge attempts of decisions that are not retries, nor retries without attempt', () => {
    expect(
      checkDecision(
        {
          action: 'show-tool-error',
          context: context(),
          attempt: { requestId: 1, previousRequestId: 1 },
        },
        taxonomy,
      ),
    ).toEqual([]);
    expect(
      checkDecision({ action: 'retry-bounded', context: context({ transient: true }) }, taxonomy),
    ).toEqual([]);
  });
});
