import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/envelope/json-value.js';
import { contractSuiteSource } from '../../src/init/contract-suite-source.js';
import {
  planContractCases,
  UNKNOWN_METHOD,
  UNKNOWN_TOOL,
} from '../../src/init/plan-contract-cases.js';
import type { ProbeOutcome, ServerProbe } from '../../src/init/probe-server.js';

const SUM_SCHEMA = {
  type: 'object',
  properties: { a: { type: 'number' }, b: { type: 'number' } },
  required: ['a', 'b'],
};

const _result = (result: JsonObject): ProbeOutcome => ({
  kind: 'envelope',
  envelope: { jsonrpc: '2.0', id: 0, result },
});
const _error = (code: number, message: string): ProbeOutcome => ({
  kind: 'envelope',
  envelope: { jsonrpc: '2.0', id: 0, error: { code, message } },
});

/** A server on SDK 1.32: it answers an unknown tool with an isError result (MCP 2025-11-25 forbids it). */
function _fakeServer(): ServerProbe {
  return {
    serverName: 'sum-server',
    tools: [{ name: 'get-sum', inputSchema: SUM_SCHEMA }],
    call: (method, params) => {
      const args = params['arguments'] as JsonObject | undefined;
      if (method === UNKNOWN_METHOD) return Promise.resolve(_error(-32601, 'Method not found'));
      if (params['name'] === UNKNOWN_TOOL) {
        return Promise.resolve(
          _result({ content: [{ type: 'text', text: 'Tool not found' }], isError: true }),
        );
      }
      if (args?.['a'] === undefined) {
        return Promise.resolve(
          _result({ content: [{ type: 'text', text: 'a: Required' }], isError: true }),
        );
      }
      return Promise.resolve(_result({ content: [{ type: 'text', text: 'The sum is 0' }] }));
    },
    close: () => Promise.resolve(),
  };
}

describe('planContractCases', () => {
  it('should write a success, a schema rejection, an unknown tool and an unknown method case', async () => {
    const plan = await planContractCases(_fakeServer(), 'mcp-2025-11-25');

    expect(plan.cases.map((entry) => [entry.title, entry.expectation])).toEqual([
      ['should answer get-sum with a minimal valid call', { layer: 'success' }],
      [
        "should report arguments that violate get-sum's inputSchema as a tool error",
        { layer: 'tool' },
      ],
      [
        'should reject an unknown tool with a -32602 protocol error',
        { layer: 'protocol', code: -32602 },
      ],
      ['should reject an unknown method with -32601', { layer: 'protocol', code: -32601 }],
    ]);
  });

  it('should report an unknown tool answered as a tool result as a finding and a known failure', async () => {
    const plan = await planContractCases(_fakeServer(), 'mcp-2025-11-25');

    const known = plan.cases.filter((entry) => entry.knownFailure !== undefined);
    expect(known.map((entry) => entry.title)).toEqual([
      'should reject an unknown tool with a -32602 protocol error',
    ]);
    expect(known[0]?.knownFailure).toMatch(/^\[mcp\.layer\]/);
    expect(known[0]?.stillHolds).toEqual(['version', 'answer', 'leak']);
    expect(plan.findings).toHaveLength(1);
  });

  it('should leave out a case the server does not answer, and say why', async () => {
    const server = _fakeServer();
    const silent: ServerProbe = {
      ...server,
      call: (method, params) =>
        method === UNKNOWN_METHOD
          ? Promise.resolve({ kind: 'no-answer', reason: 'Request timed out' })
          : server.call(method, params),
    };

    const plan = await planContractCases(silent, 'mcp-2025-11-25');

    expect(plan.cases.map((entry) => entry.method)).not.toContain(UNKNOWN_METHOD);
    expect(plan.skipped).toEqual([
      'should reject an unknown method with -32601: no answer (Request timed out)',
    ]);
  });
});

describe('contractSuiteSource', () => {
  it('should write each known failure as it.fails with its reason, and the rest as it', async () => {
    const plan = await planContractCases(_fakeServer(), 'mcp-2025-11-25');

    const source = contractSuiteSource({
      serverName: 'sum-server',
      server: { command: 'node', args: ['server.js', 'stdio'] },
      cwdFromTestDir: '../',
      profile: 'mcp-2025-11-25',
      cases: plan.cases,
    });

    expect(source).toContain(`const SERVER = { command: 'node', args: ['server.js', 'stdio'] };`);
    expect(source).toContain(
      `it.fails('should reject an unknown tool with a -32602 protocol error'`,
    );
    expect(source).toContain('// Finding: the server breaks the taxonomy here. [mcp.layer]');
    expect(source).toContain(`it('should answer at all, with what still holds'`);
    expect(source).toContain(
      `const response = await call('tools/call', { name: 'get-sum', arguments: { a: 0, b: 0 } });`,
    );
    expect(source.match(/^ {2}it\(/gm)).toHaveLength(3);
  });
});
