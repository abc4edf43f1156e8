import type { HttpExchange } from '../http/http-exchange.js';
import type { HttpProfile } from '../taxonomy/http-profile.js';
import type { HttpCheckContext } from './http-check-context.js';
import type { Violation } from './violation.js';

/** What every HTTP rule reads: the exchange, what the test knows, and the revision's facts. */
export interface HttpRuleInput {
  readonly exchange: HttpExchange;
  readonly context: HttpCheckContext;
  readonly http: HttpProfile;
}

/** One HTTP rule of the oracle: appends its violations to `out`. */
export type HttpRule = (input: HttpRuleInput, out: Violation[]) => void;
