import { connectRaw, mutatingFetch, type HttpTap, type RawConnection } from 'envelope-mutants';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  startLedgerHttpServer,
  type LedgerHttpServer,
} from '../../mcp-http-server/src/start-ledger-http-server.js';
import {
  demoLedger,
  READER_TOKEN,
  VERIFY,
  WRITER_TOKEN,
} from '../../mcp-http-server/test/fixtures.js';

// The suite many remote servers have: every failure is "the call failed or came back with
// isError". It passes against the same server as the strong suite, and cannot tell an HTTP
// challenge from a permission message in a tool result.
let server: LedgerHttpServer;
let http: HttpTap;
const transports: StreamableHTTPClientTransport[] = [];
beforeEach(async () => {
  server = await startLedgerHttpServer({ ledger: demoLedger(), verify: VERIFY });
  http = mutatingFetch();
});
afterEach(async () => {
  await Promise.all(transports.splice(0).map((transport) => transport.close()));
  await server.close();
});

function connect(token?: string, origin?: string): Promise<RawConnection> {
  const headers: Record<string, string> = {};
  if (token !== undefined) headers['authorization'] = `Bearer ${token}`;
  if (origin !== undefined) headers['origin'] = origin;
  const transport = new StreamableHTTPClientTransport(server.url, {
    fetch: http,
    requestInit: { headers },
  });
  transports.push(transport);
  return connectRaw(transport);
}

/** "It failed": the call threw, came back as a JSON-RPC error, or carried isError. */
async function failed(call: Promise<unknown>): Promise<boolean> {
  const response = (await call.catch(() => ({ thrown: true }))) as {
    thrown?: boolean;
    error?: unknown;
    result?: { isError?: unknown };
  };
  return (
    response.thrown === true || response.error !== undefined || response.result?.isError === true
  );
}

describe('ledger over HTTP (weak)', () => {
  it('should read a balance', async () => {
    const connection = await connect(READER_TOKEN);
    const response = (await connection.request('tools/call', {
      name: 'get_balance',
      arguments: { accountId: 'acct_ada' },
    })) as { result?: { isError?: unknown } };
    expect(response.result?.isError).not.toBe(true);
  });

  it('should fail a transfer without the write scope', async () => {
    const connection = await connect(READER_TOKEN);
    const call = connection.request('tools/call', {
      name: 'transfer_funds',
      arguments: { from: 'acct_ada', to: 'acct_bob', amountCents: 100 },
    });
    expect(await failed(call)).toBe(true);
  });

  it('should fail a transfer beyond the balance', async () => {
    const connection = await connect(WRITER_TOKEN);
    const call = connection.request('tools/call', {
      name: 'transfer_funds',
      arguments: { from: 'acct_bob', to: 'acct_ada', amountCents: 90_000 },
    });
    expect(await failed(call)).toBe(true);
  });

  it('should refuse a client without a token', async () => {
    expect(await failed(connect())).toBe(true);
  });

  it('should refuse a client from a foreign origin', async () => {
    expect(await failed(connect(READER_TOKEN, 'https://attacker.example'))).toBe(true);
  });

  it('should refuse a request without a session', async () => {
    const response = await http(server.url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${READER_TOKEN}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(response.status).not.toBe(200);
  });
});
