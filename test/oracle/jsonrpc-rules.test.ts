import { describe, expect, it } from 'vitest';
import { check } from '../../src/oracle/check.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';
import { protocolError, toolError, toolSuccess } from './fixtures.js';

const mcp = resolveTaxonomy({ profile: 'mcp-2025-11-25' });
const jsonrpc = resolveTaxonomy({ profile: 'jsonrpc-2.0' });
const mcp2026 = resolveTaxonomy({ profile: 'mcp-2026-07-28' });
const rulesOf = (violations: readonly { rule: string }[]) =>
  violations.map((violation) => violation.rule);

describe('jsonrpc.version', () => {
  it.each([['1.0'], [2], [undefined]])('should report a version of %s', (version) => {
    const { jsonrpc: _drop, ...rest } = toolError(1);
    const envelope = version === undefined ? rest : { ...rest, jsonrpc: version };

    expect(rulesOf(check(envelope, {}, mcp))).toEqual(['jsonrpc.version']);
  });
});

describe('jsonrpc.id', () => {
  it('should report a response without id', () => {
    const { id: _drop, ...envelope } = toolError(1);

    const violations = check(envelope, { requestId: 1 }, mcp);

    expect(rulesOf(violations)).toEqual(['jsonrpc.id']);
    expect(violations[0]?.message).toContain('received none');
  });

  it('should judge the id type without a request id', () => {
    expect(rulesOf(check({ ...toolError(1), id: true }, {}, mcp))).toEqual(['jsonrpc.id']);
    expect(check(toolError('abc'), {}, mcp)).toEqual([]);
  });

  it('should report a fresh id that differs from the request id', () => {
    expect(rulesOf(check(toolError(2), { requestId: 1 }, mcp))).toEqual(['jsonrpc.id']);
  });

  it('should report an id of another in-flight request even without the request id', () => {
    const violations = check(toolError(4), { inFlightIds: [3, 4] }, mcp);

    expect(rulesOf(violations)).toEqual(['jsonrpc.id']);
    expect(violations[0]?.message).toContain('another request in flight');
  });

  it('should report a null id under every MCP profile', () => {
    for (const profile of ['mcp-2025-06-18', 'mcp-2025-11-25', 'mcp-2026-07-28']) {
      const violations = check(
        protocolError(null, -32700, 'Parse error'),
        {},
        resolveTaxonomy({ profile }),
      );
      expect(rulesOf(violations), profile).toEqual(['jsonrpc.id']);
    }
  });

  it('should accept a null id on an error response under jsonrpc-2.0 when the request id is unknown', () => {
    expect(check(protocolError(null, -32700, 'Parse error'), {}, jsonrpc)).toEqual([]);
    expect(check(protocolError(null, -32700, 'Parse error'), { requestId: null }, jsonrpc)).toEqual(
      [],
    );
  });

  it('should report a null id on a success response under jsonrpc-2.0', () => {
    expect(rulesOf(check({ jsonrpc: '2.0', id: null, result: 1 }, {}, jsonrpc))).toEqual([
      'jsonrpc.id',
    ]);
  });

  it('should report a null id under jsonrpc-2.0 when the request id was readable', () => {
    expect(
      rulesOf(check(protocolError(null, -32600, 'Invalid Request'), { requestId: 8 }, jsonrpc)),
    ).toEqual(['jsonrpc.id']);
  });

  it('should judge a request id type and accept a notification', () => {
    expect(check({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, {}, mcp)).toEqual([]);
    expect(check({ jsonrpc: '2.0', method: 'notifications/initialized' }, {}, mcp)).toEqual([]);
    expect(rulesOf(check({ jsonrpc: '2.0', id: null, method: 'tools/list' }, {}, mcp))).toEqual([
      'jsonrpc.id',
    ]);
    expect(check({ jsonrpc: '2.0', id: null, method: 'ping' }, {}, jsonrpc)).toEqual([]);
  });
});

describe('jsonrpc.members', () => {
  it('should report a response with neither result nor error', () => {
    expect(rulesOf(check({ jsonrpc: '2.0', id: 1 }, { requestId: 1 }, mcp))).toEqual([
      'jsonrpc.members',
    ]);
  });

  it('should report non-object envelopes, batches and unparsable text', () => {
    for (const envelope of [[toolError(1)], 42, null, '{"jsonrpc":', '[]']) {
      expect(rulesOf(check(envelope, {}, mcp))).toEqual(['jsonrpc.version', 'jsonrpc.members']);
    }
  });

  it('should judge raw text like the parsed value', () => {
    expect(check(JSON.stringify(toolError(1)), { requestId: 1 }, mcp)).toEqual([]);
    expect(rulesOf(check(JSON.stringify(toolError('1')), { requestId: 1 }, mcp))).toEqual([
      'jsonrpc.id',
    ]);
  });
});

describe('jsonrpc.error-shape', () => {
  it.each([
    ['a fractional code', { code: -32602.5, message: 'x' }, ['error', 'code']],
    ['no message', { code: -32602 }, ['error', 'message']],
    ['a number message', { code: -32602, message: 3 }, ['error', 'message']],
  ])('should report %s', (_name, error, path) => {
    const violations = check({ jsonrpc: '2.0', id: 1, error }, {}, mcp);

    expect(rulesOf(violations)).toEqual(['jsonrpc.error-shape']);
    expect(violations[0]?.path).toEqual(path);
  });

  it('should report an error that is not an object', () => {
    expect(rulesOf(check({ jsonrpc: '2.0', id: 1, error: 'boom' }, {}, mcp))).toEqual([
      'jsonrpc.error-shape',
    ]);
  });

  it('should accept optional data of any JSON type', () => {
    expect(
      check(
        { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'x', data: [1, 'a'] } },
        {},
        mcp,
      ),
    ).toEqual([]);
  });
});

describe('jsonrpc.error-code', () => {
  it('should report an undocumented code outside every band', () => {
    const violations = check(protocolError(1, 1234, 'x'), {}, mcp);

    expect(rulesOf(violations)).toEqual(['jsonrpc.error-code']);
    expect(violations[0]?.message).toContain('undocumented');
  });

  it('should report an undocumented code in the band 2026-07-28 reserves', () => {
    const violations = check({ ...protocolError(1, -32050, 'x') }, {}, mcp2026);

    expect(rulesOf(violations)).toEqual(['jsonrpc.error-code']);
    expect(violations[0]?.message).toContain('-32099..-32020');
  });

  it('should report the retired -32042 under 2026-07-28 but accept it under 2025-11-25', () => {
    const envelope = protocolError(1, -32042, 'URL elicitation required');

    expect(rulesOf(check(envelope, {}, mcp2026))).toEqual(['jsonrpc.error-code']);
    expect(check(envelope, {}, mcp)).toEqual([]);
  });

  it('should accept a project code and the 2026-07-28 codes', () => {
    const taxonomy = resolveTaxonomy({
      profile: 'mcp-2026-07-28',
      taxonomy: { codes: [{ code: -32010, name: 'Quota', meaning: 'Over quota' }] },
    });

    for (const code of [-32010, -32020, -32021, -32022]) {
      expect(check(protocolError(1, code, 'x'), {}, taxonomy), String(code)).toEqual([]);
    }
  });

  it('should compare with an expected code given directly', () => {
    expect(
      rulesOf(check(protocolError(1, -32601, 'x'), { expected: { code: -32602 } }, mcp)),
    ).toEqual(['jsonrpc.error-code']);
    expect(check(protocolError(1, -32602, 'x'), { expected: { code: -32602 } }, mcp)).toEqual([]);
  });

  it('should leave the code alone on a success', () => {
    expect(check(toolSuccess(1), { expected: { code: -32602 } }, mcp)).toEqual([]);
  });
});
