import { describe, expect, it } from 'vitest';
import '../../src/assertions/vitest.js';
import type { FailureContext } from '../../src/taxonomy/client-action.js';
import { CANARY, PROTOCOL_ERROR, SUCCESS, TOOL_ERROR, thrownMessage } from './envelopes.js';

const SIDE_EFFECT_TIMEOUT: FailureContext = {
  kind: 'tool',
  transient: true,
  sideEffectMayHaveOccurred: true,
  userActionRequired: false,
};

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
