import { describe, expect, it } from 'vitest';
import {
  hintLine,
  type AssertionStyle,
  type HintLine,
  type HintLineInput,
} from '../../src/hints/hint-line.js';
import type { CheckContext } from '../../src/oracle/check-context.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';

const MCP = resolveTaxonomy({ profile: 'mcp-2025-11-25' });

const PROTOCOL = { jsonrpc: '2.0', id: 2, error: { code: -32602, message: 'Unknown tool' } };
const NO_CODE = { jsonrpc: '2.0', id: 2, error: { code: '-32602', message: 'Unknown tool' } };
const TOOL = {
  jsonrpc: '2.0',
  id: 3,
  result: { content: [{ type: 'image', data: '' }], isError: true },
};
const SUCCESS = { jsonrpc: '2.0', id: 4, result: { content: [] } };
const NO_RESULT = { jsonrpc: '2.0', id: 5, result: 'done' };
const RETRY_CONTEXT = {
  kind: 'tool',
  transient: true,
  sideEffectMayHaveOccurred: false,
  userActionRequired: false,
};
/** The decision's own action is not the table's: the hint must read the retry table. */
const DECISION = {
  action: 'ask-user',
  context: RETRY_CONTEXT,
  attempt: { requestId: 8, previousRequestId: "r'7" },
};

const EXPECT_ENVELOPE_VITEST = [{ name: 'expectEnvelope', from: 'envelope-mutants/vitest' }];

function hint(
  mutatorName: string,
  value: unknown,
  options: { style?: AssertionStyle; canaries?: string[]; check?: CheckContext } = {},
): HintLine | undefined {
  const input: HintLineInput = {
    mutatorName,
    value,
    check: options.check ?? {},
    style: options.style ?? 'expect',
    canaries: options.canaries ?? [],
    taxonomy: MCP,
  };
  return hintLine(input);
}

/** A plain `expect` line on the response: no imports. */
function plain(rule: string, code: string): HintLine {
  return { rule, code, variable: 'response', imports: [] } as HintLine;
}

describe('hintLine text', () => {
  it('should write the request id check from the check context, then from the observed id', () => {
    expect(hint('change-id', PROTOCOL, { check: { requestId: 'a\\b' } })).toEqual(
      plain('jsonrpc.id', `expect(response?.id, 'jsonrpc.id').toBe('a\\\\b')`),
    );
    expect(hint('change-id', { jsonrpc: '2.0', id: "it's" })).toEqual(
      plain('jsonrpc.id', `expect(response?.id, 'jsonrpc.id').toBe('it\\'s')`),
    );
    expect(hint('change-id', { jsonrpc: '2.0', id: 7 }, { style: 'library' })).toEqual({
      rule: 'jsonrpc.id',
      code: 'expectEnvelope(response).toAnswer(7)',
      variable: 'response',
      imports: EXPECT_ENVELOPE_VITEST,
    });
    expect(hint('change-id', { jsonrpc: '2.0', id: null })?.code).toBe(
      `expect(response?.id, 'jsonrpc.id').toBe(null)`,
    );
  });

  it('should give no request id hint when neither the check nor the envelope has an id', () => {
    expect(hint('change-id', 'not an envelope')).toBeUndefined();
    expect(hint('change-id', null)).toBeUndefined();
    expect(hint('change-id', { jsonrpc: '2.0', id: { nested: 1 } })).toBeUndefined();
    expect(hint('change-id', { jsonrpc: '2.0', id: true })).toBeUndefined();
    expect(hint('change-id', { jsonrpc: '2.0' })).toBeUndefined();
  });

  it('should write the JSON-RPC 2.0 member checks for the layer observed', () => {
    expect(hint('corrupt-version', SUCCESS)).toEqual(
      plain('jsonrpc.version', `expect(response?.jsonrpc, 'jsonrpc.version').toBe('2.0')`),
    );
    expect(hint('insert-both-members', PROTOCOL)).toEqual(
      plain('jsonrpc.members', `expect(response, 'jsonrpc.members').not.toHaveProperty('result')`),
    );
    expect(hint('insert-both-members', SUCCESS)?.code).toBe(
      `expect(response, 'jsonrpc.members').not.toHaveProperty('error')`,
    );
    expect(hint('drop-both-members', PROTOCOL)).toEqual(
      plain('jsonrpc.members', `expect(response, 'jsonrpc.members').toHaveProperty('error')`),
    );
    expect(hint('drop-both-members', TOOL)?.code).toBe(
      `expect(response, 'jsonrpc.members').toHaveProperty('result')`,
    );
  });

  it('should write the layer check the observed envelope passes, for each layer mutator', () => {
    for (const name of ['swap-error-result', 'demote-protocol-error', 'promote-tool-error']) {
      expect(hint(name, PROTOCOL), name).toEqual(
        plain('mcp.layer', `expect(response, 'mcp.layer').toHaveProperty('error.code', -32602)`),
      );
      expect(hint(name, TOOL), name).toEqual(
        plain('mcp.layer', `expect(response, 'mcp.layer').toHaveProperty('result.isError', true)`),
      );
      expect(hint(name, SUCCESS), name).toEqual(
        plain('mcp.layer', `expect(response, 'mcp.layer').not.toHaveProperty('error')`),
      );
    }
  });

  it('should give no layer hint without a numeric code or a result object', () => {
    for (const name of ['swap-error-result', 'demote-protocol-error', 'promote-tool-error']) {
      expect(hint(name, NO_CODE), name).toBeUndefined();
      expect(hint(name, NO_RESULT), name).toBeUndefined();
      expect(hint(name, 'not an envelope'), name).toBeUndefined();
    }
  });

  it('should write the error code checks with the observed code, and none without one', () => {
    expect(hint('undocumented-code', PROTOCOL)).toEqual(
      plain(
        'jsonrpc.error-code',
        `expect(response, 'jsonrpc.error-code').toHaveProperty('error.code', -32602)`,
      ),
    );
    expect(hint('coerce-error-code', PROTOCOL)).toEqual(
      plain(
        'jsonrpc.error-shape',
        `expect(response?.error, 'jsonrpc.error-shape').toMatchObject({ code: -32602, message: expect.any(String) })`,
      ),
    );
    expect(hint('undocumented-code', NO_CODE)).toBeUndefined();
    expect(hint('coerce-error-code', NO_CODE)).toBeUndefined();
  });

  it('should write the MCP result checks', () => {
    const isError = plain(
      'mcp.is-error',
      `expect(response, 'mcp.is-error').toHaveProperty('result.isError', true)`,
    );
    expect(hint('remove-is-error', TOOL)).toEqual(isError);
    expect(hint('stringify-is-error', TOOL)).toEqual(isError);
    expect(hint('fabricate-structured-content', SUCCESS)).toEqual(
      plain(
        'mcp.structured-content',
        `expect(response, 'mcp.structured-content').not.toHaveProperty('result.structuredContent')`,
      ),
    );
    expect(hint('drop-result-type', SUCCESS)).toEqual(
      plain(
        'mcp.result-type',
        `expect(response, 'mcp.result-type').toHaveProperty('result.resultType', 'complete')`,
      ),
    );
  });

  it('should name the observed first content type, and text when there is none', () => {
    const content = (type: string): HintLine =>
      plain(
        'mcp.content',
        `expect(response, 'mcp.content').toHaveProperty('result.content.0.type', '${type}')`,
      );

    expect(hint('empty-error-content', TOOL)).toEqual(content('image'));
    expect(hint('empty-error-content', SUCCESS)).toEqual(content('text'));
    expect(hint('empty-error-content', { result: { content: ['image'] } })).toEqual(
      content('text'),
    );
    expect(hint('empty-error-content', { result: { content: [{ type: 3 }] } })).toEqual(
      content('text'),
    );
    expect(hint('empty-error-content', { result: { content: { type: 'image' } } })).toEqual(
      content('text'),
    );
  });

  it('should check one canary with not.toContain in the expect style', () => {
    expect(hint('leak-canary', TOOL, { canaries: ['CANARY-1'] })).toEqual(
      plain(
        'sanitize.leak',
        `expect(JSON.stringify(response), 'sanitize.leak').not.toContain('CANARY-1')`,
      ),
    );
  });

  it('should hand several canaries, or none, to toNotLeak from the package root in the expect style', () => {
    expect(hint('leak-canary', TOOL, { canaries: ['C-1', 'C-2'] })).toEqual({
      rule: 'sanitize.leak',
      code: `expectEnvelope(response).toNotLeak(['C-1', 'C-2'])`,
      variable: 'response',
      imports: [{ name: 'expectEnvelope', from: 'envelope-mutants' }],
    });
    expect(hint('leak-internals', TOOL, { canaries: ['C-1'] })).toEqual({
      rule: 'sanitize.leak',
      code: 'expectEnvelope(response).toNotLeak()',
      variable: 'response',
      imports: [{ name: 'expectEnvelope', from: 'envelope-mutants' }],
    });
  });

  it('should use toNotLeak from envelope-mutants/vitest in the library style', () => {
    expect(hint('leak-canary', TOOL, { style: 'library', canaries: ['C-1'] })).toEqual({
      rule: 'sanitize.leak',
      code: `expectEnvelope(response).toNotLeak(['C-1'])`,
      variable: 'response',
      imports: EXPECT_ENVELOPE_VITEST,
    });
  });

  it('should write the action check on the action variable, with expectAction in the library style', () => {
    expect(hint('flip-retryability', DECISION)).toEqual({
      rule: 'policy.action',
      code: `expect(action, 'policy.action').toBe('retry-bounded')`,
      variable: 'action',
      imports: [],
    });
    expect(hint('flip-retryability', DECISION, { style: 'library' })).toEqual({
      rule: 'policy.action',
      code: `expectAction(action, 'retry-bounded')`,
      variable: 'action',
      imports: [{ name: 'expectAction', from: 'envelope-mutants/vitest' }],
    });
    expect(hint('flip-retryability', PROTOCOL)).toBeUndefined();
  });

  it('should check the retry uses a new request id, and give no hint without a failed attempt', () => {
    expect(hint('reuse-attempt-id', DECISION)).toEqual({
      rule: 'policy.attempt',
      code: `expect(decision?.attempt?.requestId, 'policy.attempt').not.toBe('r\\'7')`,
      variable: 'decision',
      imports: [],
    });
    expect(hint('reuse-attempt-id', { ...DECISION, attempt: undefined })).toBeUndefined();
    expect(hint('reuse-attempt-id', { ...DECISION, attempt: { requestId: 8 } })).toBeUndefined();
    expect(hint('reuse-attempt-id', PROTOCOL)).toBeUndefined();
  });
});
