import type { JsonObject } from '../envelope/json-value.js';
import type { CheckContext } from '../oracle/check-context.js';
import type { RuleName } from '../oracle/rule-name.js';

/**
 * One envelope as a test observes it, together with what the test knows about it: the request it
 * answers, the other requests in flight, the expected outcome, the tool's `outputSchema`, the
 * planted canaries. `check(envelope, context, taxonomy)` judges it with no further input.
 */
export interface ObservedEnvelope {
  /** The parsed JSON-RPC 2.0 response, as it travels on the wire. */
  readonly envelope: JsonObject;
  /** What makes the envelope judgeable; pass it as the oracle's `context`. */
  readonly context: CheckContext;
}

/**
 * An envelope that breaks named rules, labelled with exactly the rules it breaks: the oracle
 * reports a violation of every rule in `breaks` and of no other rule.
 */
export interface MalformedEnvelope extends ObservedEnvelope {
  /** The broken rules, sorted in `RULE_NAMES` order, without duplicates; never empty. */
  readonly breaks: readonly RuleName[];
}
