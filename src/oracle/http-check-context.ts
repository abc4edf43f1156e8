/**
 * The HTTP-layer failures a test can provoke on purpose, each with the status its revision
 * requires: `unauthorized` (no or an invalid token: 401), `insufficient-scope` (a valid token
 * lacking a scope: 403 step-up challenge), `missing-session` (no `Mcp-Session-Id` where one is
 * required: 400), `unknown-session` (a terminated or unknown session: 404),
 * `unsupported-protocol-version` (`MCP-Protocol-Version` the server lacks: 400), `foreign-origin`
 * (an `Origin` header the server does not accept: 403, from MCP 2025-11-25 on).
 */
export const HTTP_FAILURES = [
  'unauthorized',
  'insufficient-scope',
  'missing-session',
  'unknown-session',
  'unsupported-protocol-version',
  'foreign-origin',
] as const;

export type HttpFailure = (typeof HTTP_FAILURES)[number];

/** What a test knows about an HTTP exchange. Every field optional, like `CheckContext`. */
export interface HttpCheckContext {
  /** The failure the test provoked; without one only context-free facts are judged. */
  readonly expected?: HttpFailure;
  /** Scopes the challenge must name (`insufficient-scope`, or an `unauthorized` with guidance). */
  readonly scopes?: readonly string[];
  /** The project's planted secrets, looked for in `WWW-Authenticate`. */
  readonly canaries?: readonly string[];
}

/** The status each failure must come with. */
export const HTTP_FAILURE_STATUS: Readonly<Record<HttpFailure, number>> = {
  unauthorized: 401,
  'insufficient-scope': 403,
  'missing-session': 400,
  'unknown-session': 404,
  'unsupported-protocol-version': 400,
  'foreign-origin': 403,
};

export function isHttpFailure(value: unknown): value is HttpFailure {
  return typeof value === 'string' && (HTTP_FAILURES as readonly string[]).includes(value);
}
