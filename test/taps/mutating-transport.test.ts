import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, test } from 'vitest';
import { mutatingTransport } from '../../src/taps/mutating-transport.js';
import type { TapPlan } from '../../src/taps/tap-protocol.js';
import { clearTapState, installTapState } from '../../src/taps/tap-state.js';

const PING: JSONRPCMessage = { jsonrpc: '2.0', id: 1, method: 'ping' };

/** A transport that does nothing but hold what the wrapper hands down to it. */
function bareTransport(extra: Partial<Transport> = {}): Transport {
  return {
    start: () => Promise.resolve(),
    send: () => Promise.resolve(),
    close: () => Promise.resolve(),
    ...extra,
  };
}

afterEach(() => clearTapState());

describe('mutatingTransport lifecycle', () => {
  test('should start the transport under it, delivering what was queued before', async () => {
    // Arrange: the message waits in the transport's queue until start.
    const [a, b] = InMemoryTransport.createLinkedPair();
    await b.send(PING);
    const wrapped = mutatingTransport(a);
    const received: unknown[] = [];
    wrapped.onmessage = (message) => received.push(message);
    // Act
    await wrapped.start();
    // Assert
    expect(received).toEqual([PING]);
  });

  test('should close the transport under it and report the close through onclose', async () => {
    // Arrange
    const [a, b] = InMemoryTransport.createLinkedPair();
    const wrapped = mutatingTransport(a);
    const closed: string[] = [];
    const onclose = () => closed.push('wrapped');
    wrapped.onclose = onclose;
    b.onclose = () => closed.push('peer');
    // Act
    await wrapped.close();
    // Assert
    // The in-memory pair closes each side from the other, so either may report twice.
    expect(new Set(closed)).toEqual(new Set(['peer', 'wrapped']));
    expect(wrapped.onclose).toBe(onclose);
  });

  test('should hand onerror down to the transport and read it back', () => {
    // Arrange
    const transport = bareTransport();
    const wrapped = mutatingTransport(transport);
    const onerror = (): void => undefined;
    // Act
    wrapped.onerror = onerror;
    // Assert
    expect(transport.onerror).toBe(onerror);
    expect(wrapped.onerror).toBe(onerror);
  });

  test('should read back its onmessage handler, and remove the transport one with it', () => {
    // Arrange
    const transport = bareTransport();
    const wrapped = mutatingTransport(transport);
    const onmessage = (): void => undefined;
    // Act
    wrapped.onmessage = onmessage;
    const set = { wrapper: wrapped.onmessage, transport: transport.onmessage };
    wrapped.onmessage = undefined;
    // Assert
    expect(set.wrapper).toBe(onmessage);
    expect(set.transport).toBeTypeOf('function');
    expect(wrapped.onmessage).toBeUndefined();
    expect(transport.onmessage).toBeUndefined();
  });

  test('should show the session id of the transport under it', () => {
    const wrapped = mutatingTransport(bareTransport({ sessionId: 'session-7' }));
    expect(wrapped.sessionId).toBe('session-7');
  });

  test('should pass the negotiated protocol version down when the transport takes one', () => {
    // Arrange
    const versions: string[] = [];
    const wrapped = mutatingTransport(
      bareTransport({ setProtocolVersion: (version) => versions.push(version) }),
    );
    // Act
    wrapped.setProtocolVersion?.('2025-11-25');
    // Assert
    expect(versions).toEqual(['2025-11-25']);
  });

  test('should offer no setProtocolVersion when the transport has none', () => {
    // The SDK client calls it only when present (Client.connect): an always-present one would lie.
    const wrapped = mutatingTransport(bareTransport());
    expect(wrapped.setProtocolVersion).toBeUndefined();
  });
});

describe('mutatingTransport during a mutation run', () => {
  test('should record both directions as envelope sites', async () => {
    // Arrange
    const state = installTapState(
      { mode: 'record', root: '/', mutations: {} },
      'a.test.ts',
      () => 't1',
    );
    const [a, b] = InMemoryTransport.createLinkedPair();
    const wrapped = mutatingTransport(a);
    wrapped.onmessage = () => undefined;
    b.onmessage = (message) =>
      void b.send({ jsonrpc: '2.0', id: (message as { id: number }).id, result: {} });
    // Act
    await wrapped.send(PING);
    // Assert
    expect(state.tests.get('t1')?.sites).toEqual([
      { key: 't1#out:ping#0', kind: 'envelope', value: PING, check: { method: 'ping' } },
      {
        key: 't1#in:ping#0',
        kind: 'envelope',
        value: { jsonrpc: '2.0', id: 1, result: {} },
        check: { requestId: 1, method: 'ping' },
      },
    ]);
  });

  test('should number responses in the order their requests went out, not as they came', async () => {
    // Arrange: two calls at once, the second answered first, in discovery and in the mutant's run.
    const calls = [1, 2].map((id) => ({ jsonrpc: '2.0' as const, id, method: 'tools/call' }));
    const answer = (id: number) => ({ jsonrpc: '2.0' as const, id, result: { id } });
    const run = async (plan: TapPlan) => {
      const state = installTapState(plan, 'a.test.ts', () => 't1');
      const [a, b] = InMemoryTransport.createLinkedPair();
      const wrapped = mutatingTransport(a);
      const received: unknown[] = [];
      wrapped.onmessage = (message) => received.push(message);
      b.onmessage = () => undefined;
      await wrapped.start();
      for (const call of calls) await wrapped.send(call);
      await b.send(answer(2));
      await b.send(answer(1));
      return { state, received };
    };
    // Act
    const { state } = await run({ mode: 'record', root: '/', mutations: {} });
    const mutations = { 't1#in:tools/call#0': { mutantId: 'm1', value: { mutated: 1 } } };
    const { received } = await run({ mode: 'mutate', root: '/', mutations });
    // Assert: the first call's answer is #0 wherever it arrives, and its mutant lands on it.
    const responses = state.tests.get('t1')?.sites.filter((site) => site.key.includes('#in:'));
    expect(responses?.map((site) => [site.key, site.value])).toEqual([
      ['t1#in:tools/call#1', answer(2)],
      ['t1#in:tools/call#0', answer(1)],
    ]);
    expect(received).toEqual([answer(2), { mutated: 1 }]);
  });

  test('should not count a request its transport could not send as in flight', async () => {
    // Arrange: the transport under it throws on the second request (an HTTP 403).
    const state = installTapState(
      { mode: 'record', root: '/', mutations: {} },
      'a.test.ts',
      () => 't1',
    );
    const sent: JSONRPCMessage[] = [];
    const under = bareTransport({
      send: (message) => {
        sent.push(message);
        return sent.length === 2 ? Promise.reject(new Error('403')) : Promise.resolve();
      },
    });
    const wrapped = mutatingTransport(under);
    wrapped.onmessage = () => undefined;
    await wrapped.send({ jsonrpc: '2.0', id: 1, method: 'tools/call' });
    await expect(wrapped.send({ jsonrpc: '2.0', id: 2, method: 'tools/call' })).rejects.toThrow();
    await wrapped.send({ jsonrpc: '2.0', id: 3, method: 'tools/list' });
    // Act
    under.onmessage?.({ jsonrpc: '2.0', id: 3, result: {} });
    // Assert: request 1 is in flight; request 2 never left.
    const response = state.tests.get('t1')?.sites.find((site) => site.key.includes('#in:'));
    expect(response?.check.inFlightIds).toEqual([1]);
  });

  test('should put the planned envelope on the wire in place of the one sent', async () => {
    // Arrange
    const mutated = { jsonrpc: '2.0', id: 1, method: 'pong' };
    const state = installTapState(
      {
        mode: 'mutate',
        root: '/',
        mutations: { 't1#out:ping#0': { mutantId: 'm1', value: mutated } },
      },
      'a.test.ts',
      () => 't1',
    );
    const [a, b] = InMemoryTransport.createLinkedPair();
    const received: unknown[] = [];
    b.onmessage = (message) => received.push(message);
    // Act
    await mutatingTransport(a).send(PING);
    // Assert
    expect(received).toEqual([mutated]);
    expect(state.tests.get('t1')?.applied).toEqual(['m1']);
  });
});
