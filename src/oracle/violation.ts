import type { JsonPath } from '../envelope/json-value.js';
import type { RuleName } from './rule-name.js';

/** One broken rule: which rule, where in the envelope (or decision), and a sentence saying what is wrong. */
export interface Violation {
  readonly rule: RuleName;
  readonly path: JsonPath;
  /** `Expected … but received …`; never contains a canary or secret value verbatim. */
  readonly message: string;
}
