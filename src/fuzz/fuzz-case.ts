import type { JsonObject } from '../envelope/json-value.js';
import type { RuleName } from '../oracle/rule-name.js';
import type { RawEnvelope, RequestId } from './decoder.js';

/** One request the client has in flight when the envelopes arrive. */
export interface InFlightRequest {
  readonly id: RequestId;
  readonly method: string;
  /** For `tools/call`: the called tool's `outputSchema`, when it declares one. */
  readonly outputSchema?: JsonObject;
}

/**
 * One envelope the fake server sends. `intendedFor` is the request it was generated to answer
 * (its `id` member may say otherwise: that is what `change-id` style defects do).
 */
export interface Delivery {
  readonly envelope: RawEnvelope;
  readonly intendedFor: RequestId;
  /** `generated`: the valid or malformed envelope under test; `companion`: a valid answer to another request. */
  readonly role: 'generated' | 'companion';
}

/**
 * One fuzz case: the requests in flight, the envelopes delivered in order, the rules the
 * generated envelope breaks (empty for a valid one) and the secrets planted in it.
 */
export interface FuzzCase {
  readonly requests: readonly InFlightRequest[];
  readonly deliveries: readonly Delivery[];
  readonly breaks: readonly RuleName[];
  readonly canaries: readonly string[];
}
