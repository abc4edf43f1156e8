import { describe, expect, it } from 'vitest';
import type { HttpExchange } from '../../src/http/http-exchange.js';
import { checkHttp } from '../../src/oracle/check-http.js';
import type { HttpCheckContext } from '../../src/oracle/http-check-context.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';
import type { ProfileName } from '../../src/taxonomy/taxonomy.js';
import {
  ACCEPTED,
  FOREIGN_ORIGIN,
  MISSING_SESSION,
  STEP_UP,
  SUCCESS,
  UNAUTHORIZED,
  withHeader,
  withStatus,
} from '../support/http-exchanges.js';

function rules(
  exchange: unknown,
  context: HttpCheckContext = {},
  profile: ProfileName = 'mcp-2025-11-25',
): string[] {
  return checkHttp(exchange, context, resolveTaxonomy({ profile })).map((v) => v.rule);
}

const STEP_UP_EXPECTED: HttpCheckContext = {
  expected: 'insufficient-scope',
  scopes: ['accounts:write'],
};

describe('checkHttp: authorization (http.auth, http.status)', () => {
  it('should accept a step-up 403 with error, scope and resource_metadata', () => {
    expect(rules(STEP_UP, STEP_UP_EXPECTED)).toEqual([]);
    expect(rules(STEP_UP, STEP_UP_EXPECTED, 'mcp-2026-07-28')).toEqual([]);
    expect(rules(UNAUTHORIZED, { expected: 'unauthorized', scopes: ['accounts:read'] })).toEqual(
      [],
    );
  });

  it('should name http.auth when an authorization failure comes back as a 200 tool result', () => {
    const asToolError: HttpExchange = {
      ...SUCCESS,
      response: {
        ...SUCCESS.response,
        body: {
          kind: 'json',
          value: { jsonrpc: '2.0', id: 7, result: { content: [], isError: true } },
        },
      },
    };

    const [violation, ...rest] = checkHttp(
      asToolError,
      STEP_UP_EXPECTED,
      resolveTaxonomy({ profile: 'mcp-2025-11-25' }),
    );

    expect(rest).toEqual([]);
    expect(violation?.rule).toBe('http.auth');
    expect(violation?.message).toMatch(
      /^Invalid response\.status: Expected 403 with a WWW-Authenticate challenge .* but received 200 with a tool error \(isError: true\)$/,
    );
    // Negative control: without the expectation nothing says this 200 was a failure.
    expect(rules(asToolError)).toEqual([]);
  });

  it('should name http.auth for a step-up 403 missing its challenge, scope or error', () => {
    expect(rules(withHeader(STEP_UP, 'www-authenticate', undefined), STEP_UP_EXPECTED)).toEqual([
      'http.auth',
    ]);
    const noScope = withHeader(STEP_UP, 'www-authenticate', 'Bearer error="insufficient_scope"');
    expect(rules(noScope)).toEqual(['http.auth']);
    const otherScope = withHeader(
      STEP_UP,
      'www-authenticate',
      'Bearer error="insufficient_scope", scope="accounts:read"',
    );
    expect(rules(otherScope, STEP_UP_EXPECTED)).toEqual(['http.auth']);
    // 2025-06-18 has the 403 but no scope challenge: the same exchange is fine there.
    expect(rules(noScope, STEP_UP_EXPECTED, 'mcp-2025-06-18')).toEqual([]);
  });

  it('should name http.status for 401 and 403 swapped, and for an error at odds with its status', () => {
    expect(rules(withStatus(STEP_UP, 401), STEP_UP_EXPECTED)).toEqual(['http.status']);
    expect(rules(withStatus(UNAUTHORIZED, 403), { expected: 'unauthorized' })).toEqual([
      'http.status',
    ]);
    expect(rules(withStatus(STEP_UP, 401))).toEqual(['http.status']);
  });

  it('should require a Bearer challenge on every 401, and resource_metadata under 2025-06-18', () => {
    expect(rules(withHeader(UNAUTHORIZED, 'www-authenticate', undefined))).toEqual(['http.auth']);
    const noMetadata = withHeader(UNAUTHORIZED, 'www-authenticate', 'Bearer scope="accounts:read"');
    expect(rules(noMetadata, {}, 'mcp-2025-06-18')).toEqual(['http.auth']);
    expect(rules(noMetadata, {}, 'mcp-2025-11-25')).toEqual([]);
  });

  it('should judge nothing under jsonrpc-2.0, which has no HTTP transport', () => {
    expect(rules(withStatus(STEP_UP, 200), STEP_UP_EXPECTED, 'jsonrpc-2.0')).toEqual([]);
  });
});

describe('checkHttp: sessions, paired statuses and 202', () => {
  it('should name http.session when a missing session is not answered 400', () => {
    expect(rules(MISSING_SESSION, { expected: 'missing-session' })).toEqual([]);
    expect(rules(withStatus(MISSING_SESSION, 200), { expected: 'missing-session' })).toEqual([
      'http.session',
    ]);
    expect(rules(withStatus(MISSING_SESSION, 400), { expected: 'unknown-session' })).toEqual([
      'http.session',
    ]);
    // 2026-07-28 removed sessions: the rule does not apply.
    expect(
      rules(withStatus(MISSING_SESSION, 200), { expected: 'missing-session' }, 'mcp-2026-07-28'),
    ).toEqual([]);
  });

  it('should pair -32601 with 404 under 2026-07-28 only', () => {
    const unknownMethod: HttpExchange = {
      ...MISSING_SESSION,
      response: {
        ...MISSING_SESSION.response,
        status: 404,
        body: {
          kind: 'json',
          value: { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } },
        },
      },
    };
    expect(rules(unknownMethod, {}, 'mcp-2026-07-28')).toEqual([]);
    expect(rules(withStatus(unknownMethod, 200), {}, 'mcp-2026-07-28')).toEqual(['http.status']);
    expect(rules(withStatus(unknownMethod, 200), {}, 'mcp-2025-11-25')).toEqual([]);
  });

  it('should want 202 with no body for an accepted notification, and 400 for a bad version', () => {
    expect(rules(ACCEPTED)).toEqual([]);
    expect(rules(withStatus(ACCEPTED, 200))).toEqual(['http.status']);
    expect(
      rules(withStatus(MISSING_SESSION, 200), { expected: 'unsupported-protocol-version' }),
    ).toEqual(['http.status']);
  });

  it('should want 403 for a foreign Origin from 2025-11-25 on, and no status under 2025-06-18', () => {
    const foreign: HttpCheckContext = { expected: 'foreign-origin' };
    expect(rules(FOREIGN_ORIGIN, foreign)).toEqual([]);
    expect(rules(withStatus(FOREIGN_ORIGIN, 200), foreign)).toEqual(['http.status']);
    expect(rules(withStatus(FOREIGN_ORIGIN, 400), foreign, 'mcp-2026-07-28')).toEqual([
      'http.status',
    ]);
    // 2025-06-18: "MUST validate the Origin header", no status named.
    expect(rules(withStatus(FOREIGN_ORIGIN, 400), foreign, 'mcp-2025-06-18')).toEqual([]);
  });

  it('should find a canary in WWW-Authenticate without quoting it, and judge a non-exchange', () => {
    const canary = 'CANARY-leakTest12345';
    const leaking = withHeader(
      STEP_UP,
      'www-authenticate',
      `Bearer error="insufficient_scope", scope="a", error_description="denied (${canary})"`,
    );

    const violations = checkHttp(leaking, { canaries: [canary] }, resolveTaxonomy({}));

    expect(violations.map((v) => v.rule)).toEqual(['sanitize.leak']);
    expect(violations[0]?.message).not.toContain(canary);
    // The scheme before resource_metadata is no bearer credential.
    expect(rules(UNAUTHORIZED)).toEqual([]);
    expect(rules({ status: 401 })).toEqual(['http.status']);
  });
});
