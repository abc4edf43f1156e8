import { bearerChallenge, connectRaw, expectHttp } from 'envelope-mutants';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CANARIES, FORGED_TOKEN, READER_TOKEN } from './fixtures.js';
import { openSession, startRemote, type Remote } from './session.js';

let remote: Remote;
beforeEach(async () => {
  remote = await startRemote();
});
afterEach(() => remote.close());

// Authorization failures belong to HTTP (seed 002; MCP 2025-11-25 authorization.mdx "Error
// Handling"): each test asserts the status and the challenge first, then that nothing reached
// the caller as a result.
describe('authorization at the HTTP layer (MCP 2025-11-25)', () => {
  it('should answer a request without a token with a 401 Bearer challenge', async () => {
    const connected = await connectRaw(remote.transport()).then(
      () => true,
      () => false,
    );

    const initialize = remote.http.exchanges[0];
    expectHttp(initialize).toBeUnauthorized({ scope: 'accounts:read' }).toNotLeak(CANARIES);
    const challenge = bearerChallenge(initialize?.response.headers['www-authenticate']);
    expect(challenge?.params['resource_metadata'], 'http.auth').toBe(
      new URL('/.well-known/oauth-protected-resource/mcp', remote.server.url).href,
    );
    expect(connected, 'http.auth').toBe(false);
  });

  it('should answer a forged token with 401 invalid_token', async () => {
    const connected = await connectRaw(remote.transport(FORGED_TOKEN)).then(
      () => true,
      () => false,
    );

    const initialize = remote.http.exchanges[0];
    expectHttp(initialize).toBeUnauthorized().toNotLeak(CANARIES);
    const challenge = bearerChallenge(initialize?.response.headers['www-authenticate']);
    expect(challenge?.params['error'], 'http.auth').toBe('invalid_token');
    expect(connected, 'http.auth').toBe(false);
  });

  it('should answer a missing scope with a 403 step-up challenge, not a tool result', async () => {
    const session = await openSession(remote, READER_TOKEN);

    const outcome = await session.callTool('transfer_funds', {
      from: 'acct_ada',
      to: 'acct_bob',
      amountCents: 100,
    });

    expectHttp(remote.http.last())
      .toBeAuthChallenge({ scope: ['accounts:read', 'accounts:write'] })
      .toNotLeak(CANARIES);
    expect(outcome, 'http.auth').not.toHaveProperty('response');
    expect(remote.ledger.balanceOf('acct_ada')).toBe(10_000);
  });
});
