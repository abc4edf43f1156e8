// The suite a team typically writes first. It is green, and it reads well, but envelope-mutants
// finds the defects it would let through: see README.md. Kept deliberately as it is.
import { connectRaw, type JsonObject, tapDecision } from 'envelope-mutants';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { classifyFailure } from '../../mcp-client/src/classify-failure.js';
import { createAccountStore } from '../../mcp-server/src/accounts.js';
import {
  createFakeCardProvider,
  type FakeCardProvider,
} from '../../mcp-server/src/fake-card-provider.js';
import { startInMemoryServer } from '../../mcp-server/src/in-memory.js';

let provider: FakeCardProvider;
let client: Awaited<ReturnType<typeof connectRaw>>;
let close: () => Promise<void>;

beforeEach(async () => {
  provider = createFakeCardProvider();
  const accounts = createAccountStore([
    { accountId: 'acct_ada', holder: 'Ada Lovelace', plan: 'pro', frozen: false },
    { accountId: 'acct_frozen', holder: 'Frank Frozen', plan: 'basic', frozen: true },
  ]);
  const server = await startInMemoryServer({ accounts, provider });
  client = await connectRaw(server.clientTransport);
  close = () => server.close();
});
afterEach(() => close());

// Untyped on purpose: this is how such suites read responses (and why they miss so much).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const callTool = (name: string, args: JsonObject): Promise<any> =>
  client.request('tools/call', { name, arguments: args });

describe('accounts server', () => {
  it('should return the account', async () => {
    const res = await callTool('get_account', { accountId: 'acct_ada' });

    expect(res).toMatchObject({ result: { structuredContent: { holder: 'Ada Lovelace' } } });
  });

  it('should fail for an unknown tool', async () => {
    const res = await callTool('get_acount', { accountId: 'acct_ada' });

    expect(res).toMatchObject({ error: { code: -32602 } });
  });

  it('should explain an unknown tool', async () => {
    const res = await callTool('get_acount', { accountId: 'acct_ada' });

    expect(res).toMatchObject({
      error: { code: -32602, message: 'MCP error -32602: Unknown tool: get_acount' },
    });
  });

  it('should reject a frozen account', async () => {
    const res = await callTool('charge_card', {
      accountId: 'acct_frozen',
      amountCents: 500,
      idempotencyKey: 'order-2-charge',
    });

    expect(res.result).toMatchSnapshot();
  });

  it('should handle a provider outage', async () => {
    provider.failNext({
      kind: 'upstream',
      status: 502,
      rawBody: '{"api_key":"CANARY-payKey7f3a9c2"}',
    });

    const res = await callTool('charge_card', {
      accountId: 'acct_ada',
      amountCents: 500,
      idempotencyKey: 'order-3-charge',
    });

    expect(res.result.isError).toBeTruthy();
  });

  it('should handle a timeout', async () => {
    provider.failNext({ kind: 'timeout' });

    const res = await callTool('charge_card', {
      accountId: 'acct_ada',
      amountCents: 1200,
      idempotencyKey: 'order-4-charge',
    });
    const context = {
      kind: 'tool',
      transient: true,
      sideEffectMayHaveOccurred: true,
      userActionRequired: false,
    } as const;
    const action = tapDecision(classifyFailure(context), context);

    expect(res.result.isError).toBe(true);
    expect(action).toBeDefined();
  });
});
