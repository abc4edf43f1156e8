import type { ProseChangeKind } from '../arbitraries/prose-change.js';
import type { JsonObject, JsonPath } from '../envelope/json-value.js';
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
 * One change of untrusted prose for the `prose-invariance` property: the string at `path` of
 * delivery `delivery` (`error.message`, a text block's `text`) becomes `text`.
 */
export interface Rewording {
  readonly delivery: number;
  readonly path: JsonPath;
  readonly change: ProseChangeKind;
  readonly text: string;
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
  /** The prose changes `prose-invariance` replays the case with; none: not judged on this case. */
  readonly rewordings?: readonly Rewording[];
}
