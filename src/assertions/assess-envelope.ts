import type { JsonRpcId } from '../envelope/json-value.js';
import { messageKind } from '../envelope/message-kind.js';
import { parseEnvelope } from '../envelope/parse-envelope.js';
import { check } from '../oracle/check.js';
import type { CheckContext } from '../oracle/check-context.js';
import type { RuleName } from '../oracle/rule-name.js';
import type { Violation } from '../oracle/violation.js';
import { violation } from '../oracle/violation-message.js';
import {
  ENVELOPE_ASSERTIONS,
  type EnvelopeAssertionName,
  type EnvelopeAssertionSpec,
} from './envelope-assertion-spec.js';
import {
  checkContextOf,
  type EnvelopeExpectationContext,
  taxonomyOf,
} from './envelope-expectation-context.js';

/** The arguments an assertion adds to the context. */
export interface EnvelopeAssertionArgs {
  /** `toBeProtocolError(code)`: the JSON-RPC error code the taxonomy expects. */
  readonly code?: number;
  /** `toNotLeak(canaries)`: the secrets to look for (default: the context's). */
  readonly canaries?: readonly string[];
  /** `toAnswer(requestId)`: the id of the request the envelope answers. */
  readonly requestId?: JsonRpcId;
}

/**
 * The violations one assertion reports on `value`, most relevant first (see
 * {@link EnvelopeAssertionSpec.rules}); empty when the assertion holds. Runs the oracle with the
 * assertion's expectation merged into the context; rules outside the assertion are not reported.
 */
export function assessEnvelope(
  value: unknown,
  name: EnvelopeAssertionName,
  context: EnvelopeExpectationContext = {},
  args: EnvelopeAssertionArgs = {},
): readonly Violation[] {
  const spec = ENVELOPE_ASSERTIONS[name];
  const checkContext = contextFor(spec, checkContextOf(context), args);
  const judged = judgedRules(spec, checkContext);
  const found = [
    ...(spec.layer === undefined ? [] : notAResponse(value)),
    ...check(value, checkContext, taxonomyOf(context)),
  ];
  return found
    .filter((violation) => judged.includes(violation.rule))
    .sort((a, b) => judged.indexOf(a.rule) - judged.indexOf(b.rule));
}

function contextFor(
  spec: EnvelopeAssertionSpec,
  context: CheckContext,
  args: EnvelopeAssertionArgs,
): CheckContext {
  const expected =
    spec.layer === undefined
      ? context.expected
      : {
          ...context.expected,
          layer: spec.layer,
          ...(args.code === undefined ? {} : { code: args.code }),
        };
  return {
    ...context,
    ...(expected === undefined ? {} : { expected }),
    ...(args.canaries === undefined ? {} : { canaries: args.canaries }),
    ...(args.requestId === undefined ? {} : { requestId: args.requestId }),
  };
}

function judgedRules(spec: EnvelopeAssertionSpec, context: CheckContext): readonly RuleName[] {
  return spec.leakWithCanaries && context.canaries !== undefined
    ? [...spec.rules, 'sanitize.leak']
    : spec.rules;
}

/**
 * The oracle judges a request or notification only on its version and id. An assertion that
 * expects a response layer must still fail on one: it is no response (JSON-RPC 2.0 §5).
 */
function notAResponse(value: unknown): readonly Violation[] {
  const parsed = typeof value === 'string' ? parseEnvelope(value) : null;
  const kind = parsed === null ? messageKind(value) : parsed.ok ? parsed.kind : 'invalid';
  if (kind !== 'request' && kind !== 'notification') return [];
  return [
    violation('jsonrpc.members', [], 'a response with exactly one of result or error', `a ${kind}`),
  ];
}
