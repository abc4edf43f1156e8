import { expectEnvelope, expectLog } from 'envelope-mutants/vitest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AccountStore } from '../src/accounts.js';
import { CANARIES, RAW_UPSTREAM_BODY } from './fixtures.js';
import {
  expectEnvelopeBasics,
  GET_ACCOUNT_OUTPUT_SCHEMA,
  openSession,
  type Session,
} from './session.js';

let session: Session;
beforeEach(async () => {
  session = await openSession();
});
// The server's log is read by operators and CI artifacts: no canary may reach it either.
afterEach(async () => {
  expectLog(await session.close()).toNotLeak(CANARIES);
});

/** The text of the first content block of a `tools/call` result. */
function textOf(response: unknown): unknown {
  return (response as { result?: { content?: { text?: unknown }[] } }).result?.content?.[0]?.text;
}

// One test per row of the CI matrix (envelope-mutants' docs/design.md "What a contract test
// asserts"); each asserts the envelope, code, id, content and sanitization as separate facts.
describe('tools/call contract (MCP 2025-11-25)', () => {
  it('should answer get_account with structuredContent matching its outputSchema', async () => {
    const exchange = await session.callTool('get_account', { accountId: 'acct_ada' });

    expectEnvelopeBasics(exchange);
    expectEnvelope(exchange.response, { outputSchema: GET_ACCOUNT_OUTPUT_SCHEMA }).toBeSuccess();
    expect(exchange.response, 'mcp.structured-content').toHaveProperty('result.structuredContent', {
      accountId: 'acct_ada',
      holder: 'Ada Lovelace',
      plan: 'pro',
      frozen: false,
    });
  });

  it('should reject an unknown tool with a JSON-RPC -32602 error, not a tool result', async () => {
    const exchange = await session.callTool('get_acount', { accountId: 'acct_ada' });

    expectEnvelopeBasics(exchange);
    expectEnvelope(exchange.response).toBeProtocolError(-32602);
    expect(exchange.response, 'jsonrpc.error-shape').toHaveProperty(
      'error.message',
      expect.stringContaining('Unknown tool: get_acount'),
    );
  });

  it('should report arguments that violate inputSchema as a tool error the model can act on', async () => {
    const args = { accountId: 'acct_ada', amountCents: -5, idempotencyKey: 'order-1-charge' };

    const exchange = await session.callTool('charge_card', args);

    expectEnvelopeBasics(exchange);
    expectEnvelope(exchange.response).toBeToolError();
    expect(textOf(exchange.response), 'mcp.content').toMatch(
      /^Invalid arguments for charge_card: amountCents/,
    );
  });

  it('should report a domain rejection as a tool error and charge nothing', async () => {
    const args = { accountId: 'acct_frozen', amountCents: 500, idempotencyKey: 'order-2-charge' };

    const exchange = await session.callTool('charge_card', args);

    expectEnvelopeBasics(exchange);
    expectEnvelope(exchange.response).toBeToolError();
    expect(textOf(exchange.response), 'mcp.content').toMatch(/^Account is not eligible/);
    expect(await session.provider.findCharge('order-2-charge')).toBeUndefined();
  });

  it('should sanitize a provider failure: no key, path or raw body reaches the client', async () => {
    session.provider.failNext({ kind: 'upstream', status: 502, rawBody: RAW_UPSTREAM_BODY });
    const args = { accountId: 'acct_ada', amountCents: 500, idempotencyKey: 'order-3-charge' };

    const exchange = await session.callTool('charge_card', args);

    expectEnvelopeBasics(exchange);
    expectEnvelope(exchange.response, { canaries: CANARIES }).toBeToolError();
    expect(textOf(exchange.response), 'mcp.content').toMatch(
      /^The card provider is unavailable \(ref order-3-charge\)/,
    );
  });

  it('should turn an unexpected exception into a sanitized tool error', async () => {
    await session.close();
    const broken: AccountStore = {
      find: () => {
        throw new Error(`connect failed: postgres://ledger:${CANARIES[0]}@10.0.0.5/accounts`);
      },
    };
    session = await openSession(broken);

    const exchange = await session.callTool('get_account', { accountId: 'acct_ada' });

    expectEnvelopeBasics(exchange);
    expectEnvelope(exchange.response, { canaries: CANARIES }).toBeToolError();
    // The stable start of the text, not all of it: a reworded message breaks no rule.
    expect(textOf(exchange.response), 'mcp.content').toMatch(
      /^The tool failed unexpectedly \(ref get_account\)/,
    );
    expect(textOf(exchange.response), 'sanitize.leak').not.toMatch(/postgres:|10\.0\.0\.5/);
  });
});
