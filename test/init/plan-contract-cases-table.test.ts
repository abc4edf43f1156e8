import { describe, expect, it } from 'vitest';
import { isJsonObject, type JsonObject } from '../../src/envelope/json-value.js';
import {
  planContractCases,
  UNKNOWN_METHOD,
  UNKNOWN_TOOL,
  type ContractPlan,
} from '../../src/init/plan-contract-cases.js';
import type { ProbeOutcome, ServerProbe } from '../../src/init/probe-server.js';

const SUM_OUTPUT = {
  type: 'object',
  properties: { sum: { type: 'number' } },
  required: ['sum'],
};

function envelope(body: JsonObject, version = '2.0'): ProbeOutcome {
  return { kind: 'envelope', envelope: { jsonrpc: version, id: 0, ...body } };
}

function textOutcome(text: string, isError = false): ProbeOutcome {
  return envelope({
    result: { content: [{ type: 'text', text }], ...(isError ? { isError } : {}) },
  });
}

/**
 * A server with one tool per path through the plan: a structuredContent that breaks its
 * outputSchema, a tool taking any object, one whose minimal arguments cannot be built (and that
 * accepts what its schema rejects), one whose minimal call fails and whose rejection is a
 * protocol error, one that leaks a stack frame; an unknown tool answered right, and an unknown
 * method answered with the wrong version and id and a message full of spaces.
 */
function server(): ServerProbe {
  const answer = (method: string, params: JsonObject): ProbeOutcome => {
    const args = params['arguments'];
    if (method === UNKNOWN_METHOD)
      return envelope({ id: 7, error: { code: -32601, message: 'Method  not   found' } }, '1.0');
    switch (params['name']) {
      case UNKNOWN_TOOL:
        return envelope({ error: { code: -32602, message: 'Unknown tool' } });
      case 'get-sum':
        return isJsonObject(args) && typeof args['a'] === 'number'
          ? envelope({ result: { content: [], structuredContent: { sum: '0' } } })
          : textOutcome('a: Required', true);
      case 'flaky':
        return isJsonObject(args) && args['n'] !== undefined
          ? envelope({ error: { code: -32602, message: 'Invalid arguments' } })
          : textOutcome('Service down', true);
      case 'leaky':
        return textOutcome('Error: boom\n    at handler (/srv/app/src/tools/leaky.js:10:5)');
      default:
        return textOutcome(`pong ${JSON.stringify(args)} ${'pad '.repeat(80)}`);
    }
  };
  return {
    serverName: 'many-tools',
    tools: [
      {
        name: 'get-sum',
        inputSchema: { type: 'object', properties: { a: { type: 'number' } }, required: ['a'] },
        outputSchema: SUM_OUTPUT,
      },
      { name: 'ping', inputSchema: { type: 'object' } },
      {
        name: 'lookup',
        inputSchema: {
          type: 'object',
          properties: { id: { type: 'string', pattern: '^acct_' } },
          required: ['id'],
        },
      },
      { name: 'flaky', inputSchema: { type: 'object', properties: { n: { type: 'integer' } } } },
      { name: 'leaky', inputSchema: { type: 'object' } },
    ],
    call: (method, params) => Promise.resolve(answer(method, params)),
    sessionsClosedByServer: () => 0,
    close: () => Promise.resolve(),
  };
}

function planCases(): Promise<ContractPlan> {
  return planContractCases(server(), {
    profile: 'mcp-2025-11-25',
    // The tools declare no annotations: by the spec's defaults they may be destructive.
    allowDestructive: true,
    allowedValues: [],
  });
}

describe('planContractCases per tool', () => {
  it('should write each case with its exact method, params and expectation, in tool order', async () => {
    const plan = await planCases();

    expect(
      plan.cases.map(({ knownFailure: _, stillHolds: __, answeredAs: ___, ...entry }) => entry),
    ).toStrictEqual([
      {
        title: 'should answer get-sum with a minimal valid call',
        method: 'tools/call',
        params: { name: 'get-sum', arguments: { a: 0 } },
        expectation: { layer: 'success', outputSchema: SUM_OUTPUT },
      },
      {
        title: "should report arguments that violate get-sum's inputSchema as a tool error",
        method: 'tools/call',
        params: { name: 'get-sum', arguments: {} },
        expectation: { layer: 'tool' },
      },
      {
        title: 'should answer ping with a minimal valid call',
        method: 'tools/call',
        params: { name: 'ping', arguments: {} },
        expectation: { layer: 'success' },
      },
      {
        title: "should report arguments that violate lookup's inputSchema as a tool error",
        method: 'tools/call',
        params: { name: 'lookup', arguments: {} },
        expectation: { layer: 'tool' },
      },
      {
        title: "should report arguments that violate flaky's inputSchema as a tool error",
        method: 'tools/call',
        params: { name: 'flaky', arguments: { n: 'not-a-valid-value' } },
        expectation: { layer: 'tool' },
      },
      {
        title: 'should answer leaky with a minimal valid call',
        method: 'tools/call',
        params: { name: 'leaky', arguments: {} },
        expectation: { layer: 'success' },
      },
      {
        title: 'should reject an unknown tool with a -32602 protocol error',
        method: 'tools/call',
        params: { name: UNKNOWN_TOOL, arguments: {} },
        expectation: { layer: 'protocol', code: -32602 },
      },
      {
        title: 'should reject an unknown method with -32601',
        method: UNKNOWN_METHOD,
        params: {},
        expectation: { layer: 'protocol', code: -32601 },
      },
    ]);
  });

  it('should say why each case was left out, naming the tool', async () => {
    const plan = await planCases();

    expect(plan.skipped.slice(0, 3)).toEqual([
      'ping: its inputSchema accepts every object, so no schema rejection',
      'lookup: no minimal valid arguments could be built from its inputSchema',
      'leaky: its inputSchema accepts every object, so no schema rejection',
    ]);
    expect(plan.skipped[3]).toMatch(
      /^should answer flaky with a minimal valid call: the minimal arguments did not succeed \(\[mcp\.is-error\] .*\)$/,
    );
    expect(plan.skipped).toHaveLength(4);
  });

  it('should mark only the broken cases as known failures, with the checks that still hold', async () => {
    const plan = await planCases();

    const known = plan.cases.map((entry) => [entry.title, entry.stillHolds] as const);
    expect(known).toStrictEqual([
      ['should answer get-sum with a minimal valid call', ['version', 'answer', 'leak']],
      ["should report arguments that violate get-sum's inputSchema as a tool error", undefined],
      ['should answer ping with a minimal valid call', undefined],
      [
        "should report arguments that violate lookup's inputSchema as a tool error",
        ['version', 'answer', 'leak'],
      ],
      [
        "should report arguments that violate flaky's inputSchema as a tool error",
        ['version', 'answer', 'leak'],
      ],
      ['should answer leaky with a minimal valid call', ['version', 'layer', 'answer']],
      ['should reject an unknown tool with a -32602 protocol error', undefined],
      ['should reject an unknown method with -32601', ['leak']],
    ]);
    expect(plan.cases.filter((entry) => 'knownFailure' in entry)).toHaveLength(5);
    expect(plan.cases.filter((entry) => 'stillHolds' in entry)).toHaveLength(5);
  });

  it('should name the broken rule of each finding, on one line of at most 300 characters', async () => {
    const plan = await planCases();

    const rules = plan.cases.map((entry) => /^\[([\w.-]+)\]/.exec(entry.knownFailure ?? '')?.[1]);
    expect(rules).toEqual([
      'mcp.structured-content',
      undefined,
      undefined,
      'mcp.is-error',
      'mcp.layer',
      'sanitize.leak',
      undefined,
      'jsonrpc.id',
    ]);
    for (const entry of plan.cases) {
      const reason = entry.knownFailure ?? '';
      expect(reason, entry.title).not.toMatch(/\s\s|\n|^\s|\s$/);
      expect(reason.length, entry.title).toBeLessThanOrEqual(300);
    }
    expect(plan.findings).toEqual(
      plan.cases
        .filter((entry) => entry.knownFailure !== undefined)
        .map((entry) => `${entry.title}: ${entry.knownFailure ?? ''}`),
    );
  });

  it('should cut a long finding to 299 characters and an ellipsis, and keep a short one whole on single spaces', async () => {
    const plan = await planCases();

    const lookup = plan.cases[3]?.knownFailure ?? '';
    expect(lookup).toHaveLength(300);
    expect(lookup.endsWith('…')).toBe(true);
    const method = plan.cases[7]?.knownFailure ?? '';
    expect(method).toMatch(/^\[jsonrpc\.id\] .*"Method not found".*\}$/);
  });
});
