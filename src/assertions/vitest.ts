// The `envelope-mutants/vitest` entry: importing it registers the named assertions as vitest
// matchers. The only module of the library that imports 'vitest' (docs/design.md "Entry points and layers").
import { expect, type MatcherState } from 'vitest';
import type { JsonRpcId } from '../envelope/json-value.js';
import type { ClientAction, FailureContext } from '../taxonomy/client-action.js';
import { assessAction } from './assess-action.js';
import { assessEnvelope, type EnvelopeAssertionArgs } from './assess-envelope.js';
import { ENVELOPE_ASSERTIONS, type EnvelopeAssertionName } from './envelope-assertion-spec.js';
import type {
  ActionExpectationOptions,
  EnvelopeExpectationContext,
} from './envelope-expectation-context.js';
import { formatFailure } from './format-failure.js';
import { checkLog } from '../oracle/check-log.js';

export { expectAction } from './expect-action.js';
export { expectEnvelope, type EnvelopeExpectation } from './expect-envelope.js';
export { expectHttp, type HttpExpectation } from './expect-http.js';
export { expectLog, type LogExpectation, type LogExpectationContext } from './expect-log.js';
export { NamedAssertionError } from './named-assertion-error.js';
export type {
  ActionExpectationOptions,
  EnvelopeExpectationContext,
} from './envelope-expectation-context.js';

/**
 * The matchers this entry adds to vitest's `expect`. Failure messages start with `[rule]`, like
 * `expectEnvelope`'s. `.not` negates the whole assertion: `expect(res).not.toBeToolError()` passes
 * when any rule of the assertion is broken, and fails naming the layer (`[mcp.layer]`).
 */
export interface EnvelopeMatchers<R = unknown> {
  /** A valid JSON-RPC error response with `code` (see `EnvelopeExpectation.toBeProtocolError`). */
  toBeProtocolError(code?: number, context?: EnvelopeExpectationContext): R;
  /** A valid tool execution error: `isError: true`, non-empty content, no structured content. */
  toBeToolError(context?: EnvelopeExpectationContext): R;
  /** A valid success result. */
  toBeSuccess(context?: EnvelopeExpectationContext): R;
  /**
   * No canary, credential, stack frame, internal path or provider body: in an envelope, or, given
   * an array of strings, in any of those log lines (`tapStderr(…).lines()`).
   */
  toNotLeak(canaries?: readonly string[], context?: EnvelopeExpectationContext): R;
  /** The response id is the request id, same JSON type. */
  toAnswer(requestId: JsonRpcId, context?: EnvelopeExpectationContext): R;
  /** Every rule the context lets the oracle judge. */
  toSatisfyRules(context?: EnvelopeExpectationContext): R;
  /** The client's action (or Decision) is `expected`, or the one the retry table requires. */
  toBeAction(expected: ClientAction | FailureContext, options?: ActionExpectationOptions): R;
}

declare module 'vitest' {
  // The type parameter must repeat vitest's own declaration exactly (name and `any` default),
  // or TypeScript refuses to merge the interfaces; the matchers do not use it.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unused-vars
  interface Matchers<T = any> extends EnvelopeMatchers<void> {}
}

/** What a synchronous matcher returns (vitest's `SyncExpectationResult`, not exported by 'vitest'). */
interface MatcherOutcome {
  readonly pass: boolean;
  readonly message: () => string;
}

function envelopeMatcher(
  state: MatcherState,
  name: EnvelopeAssertionName,
  received: unknown,
  context: EnvelopeExpectationContext = {},
  args: EnvelopeAssertionArgs = {},
): MatcherOutcome {
  const violations = assessEnvelope(received, name, context, args);
  const canaries = args.canaries ?? context.canaries ?? [];
  const spec = ENVELOPE_ASSERTIONS[name];
  return {
    pass: violations.length === 0,
    message: () =>
      state.isNot
        ? negated(spec.negatedRule, `${spec.negatedExpectation} but received one`) +
          `\n${formatFailure([], { received, canaries })}`
        : formatFailure(violations, { received, canaries }),
  };
}

/**
 * Captured log lines: a non-empty array of strings. No JSON-RPC message is one (a batch holds
 * objects, JSON-RPC 2.0 §6), so the array is judged line by line rather than as an envelope.
 */
function isLogLines(received: unknown): received is readonly string[] {
  return (
    Array.isArray(received) &&
    received.length > 0 &&
    received.every((line: unknown) => typeof line === 'string')
  );
}

function logMatcher(
  state: MatcherState,
  lines: readonly string[],
  canaries: readonly string[] = [],
): MatcherOutcome {
  const violations = checkLog(lines, { canaries });
  return {
    pass: violations.length === 0,
    message: () =>
      state.isNot
        ? negated('sanitize.leak', 'a leak in the log lines, but received none') +
          `\n${formatFailure([], { received: lines, canaries })}`
        : formatFailure(violations, { received: lines, canaries }),
  };
}

/** The message of a failed `.not`: no rule is broken, so the assertion's own rule is named. */
function negated(rule: string | null, text: string): string {
  return rule === null ? `Expected ${text}` : `[${rule}] Expected ${text}`;
}

expect.extend({
  toBeProtocolError(received: unknown, code?: number, context?: EnvelopeExpectationContext) {
    return envelopeMatcher(this, 'toBeProtocolError', received, context, {
      ...(code === undefined ? {} : { code }),
    });
  },
  toBeToolError(received: unknown, context?: EnvelopeExpectationContext) {
    return envelopeMatcher(this, 'toBeToolError', received, context);
  },
  toBeSuccess(received: unknown, context?: EnvelopeExpectationContext) {
    return envelopeMatcher(this, 'toBeSuccess', received, context);
  },
  toNotLeak(received: unknown, canaries?: readonly string[], context?: EnvelopeExpectationContext) {
    if (isLogLines(received)) return logMatcher(this, received, canaries ?? context?.canaries);
    const args = canaries === undefined ? {} : { canaries };
    return envelopeMatcher(this, 'toNotLeak', received, context, args);
  },
  toAnswer(received: unknown, requestId: JsonRpcId, context?: EnvelopeExpectationContext) {
    return envelopeMatcher(this, 'toAnswer', received, context, { requestId });
  },
  toSatisfyRules(received: unknown, context?: EnvelopeExpectationContext) {
    return envelopeMatcher(this, 'toSatisfyRules', received, context);
  },
  toBeAction(
    received: unknown,
    expected: ClientAction | FailureContext,
    options?: ActionExpectationOptions,
  ) {
    const violations = assessAction(received, expected, options);
    const shown = typeof expected === 'string' ? `"${expected}"` : 'the policy requires';
    return {
      pass: violations.length === 0,
      message: () =>
        this.isNot
          ? negated('policy.action', `an action other than ${shown}, but received it`)
          : formatFailure(violations, {}),
    };
  },
});
