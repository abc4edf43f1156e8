import * as fc from 'fast-check';
import type { FailureContext } from '../taxonomy/client-action.js';
import { constraintsObject, nonEmptySubset } from './internal/validate-constraints.js';

/** The layers a failure context may name (docs/design.md "Client failure policy"). */
export const FAILURE_KINDS = ['protocol', 'tool'] as const;

export type FailureKind = (typeof FAILURE_KINDS)[number];

/** Constraints of {@link failureContext}. */
export interface FailureContextConstraints {
  /** The layers the failure may come from; default both. */
  readonly kinds?: readonly FailureKind[];
}

/**
 * Arbitrary failure contexts (docs/design.md "Client failure policy"): every combination of layer,
 * transience, side-effect uncertainty and required user action, the facts a client decides its
 * reaction on.
 */
export function failureContext(
  constraints?: FailureContextConstraints,
): fc.Arbitrary<FailureContext> {
  const api = 'failureContext';
  const given = constraintsObject(api, constraints);
  const kinds = nonEmptySubset(api, 'kinds', given.kinds ?? FAILURE_KINDS, FAILURE_KINDS);
  return fc.record({
    kind: fc.constantFrom(...kinds),
    transient: fc.boolean(),
    sideEffectMayHaveOccurred: fc.boolean(),
    userActionRequired: fc.boolean(),
  });
}
