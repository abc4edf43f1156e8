import { describe, expect, it } from 'vitest';
import { expectHttp } from '../../src/assertions/expect-http.js';
import { NamedAssertionError } from '../../src/assertions/named-assertion-error.js';
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

/** The message of the NamedAssertionError `run` throws. */
function failureOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(NamedAssertionError);
    return (error as Error).message;
  }
  return 'no failure';
}

describe('expectHttp', () => {
  it('should pass on the right answers, and chain', () => {
    expectHttp(STEP_UP).toBeAuthChallenge({ scope: 'accounts:write' }).toNotLeak().toSatisfyRules();
    expectHttp(UNAUTHORIZED).toBeUnauthorized({ scope: ['accounts:read'] });
    expectHttp(MISSING_SESSION).toBeSessionError('missing');
    expectHttp(withStatus(MISSING_SESSION, 404)).toBeSessionError('unknown');
    expectHttp(MISSING_SESSION).toBeVersionRejected();
    expectHttp(ACCEPTED).toBeAccepted();
    expectHttp(FOREIGN_ORIGIN).toBeOriginRejected();
    expectHttp(withStatus(FOREIGN_ORIGIN, 400), { profile: 'mcp-2025-06-18' }).toBeOriginRejected();
  });

  it('should name http.status when a foreign Origin is served', () => {
    expect(
      failureOf(() => expectHttp(withStatus(FOREIGN_ORIGIN, 200)).toBeOriginRejected()),
    ).toMatch(
      /^\[http\.status\] Invalid response\.status: Expected 403 for an invalid Origin header/,
    );
  });

  it('should name http.auth when the step-up came back as a 200', () => {
    expect(failureOf(() => expectHttp(SUCCESS).toBeAuthChallenge({ scope: 'a:b' }))).toMatch(
      /^\[http\.auth\] Invalid response\.status: Expected 403 with a WWW-Authenticate challenge .* but received 200 with a success result$/,
    );
  });

  it('should name http.status for a swapped status and http.session for a session answered 200', () => {
    expect(failureOf(() => expectHttp(withStatus(STEP_UP, 401)).toBeAuthChallenge())).toMatch(
      /^\[http\.status\] Invalid response\.status: Expected 403 for an insufficient scope/,
    );
    expect(
      failureOf(() => expectHttp(withStatus(MISSING_SESSION, 200)).toBeSessionError('missing')),
    ).toMatch(/^\[http\.session\] Invalid response\.status: Expected 400/);
    expect(failureOf(() => expectHttp(SUCCESS).toBeAccepted())).toMatch(
      /^\[http\.status\] Invalid response\.status: Expected 202 Accepted with no body .* but received 200 with a json body$/,
    );
  });

  it('should name sanitize.leak without printing the canary', () => {
    const canary = 'CANARY-inChallenge001';
    const leaking = withHeader(
      STEP_UP,
      'www-authenticate',
      `Bearer error="insufficient_scope", scope="a", error_description="${canary}"`,
    );

    const message = failureOf(() => expectHttp(leaking, { canaries: [canary] }).toNotLeak());

    expect(message).toMatch(/^\[sanitize\.leak\] Invalid response\.headers\.www-authenticate/);
    expect(message).not.toContain(canary);
    // Negative control: the same assertion passes once the canary is gone.
    expectHttp(STEP_UP, { canaries: [canary] }).toNotLeak();
  });
});
