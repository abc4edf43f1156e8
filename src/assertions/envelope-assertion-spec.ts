import type { Layer } from '../envelope/envelope.js';
import { RULE_NAMES, type RuleName } from '../oracle/rule-name.js';

/** The envelope assertions of the library; the vitest matchers carry the same names. */
export type EnvelopeAssertionName =
  | 'toBeProtocolError'
  | 'toBeToolError'
  | 'toBeSuccess'
  | 'toNotLeak'
  | 'toAnswer'
  | 'toSatisfyRules';

/** What one assertion judges and how it names itself. */
export interface EnvelopeAssertionSpec {
  /**
   * The rules judged, most specific first: the first violation names the failure. `jsonrpc.members`
   * leads (both or neither member hides the layer), then `mcp.is-error` (a missing or stringified
   * flag also moves the layer, but the flag is the defect), then `mcp.layer`.
   */
  readonly rules: readonly RuleName[];
  /** The layer the assertion expects, merged into the context's `expected`. */
  readonly layer?: Layer;
  /** `sanitize.leak` is judged too when the context has a `canaries` key. */
  readonly leakWithCanaries: boolean;
  /** The rule a failed `.not` names, and what `.not` expected; `null`: no single rule. */
  readonly negatedRule: RuleName | null;
  readonly negatedExpectation: string;
}

/**
 * Every rule one envelope can break, in catalogue order. The `policy.*` rules judge the client's
 * decision and its retries (docs/design.md "Rules"), which no single envelope carries.
 */
const PER_ENVELOPE_RULES: readonly RuleName[] = RULE_NAMES.filter(
  (rule) => !rule.startsWith('policy.'),
);
const ENVELOPE_WIDE: readonly RuleName[] = ['jsonrpc.id', 'jsonrpc.version'];
const RESULT_RULES: readonly RuleName[] = [
  'jsonrpc.members',
  'mcp.is-error',
  'mcp.layer',
  'mcp.content',
  'mcp.structured-content',
  'mcp.result-type',
  ...ENVELOPE_WIDE,
];

export const ENVELOPE_ASSERTIONS: Readonly<Record<EnvelopeAssertionName, EnvelopeAssertionSpec>> = {
  toBeProtocolError: {
    rules: [
      'jsonrpc.members',
      'mcp.layer',
      'jsonrpc.error-shape',
      'jsonrpc.error-code',
      ...ENVELOPE_WIDE,
    ],
    layer: 'protocol',
    leakWithCanaries: true,
    negatedRule: 'mcp.layer',
    negatedExpectation: 'no valid protocol error',
  },
  toBeToolError: {
    rules: RESULT_RULES,
    layer: 'tool',
    leakWithCanaries: true,
    negatedRule: 'mcp.layer',
    negatedExpectation: 'no valid tool error',
  },
  toBeSuccess: {
    rules: RESULT_RULES,
    layer: 'success',
    leakWithCanaries: true,
    negatedRule: 'mcp.layer',
    negatedExpectation: 'no valid success',
  },
  toNotLeak: {
    rules: ['sanitize.leak'],
    leakWithCanaries: false,
    negatedRule: 'sanitize.leak',
    negatedExpectation: 'a leak',
  },
  toAnswer: {
    rules: ['jsonrpc.id'],
    leakWithCanaries: false,
    negatedRule: 'jsonrpc.id',
    negatedExpectation: 'an id other than the request id',
  },
  toSatisfyRules: {
    rules: PER_ENVELOPE_RULES,
    leakWithCanaries: false,
    negatedRule: null,
    negatedExpectation: 'a broken rule',
  },
};
