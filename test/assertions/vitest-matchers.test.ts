import { describe, expect, it } from 'vitest';
import '../../src/assertions/vitest.js';
import { expectAction, expectEnvelope } from '../../src/assertions/vitest.js';
import type { FailureContext } from '../../src/taxonomy/client-action.js';
import { CANARY, PROTOCOL_ERROR, SUCCESS, TOOL_ERROR, thrownMessage } from './envelopes.js';

const SIDE_EFFECT_TIMEOUT: FailureContext = {
  kind: 'tool',
  transient: true,
  sideEffectMayHaveOccurred: true,
  userActionRequired: false,
};

describe('the envelope-mutants/vitest matchers', () => {
  it('should pass on valid envelopes of each layer', () => {
    expect(PROTOCOL_ERROR).toBeProtocolError(-32602, { requestId: 41 });
    expect(TOOL_ERROR).toBeToolError({ requestId: 41 });
    expect(SUCCESS).toBeSuccess();
    expect(SUCCESS).toNotLeak([CANARY]);
    expect(SUCCESS).toAnswer(41);
    expect(SUCCESS).toSatisfyRules({ requestId: 41 });
    expect('reconcile-side-effect').toBeAction(SIDE_EFFECT_TIMEOUT);
  });

  it.each([
    ['toBeProtocolError', () => expect(TOOL_ERROR).toBeProtocolError(), '[mcp.layer]'],
    [
      'toBeProtocolError(code)',
      () => expect(PROTOCOL_ERROR).toBeProtocolError(-32601),
      '[jsonrpc.error-code]',
    ],
    ['toBeToolError', () => expect(PROTOCOL_ERROR).toBeToolError(), '[mcp.layer]'],
    ['toBeSuccess', () => expect(PROTOCOL_ERROR).toBeSuccess(), '[mcp.layer]'],
    ['toAnswer', () => expect(SUCCESS).toAnswer('41'), '[jsonrpc.id]'],
    [
      'toSatisfyRules',
      () => expect({ ...SUCCESS, jsonrpc: '1.0' }).toSatisfyRules(),
      '[jsonrpc.version]',
    ],
    [
      'toBeAction',
      () => expect('retry-bounded').toBeAction(SIDE_EFFECT_TIMEOUT),
      '[policy.action]',
    ],
  ])('should fail %s with a message starting with the rule', (_name, act, rule) => {
    expect(thrownMessage(act).startsWith(rule)).toBe(true);
  });

  it('should fail toNotLeak without printing the canary', () => {
    // Arrange
    const envelope = { ...PROTOCOL_ERROR, error: { ...PROTOCOL_ERROR.error, data: CANARY } };

    // Act
    const message = thrownMessage(() => expect(envelope).toNotLeak());

    // Assert
    expect(message).toMatch(/^\[sanitize\.leak\] Invalid error\.data/);
    expect(message).not.toContain(CANARY);
  });

  it('should prefix the message argument like vitest does for its own matchers', () => {
    const message = thrownMessage(() => expect(PROTOCOL_ERROR, 'unknown tool').toBeToolError());
    expect(message).toMatch(/^unknown tool: \[mcp\.layer\]/);
  });

  it('should negate with .not and name the layer when the negation fails', () => {
    // Act
    const holds = () => expect(TOOL_ERROR).not.toBeProtocolError();
    const fails = () => expect(PROTOCOL_ERROR).not.toBeProtocolError();

    // Assert
    expect(holds).not.toThrow();
    expect(thrownMessage(fails)).toMatch(
      /^\[mcp\.layer\] Expected no valid protocol error but received one\nReceived: /,
    );
  });

  it('should negate toBeAction naming policy.action', () => {
    expect('ask-user').not.toBeAction('retry-bounded');
    expect(thrownMessage(() => expect('ask-user').not.toBeAction('ask-user'))).toBe(
      '[policy.action] Expected an action other than "ask-user", but received it',
    );
  });

  it('should work as asymmetric matchers inside toEqual', () => {
    // eslint-disable-next-line @typescript-eslint/no-confusing-void-expression -- vitest types asymmetric matchers void
    expect({ response: TOOL_ERROR }).toEqual({ response: expect.toBeToolError() });
    expect(() =>
      // eslint-disable-next-line @typescript-eslint/no-confusing-void-expression -- vitest types asymmetric matchers void
      expect({ response: SUCCESS }).toEqual({ response: expect.toBeToolError() }),
    ).toThrow();
  });

  it('should re-export the runner-independent assertions', () => {
    expect(() => expectEnvelope(TOOL_ERROR).toBeToolError()).not.toThrow();
    expect(() => expectAction('ask-user', 'ask-user')).not.toThrow();
  });
});
