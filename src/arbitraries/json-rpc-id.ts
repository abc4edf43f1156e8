import * as fc from 'fast-check';
import type { JsonRpcId } from '../envelope/json-value.js';
import { constraintsObject, nonEmptySubset } from './internal/validate-constraints.js';

/** The JSON types a JSON-RPC 2.0 id may take (JSON-RPC 2.0 §4). */
export const JSON_RPC_ID_KINDS = ['string', 'number', 'null'] as const;

export type JsonRpcIdKind = (typeof JSON_RPC_ID_KINDS)[number];

/** Constraints of {@link jsonRpcId}. */
export interface JsonRpcIdConstraints {
  /**
   * The JSON types the id may take. Default `["string", "number"]`: a request id is never null
   * (JSON-RPC 2.0 §4; MCP forbids null ids), and a response carries null only when the request id
   * could not be read (JSON-RPC 2.0 §5).
   */
  readonly kinds?: readonly JsonRpcIdKind[];
}

const DEFAULT_KINDS: readonly JsonRpcIdKind[] = ['string', 'number'];

/** Id strings stay within a plain alphabet so that they never look like secrets or paths. */
const ID_CHARS = Array.from('abcdefghijklmnopqrstuvwxyz0123456789-_');

/**
 * Arbitrary JSON-RPC 2.0 request ids: integers (JSON-RPC 2.0 §4: numbers SHOULD NOT have
 * fractional parts), short strings and, when asked for, `null`.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(jsonRpcId({ kinds: ['number'] }), (id) => Number.isInteger(id)));
 * ```
 */
export function jsonRpcId(constraints?: JsonRpcIdConstraints): fc.Arbitrary<JsonRpcId> {
  const api = 'jsonRpcId';
  const given = constraintsObject(api, constraints);
  const kinds = nonEmptySubset(api, 'kinds', given.kinds ?? DEFAULT_KINDS, JSON_RPC_ID_KINDS);
  return fc.oneof(...[...new Set(kinds)].map(idOfKind));
}

function idOfKind(kind: JsonRpcIdKind): fc.Arbitrary<JsonRpcId> {
  switch (kind) {
    case 'string':
      return fc.string({ unit: fc.constantFrom(...ID_CHARS), minLength: 1, maxLength: 12 });
    case 'number':
      return fc.oneof(fc.nat(1000), fc.integer());
    case 'null':
      return fc.constant(null);
  }
}
