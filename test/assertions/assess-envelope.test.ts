import { describe, expect, test } from 'vitest';
import { assessEnvelope } from '../../src/assertions/assess-envelope.js';
import { expectEnvelope } from '../../src/assertions/expect-envelope.js';
import { NamedAssertionError } from '../../src/assertions/named-assertion-error.js';
import { PROTOCOL_ERROR, SUCCESS, TOOL_ERROR, thrownMessage } from './envelopes.js';

const REQUEST = { jsonrpc: '2.0', id: 41, method: 'tools/call' } as const;
const NOTIFICATION = { jsonrpc: '2.0', method: 'notifications/cancelled' } as const;
const NO_RESPONSE = 'Expected a response with exactly one of result or error but received';

describe('assessEnvelope on a message that is no response', () => {
  test('should fail a layer assertion on a request, naming jsonrpc.members at the root', () => {
    // Act
    const error = (() => {
      try {
        expectEnvelope(REQUEST).toBeSuccess();
      } catch (thrown) {
        return thrown;
      }
      return undefined;
    })();
    // Assert: JSON-RPC 2.0 §5, a request is no response.
    expect(error).toBeInstanceOf(NamedAssertionError);
    expect((error as NamedAssertionError).violations).toEqual([
      {
        rule: 'jsonrpc.members',
        path: [],
        message: `Invalid envelope: ${NO_RESPONSE} a request`,
      },
    ]);
  });

  test('should fail a layer assertion on the JSON text of a request or a notification', () => {
    // Act
    const request = thrownMessage(() =>
      expectEnvelope(JSON.stringify(REQUEST)).toBeProtocolError(),
    );
    const notification = thrownMessage(() =>
      expectEnvelope(JSON.stringify(NOTIFICATION)).toBeToolError(),
    );
    // Assert
    expect(request).toMatch(`[jsonrpc.members] Invalid envelope: ${NO_RESPONSE} a request\n`);
    expect(notification).toMatch(
      `[jsonrpc.members] Invalid envelope: ${NO_RESPONSE} a notification\n`,
    );
  });

  test('should fail a layer assertion on a notification object', () => {
    const message = thrownMessage(() => expectEnvelope(NOTIFICATION).toBeToolError());
    expect(message).toMatch(`[jsonrpc.members] Invalid envelope: ${NO_RESPONSE} a notification\n`);
  });

  test('should let an assertion without a layer judge a request on its version and id only', () => {
    // The negative control above: the same request fails toBeSuccess.
    expect(() => expectEnvelope(REQUEST).toSatisfyRules()).not.toThrow();
    expect(() => expectEnvelope(REQUEST).toAnswer(41)).not.toThrow();
    expect(() => expectEnvelope(JSON.stringify(REQUEST)).toSatisfyRules()).not.toThrow();
  });
});

describe('assessEnvelope expectations', () => {
  test('should keep the code the context expects when toBeProtocolError is given none', () => {
    // Arrange
    const context = { expected: { layer: 'protocol', code: -32601 } } as const;
    // Act
    const violations = assessEnvelope(PROTOCOL_ERROR, 'toBeProtocolError', context);
    // Assert
    expect(violations).toEqual([
      {
        rule: 'jsonrpc.error-code',
        path: ['error', 'code'],
        message: 'Invalid error.code: Expected -32601 but received -32602',
      },
    ]);
  });

  test('should let the code given to toBeProtocolError win over the context one', () => {
    const context = { expected: { layer: 'protocol', code: -32601 } } as const;
    expect(assessEnvelope(PROTOCOL_ERROR, 'toBeProtocolError', context, { code: -32602 })).toEqual(
      [],
    );
  });

  test('should judge an assertion without a layer against no expected layer', () => {
    // Nothing in the context says which layer: every valid layer satisfies the rules.
    expect(assessEnvelope(SUCCESS, 'toSatisfyRules')).toEqual([]);
    expect(assessEnvelope(TOOL_ERROR, 'toSatisfyRules')).toEqual([]);
    expect(assessEnvelope(PROTOCOL_ERROR, 'toSatisfyRules')).toEqual([]);
    expect(assessEnvelope(TOOL_ERROR, 'toAnswer', {}, { requestId: 41 })).toEqual([]);
  });

  test('should keep the layer the context expects for an assertion without a layer', () => {
    // Act
    const message = thrownMessage(() =>
      expectEnvelope(PROTOCOL_ERROR, { expected: { layer: 'tool' } }).toSatisfyRules(),
    );
    // Assert: negative control above, the same envelope satisfies the rules with no expectation.
    expect(message).toMatch(/^\[mcp\.layer\] Invalid error: Expected a tool error/);
  });
});
