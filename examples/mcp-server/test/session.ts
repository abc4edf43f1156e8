import {
  connectRaw,
  type JsonObject,
  type JsonRpcId,
  type RawConnection,
  tapStderr,
} from 'envelope-mutants';
import { expectEnvelope } from 'envelope-mutants/vitest';
import { expect } from 'vitest';
import * as z from 'zod';
import { type AccountStore, createAccountStore } from '../src/accounts.js';
import { createFakeCardProvider, type FakeCardProvider } from '../src/fake-card-provider.js';
import { startInMemoryServer } from '../src/in-memory.js';
import { getAccountTool } from '../src/tools/get-account.js';
import { ACCOUNTS, CANARIES } from './fixtures.js';

/** A raw response and the id of the request it must answer. */
export interface Exchange {
  readonly response: unknown;
  readonly requestId: JsonRpcId;
}

/** A raw JSON-RPC session with the accounts server, and the provider behind it. */
export interface Session {
  readonly provider: FakeCardProvider;
  callTool(name: string, args: JsonObject): Promise<Exchange>;
  /** Ends the session; resolves with every line the server logged, each a mutation site. */
  close(): Promise<readonly string[]>;
}

/**
 * Starts the server in memory and connects a *raw* client: the contract suite must see the
 * envelope itself, which the SDK client would turn into an exception or a typed result. The
 * handshake's answer is checked like any other response: a session never starts on a broken one.
 * The server's log is collected through `tapStderr`, so each line is a site too: secrets must stay
 * out of logs as well as out of responses.
 */
export async function openSession(
  accounts: AccountStore = createAccountStore(ACCOUNTS),
): Promise<Session> {
  const provider = createFakeCardProvider();
  const server = await startInMemoryServer({ accounts, provider });
  const stderr = tapStderr(server.stderr);
  const connection = await connectRaw(server.clientTransport);
  expectHandshake(connection);
  return {
    provider,
    callTool: async (name, args) => {
      // The id the client chose, read from the request it sent: no test guesses it.
      const { request, response } = await connection.exchange('tools/call', {
        name,
        arguments: args,
      });
      return { response, requestId: request['id'] as JsonRpcId };
    },
    close: async () => {
      await connection.close();
      await server.close();
      return stderr.lines();
    },
  };
}

/** The facts every response shares: version, correlation, and nothing secret anywhere in it. */
export function expectEnvelopeBasics({ response, requestId }: Exchange): void {
  expect(response, 'jsonrpc.version').toHaveProperty('jsonrpc', '2.0');
  expectEnvelope(response).toAnswer(requestId).toNotLeak(CANARIES);
}

function expectHandshake(connection: RawConnection): void {
  const response = connection.initializeResponse;
  expectEnvelopeBasics({ response, requestId: connection.initializeRequest['id'] as JsonRpcId });
  expectEnvelope(response).toBeSuccess();
  expect(response, 'jsonrpc.members').toHaveProperty('result.protocolVersion', '2025-11-25');
}

/** `get_account`'s advertised output schema as it travels in `tools/list`: JSON Schema. */
export const GET_ACCOUNT_OUTPUT_SCHEMA: JsonObject = JSON.parse(
  JSON.stringify(z.toJSONSchema(getAccountTool(createAccountStore([])).outputSchema)),
);
