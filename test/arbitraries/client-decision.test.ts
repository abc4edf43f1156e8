import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clientDecision } from '../../src/arbitraries/client-decision.js';
import { failureContext } from '../../src/arbitraries/failure-context.js';
import { checkDecision } from '../../src/oracle/check-decision.js';
import { CLIENT_ACTIONS } from '../../src/taxonomy/client-action.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';
import { PROFILE_NAMES } from '../../src/taxonomy/taxonomy.js';
import { PROPERTY_RUNS } from './arbitrary-contract.js';

describe('clientDecision', () => {
  it.each(PROFILE_NAMES)(
    'should produce only decisions checkDecision accepts under %s',
    (profile) => {
      // Arrange
      const taxonomy = resolveTaxonomy({ profile });

      // Act / Assert
      fc.assert(
        fc.property(clientDecision({ taxonomy }), (decision) => {
          expect(checkDecision(decision, taxonomy)).toEqual([]);
        }),
        PROPERTY_RUNS,
      );
    },
  );

  it('should follow a project retry table keyed by failure class', () => {
    // Arrange
    const taxonomy = resolveTaxonomy({
      taxonomy: {
        retryTable: [{ when: { failureClass: 'provider-failure' }, action: 'retry-bounded' }],
      },
    });
    const sample = fc.sample(clientDecision({ taxonomy }), { seed: 31, numRuns: 400 });

    // Act
    const classed = sample.filter(
      (decision) => decision.context.failureClass === 'provider-failure',
    );

    // Assert
    expect(classed.length).toBeGreaterThan(0);
    for (const decision of classed) expect(decision.action).toBe('retry-bounded');
    for (const decision of sample) expect(checkDecision(decision, taxonomy)).toEqual([]);
  });

  it('should give every retry a new request id linked to the attempt it repeats', () => {
    // Arrange
    const retries = clientDecision({ actions: ['retry-bounded'] });

    // Act / Assert
    fc.assert(
      fc.property(retries, ({ action, attempt }) => {
        expect(action).toBe('retry-bounded');
        expect(attempt?.previousRequestId).toBeDefined();
        expect(String(attempt?.requestId)).not.toBe(String(attempt?.previousRequestId));
      }),
      PROPERTY_RUNS,
    );
  });

  it('should produce every client action the default policy requires', () => {
    // Arrange
    const sample = fc.sample(clientDecision(), { seed: 32, numRuns: 300 });

    // Act
    const actions = new Set(sample.map((decision) => decision.action));

    // Assert
    expect(CLIENT_ACTIONS.filter((action) => actions.has(action))).toEqual(CLIENT_ACTIONS);
  });

  it('should fail checkDecision once the action is flipped (negative control)', () => {
    // Arrange
    const taxonomy = resolveTaxonomy({});
    const [decision] = fc.sample(clientDecision({ taxonomy, actions: ['stop-protocol'] }), {
      seed: 33,
      numRuns: 1,
    });
    if (decision === undefined) throw new Error('no sample');

    // Act
    const violations = checkDecision({ ...decision, action: 'retry-bounded' }, taxonomy);

    // Assert
    expect(violations.map((violation) => violation.rule)).toContain('policy.action');
  });
});

describe('failureContext', () => {
  it('should produce failure contexts of the requested layers only', () => {
    // Act / Assert
    fc.assert(
      fc.property(failureContext({ kinds: ['tool'] }), (context) => {
        expect(Object.keys(context).sort()).toEqual([
          'kind',
          'sideEffectMayHaveOccurred',
          'transient',
          'userActionRequired',
        ]);
        expect(context.kind).toBe('tool');
      }),
      PROPERTY_RUNS,
    );
  });

  it('should reach all sixteen combinations of the four facts', () => {
    // Act
    const seen = new Set(
      fc.sample(failureContext(), { seed: 34, numRuns: 500 }).map((c) => JSON.stringify(c)),
    );

    // Assert
    expect(seen.size).toBe(16);
  });
});
