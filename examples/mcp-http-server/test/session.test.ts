import { expectHttp } from 'envelope-mutants';
import { afterEach, beforeEach, describe, it } from 'vitest';
import { READER_TOKEN } from './fixtures.js';
import { openSession, startRemote, type Remote } from './session.js';

let remote: Remote;
beforeEach(async () => {
  remote = await startRemote();
});
afterEach(() => remote.close());

const LIST_TOOLS = { jsonrpc: '2.0', id: 1, method: 'tools/list' } as const;
const AUTHORIZED = {
  authorization: `Bearer ${READER_TOKEN}`,
  'mcp-protocol-version': '2025-11-25',
};

// MCP 2025-11-25 transports.mdx "Session Management", "Protocol Version Header" and "Security
// Warning": the statuses that travel with these refusals are the contract.
describe('sessions and protocol versions over Streamable HTTP (MCP 2025-11-25)', () => {
  it('should answer a request without a session id with 400', async () => {
    await remote.post(LIST_TOOLS, AUTHORIZED);

    expectHttp(remote.http.last()).toBeSessionError('missing');
  });

  it('should answer a request naming an unknown session with 404', async () => {
    await remote.post(LIST_TOOLS, { ...AUTHORIZED, 'mcp-session-id': 'no-such-session' });

    expectHttp(remote.http.last()).toBeSessionError('unknown');
  });

  it('should answer an unsupported MCP-Protocol-Version with 400', async () => {
    const session = await openSession(remote, READER_TOKEN);

    await remote.post(LIST_TOOLS, {
      ...AUTHORIZED,
      'mcp-session-id': session.transport.sessionId ?? '',
      'mcp-protocol-version': '1999-01-01',
    });

    expectHttp(remote.http.last()).toBeVersionRejected();
  });

  // "Security Warning": "If the Origin header is present and invalid, servers MUST respond with
  // HTTP 403 Forbidden" — a web page the user visits must not reach a server on their machine.
  it('should answer a request from a foreign Origin with 403', async () => {
    await remote.post(LIST_TOOLS, { ...AUTHORIZED, origin: 'https://attacker.example' });

    expectHttp(remote.http.last()).toBeOriginRejected();
  });
});
