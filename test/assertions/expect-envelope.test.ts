import { describe, expect, it } from 'vitest';
import { expectEnvelope } from '../../src/assertions/expect-envelope.js';
import { NamedAssertionError } from '../../src/assertions/named-assertion-error.js';
import { isConfigError } from '../../src/errors.js';
import { CANARY, PROTOCOL_ERROR, SUCCESS, TOOL_ERROR, thrownMessage } from './envelopes.js';

describe('expectEnvelope(...).toBeProtocolError', () => {
  it('should pass on a valid protocol error with its code and request id', () => {
    expect(() =>
      expectEnvelope(PROTOCOL_ERROR, { requestId: 41 }).toBeProtocolError(-32602),
    ).not.toThrow();
  });

  it('should pass on the raw text of a protocol error', () => {
    expect(() => expectEnvelope(JSON.stringify(PROTOCOL_ERROR)).toBeProtocolError()).not.toThrow();
  });

  it.each([
    ['a tool error', TOOL_ERROR, '[mcp.layer]'],
    ['a success', SUCCESS, '[mcp.layer]'],
    ['both members', { ...PROTOCOL_ERROR, result: {} }, '[jsonrpc.members]'],
    ['neither member', { jsonrpc: '2.0', id: 41 }, '[jsonrpc.members]'],
    ['a request', { jsonrpc: '2.0', id: 41, method: 'tools/call' }, '[jsonrpc.members]'],
    [
      'a string code',
      { ...PROTOCOL_ERROR, error: { code: '-32602', message: 'x' } },
      '[jsonrpc.error-shape]',
    ],
    ['version 1.0', { ...PROTOCOL_ERROR, jsonrpc: '1.0' }, '[jsonrpc.version]'],
  ])('should fail on %s, naming the rule first', (_name, envelope, rule) => {
    const message = thrownMessage(() => expectEnvelope(envelope).toBeProtocolError());
    expect(message.startsWith(rule)).toBe(true);
  });

  it('should name jsonrpc.error-code for another code', () => {
    const envelope = { ...PROTOCOL_ERROR, error: { code: -32603, message: 'Internal error' } };
    const message = thrownMessage(() => expectEnvelope(envelope).toBeProtocolError(-32602));
    expect(message).toMatch(/^\[jsonrpc\.error-code\] .*Expected -32602 but received -32603/);
  });

  it('should name jsonrpc.id for an id of another JSON type', () => {
    const envelope = { ...PROTOCOL_ERROR, id: '41' };
    const message = thrownMessage(() =>
      expectEnvelope(envelope, { requestId: 41 }).toBeProtocolError(),
    );
    expect(message).toMatch(/^\[jsonrpc\.id\] .*Expected the request id 41 \(number\)/);
  });

  it('should accept a code the project documents, and reject it without the taxonomy', () => {
    // Arrange
    const envelope = { ...PROTOCOL_ERROR, error: { code: -32001, message: 'Quota exceeded' } };
    const taxonomy = { codes: [{ code: -32001, name: 'QuotaExceeded', meaning: 'Over quota' }] };

    // Act
    const withTaxonomy = () => expectEnvelope(envelope, { taxonomy }).toBeProtocolError(-32001);
    const without = () => expectEnvelope(envelope).toBeProtocolError(-32001);

    // Assert
    expect(withTaxonomy).not.toThrow();
    expect(thrownMessage(without)).toMatch(/^\[jsonrpc\.error-code\]/);
  });
});

describe('expectEnvelope(...).toBeToolError', () => {
  it('should pass on a valid tool error', () => {
    expect(() => expectEnvelope(TOOL_ERROR, { requestId: 41 }).toBeToolError()).not.toThrow();
  });

  it.each([
    ['a protocol error', PROTOCOL_ERROR, '[mcp.layer]'],
    [
      'no isError',
      { ...TOOL_ERROR, result: { content: TOOL_ERROR.result.content } },
      '[mcp.is-error]',
    ],
    [
      'isError "true"',
      { ...TOOL_ERROR, result: { ...TOOL_ERROR.result, isError: 'true' } },
      '[mcp.is-error]',
    ],
    ['empty content', { ...TOOL_ERROR, result: { content: [], isError: true } }, '[mcp.content]'],
    [
      'structured content',
      { ...TOOL_ERROR, result: { ...TOOL_ERROR.result, structuredContent: { issues: [] } } },
      '[mcp.structured-content]',
    ],
    ['both members', { ...TOOL_ERROR, error: PROTOCOL_ERROR.error }, '[jsonrpc.members]'],
  ])('should fail on %s, naming the rule first', (_name, envelope, rule) => {
    const message = thrownMessage(() => expectEnvelope(envelope).toBeToolError());
    expect(message.startsWith(rule)).toBe(true);
  });

  it('should name mcp.result-type under the 2026-07-28 profile', () => {
    const message = thrownMessage(() =>
      expectEnvelope(TOOL_ERROR, { profile: 'mcp-2026-07-28' }).toBeToolError(),
    );
    expect(message).toMatch(/^\[mcp\.result-type\]/);
  });

  it('should judge leaks only when the context lists canaries', () => {
    // Arrange
    const leaking = {
      ...TOOL_ERROR,
      result: { ...TOOL_ERROR.result, content: [{ type: 'text', text: `token ${CANARY}` }] },
    };

    // Act
    const without = () => expectEnvelope(leaking).toBeToolError();
    const withCanaries = () => expectEnvelope(leaking, { canaries: [] }).toBeToolError();

    // Assert
    expect(without).not.toThrow();
    expect(thrownMessage(withCanaries)).toMatch(/^\[sanitize\.leak\]/);
  });
});

describe('expectEnvelope(...).toBeSuccess', () => {
  it('should pass on a valid success', () => {
    expect(() => expectEnvelope(SUCCESS, { requestId: 41 }).toBeSuccess()).not.toThrow();
  });

  it('should fail on a tool error, naming mcp.is-error then mcp.layer', () => {
    const message = thrownMessage(() => expectEnvelope(TOOL_ERROR).toBeSuccess());
    expect(message.split('\n').map((line) => /^\[([^\]]+)\]/.exec(line)?.[1])).toEqual([
      'mcp.is-error',
      'mcp.layer',
      undefined,
    ]);
  });

  it('should fail on a protocol error naming mcp.layer', () => {
    expect(thrownMessage(() => expectEnvelope(PROTOCOL_ERROR).toBeSuccess())).toMatch(
      /^\[mcp\.layer\]/,
    );
  });
});

describe('expectEnvelope(...).toNotLeak', () => {
  it('should pass on an envelope without secrets', () => {
    expect(() => expectEnvelope(TOOL_ERROR).toNotLeak(['hunter2-secret'])).not.toThrow();
  });

  it('should find a project canary in error.data and never print it', () => {
    // Arrange
    const canary = 'hunter2-secret';
    const envelope = {
      ...PROTOCOL_ERROR,
      error: { ...PROTOCOL_ERROR.error, data: { db: canary } },
    };

    // Act
    const message = thrownMessage(() => expectEnvelope(envelope).toNotLeak([canary]));

    // Assert
    expect(message).toMatch(/^\[sanitize\.leak\] Invalid error\.data\.db: Expected no canary/);
    expect(message).not.toContain(canary);
    expect(message).toContain('Received: not shown');
  });

  it('should find a default-format canary without a canary list, and never print it', () => {
    const envelope = { ...PROTOCOL_ERROR, error: { ...PROTOCOL_ERROR.error, message: CANARY } };
    const message = thrownMessage(() => expectEnvelope(envelope).toNotLeak());
    expect(message).toMatch(/^\[sanitize\.leak\] Invalid error\.message/);
    expect(message).not.toContain(CANARY);
  });

  it('should use the context canaries when none are given', () => {
    const envelope = {
      ...SUCCESS,
      result: { content: [{ type: 'text', text: 'pw=s3cr3t-value' }] },
    };
    const message = thrownMessage(() =>
      expectEnvelope(envelope, { canaries: ['s3cr3t-value'] }).toNotLeak(),
    );
    expect(message).toMatch(/^\[sanitize\.leak\]/);
    expect(message).not.toContain('s3cr3t-value');
  });
});

describe('expectEnvelope(...).toAnswer and toSatisfyRules', () => {
  it('should pass when the id is the request id', () => {
    expect(() => expectEnvelope(SUCCESS).toAnswer(41)).not.toThrow();
  });

  it('should name jsonrpc.id when the id is another request id', () => {
    const message = thrownMessage(() =>
      expectEnvelope(SUCCESS, { inFlightIds: [41] }).toAnswer(40),
    );
    expect(message).toMatch(/^\[jsonrpc\.id\] .*another request in flight/);
  });

  it('should pass toSatisfyRules on valid envelopes of every layer', () => {
    for (const envelope of [PROTOCOL_ERROR, TOOL_ERROR, SUCCESS]) {
      expect(() => expectEnvelope(envelope, { requestId: 41 }).toSatisfyRules()).not.toThrow();
    }
  });

  it('should list every broken rule of toSatisfyRules on its own line, in rule order', () => {
    const envelope = { jsonrpc: '1.0', id: '41', result: { content: [], isError: 'yes' } };
    const message = thrownMessage(() =>
      expectEnvelope(envelope, { requestId: 41 }).toSatisfyRules(),
    );
    expect(
      message
        .split('\n')
        .slice(0, 3)
        .map((line) => line.slice(0, line.indexOf(']') + 1)),
    ).toEqual(['[jsonrpc.version]', '[jsonrpc.id]', '[mcp.is-error]']);
  });
});

describe('expectEnvelope failures', () => {
  it('should throw a NamedAssertionError carrying the rule and the violations', () => {
    // Act
    let thrown: unknown;
    try {
      expectEnvelope(PROTOCOL_ERROR).toBeToolError();
    } catch (error) {
      thrown = error;
    }

    // Assert
    expect(thrown).toBeInstanceOf(NamedAssertionError);
    expect(thrown).toMatchObject({ name: 'AssertionError', rule: 'mcp.layer' });
    expect(isConfigError(thrown)).toBe(false);
  });

  it('should say what was expected and received, then show a safe envelope', () => {
    const message = thrownMessage(() => expectEnvelope(PROTOCOL_ERROR).toBeToolError());
    expect(message).toBe(
      [
        '[mcp.layer] Invalid error: Expected a tool error (result with isError: true) but received a protocol error (JSON-RPC error member) with code -32602',
        `Received: ${JSON.stringify(PROTOCOL_ERROR)}`,
      ].join('\n'),
    );
  });

  it('should chain assertions that hold', () => {
    expect(() =>
      expectEnvelope(TOOL_ERROR, { requestId: 41 }).toBeToolError().toNotLeak().toAnswer(41),
    ).not.toThrow();
  });

  it('should report a malformed context as a ConfigError', () => {
    const act = () => expectEnvelope(TOOL_ERROR, { requestId: {} as never }).toBeToolError();
    expect(act).toThrow(expect.objectContaining({ name: 'ConfigError' }));
  });
});

describe('expectEnvelope(...).toBeProtocolError without a code', () => {
  it('should hold the envelope to the code its context expects', () => {
    // Arrange
    const context = { expected: { layer: 'protocol', code: -32601 } } as const;
    // Act
    const message = thrownMessage(() =>
      expectEnvelope(PROTOCOL_ERROR, context).toBeProtocolError(),
    );
    // Assert
    expect(message).toMatch(
      /^\[jsonrpc\.error-code\] Invalid error\.code: Expected -32601 but received -32602\n/,
    );
  });
});
