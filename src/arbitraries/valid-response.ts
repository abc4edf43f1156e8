import * as fc from 'fast-check';
import type { Taxonomy } from '../taxonomy/taxonomy.js';
import {
  type EnvelopeConstraints,
  envelopeTaxonomy,
  hasToolLayer,
} from './internal/envelope-taxonomy.js';
import { constraintsObject } from './internal/validate-constraints.js';
import type { ObservedEnvelope } from './observed-envelope.js';
import { protocolClasses, protocolErrorFor } from './protocol-error.js';
import { successResponseFor } from './success-response.js';
import { toolErrorResultFor } from './tool-error-result.js';

/** Constraints of {@link validResponse}. */
export type ValidResponseConstraints = EnvelopeConstraints;

/**
 * Arbitrary valid responses under a profile, each with the context that makes it judgeable: the
 * oracle reports no violation for any of them. Mixes {@link successResponse},
 * {@link protocolError} and (MCP profiles) {@link toolErrorResult}.
 *
 * @example
 * ```ts
 * const taxonomy = resolveTaxonomy({ profile: 'mcp-2026-07-28' });
 * fc.assert(fc.property(validResponse({ taxonomy }), ({ envelope, context }) => {
 *   expect(check(envelope, context, taxonomy)).toEqual([]);
 * }));
 * ```
 */
export function validResponse(
  constraints?: ValidResponseConstraints,
): fc.Arbitrary<ObservedEnvelope> {
  const api = 'validResponse';
  const taxonomy = envelopeTaxonomy(api, constraintsObject(api, constraints));
  return validResponseFor(taxonomy);
}

/** The builder behind {@link validResponse}, for a resolved taxonomy. */
export function validResponseFor(taxonomy: Taxonomy): fc.Arbitrary<ObservedEnvelope> {
  const kinds: fc.Arbitrary<ObservedEnvelope>[] = [successResponseFor(taxonomy)];
  if (protocolClasses(taxonomy).length > 0) kinds.push(protocolErrorFor(taxonomy));
  if (hasToolLayer(taxonomy)) kinds.push(toolErrorResultFor(taxonomy));
  return fc.oneof(...kinds);
}
