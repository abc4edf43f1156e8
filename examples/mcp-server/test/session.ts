import { connectRaw, type JsonObject } from 'envelope-mutants';
import * as z from 'zod';
import { createAccountStore } from '../src/accounts.js';
import { createFakeCardProvider, type FakeCardProvider } from '../src/fake-card-provider.js';
import { startInMemoryServer } from '../src/in-memory.js';
import { getAccountTool } from '../src/tools/get-account.js';
import { ACCOUNTS } from './fixtures.js';

/** A raw JSON-RPC session with the accounts server, and the provider behind it. */
export interface Session {
  readonly client: Awaited<ReturnType<typeof connectRaw>>;
  readonly provider: FakeCardProvider;
  close(): Promise<void>;
}

/**
 * Starts the server in memory and connects a *raw* client: the contract suite must see the
 * envelope itself, which the SDK client would turn into an exception or a typed result.
 */
export async function openSession(accounts = createAccountStore(ACCOUNTS)): Promise<Session> {
  const provider = createFakeCardProvider();
  const server = await startInMemoryServer({ accounts, provider });
  const client = await connectRaw(server.clientTransport);
  return { client, provider, close: () => server.close() };
}

/** `get_account`'s advertised output schema as it travels in `tools/list`: JSON Schema. */
export const GET_ACCOUNT_OUTPUT_SCHEMA: JsonObject = JSON.parse(
  JSON.stringify(z.toJSONSchema(getAccountTool(createAccountStore([])).outputSchema)),
);
