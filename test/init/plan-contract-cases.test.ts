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

// These fakes declare no annotations: by the spec's defaults their tools may be destructive.
const OPTIONS = { profile: 'mcp-2025-11-25', allowDestructive: true, allowedValues: [] };

const result = (result: JsonObject): ProbeOutcome => ({
  kind: 'envelope',
  envelope: { jsonrpc: '2.0', id: 0, result },
});
const error = (code: number, message: string): ProbeOutcome => ({
  kind: 'envelope',
  envelope: { jsonrpc: '2.0', id: 0, error: { code, message } },
});

/** A server on SDK 1.32: it answers an unknown tool with an isError result (MCP 2025-11-25 forbids it). */
function fakeServer(): ServerProbe {
  return {
    serverName: 'sum-server',
    tools: [{ name: 'get-sum', inputSchema: SUM_SCHEMA }],
    call: (method, params) => {
      const args = params['arguments'] as JsonObject | undefined;
      if (method === UNKNOWN_METHOD) return Promise.resolve(error(-32601, 'Method not found'));
      if (params['name'] === UNKNOWN_TOOL) {
        return Promise.resolve(
          result({ content: [{ type: 'text', text: 'Tool not found' }], isError: true }),
        );
      }
      if (args?.['a'] === undefined) {
        return Promise.resolve(
          result({ content: [{ type: 'text', text: 'a: Required' }], isError: true }),
        );
      }
      return Promise.resolve(result({ content: [{ type: 'text', text: 'The sum is 0' }] }));
    },
    sessionsClosedByServer: () => 0,
    close: () => Promise.resolve(),
  };
}

describe('planContractCases', () => {
  it('should write a success, a schema rejection, an unknown tool and an unknown method case', async () => {
    const plan = await planContractCases(fakeServer(), OPTIONS);

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
    const plan = await planContractCases(fakeServer(), OPTIONS);

    const known = plan.cases.filter((entry) => entry.knownFailure !== undefined);
    expect(known.map((entry) => entry.title)).toEqual([
      'should reject an unknown tool with a -32602 protocol error',
    ]);
    expect(known[0]?.knownFailure).toMatch(/^\[mcp\.layer\]/);
    expect(known[0]?.stillHolds).toEqual(['version', 'answer', 'leak']);
    expect(plan.findings).toHaveLength(1);
  });

  it('should pin the layer a known failure is answered at when the answer is well formed there', async () => {
    const plan = await planContractCases(fakeServer(), OPTIONS);

    const known = plan.cases.find((entry) => entry.knownFailure !== undefined);
    expect(known?.answeredAs).toEqual({ layer: 'tool' });
  });

  it('should pin no layer when the answer is not well formed at its own layer', async () => {
    const server = fakeServer();
    const emptyToolError: ServerProbe = {
      ...server,
      call: (method, params) =>
        params['name'] === UNKNOWN_TOOL
          ? Promise.resolve(result({ content: [], isError: true }))
          : server.call(method, params),
    };

    const plan = await planContractCases(emptyToolError, OPTIONS);

    const known = plan.cases.find((entry) => entry.knownFailure !== undefined);
    expect(known?.knownFailure).toBeDefined();
    expect(known?.answeredAs).toBeUndefined();
  });

  it('should leave out a case the server does not answer, and say why', async () => {
    const server = fakeServer();
    const silent: ServerProbe = {
      ...server,
      call: (method, params) =>
        method === UNKNOWN_METHOD
          ? Promise.resolve({ kind: 'no-answer', reason: 'Request timed out' })
          : server.call(method, params),
    };

    const plan = await planContractCases(silent, OPTIONS);

    expect(plan.cases.map((entry) => entry.method)).not.toContain(UNKNOWN_METHOD);
    expect(plan.skipped).toEqual([
      'should reject an unknown method with -32601: no answer (Request timed out)',
    ]);
    expect(plan.sessions).toBe('per-file');
  });

  it('should give each test a session of its own once the server closed a session', async () => {
    const fragile: ServerProbe = { ...fakeServer(), sessionsClosedByServer: () => 1 };

    const plan = await planContractCases(fragile, OPTIONS);

    expect(plan.sessions).toBe('per-test');
  });
});

describe('contractSuiteSource', () => {
  it('should write each known failure as it.fails with its reason, and the rest as it', async () => {
    const plan = await planContractCases(fakeServer(), OPTIONS);

    const source = contractSuiteSource({
      serverName: 'sum-server',
      server: { command: 'node', args: ['server.js', 'stdio'], env: {} },
      cwdFromTestDir: '../',
      profile: 'mcp-2025-11-25',
      cases: plan.cases,
    });

    expect(source).toContain(`const SERVER = { command: 'node', args: ['server.js', 'stdio'] };`);
    expect(source).toContain(
      `it.fails('should reject an unknown tool with a -32602 protocol error'`,
    );
    expect(source).toContain('// Finding: the server breaks the taxonomy here. [mcp.layer]');
    expect(source).toContain(
      `it('should answer at all, with what still holds (known failure: it.fails below)'`,
    );
    expect(source).toContain(
      `const { requestId, response } = await call('tools/call', { name: 'get-sum', arguments: { a: 0, b: 0 } });`,
    );
    // The three cases, and the log check last.
    expect(source.match(/^ {2}it\(/gm)).toHaveLength(4);
  });
});

/** One tool per annotation case, each recording that it was called. */
function annotatedServer(called: string[]): ServerProbe {
  const open = { type: 'object' };
  return {
    serverName: 'annotated',
    tools: [
      { name: 'read', inputSchema: open, annotations: { readOnlyHint: true } },
      { name: 'append', inputSchema: open, annotations: { destructiveHint: false } },
      { name: 'unannotated', inputSchema: open },
      { name: 'delete', inputSchema: open, annotations: { destructiveHint: true } },
    ],
    call: (_method, params) => {
      if (typeof params['name'] === 'string') called.push(params['name']);
      return Promise.resolve(result({ content: [{ type: 'text', text: 'done' }] }));
    },
    sessionsClosedByServer: () => 0,
    close: () => Promise.resolve(),
  };
}

describe('planContractCases and tool annotations', () => {
  it('should call no tool that may destroy state, and name the tools it left alone', async () => {
    const called: string[] = [];

    const plan = await planContractCases(annotatedServer(called), {
      ...OPTIONS,
      allowDestructive: false,
    });

    expect(new Set(called)).toEqual(new Set(['read', 'append', UNKNOWN_TOOL]));
    expect(plan.destructive).toEqual(['unannotated', 'delete']);
  });

  it('should call every tool with allowDestructive', async () => {
    const called: string[] = [];

    const plan = await planContractCases(annotatedServer(called), OPTIONS);

    expect(new Set(called)).toEqual(
      new Set(['read', 'append', 'unannotated', 'delete', UNKNOWN_TOOL]),
    );
    expect(plan.destructive).toEqual([]);
  });
});

/** A server whose tool fails a minimal call with a message that leaks a path and a token. */
function leakyServer(text: string, isError: boolean): ServerProbe {
  const server = fakeServer();
  return {
    ...server,
    tools: [{ name: 'read-config', inputSchema: { type: 'object' } }],
    call: (method, params) =>
      params['name'] === 'read-config'
        ? Promise.resolve(result({ content: [{ type: 'text', text }], isError }))
        : server.call(method, params),
  };
}

describe('planContractCases and leaks', () => {
  const SECRET = 'could not read /srv/app/secrets.json: token=sk-live-abc123 rejected';

  it('should report a leak in a failed minimal call as a finding, its secret redacted', async () => {
    const plan = await planContractCases(leakyServer(SECRET, true), OPTIONS);

    const leaking = plan.cases.find((entry) => entry.params['name'] === 'read-config');
    expect(leaking).toMatchObject({
      title: 'should not leak internals when read-config fails',
      expectation: { layer: 'tool' },
      stillHolds: ['version', 'layer', 'answer'],
    });
    expect(plan.findings[0]).toBe(
      'should not leak internals when read-config fails: [sanitize.leak] Invalid result.content[0].text: Expected no internal path but received one (/srv/…redacted) (received value not shown: it carries a secret)',
    );
    expect(plan.skipped).toEqual([
      'read-config: its inputSchema accepts every object, so no schema rejection',
    ]);
    expect(JSON.stringify(plan)).not.toMatch(/sk-live|secrets\.json/);
  });

  it('should not call a path the user gave the server a leak, nor a path below it', async () => {
    const text = 'Allowed directories:\n/srv/data\n/srv/data/notes.txt';

    const allowed = await planContractCases(leakyServer(text, false), {
      ...OPTIONS,
      allowedValues: ['/srv/data'],
    });
    const unknown = await planContractCases(leakyServer(text, false), OPTIONS);

    expect(allowed.findings.map((finding) => finding.split(':')[0])).toEqual([
      'should reject an unknown tool with a -32602 protocol error',
    ]);
    expect(unknown.findings[0]).toMatch(
      /^should answer read-config with a minimal valid call: \[sanitize\.leak\]/,
    );
  });
});
