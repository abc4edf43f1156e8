import { expectHttp } from 'envelope-mutants';
import { expectEnvelope } from 'envelope-mutants/vitest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CANARIES, READER_TOKEN, WRITER_TOKEN } from './fixtures.js';
import {
  expectEnvelopeBasics,
  openSession,
  responseOf,
  startRemote,
  type Remote,
} from './session.js';

let remote: Remote;
beforeEach(async () => {
  remote = await startRemote();
});
afterEach(() => remote.close());

/** The text of the first content block of a `tools/call` result. */
function textOf(response: unknown): unknown {
  return (response as { result?: { content?: { text?: unknown }[] } }).result?.content?.[0]?.text;
}

describe('tools/call over Streamable HTTP (MCP 2025-11-25)', () => {
  it('should answer get_balance for a token with accounts:read', async () => {
    const session = await openSession(remote, READER_TOKEN);

    const outcome = await session.callTool('get_balance', { accountId: 'acct_ada' });

    expectHttp(remote.http.last()).toSatisfyRules().toNotLeak(CANARIES);
    const response = responseOf(outcome);
    expectEnvelopeBasics(response, outcome.requestId);
    expectEnvelope(response).toBeSuccess();
    expect(textOf(response), 'mcp.content').toBe('acct_ada: 10000 cents');
  });

  it('should move money for a token with accounts:write', async () => {
    const session = await openSession(remote, WRITER_TOKEN);

    const outcome = await session.callTool('transfer_funds', {
      from: 'acct_ada',
      to: 'acct_bob',
      amountCents: 2_500,
    });

    expectHttp(remote.http.last()).toSatisfyRules().toNotLeak(CANARIES);
    const response = responseOf(outcome);
    expectEnvelopeBasics(response, outcome.requestId);
    expectEnvelope(response).toBeSuccess();
    expect(textOf(response), 'mcp.content').toBe('Moved 2500 cents from acct_ada to acct_bob.');
    expect(remote.ledger.balanceOf('acct_bob')).toBe(3_000);
  });

  it('should report a business rejection as a tool error, authorized and all', async () => {
    const session = await openSession(remote, WRITER_TOKEN);

    const outcome = await session.callTool('transfer_funds', {
      from: 'acct_bob',
      to: 'acct_ada',
      amountCents: 90_000,
    });

    expectHttp(remote.http.last()).toSatisfyRules().toNotLeak(CANARIES);
    const response = responseOf(outcome);
    expectEnvelopeBasics(response, outcome.requestId);
    expectEnvelope(response).toBeToolError();
    // The wording is the server's to change (a reworded or localized message breaks no rule):
    // the suite pins the layer and that the model is told something, not the sentence.
    expect(textOf(response), 'mcp.content').not.toBe('');
  });
});
