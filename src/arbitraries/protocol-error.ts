import * as fc from 'fast-check';
import { ConfigError } from '../errors.js';
import type { JsonObject } from '../envelope/json-value.js';
import type { FailureClassRule, Taxonomy } from '../taxonomy/taxonomy.js';
import { type EnvelopeConstraints, envelopeTaxonomy } from './internal/envelope-taxonomy.js';
import { observed } from './internal/observed.js';
import { safeText, safeWord } from './internal/safe-text.js';
import { constraintsObject } from './internal/validate-constraints.js';
import type { ObservedEnvelope } from './observed-envelope.js';

/** Constraints of {@link protocolError}. */
export type ProtocolErrorConstraints = EnvelopeConstraints;

/** JSON-RPC 2.0 §5: only these failures may leave the request id unknown (id null). */
const UNREADABLE_REQUEST_CODES: readonly number[] = [-32700, -32600];

/**
 * Arbitrary protocol error responses (JSON-RPC 2.0 §5.1 error object) with their context: one
 * per protocol-layer failure class of the taxonomy, carrying the class's documented code, a plain
 * message and sometimes `data`. `context.expected` names the class, the layer and the code.
 * Under `jsonrpc-2.0` a parse error or invalid request may answer with id null (JSON-RPC 2.0 §5);
 * MCP forbids null ids.
 */
export function protocolError(
  constraints?: ProtocolErrorConstraints,
): fc.Arbitrary<ObservedEnvelope> {
  const api = 'protocolError';
  const taxonomy = envelopeTaxonomy(api, constraintsObject(api, constraints));
  if (protocolClasses(taxonomy).length === 0) {
    throw new ConfigError(
      `${api}: the taxonomy has no protocol failure class with a current documented code. Add one to taxonomy.failureClasses.`,
    );
  }
  return protocolErrorFor(taxonomy);
}

/** Failure classes reported as JSON-RPC errors whose code may still be sent under the profile. */
export function protocolClasses(taxonomy: Taxonomy): readonly FailureClassRule[] {
  return [...taxonomy.failureClasses.values()].filter(
    (rule) =>
      rule.layer === 'protocol' &&
      rule.code !== undefined &&
      taxonomy.codes.get(rule.code)?.status === 'current',
  );
}

/** The builder behind {@link protocolError}, for a resolved taxonomy. */
export function protocolErrorFor(taxonomy: Taxonomy): fc.Arbitrary<ObservedEnvelope> {
  const parts = fc.record({
    rule: fc.constantFrom(...protocolClasses(taxonomy)),
    message: safeText(),
    data: fc.option(fc.dictionary(safeWord(), safeText(), { minKeys: 1, maxKeys: 2 }), {
      nil: undefined,
    }),
    nullId: fc.boolean(),
  });
  return parts.chain(({ rule, message, data, nullId }) => {
    const code = rule.code ?? -32603;
    const error: JsonObject = data === undefined ? { code, message } : { code, message, data };
    const unreadable = taxonomy.profile.allowsNullId && UNREADABLE_REQUEST_CODES.includes(code);
    return observed({
      taxonomy,
      method: methodFor(taxonomy, rule),
      expected: { failureClass: rule.name, layer: 'protocol', code },
      error,
      nullId: unreadable && nullId,
    });
  });
}

function methodFor(taxonomy: Taxonomy, rule: FailureClassRule): string {
  if (taxonomy.profile.name === 'jsonrpc-2.0') return 'get_report';
  if (rule.name.startsWith('resource')) return 'resources/read';
  return rule.name.includes('method') ? 'reports/get' : 'tools/call';
}
