import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, test } from 'vitest';
import { connectRaw } from '../../src/taps/connect-raw.js';

/**
 * A scripted MCP peer: it answers `initialize` and otherwise only notes what it receives, so a
 * test decides when and with which id every response crosses the wire.
 */
async function scriptedPeer() {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const received: unknown[] = [];
  serverSide.onmessage = (message) => {
    received.push(message);
    if ('method' in message && message.method === 'initialize' && 'id' in message)
      void serverSide.send({ jsonrpc: '2.0', id: message.id, result: { ready: true } });
  };
  await serverSide.start();
  const send = (message: unknown): Promise<void> => serverSide.send(message as JSONRPCMessage);
  return { clientSide, serverSide, received, send };
}

describe('connectRaw handshake', () => {
  test('should ask for MCP 2025-11-25 and name itself envelope-mutants by default', async () => {
    // Arrange
    const peer = await scriptedPeer();
    // Act
    const connection = await connectRaw(peer.clientSide);
    // Assert
    expect(peer.received).toEqual([
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'envelope-mutants', version: '0' },
        },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
    ]);
    expect(connection.initializeResponse).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { ready: true },
    });
    expect(connection.notifications).toEqual([]);
  });

  test('should send the protocol version and client info it is given', async () => {
    // Arrange
    const peer = await scriptedPeer();
    // Act
    await connectRaw(peer.clientSide, {
      protocolVersion: '2025-06-18',
      clientInfo: { name: 'suite', version: '2.1' },
    });
    // Assert
    expect(peer.received[0]).toMatchObject({
      params: { protocolVersion: '2025-06-18', clientInfo: { name: 'suite', version: '2.1' } },
    });
  });
});

describe('connectRaw responses', () => {
  test('should settle the request a response names even when responses come out of order', async () => {
    // Arrange
    const peer = await scriptedPeer();
    const connection = await connectRaw(peer.clientSide);
    const first = connection.request('tools/list');
    const second = connection.request('prompts/list');
    // Act
    await peer.send({ jsonrpc: '2.0', id: 3, result: { prompts: [] } });
    await peer.send({ jsonrpc: '2.0', id: 2, result: { tools: [] } });
    // Assert
    await expect(first).resolves.toEqual({ jsonrpc: '2.0', id: 2, result: { tools: [] } });
    await expect(second).resolves.toEqual({ jsonrpc: '2.0', id: 3, result: { prompts: [] } });
  });

  test('should settle the oldest request with a response whose id matches none', async () => {
    // Arrange
    const peer = await scriptedPeer();
    const connection = await connectRaw(peer.clientSide);
    const oldest = connection.request('tools/list');
    const newest = connection.request('prompts/list');
    // Act
    await peer.send({ jsonrpc: '2.0', id: 'stray', result: {} });
    await peer.send({ jsonrpc: '2.0', id: 3, result: {} });
    // Assert
    await expect(oldest).resolves.toEqual({ jsonrpc: '2.0', id: 'stray', result: {} });
    await expect(newest).resolves.toEqual({ jsonrpc: '2.0', id: 3, result: {} });
  });

  test('should settle the oldest request with a response that is not an object', async () => {
    // Arrange
    const peer = await scriptedPeer();
    const connection = await connectRaw(peer.clientSide);
    const oldest = connection.request('tools/list');
    // Act
    await peer.send('not an envelope');
    // Assert
    await expect(oldest).resolves.toBe('not an envelope');
  });

  test('should ignore a response when no request waits for one', async () => {
    // Arrange
    const peer = await scriptedPeer();
    await connectRaw(peer.clientSide);
    // Act
    const delivered = peer.send({ jsonrpc: '2.0', id: 7, result: {} });
    // Assert
    await expect(delivered).resolves.toBeUndefined();
  });

  test('should reject every pending request when the connection closes', async () => {
    // Arrange
    const peer = await scriptedPeer();
    const connection = await connectRaw(peer.clientSide);
    const first = connection.request('tools/list');
    const second = connection.request('prompts/list');
    // Act
    await peer.serverSide.close();
    // Assert
    await expect(first).rejects.toThrow('connectRaw: the connection closed');
    await expect(second).rejects.toThrow('connectRaw: the connection closed');
  });

  test('should close the transport under it', async () => {
    // Arrange
    const peer = await scriptedPeer();
    const connection = await connectRaw(peer.clientSide);
    let peerClosed = false;
    peer.serverSide.onclose = () => (peerClosed = true);
    // Act
    await connection.close();
    // Assert
    expect(peerClosed).toBe(true);
  });
});

describe('connectRaw and what the peer sends on its own', () => {
  test('should keep the notifications the peer sends, in order', async () => {
    // Arrange
    const peer = await scriptedPeer();
    const connection = await connectRaw(peer.clientSide);
    // Act
    await peer.send({ jsonrpc: '2.0', method: 'notifications/message', params: { n: 1 } });
    await peer.send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    // Assert
    expect(connection.notifications).toEqual([
      { jsonrpc: '2.0', method: 'notifications/message', params: { n: 1 } },
      { jsonrpc: '2.0', method: 'notifications/tools/list_changed' },
    ]);
  });

  test('should answer the peer ping with an empty result and leave pending requests waiting', async () => {
    // Arrange
    const peer = await scriptedPeer();
    const connection = await connectRaw(peer.clientSide);
    const waiting = connection.request('tools/list');
    // Act
    await peer.send({ jsonrpc: '2.0', id: 'p1', method: 'ping' });
    await peer.send({ jsonrpc: '2.0', id: 2, result: { tools: [] } });
    // Assert: MCP basic/utilities/ping
    expect(peer.received.slice(2)).toEqual([
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { jsonrpc: '2.0', id: 'p1', result: {} },
    ]);
    await expect(waiting).resolves.toEqual({ jsonrpc: '2.0', id: 2, result: { tools: [] } });
    expect(connection.notifications).toEqual([]);
  });

  test('should answer any other peer request with -32601 Method not found', async () => {
    // Arrange
    const peer = await scriptedPeer();
    await connectRaw(peer.clientSide);
    // Act
    await peer.send({ jsonrpc: '2.0', id: 9, method: 'sampling/createMessage', params: {} });
    // Assert: JSON-RPC 2.0 §5.1
    expect(peer.received.at(-1)).toEqual({
      jsonrpc: '2.0',
      id: 9,
      error: { code: -32601, message: 'Method not found: sampling/createMessage' },
    });
  });
});
