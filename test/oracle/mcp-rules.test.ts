import { describe, expect, it } from 'vitest';
import { check } from '../../src/oracle/check.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';
import { protocolError, textBlock, toolError, toolSuccess } from './fixtures.js';

const mcp = resolveTaxonomy({ profile: 'mcp-2025-11-25' });
const mcp2026 = resolveTaxonomy({ profile: 'mcp-2026-07-28' });
const rulesOf = (violations: readonly { rule: string }[]) =>
  violations.map((violation) => violation.rule);
const withResult = (result: Record<string, unknown>) => ({ jsonrpc: '2.0', id: 1, result });

describe('mcp.layer', () => {
  it('should report a success where a tool failure is expected', () => {
    const violations = check(toolSuccess(1), { expected: { layer: 'tool' } }, mcp);

    expect(rulesOf(violations)).toEqual(['mcp.layer', 'mcp.is-error']);
  });

  it('should report a demoted protocol error as a tool error', () => {
    const violations = check(
      toolError(1, 'Unknown tool: foo'),
      { expected: { failureClass: 'unknown-tool' } },
      mcp,
    );

    expect(rulesOf(violations)).toContain('mcp.layer');
  });

  it('should report an error object moved under result without any expectation', () => {
    const envelope = withResult({ code: -32602, message: 'Unknown tool: foo' });

    expect(rulesOf(check(envelope, {}, mcp))).toEqual(['mcp.layer']);
  });

  it('should report a tool result moved under error without any expectation', () => {
    const envelope = { jsonrpc: '2.0', id: 1, error: { content: [textBlock('x')], isError: true } };

    expect(rulesOf(check(envelope, {}, mcp))).toEqual([
      'jsonrpc.error-shape',
      'jsonrpc.error-shape',
      'mcp.layer',
    ]);
  });

  it('should look for the SDK marker in the first text block only', () => {
    const image = { type: 'image', data: 'AAAA', mimeType: 'image/png' };
    const marked = textBlock('MCP error -32603: boom');

    expect(
      rulesOf(check(withResult({ content: [image, marked], isError: true }), {}, mcp)),
    ).toEqual(['mcp.layer']);
    expect(
      check(withResult({ content: [textBlock('failed'), marked], isError: true }), {}, mcp),
    ).toEqual([]);
    expect(check(withResult({ content: [textBlock('MCP error -32603: boom')] }), {}, mcp)).toEqual(
      [],
    );
  });

  it('should not take a result with content, or with a non-integer code, for an error object', () => {
    expect(
      check(withResult({ code: -32602, message: 'x', content: [textBlock('x')] }), {}, mcp),
    ).toEqual([]);
    expect(check(withResult({ code: '-32602', message: 'x' }), {}, mcp)).toEqual([]);
    expect(check(withResult({ code: -32602 }), {}, mcp)).toEqual([]);
  });

  it('should take an error carrying content alone for a tool result', () => {
    const envelope = { jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'x', content: [] } };

    expect(rulesOf(check(envelope, {}, mcp))).toEqual(['mcp.layer']);
  });

  it('should not flag an ordinary tool error text without the SDK marker', () => {
    expect(check(toolError(1, 'error -32602 happened upstream'), {}, mcp)).toEqual([]);
  });
});

describe('mcp.is-error', () => {
  it.each([
    ['"true"', 'true'],
    ['1', 1],
    ['null', null],
  ])('should report isError %s', (_name, isError) => {
    expect(rulesOf(check(withResult({ content: [textBlock('x')], isError }), {}, mcp))).toEqual([
      'mcp.is-error',
    ]);
  });

  it('should report a success carrying isError true', () => {
    const violations = check(toolError(1), { expected: { layer: 'success' } }, mcp);

    expect(rulesOf(violations)).toEqual(['mcp.layer', 'mcp.is-error']);
  });

  it('should accept isError false on a success', () => {
    expect(
      check(toolSuccess(1, { isError: false }), { expected: { layer: 'success' } }, mcp),
    ).toEqual([]);
  });
});

describe('mcp.content', () => {
  const valid = [
    textBlock('x'),
    { type: 'image', data: 'AAAA', mimeType: 'image/png' },
    { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
    { type: 'resource_link', uri: 'file:///x.txt', name: 'x' },
    { type: 'resource', resource: { uri: 'file:///x.txt', text: 'hi' } },
    { type: 'resource', resource: { uri: 'file:///x.bin', blob: 'AAAA' } },
  ];

  it('should accept every content block type of MCP 2025-11-25', () => {
    expect(check(withResult({ content: valid }), { method: 'tools/call' }, mcp)).toEqual([]);
  });

  it.each([
    ['a text block without text', { type: 'text' }],
    ['an image without mimeType', { type: 'image', data: 'AAAA' }],
    ['a resource_link without name', { type: 'resource_link', uri: 'x' }],
    ['an embedded resource without text or blob', { type: 'resource', resource: { uri: 'x' } }],
    ['an unknown type', { type: 'video', url: 'x' }],
    ['a string', 'hello'],
  ])('should report %s', (_name, block) => {
    const violations = check(
      withResult({ content: [textBlock('ok'), block] }),
      { method: 'tools/call' },
      mcp,
    );

    expect(rulesOf(violations)).toEqual(['mcp.content']);
    expect(violations[0]?.path).toEqual(['result', 'content', 1]);
  });

  it('should report a tools/call result that is not an object', () => {
    expect(
      rulesOf(check({ jsonrpc: '2.0', id: 1, result: 42 }, { method: 'tools/call' }, mcp)),
    ).toEqual(['mcp.content']);
    expect(check({ jsonrpc: '2.0', id: 1, result: 42 }, { method: 'ping' }, mcp)).toEqual([]);
  });

  it('should report content that is not an array', () => {
    expect(rulesOf(check(withResult({ content: 'x' }), {}, mcp))).toEqual(['mcp.content']);
  });

  it('should leave results of other methods alone', () => {
    expect(check(withResult({}), { method: 'tools/list' }, mcp)).toEqual([]);
    expect(check(withResult({ tools: [] }), {}, mcp)).toEqual([]);
  });
});

describe('mcp.structured-content', () => {
  const schema = { type: 'object', properties: { rows: { type: 'integer' } }, required: ['rows'] };

  it('should report structured content on a tool failure', () => {
    const envelope = withResult({
      content: [textBlock('failed')],
      isError: true,
      structuredContent: { rows: 0 },
    });

    expect(rulesOf(check(envelope, { outputSchema: schema }, mcp))).toEqual([
      'mcp.structured-content',
    ]);
  });

  it('should report missing structured content when the tool declares an output schema', () => {
    expect(
      rulesOf(check(toolSuccess(1), { method: 'tools/call', outputSchema: schema }, mcp)),
    ).toEqual(['mcp.structured-content']);
  });

  it('should report structured content that is not an object even without a schema', () => {
    expect(rulesOf(check(toolSuccess(1, { structuredContent: [1] }), {}, mcp))).toEqual([
      'mcp.structured-content',
    ]);
  });

  it('should validate JSON Schema 2020-12 keywords by default', () => {
    const tuple = {
      type: 'object',
      properties: {
        pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }] },
      },
    };

    expect(
      check(
        toolSuccess(1, { structuredContent: { pair: ['a', 1] } }),
        { outputSchema: tuple },
        mcp,
      ),
    ).toEqual([]);
    expect(
      rulesOf(
        check(
          toolSuccess(1, { structuredContent: { pair: [1, 'a'] } }),
          { outputSchema: tuple },
          mcp,
        ),
      ),
    ).toEqual(['mcp.structured-content']);
  });

  it('should validate draft-07 schemas too', () => {
    const draft07 = { $schema: 'http://json-schema.org/draft-07/schema#', ...schema };

    expect(
      check(toolSuccess(1, { structuredContent: { rows: 1 } }), { outputSchema: draft07 }, mcp),
    ).toEqual([]);
    expect(
      rulesOf(check(toolSuccess(1, { structuredContent: {} }), { outputSchema: draft07 }, mcp)),
    ).toEqual(['mcp.structured-content']);
  });
});

describe('mcp.result-type', () => {
  it('should accept a complete tool error under 2026-07-28', () => {
    const envelope = withResult({
      content: [textBlock('x')],
      isError: true,
      resultType: 'complete',
    });

    expect(check(envelope, { expected: { failureClass: 'tool-execution' } }, mcp2026)).toEqual([]);
  });

  it('should report input_required where an outcome is expected', () => {
    const envelope = withResult({ content: [textBlock('x')], resultType: 'input_required' });

    expect(rulesOf(check(envelope, { expected: { layer: 'success' } }, mcp2026))).toEqual([
      'mcp.result-type',
    ]);
  });

  it('should accept input_required when the test expects no outcome', () => {
    expect(
      check(withResult({ resultType: 'input_required' }), { method: 'tools/call' }, mcp2026),
    ).toEqual([]);
  });

  it('should report an unknown resultType and ignore resultType under older profiles', () => {
    expect(rulesOf(check(toolSuccess(1, { resultType: 'done' }), {}, mcp2026))).toEqual([
      'mcp.result-type',
    ]);
    expect(check(toolSuccess(1), {}, mcp)).toEqual([]);
  });

  it('should not require resultType on an error response', () => {
    expect(check(protocolError(1, -32602, 'Unknown tool: foo'), {}, mcp2026)).toEqual([]);
  });
});
