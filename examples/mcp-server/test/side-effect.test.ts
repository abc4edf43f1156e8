import { expectEnvelope, expectLog } from 'envelope-mutants/vitest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CANARIES } from './fixtures.js';
import { expectEnvelopeBasics, openSession, type Session } from './session.js';

let session: Session;
beforeEach(async () => {
  session = await openSession();
});
// The server's log is read by operators and CI artifacts: no canary may reach it either.
afterEach(async () => {
  expectLog(await session.close()).toNotLeak(CANARIES);
});

const CHARGE = { accountId: 'acct_ada', amountCents: 1200, idempotencyKey: 'order-4-charge' };

describe('charge_card side-effect uncertainty', () => {
  it('should report a provider timeout as outcome-unknown, then reconcile it by the same key', async () => {
    session.provider.failNext({ kind: 'timeout' });

    const charge = await session.callTool('charge_card', CHARGE);
    const status = await session.callTool('charge_status', { idempotencyKey: 'order-4-charge' });

    // The charge: a tool error that says the outcome is unknown, not "try again".
    expectEnvelopeBasics(charge);
    expectEnvelope(charge.response).toBeToolError();
    expect(charge.response, 'mcp.content').toHaveProperty(
      ['result', '_meta', 'com.example.accounts/failure', 'category'],
      'outcome-unknown',
    );
    expect(charge.response, 'mcp.content').toHaveProperty(
      ['result', 'content', 0, 'text'],
      expect.stringContaining('Call charge_status with the same idempotencyKey'),
    );
    // The reconciliation: the charge did go through, under the operation's own key.
    expectEnvelopeBasics(status);
    expectEnvelope(status.response).toBeSuccess();
    expect(status.response, 'mcp.structured-content').toHaveProperty('result.structuredContent', {
      idempotencyKey: 'order-4-charge',
      status: 'succeeded',
      chargeId: 'ch_0001',
    });
  });
});
