import { describe, expect, it } from 'vitest';
import { authFailureAsProtocolError } from '../../mutators/auth-failure-as-protocol-error.js';
import { authFailureAsSuccess } from '../../mutators/auth-failure-as-success.js';
import { authFailureAsToolError } from '../../mutators/auth-failure-as-tool-error.js';
import { changeAcceptedResponse } from '../../mutators/change-accepted-response.js';
import { changeErrorStatus } from '../../mutators/change-error-status.js';
import { dropScopeChallenge } from '../../mutators/drop-scope-challenge.js';
import { leakChallengeCanary } from '../../mutators/leak-challenge-canary.js';
import { serveForeignOrigin } from '../../mutators/serve-foreign-origin.js';
import { swapAuthStatus } from '../../mutators/swap-auth-status.js';
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
import { mutatorContext } from './fixtures.js';
import { expectNoVariants, expectVariants, variantsOf } from './mutator-spec.js';

const context = mutatorContext();
const NO_ORIGIN = { ...FOREIGN_ORIGIN.request, headers: { authorization: 'Bearer' } };
const HEADER = ['response', 'headers', 'www-authenticate'];
const STATUS = ['response', 'status'];

/** The step-up exchange answered 200 with `message` and no challenge. */
function answered(message: unknown) {
  return {
    request: STEP_UP.request,
    response: {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: { kind: 'json', value: message },
    },
  };
}

describe('auth-failure-as-tool-error', () => {
  it('should answer a step-up 403 to tools/call as 200 with an isError result', () => {
    expectVariants(authFailureAsToolError, STEP_UP, context, [
      {
        value: answered({
          jsonrpc: '2.0',
          id: 7,
          result: { content: [{ type: 'text', text: 'Needs accounts:write.' }], isError: true },
        }),
        replacement: '403 → 200 with isError: true',
        path: STATUS,
      },
    ]);
  });

  it('should add resultType under 2026-07-28 and skip what is no tools/call 401/403', () => {
    const [variant] = variantsOf(
      authFailureAsToolError,
      STEP_UP,
      mutatorContext({ profile: 'mcp-2026-07-28' }),
    );
    expect(variant?.value).toHaveProperty('response.body.value.result.resultType', 'complete');
    expectNoVariants(authFailureAsToolError, UNAUTHORIZED, context);
    expectNoVariants(authFailureAsToolError, SUCCESS, context);
    expectNoVariants(authFailureAsToolError, STEP_UP, mutatorContext({ profile: 'jsonrpc-2.0' }));
  });
});

describe('auth-failure-as-success and auth-failure-as-protocol-error', () => {
  it('should answer a 401/403 as an empty success', () => {
    expectVariants(authFailureAsSuccess, STEP_UP, context, [
      {
        value: answered({ jsonrpc: '2.0', id: 7, result: { content: [] } }),
        replacement: '403 → 200 with an empty success',
        path: STATUS,
      },
    ]);
    const [initialize] = variantsOf(authFailureAsSuccess, UNAUTHORIZED, context);
    expect(initialize?.value).toHaveProperty('response.body.value.result', {});
  });

  it('should answer a 401/403 as a JSON-RPC error inside a 200', () => {
    expectVariants(authFailureAsProtocolError, STEP_UP, context, [
      {
        value: answered({
          jsonrpc: '2.0',
          id: 7,
          error: { code: -32603, message: 'Needs accounts:write.' },
        }),
        replacement: '403 → 200 with JSON-RPC error -32603',
        path: STATUS,
      },
    ]);
    expectNoVariants(authFailureAsProtocolError, MISSING_SESSION, context);
  });
});

describe('drop-scope-challenge', () => {
  it('should drop the header, the scope or the error of a step-up challenge', () => {
    const variants = variantsOf(dropScopeChallenge, STEP_UP, context);

    expect(variants.map((v) => v.replacement)).toEqual([
      'WWW-Authenticate dropped',
      'WWW-Authenticate without scope',
      'WWW-Authenticate without error',
    ]);
    expect(variants.every((v) => v.path.join('.') === HEADER.join('.'))).toBe(true);
    expect(variants[1]?.value).toHaveProperty(
      'response.headers.www-authenticate',
      'Bearer error="insufficient_scope", resource_metadata="http://127.0.0.1:4100/.well-known/oauth-protected-resource/mcp", error_description="Needs accounts:write."',
    );
  });

  it('should drop a 401 challenge, and its resource_metadata under 2025-06-18', () => {
    expect(variantsOf(dropScopeChallenge, UNAUTHORIZED, context).map((v) => v.replacement)).toEqual(
      ['WWW-Authenticate dropped'],
    );
    const old = mutatorContext({ profile: 'mcp-2025-06-18' });
    expect(variantsOf(dropScopeChallenge, UNAUTHORIZED, old).map((v) => v.replacement)).toEqual([
      'WWW-Authenticate dropped',
      'WWW-Authenticate without resource_metadata',
    ]);
    expectNoVariants(dropScopeChallenge, STEP_UP, old);
    expectNoVariants(
      dropScopeChallenge,
      withHeader(STEP_UP, 'www-authenticate', undefined),
      context,
    );
  });
});

describe('swap-auth-status and change-error-status', () => {
  it('should swap 401 and 403', () => {
    expectVariants(swapAuthStatus, STEP_UP, context, [
      { value: withStatus(STEP_UP, 401), replacement: '403 → 401', path: STATUS },
    ]);
    expectVariants(swapAuthStatus, UNAUTHORIZED, context, [
      { value: withStatus(UNAUTHORIZED, 403), replacement: '401 → 403', path: STATUS },
    ]);
    expectNoVariants(swapAuthStatus, SUCCESS, context);
  });

  it('should move the status of a 4xx protocol error to 200 and 500', () => {
    expectVariants(changeErrorStatus, MISSING_SESSION, context, [
      { value: withStatus(MISSING_SESSION, 200), replacement: '400 → 200', path: STATUS },
      { value: withStatus(MISSING_SESSION, 500), replacement: '400 → 500', path: STATUS },
    ]);
    expectNoVariants(changeErrorStatus, STEP_UP, context);
    expectNoVariants(changeErrorStatus, ACCEPTED, context);
    expectNoVariants(changeErrorStatus, withStatus(SUCCESS, 404), context);
  });
});

describe('leak-challenge-canary', () => {
  it('should plant the project canary in error_description', () => {
    const canary = 'CANARY-projectOwn001';

    const [variant, ...rest] = variantsOf(
      leakChallengeCanary,
      UNAUTHORIZED,
      mutatorContext({ canaries: [canary] }),
    );

    expect(rest).toEqual([]);
    expect(variant?.path).toEqual(HEADER);
    expect(variant?.value).toHaveProperty(
      'response.headers.www-authenticate',
      `Bearer resource_metadata="http://127.0.0.1:4100/.well-known/oauth-protected-resource/mcp", scope="accounts:read", error_description="Access denied (${canary})"`,
    );
    expectNoVariants(leakChallengeCanary, SUCCESS, context);
  });
});

describe('change-accepted-response', () => {
  it('should answer an accepted notification with 200', () => {
    expectVariants(changeAcceptedResponse, ACCEPTED, context, [
      { value: withStatus(ACCEPTED, 200), replacement: '202 → 200 with no body', path: STATUS },
    ]);
  });

  it('should leave requests, other statuses and jsonrpc-2.0 alone', () => {
    expectNoVariants(changeAcceptedResponse, withStatus(SUCCESS, 202), context);
    expectNoVariants(changeAcceptedResponse, withStatus(ACCEPTED, 200), context);
    expectNoVariants(changeAcceptedResponse, MISSING_SESSION, context);
    expectNoVariants(changeAcceptedResponse, ACCEPTED, mutatorContext({ profile: 'jsonrpc-2.0' }));
  });
});

describe('serve-foreign-origin', () => {
  it('should serve a request from a foreign Origin, or refuse it with 400', () => {
    expectVariants(serveForeignOrigin, FOREIGN_ORIGIN, context, [
      {
        value: {
          request: FOREIGN_ORIGIN.request,
          response: {
            status: 200,
            headers: { 'content-type': 'application/json' },
            body: { kind: 'json', value: { jsonrpc: '2.0', id: 3, result: {} } },
          },
        },
        replacement: '403 → 200: the foreign Origin served',
        path: STATUS,
      },
      {
        value: withStatus(FOREIGN_ORIGIN, 400),
        replacement: '403 → 400 for a foreign Origin',
        path: STATUS,
      },
    ]);
  });

  it('should leave challenges, requests without Origin and 2025-06-18 alone', () => {
    const withOrigin = { ...STEP_UP, request: FOREIGN_ORIGIN.request };
    expectNoVariants(serveForeignOrigin, withOrigin, context);
    expectNoVariants(serveForeignOrigin, { ...FOREIGN_ORIGIN, request: NO_ORIGIN }, context);
    expectNoVariants(
      serveForeignOrigin,
      FOREIGN_ORIGIN,
      mutatorContext({ profile: 'mcp-2025-06-18' }),
    );
  });

  it('should keep the authorization mutators off an Origin rejection', () => {
    expectNoVariants(swapAuthStatus, FOREIGN_ORIGIN, context);
    expectNoVariants(authFailureAsToolError, FOREIGN_ORIGIN, context);
    expectNoVariants(authFailureAsSuccess, FOREIGN_ORIGIN, context);
    expectNoVariants(authFailureAsProtocolError, FOREIGN_ORIGIN, context);
  });
});
