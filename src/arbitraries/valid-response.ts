import * as fc from 'fast-check';
import type { Taxonomy } from '../taxonomy/taxonomy.js';
import {
  type EnvelopeConstraints,
  _envelopeTaxonomy,
  _hasToolLayer,
} from './internal/envelope-taxonomy.js';
import { _constraintsObject } from './internal/validate-constraints.js';
import type { ObservedEnvelope } from './observed-envelope.js';
import { _protocolClasses, _protocolError } from './protocol-error.js';
import { _successResponse } from './success-response.js';
import { _toolErrorResult } from './tool-error-result.js';

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
  const taxonomy = _envelopeTaxonomy(api, _constraintsObject(api, constraints));
  return _validResponse(taxonomy);
}

/** The builder behind {@link validResponse}, for a resolved taxonomy. */
export function _validResponse(taxonomy: Taxonomy): fc.Arbitrary<ObservedEnvelope> {
  const kinds: fc.Arbitrary<ObservedEnvelope>[] = [_successResponse(taxonomy)];
  if (_protocolClasses(taxonomy).length > 0) kinds.push(_protocolError(taxonomy));
  if (_hasToolLayer(taxonomy)) kinds.push(_toolErrorResult(taxonomy));
  return fc.oneof(...kinds);
}
