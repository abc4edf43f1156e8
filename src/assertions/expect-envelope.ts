import type { JsonRpcId } from '../envelope/json-value.js';
import { assessEnvelope, type EnvelopeAssertionArgs } from './assess-envelope.js';
import type { EnvelopeAssertionName } from './envelope-assertion-spec.js';
import type { EnvelopeExpectationContext } from './envelope-expectation-context.js';
import { formatFailure } from './format-failure.js';
import { NamedAssertionError } from './named-assertion-error.js';

/**
 * The named assertions on one envelope. Each throws a {@link NamedAssertionError} whose message
 * starts with `[rule]` of the most relevant broken rule, and returns the expectation otherwise, so
 * calls chain: `expectEnvelope(res, ctx).toBeToolError().toNotLeak()`.
 */
export interface EnvelopeExpectation {
  /**
   * A JSON-RPC error response (JSON-RPC 2.0 §5): one `error` member, a valid error object, the code
   * `code` (or the one the context's failure class expects) documented by the taxonomy; the
   * request id and version; `sanitize.leak` too when the context lists canaries.
   */
  toBeProtocolError(code?: number): EnvelopeExpectation;
  /**
   * A tool execution error (MCP 2025-11-25 tools): a result with `isError: true`, non-empty valid
   * content, no structured content; the request id and version; leaks when canaries are listed.
   */
  toBeToolError(): EnvelopeExpectation;
  /** A success: a result without `isError: true`, valid content and structured content, id, version. */
  toBeSuccess(): EnvelopeExpectation;
  /** No canary (`canaries`, else the context's), credential, stack frame, internal path or provider body. */
  toNotLeak(canaries?: readonly string[]): EnvelopeExpectation;
  /** The envelope answers the request `requestId`: same id, same JSON type (1 is not "1"). */
  toAnswer(requestId: JsonRpcId): EnvelopeExpectation;
  /** Every rule the context allows the oracle to judge. */
  toSatisfyRules(): EnvelopeExpectation;
}

/**
 * Named assertions on an envelope (a parsed JSON-RPC message or its raw text), usable in any test
 * runner. `context` says what the test knows: request id, in-flight ids, method, expected failure
 * class, output schema, canaries, and the taxonomy (profile and project additions).
 *
 * @example
 * expectEnvelope(response, { requestId: 41 }).toBeProtocolError(-32602);
 */
export function expectEnvelope(
  value: unknown,
  context: EnvelopeExpectationContext = {},
): EnvelopeExpectation {
  const expectation: EnvelopeExpectation = {
    toBeProtocolError: (code) => run('toBeProtocolError', code === undefined ? {} : { code }),
    toBeToolError: () => run('toBeToolError'),
    toBeSuccess: () => run('toBeSuccess'),
    toNotLeak: (canaries) => run('toNotLeak', canaries === undefined ? {} : { canaries }),
    toAnswer: (requestId) => run('toAnswer', { requestId }),
    toSatisfyRules: () => run('toSatisfyRules'),
  };
  const run = (name: EnvelopeAssertionName, args: EnvelopeAssertionArgs = {}) => {
    assertEnvelope(value, name, context, args);
    return expectation;
  };
  return expectation;
}

/** Runs one envelope assertion; throws a {@link NamedAssertionError} when it does not hold. */
export function assertEnvelope(
  value: unknown,
  name: EnvelopeAssertionName,
  context: EnvelopeExpectationContext,
  args: EnvelopeAssertionArgs,
): void {
  const [first, ...rest] = assessEnvelope(value, name, context, args);
  if (first === undefined) return;
  const canaries = args.canaries ?? context.canaries ?? [];
  const message = formatFailure([first, ...rest], { received: value, canaries });
  throw new NamedAssertionError(message, [first, ...rest]);
}
