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

/** A canary the default leak patterns do not know: only the canaries given can find it. */
const MARKER = 'opaque-marker-0042';

const LEAKY_SUCCESS = {
  ...SUCCESS,
  result: { content: [{ type: 'text', text: `token ${MARKER}` }] },
} as const;

describe('matcher failure messages', () => {
  it('should end with the received envelope', () => {
    const message = thrownMessage(() => expect(PROTOCOL_ERROR).toBeProtocolError(-32601));
    expect(message).toBe(
      `[jsonrpc.error-code] Invalid error.code: Expected -32601 but received -32602\nReceived: ${JSON.stringify(PROTOCOL_ERROR)}`,
    );
  });

  it('should keep the code the context expects when toBeProtocolError is given none', () => {
    // Arrange
    const context = { expected: { layer: 'protocol', code: -32601 } } as const;
    // Act
    const message = thrownMessage(() =>
      expect(PROTOCOL_ERROR).toBeProtocolError(undefined, context),
    );
    // Assert
    expect(message).toMatch(/^\[jsonrpc\.error-code\] Invalid error\.code: Expected -32601/);
  });

  it('should find the canaries given to toNotLeak', () => {
    // Negative control: without the canary nothing marks the text as a leak.
    expect(LEAKY_SUCCESS).toNotLeak();
    const message = thrownMessage(() => expect(LEAKY_SUCCESS).toNotLeak([MARKER]));
    expect(message).toMatch(/^\[sanitize\.leak\] /);
    expect(message).not.toContain(MARKER);
  });

  it('should not show a received envelope carrying a canary given to the matcher', () => {
    // Arrange: a success is no tool error, and it carries the canary.
    const act = () => expect(LEAKY_SUCCESS).toBeToolError({ canaries: [MARKER] });
    // Act
    const message = thrownMessage(act);
    // Assert
    expect(message).toMatch(/^\[mcp\.is-error\] /);
    expect(message).toContain(
      'Received: not shown: it carries a canary or secret (the paths above locate it)',
    );
    expect(message).not.toContain(MARKER);
  });

  it('should not show a received envelope carrying a canary given to toNotLeak alone', () => {
    // Arrange: the leak is in error.data; the context names no canaries.
    const leaky = { ...PROTOCOL_ERROR, error: { ...PROTOCOL_ERROR.error, data: MARKER } };
    // Act
    const message = thrownMessage(() => expect(leaky).toNotLeak([MARKER], { requestId: 41 }));
    // Assert
    expect(message).toContain('Received: not shown');
    expect(message).not.toContain(MARKER);
  });

  it('should negate toSatisfyRules without naming a rule, as no rule is its own', () => {
    // Act
    const holds = () => expect({ ...SUCCESS, jsonrpc: '1.0' }).not.toSatisfyRules();
    const fails = () => expect(SUCCESS).not.toSatisfyRules();
    // Assert
    expect(holds).not.toThrow();
    expect(thrownMessage(fails)).toBe(
      `Expected a broken rule but received one\nReceived: ${JSON.stringify(SUCCESS)}`,
    );
  });

  it('should say "the policy requires" when a negated toBeAction derives the action', () => {
    const message = thrownMessage(() =>
      expect('reconcile-side-effect').not.toBeAction(SIDE_EFFECT_TIMEOUT),
    );
    expect(message).toBe(
      '[policy.action] Expected an action other than the policy requires, but received it',
    );
  });

  it('should keep a tool error canary out of the toNotLeak message', () => {
    const leaky = {
      ...TOOL_ERROR,
      result: { content: [{ type: 'text', text: CANARY }], isError: true },
    };
    expect(thrownMessage(() => expect(leaky).toNotLeak([CANARY]))).not.toContain(CANARY);
  });
});
