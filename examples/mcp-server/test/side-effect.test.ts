import { expectEnvelope } from 'envelope-mutants/vitest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSession, type Session } from './session.js';

let session: Session;
beforeEach(async () => {
  session = await openSession();
});
afterEach(() => session.close());

const CHARGE = { accountId: 'acct_ada', amountCents: 1200, idempotencyKey: 'order-4-charge' };

async function callTool(name: string, args: Record<string, unknown>) {
  const response = await session.client.request('tools/call', { name, arguments: args });
  return { response, requestId: session.client.lastRequestId };
}

describe('charge_card side-effect uncertainty (seed 000)', () => {
  it('should report a provider timeout as outcome-unknown, then reconcile it by the same key', async () => {
    session.provider.failNext({ kind: 'timeout' });

    const charge = await callTool('charge_card', CHARGE);
    const status = await callTool('charge_status', { idempotencyKey: CHARGE.idempotencyKey });

    // The charge: a tool error that says the outcome is unknown, not "try again".
    expect(charge.response, 'jsonrpc.version').toHaveProperty('jsonrpc', '2.0');
    expectEnvelope(charge.response).toAnswer(charge.requestId).toNotLeak().toBeToolError();
    expect(charge.response, 'mcp.content').toHaveProperty(
      ['result', '_meta', 'com.example.accounts/failure', 'category'],
      'outcome-unknown',
    );
    expect(charge.response, 'mcp.content').toHaveProperty(
      ['result', 'content', 0, 'text'],
      expect.stringContaining('Call charge_status with the same idempotencyKey'),
    );
    // The reconciliation: the charge did go through, under the operation's own key.
    expect(status.response, 'jsonrpc.version').toHaveProperty('jsonrpc', '2.0');
    expectEnvelope(status.response).toAnswer(status.requestId).toNotLeak().toBeSuccess();
    expect(status.response, 'mcp.structured-content').toHaveProperty('result.structuredContent', {
      idempotencyKey: 'order-4-charge',
      status: 'succeeded',
      chargeId: 'ch_0001',
    });
  });
});
