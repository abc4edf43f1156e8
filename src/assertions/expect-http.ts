import { isHttpExchange } from '../http/http-exchange.js';
import { checkHttp } from '../oracle/check-http.js';
import type { HttpCheckContext } from '../oracle/http-check-context.js';
import type { RuleName } from '../oracle/rule-name.js';
import type { Violation } from '../oracle/violation.js';
import { violation, describeValue } from '../oracle/violation-message.js';
import type { ActionExpectationOptions } from './envelope-expectation-context.js';
import { taxonomyOf } from './envelope-expectation-context.js';
import { formatFailure } from './format-failure.js';
import { NamedAssertionError } from './named-assertion-error.js';

/** What a test knows besides the exchange: the taxonomy (profile) and its planted secrets. */
export interface HttpExpectationContext extends ActionExpectationOptions {
  readonly canaries?: readonly string[];
}

/** The scopes a challenge must name: one scope, or several. */
export interface ScopeOptions {
  readonly scope?: string | readonly string[];
}

/**
 * The named assertions on one HTTP exchange (an element of `mutatingFetch(...).exchanges`). Each
 * throws a {@link NamedAssertionError} whose message starts with `[rule]` (`http.auth`,
 * `http.status`, `http.session`, `sanitize.leak`), and returns the expectation otherwise.
 */
export interface HttpExpectation {
  /**
   * A step-up challenge (MCP 2025-11-25 authorization.mdx "Runtime Insufficient Scope Errors"):
   * 403, `WWW-Authenticate: Bearer error="insufficient_scope"`, `scope` naming `scope`.
   */
  toBeAuthChallenge(options?: ScopeOptions): HttpExpectation;
  /** A 401 with a Bearer challenge (RFC 6750 §3; `resource_metadata` under 2025-06-18). */
  toBeUnauthorized(options?: ScopeOptions): HttpExpectation;
  /** 400 for a request without the required session id, 404 for an unknown session. */
  toBeSessionError(kind: 'missing' | 'unknown'): HttpExpectation;
  /** 400 for an unsupported `MCP-Protocol-Version` (transports.mdx "Protocol Version Header"). */
  toBeVersionRejected(): HttpExpectation;
  /**
   * 403 for a request whose `Origin` is present and invalid (MCP 2025-11-25 transports.mdx
   * "Security Warning", 2026-07-28 "Security & Endpoint"); no status is required under 2025-06-18.
   */
  toBeOriginRejected(): HttpExpectation;
  /** 202 Accepted with no body: an accepted notification or response (transports.mdx). */
  toBeAccepted(): HttpExpectation;
  /** No canary (`canaries`, else the context's) or secret in `WWW-Authenticate`. */
  toNotLeak(canaries?: readonly string[]): HttpExpectation;
  /** Every HTTP rule that applies without an expectation. */
  toSatisfyRules(): HttpExpectation;
}

const AUTH_RULES: readonly RuleName[] = ['http.auth', 'http.status'];

/**
 * Named assertions on an HTTP exchange of the Streamable HTTP transport.
 *
 * @example
 * const http = mutatingFetch();
 * // … a tools/call whose tool needs a scope the token lacks …
 * expectHttp(http.last()).toBeAuthChallenge({ scope: 'accounts:write' });
 */
export function expectHttp(
  exchange: unknown,
  context: HttpExpectationContext = {},
): HttpExpectation {
  const expectation: HttpExpectation = {
    toBeAuthChallenge: (options = {}) =>
      run(AUTH_RULES, { expected: 'insufficient-scope', scopes: scopesOf(options) }),
    toBeUnauthorized: (options = {}) =>
      run(AUTH_RULES, { expected: 'unauthorized', scopes: scopesOf(options) }),
    toBeSessionError: (kind) =>
      run(['http.session', 'http.status'], {
        expected: kind === 'missing' ? 'missing-session' : 'unknown-session',
      }),
    toBeVersionRejected: () => run(['http.status'], { expected: 'unsupported-protocol-version' }),
    toBeOriginRejected: () => run(['http.status'], { expected: 'foreign-origin' }),
    toBeAccepted: () => run(['http.status'], {}, acceptedViolations(exchange)),
    toNotLeak: (canaries) =>
      run(['sanitize.leak'], { canaries: canaries ?? context.canaries ?? [] }),
    toSatisfyRules: () => run(['http.status', 'http.auth', 'http.session', 'sanitize.leak'], {}),
  };
  const run = (
    rules: readonly RuleName[],
    check: HttpCheckContext,
    extra: readonly Violation[] = [],
  ): HttpExpectation => {
    assertHttp(exchange, rules, { canaries: context.canaries ?? [], ...check }, context, extra);
    return expectation;
  };
  return expectation;
}

function assertHttp(
  exchange: unknown,
  rules: readonly RuleName[],
  check: HttpCheckContext,
  context: HttpExpectationContext,
  extra: readonly Violation[],
): void {
  const found = [...extra, ...checkHttp(exchange, check, taxonomyOf(context))]
    .filter((violation) => rules.includes(violation.rule))
    .sort((a, b) => rules.indexOf(a.rule) - rules.indexOf(b.rule));
  const [first, ...rest] = found;
  if (first === undefined) return;
  const canaries = check.canaries ?? [];
  // The exchange is not echoed: its challenge is exactly where a leaked secret would sit.
  throw new NamedAssertionError(formatFailure([first, ...rest], { canaries }), [first, ...rest]);
}

/** `toBeAccepted` fails on any other status or a body even where no notification was recorded. */
function acceptedViolations(exchange: unknown): Violation[] {
  if (!isHttpExchange(exchange))
    return [violation('http.status', [], 'an HTTP exchange', describeValue(exchange))];
  const { status, body } = exchange.response;
  if (status === 202 && body.kind === 'empty') return [];
  return [
    violation(
      'http.status',
      ['response', 'status'],
      '202 Accepted with no body (MCP transports.mdx "Sending Messages")',
      `${status} with ${body.kind === 'empty' ? 'no body' : `a ${body.kind} body`}`,
    ),
  ];
}

function scopesOf(options: ScopeOptions): readonly string[] {
  const { scope } = options;
  if (scope === undefined) return [];
  return typeof scope === 'string' ? scope.split(/\s+/).filter((item) => item !== '') : scope;
}
