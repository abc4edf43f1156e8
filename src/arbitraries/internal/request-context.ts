import * as fc from 'fast-check';
import type { JsonRpcId } from '../../envelope/json-value.js';
import { jsonRpcId } from '../json-rpc-id.js';

/** The request side of a context: the id answered and the other ids in flight. */
export interface RequestIds {
  readonly requestId: Exclude<JsonRpcId, null>;
  readonly inFlightIds: readonly Exclude<JsonRpcId, null>[];
}

/** 1 and "1" are different ids (JSON-RPC 2.0 §4): compare by type and value. */
function idKey(id: JsonRpcId): string {
  return `${typeof id}:${String(id)}`;
}

/**
 * A request id and up to three other requests in flight at the same time, all distinct, so that a
 * response carrying an in-flight id is a correlation bug the oracle can see (`jsonrpc.id`).
 */
export function requestIds(
  options: { readonly minInFlight?: number } = {},
): fc.Arbitrary<RequestIds> {
  const id = jsonRpcId() as fc.Arbitrary<Exclude<JsonRpcId, null>>;
  const minLength = 1 + (options.minInFlight ?? 0);
  return fc
    .uniqueArray(id, { minLength, maxLength: Math.max(minLength, 4), selector: idKey })
    .map(([requestId, ...inFlightIds]) => ({ requestId: requestId ?? 0, inFlightIds }));
}
