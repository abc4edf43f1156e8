import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterEach, describe, expect, test } from 'vitest';
import { connectRaw } from '../../src/taps/connect-raw.js';
import { mutatingTransport } from '../../src/taps/mutating-transport.js';
import type { TapPlan } from '../../src/taps/tap-protocol.js';
import { clearTapState, installTapState } from '../../src/taps/tap-state.js';

async function serverPair() {
  const server = new McpServer({ name: 'echo', version: '1.0.0' });
  server.registerTool('echo', { description: 'echoes' }, () => ({
    content: [{ type: 'text', text: 'hi' }],
  }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  return { server, clientSide };
}

function install(plan: TapPlan) {
  return installTapState(plan, 'a.test.ts', () => 't1');
}

/** A plan under which the first tools/call response comes back with an id no request has. */
function installFreshResponseId() {
  return install({
    mode: 'mutate',
    root: '/',
    mutations: {
      't1#in:tools/call#0': { mutantId: 'm', value: { jsonrpc: '2.0', id: 99, result: {} } },
    },
  });
}

afterEach(() => clearTapState());

describe('connectRaw', () => {
  test('should hand back the raw envelope of a protocol error the SDK client would throw', async () => {
    // Arrange
    const { clientSide } = await serverPair();
    const connection = await connectRaw(clientSide);
    // Act
    const response = await connection.request('no/such/method');
    // Assert
    expect(response).toMatchObject({ jsonrpc: '2.0', id: 2, error: { code: -32601 } });
    expect(connection.initializeResponse).toMatchObject({
      id: 1,
      result: { serverInfo: { name: 'echo' } },
    });
    await connection.close();
  });

  test('should settle the oldest request with a response whose id matches none', async () => {
    // Arrange: the tools/call response gets a fresh id under this plan.
    installFreshResponseId();
    const { clientSide } = await serverPair();
    const connection = await connectRaw(clientSide);
    // Act
    const response = await connection.request('tools/call', { name: 'echo', arguments: {} });
    // Assert
    expect(response).toEqual({ jsonrpc: '2.0', id: 99, result: {} });
    await connection.close();
  });
});

describe('connectRaw when a request cannot be sent', () => {
  test('should settle a request still waiting, not the one that was never sent', async () => {
    // Arrange: an HTTP transport throws from send on a 403; the next response has an id that
    // matches no request (a mutant changed it).
    installFreshResponseId();
    const { clientSide } = await serverPair();
    const send = clientSide.send.bind(clientSide);
    let refuse = false;
    clientSide.send = (message, options) =>
      refuse ? Promise.reject(new Error('403 Forbidden')) : send(message, options);
    const connection = await connectRaw(clientSide);
    refuse = true;
    const refused = connection.request('tools/list');
    // Act
    await expect(refused).rejects.toThrow('403 Forbidden');
    refuse = false;
    const response = await connection.request('tools/call', { name: 'echo', arguments: {} });
    // Assert
    expect(response).toEqual({ jsonrpc: '2.0', id: 99, result: {} });
    await connection.close();
  });
});

describe('connectRaw allocating request ids', () => {
  test('should record each id it allocates as a request-id site, with the requests in flight', async () => {
    // Arrange
    const state = install({ mode: 'record', root: '/', mutations: {} });
    const { clientSide } = await serverPair();
    const connection = await connectRaw(clientSide);
    // Act
    const { request, response } = await connection.exchange('tools/list');
    // Assert
    const allocations = (state.tests.get('t1')?.sites ?? []).filter(
      (site) => site.kind === 'request-id',
    );
    expect(allocations).toEqual([
      {
        key: 't1#request-id#0',
        kind: 'request-id',
        value: 1,
        check: { method: 'initialize', inFlightIds: [] },
      },
      {
        key: 't1#request-id#1',
        kind: 'request-id',
        value: 2,
        check: { method: 'tools/list', inFlightIds: [] },
      },
    ]);
    expect(request).toMatchObject({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    expect(response).toMatchObject({ id: 2, result: { tools: [{ name: 'echo' }] } });
    expect(connection.initializeRequest).toMatchObject({ id: 1, method: 'initialize' });
    await connection.close();
  });

  test('should send, record and match the id a mutant allocates, and number the rest as before', async () => {
    // Arrange: the second allocation (tools/call) gets another id under this plan.
    const state = install({
      mode: 'mutate',
      root: '/',
      mutations: { 't1#request-id#1': { mutantId: 'm', value: 1_048_583, original: 2 } },
    });
    const { clientSide } = await serverPair();
    const connection = await connectRaw(clientSide);
    // Act
    const renumbered = await connection.exchange('tools/call', { name: 'echo', arguments: {} });
    const next = await connection.exchange('tools/list');
    // Assert: the server echoed the new id and the client matched it; the next request is 3.
    expect(renumbered.request['id']).toBe(1_048_583);
    expect(renumbered.response).toMatchObject({
      id: 1_048_583,
      result: { content: [{ text: 'hi' }] },
    });
    expect([next.request['id'], (next.response as { id: unknown }).id]).toEqual([3, 3]);
    expect(state.tests.get('t1')?.applied).toEqual(['m']);
    await connection.close();
  });

  test('should never hand out an id twice when a mutant allocated one the counter reaches', async () => {
    // Arrange: the first tools/list gets 3, the id the counter would give the request after it.
    install({
      mode: 'mutate',
      root: '/',
      mutations: { 't1#request-id#1': { mutantId: 'm', value: 3 } },
    });
    const { clientSide } = await serverPair();
    const connection = await connectRaw(clientSide);
    // Act
    const ids = [];
    for (let i = 0; i < 3; i += 1)
      ids.push((await connection.exchange('tools/list')).request['id']);
    // Assert
    expect(ids).toEqual([3, 4, 5]);
    await connection.close();
  });
});

describe('mutatingTransport', () => {
  test('should key every message by direction, method and ordinal, and give responses their request context', async () => {
    // Arrange
    const state = install({ mode: 'record', root: '/', mutations: {} });
    const { clientSide } = await serverPair();
    // Act
    const connection = await connectRaw(clientSide);
    await connection.request('tools/list');
    // Assert
    const sites = state.tests.get('t1')?.sites ?? [];
    const envelopes = sites.filter((site) => site.kind === 'envelope');
    expect(envelopes.map((site) => site.key)).toEqual([
      't1#out:initialize#0',
      't1#in:initialize#0',
      't1#out:notifications/initialized#0',
      't1#out:tools/list#0',
      't1#in:tools/list#0',
    ]);
    expect(envelopes[4]?.check).toEqual({ requestId: 2, method: 'tools/list' });
    await connection.close();
  });

  test('should pass messages through untouched outside a mutation run', async () => {
    const [a, b] = InMemoryTransport.createLinkedPair();
    const wrapped = mutatingTransport(a);
    const received: unknown[] = [];
    b.onmessage = (message) => received.push(message);
    await wrapped.start();
    await b.start();
    const message = { jsonrpc: '2.0' as const, id: 1, method: 'ping' };
    await wrapped.send(message);
    expect(received).toEqual([message]);
  });
});
