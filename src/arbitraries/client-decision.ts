import * as fc from 'fast-check';
import type { Decision } from '../taxonomy/client-action.js';
import { expectedAction } from '../taxonomy/expected-action.js';
import type { Taxonomy } from '../taxonomy/taxonomy.js';
import { failureContext } from './failure-context.js';
import { type EnvelopeConstraints, _envelopeTaxonomy } from './internal/envelope-taxonomy.js';
import { _requestIds } from './internal/request-context.js';
import { _constraintsObject } from './internal/validate-constraints.js';

/** Constraints of {@link clientDecision}: the taxonomy whose retry table decides. */
export type ClientDecisionConstraints = EnvelopeConstraints;

/**
 * Arbitrary correct client decisions: a seed-000 failure context and the action the taxonomy's
 * retry table requires for it (first matching row), so `checkDecision` reports nothing. A retry
 * carries its attempt record: a new request id linked to the attempt it repeats (seed 000, "Bound
 * retries and record attempt identity").
 */
export function clientDecision(constraints?: ClientDecisionConstraints): fc.Arbitrary<Decision> {
  const api = 'clientDecision';
  const taxonomy = _envelopeTaxonomy(api, _constraintsObject(api, constraints));
  return _clientDecision(taxonomy);
}

/** The builder behind {@link clientDecision}, for a resolved taxonomy. */
export function _clientDecision(taxonomy: Taxonomy): fc.Arbitrary<Decision> {
  const ids = _requestIds({ minInFlight: 1 });
  return fc.tuple(failureContext(), ids).map(([context, { requestId, inFlightIds }]): Decision => {
    const action = expectedAction(taxonomy, context);
    if (action !== 'retry-bounded') return { action, context };
    // The retry's own id differs from the attempt it repeats (seed 000: new id, linked).
    const previousRequestId = inFlightIds[0] ?? null;
    return { action, context, attempt: { requestId, previousRequestId } };
  });
}
