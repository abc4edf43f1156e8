import { describe, expect, test } from 'vitest';
import { createMessageFlow } from '../../src/taps/message-flow.js';

describe('createMessageFlow', () => {
  test('should name a message that is not an object invalid, with nothing known of it', () => {
    const flow = createMessageFlow();
    expect(flow.site('in', 'garbage')).toStrictEqual({ label: 'in:invalid', check: {} });
    expect(flow.site('out', null)).toStrictEqual({ label: 'out:invalid', check: {} });
  });

  test('should name a request or notification after its method, and know the method', () => {
    const flow = createMessageFlow();
    expect(flow.site('out', { jsonrpc: '2.0', id: 1, method: 'tools/call' })).toStrictEqual({
      label: 'out:tools/call',
      check: { method: 'tools/call' },
    });
    expect(flow.site('in', { jsonrpc: '2.0', method: 'notifications/message' })).toStrictEqual({
      label: 'in:notifications/message',
      check: { method: 'notifications/message' },
    });
  });

  test('should name a received response after the request sent with its id', () => {
    // Arrange
    const flow = createMessageFlow();
    flow.site('out', { jsonrpc: '2.0', id: 4, method: 'tools/list' });
    // Act
    const site = flow.site('in', { jsonrpc: '2.0', id: 4, result: {} });
    // Assert
    expect(site).toStrictEqual({
      label: 'in:tools/list',
      check: { requestId: 4, method: 'tools/list' },
    });
  });

  test('should reserve a response’s name when its request travels, and hand it back with it', () => {
    // Arrange: two requests; `reserve` is asked for the label each response will carry.
    const flow = createMessageFlow<string>();
    const asked: string[] = [];
    const reserve = (label: string) => {
      asked.push(label);
      return `reserved ${asked.length}`;
    };
    flow.site('out', { jsonrpc: '2.0', id: 1, method: 'tools/call' }, reserve);
    flow.site('out', { jsonrpc: '2.0', id: 2, method: 'tools/call' }, reserve);
    flow.site('out', { jsonrpc: '2.0', method: 'notifications/initialized' }, reserve);
    // Act: answered in the other order.
    const second = flow.site('in', { jsonrpc: '2.0', id: 2, result: {} }, reserve);
    const first = flow.site('in', { jsonrpc: '2.0', id: 1, result: {} }, reserve);
    // Assert: a notification reserves nothing, and neither does a response.
    expect(asked).toEqual(['in:tools/call', 'in:tools/call']);
    expect([first.reserved, second.reserved]).toEqual(['reserved 1', 'reserved 2']);
  });

  test('should name a sent response after the request received with its id', () => {
    // Arrange: the peer asked; JSON-RPC 2.0 §5, the answer travels the other way.
    const flow = createMessageFlow();
    flow.site('in', { jsonrpc: '2.0', id: 'p', method: 'ping' });
    flow.site('out', { jsonrpc: '2.0', id: 'p', method: 'tools/list' });
    // Act
    const site = flow.site('out', { jsonrpc: '2.0', id: 'p', result: {} });
    // Assert
    expect(site).toStrictEqual({ label: 'out:ping', check: { requestId: 'p', method: 'ping' } });
  });

  test('should give a response the ids of the other requests still in flight', () => {
    // Arrange
    const flow = createMessageFlow();
    flow.site('out', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    flow.site('out', { jsonrpc: '2.0', id: 2, method: 'tools/call' });
    flow.site('out', { jsonrpc: '2.0', id: 3, method: 'prompts/list' });
    // Act
    const second = flow.site('in', { jsonrpc: '2.0', id: 2, result: {} });
    const third = flow.site('in', { jsonrpc: '2.0', id: 3, result: {} });
    const first = flow.site('in', { jsonrpc: '2.0', id: 1, result: {} });
    // Assert
    expect(second.check).toStrictEqual({ requestId: 2, method: 'tools/call', inFlightIds: [1, 3] });
    expect(third.check).toStrictEqual({ requestId: 3, method: 'prompts/list', inFlightIds: [1] });
    expect(first.check).toStrictEqual({ requestId: 1, method: 'tools/list' });
  });

  test('should forget a request its sender cancelled (a timeout, an abort)', () => {
    // Arrange: request 2 timed out, and the client said so; request 4 is in flight.
    const flow = createMessageFlow();
    flow.site('out', { jsonrpc: '2.0', id: 2, method: 'tools/call' });
    flow.site('out', { jsonrpc: '2.0', id: 4, method: 'tools/call' });
    flow.site('out', {
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 2, reason: 'Request timed out' },
    });
    flow.site('out', { jsonrpc: '2.0', id: 5, method: 'tools/list' });
    // Act
    const site = flow.site('in', { jsonrpc: '2.0', id: 5, result: {} });
    // Assert: the other id in flight is 4, not the cancelled 2.
    expect(site.check.inFlightIds).toEqual([4]);
  });

  test('should forget a request its transport could not send', () => {
    const flow = createMessageFlow();
    const unsent = { jsonrpc: '2.0', id: 2, method: 'tools/call' };
    flow.site('out', unsent);
    flow.site('out', { jsonrpc: '2.0', id: 4, method: 'tools/call' });
    flow.forget('out', unsent);
    flow.site('out', { jsonrpc: '2.0', id: 5, method: 'tools/list' });
    expect(flow.site('in', { jsonrpc: '2.0', id: 5, result: {} }).check.inFlightIds).toEqual([4]);
  });

  test('should keep a request in flight when the other side sends the cancellation', () => {
    // A peer cancels the requests it sent, not those it received.
    const flow = createMessageFlow();
    flow.site('out', { jsonrpc: '2.0', id: 2, method: 'tools/call' });
    flow.site('in', {
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 2 },
    });
    flow.site('out', { jsonrpc: '2.0', id: 5, method: 'tools/list' });
    expect(flow.site('in', { jsonrpc: '2.0', id: 5, result: {} }).check.inFlightIds).toEqual([2]);
  });

  test('should forget a request once answered, so a second answer is a bare response', () => {
    // Arrange
    const flow = createMessageFlow();
    flow.site('out', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    flow.site('in', { jsonrpc: '2.0', id: 1, result: {} });
    // Act
    const again = flow.site('in', { jsonrpc: '2.0', id: 1, result: {} });
    // Assert
    expect(again).toStrictEqual({ label: 'in:response', check: { requestId: 1 } });
  });

  test('should claim no id and no method for a response without an id', () => {
    // Arrange
    const flow = createMessageFlow();
    flow.site('out', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    // Act
    const site = flow.site('in', {
      jsonrpc: '2.0',
      error: { code: -32700, message: 'Parse error' },
    });
    // Assert
    expect(site).toStrictEqual({ label: 'in:response', check: { inFlightIds: [1] } });
  });
});
