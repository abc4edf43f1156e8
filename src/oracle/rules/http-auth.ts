import { bearerChallenge, challengeScopes } from '../../http/www-authenticate.js';
import { describeHttpResponse } from '../describe-http-response.js';
import { HTTP_FAILURE_STATUS } from '../http-check-context.js';
import type { HttpRuleInput } from '../http-rule-input.js';
import type { Violation } from '../violation.js';
import { violation } from '../violation-message.js';

const HEADER_PATH = ['response', 'headers', 'www-authenticate'];

/**
 * `http.auth`: an authorization failure is answered at the HTTP layer with a usable Bearer
 * challenge, never as a JSON-RPC result or error (seed 002: "Lack of permission is answered at
 * the HTTP/OAuth layer — 401/403, with 403 plus error="insufficient_scope" for a step-up — not as
 * tool output"; MCP authorization.mdx "Error Handling"). A 401 carries a Bearer challenge (RFC 6750
 * §3; 2025-06-18 also requires `resource_metadata`); a step-up 403 carries
 * `error="insufficient_scope"` and the needed `scope` (2025-11-25 and 2026-07-28 "Runtime
 * Insufficient Scope Errors").
 */
export function httpAuth(input: HttpRuleInput, out: Violation[]): void {
  const { response } = input.exchange;
  const { expected } = input.context;
  if (expected === 'unauthorized' || expected === 'insufficient-scope') {
    if (response.status >= 200 && response.status < 300) {
      out.push(
        violation(
          'http.auth',
          ['response', 'status'],
          `${HTTP_FAILURE_STATUS[expected]} with a WWW-Authenticate challenge (an authorization failure belongs to HTTP, not to a JSON-RPC result or error; MCP ${revision(input)} authorization.mdx "Error Handling")`,
          describeHttpResponse(response),
        ),
      );
      return;
    }
  }
  if (response.status === 401) checkUnauthorized(input, out);
  if (response.status === 403) checkScopeChallenge(input, out);
}

/** RFC 6750 §3: a request without (valid) credentials gets `WWW-Authenticate: Bearer …`. */
function checkUnauthorized(input: HttpRuleInput, out: Violation[]): void {
  const header = input.exchange.response.headers['www-authenticate'];
  const challenge = bearerChallenge(header);
  if (challenge === undefined) {
    out.push(
      violation(
        'http.auth',
        HEADER_PATH,
        'a challenge of the Bearer scheme on a 401 (RFC 6750 §3, MCP authorization.mdx)',
        header === undefined ? 'no WWW-Authenticate header' : 'no challenge of the Bearer scheme',
      ),
    );
    return;
  }
  if (input.http.resourceMetadataOn401 && challenge.params['resource_metadata'] === undefined) {
    out.push(
      violation(
        'http.auth',
        [...HEADER_PATH, 'resource_metadata'],
        'the resource metadata URL in resource_metadata (MCP 2025-06-18 authorization.mdx "Authorization Server Location")',
        'none',
      ),
    );
    return;
  }
  if (input.context.expected === 'unauthorized')
    checkScopes(input, challengeScopes(challenge), out);
}

/** 2025-11-25 / 2026-07-28 "Runtime Insufficient Scope Errors". */
function checkScopeChallenge(input: HttpRuleInput, out: Violation[]): void {
  if (!input.http.scopeChallenge) return;
  const header = input.exchange.response.headers['www-authenticate'];
  const challenge = bearerChallenge(header);
  const claimed = challenge?.params['error'] === 'insufficient_scope';
  if (input.context.expected !== 'insufficient-scope' && !claimed) return;
  const where = `MCP ${revision(input)} authorization.mdx "Runtime Insufficient Scope Errors"`;
  if (challenge === undefined || !claimed) {
    const received =
      header === undefined
        ? 'no WWW-Authenticate header'
        : challenge === undefined
          ? 'no challenge of the Bearer scheme'
          : `error ${challenge.params['error'] === undefined ? 'none' : JSON.stringify(challenge.params['error'])}`;
    out.push(
      violation(
        'http.auth',
        [...HEADER_PATH, 'error'],
        `WWW-Authenticate: Bearer error="insufficient_scope" on a step-up 403 (${where})`,
        received,
      ),
    );
    return;
  }
  const scopes = challengeScopes(challenge);
  if (scopes.length === 0) {
    out.push(
      violation(
        'http.auth',
        [...HEADER_PATH, 'scope'],
        `the scopes the operation needs in scope (${where})`,
        'none',
      ),
    );
    return;
  }
  checkScopes(input, scopes, out);
}

function checkScopes(input: HttpRuleInput, scopes: readonly string[], out: Violation[]): void {
  const missing = (input.context.scopes ?? []).filter((scope) => !scopes.includes(scope));
  if (missing.length === 0) return;
  out.push(
    violation(
      'http.auth',
      [...HEADER_PATH, 'scope'],
      `scope naming ${missing.map((scope) => JSON.stringify(scope)).join(', ')}`,
      scopes.length === 0 ? 'none' : JSON.stringify(scopes.join(' ')),
    ),
  );
}

function revision(input: HttpRuleInput): string {
  return input.http.name.replace(/^mcp-/, '');
}
