import {
  isJSONRPCErrorResponse,
  isJSONRPCResultResponse,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { allMutators } from '../../mutators/index.js';
import { expectEnvelope } from '../../src/assertions/expect-envelope.js';
import { assertionStyleOf } from '../../src/hints/assertion-style.js';
import { formatHint } from '../../src/hints/format-hint.js';
import { hintLine } from '../../src/hints/hint-line.js';
import { survivorHint } from '../../src/hints/survivor-hint.js';
import { must } from '../support/make-run.js';
import { isJsonObject } from '../../src/envelope/json-value.js';
import { ruleFromFailureMessage } from '../../src/oracle/attribute-failure.js';
import type { RuleName } from '../../src/oracle/rule-name.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';

const MCP = resolveTaxonomy({ profile: 'mcp-2025-11-25' });
const CANARY = 'CANARY-payKey7f3a9c2';

const SITES = [
  {
    name: 'unknown tool (-32602)',
    value: { jsonrpc: '2.0', id: 2, error: { code: -32602, message: 'Unknown tool: get_acount' } },
  },
  {
    name: 'tool failure',
    value: {
      jsonrpc: '2.0',
      id: 3,
      result: { content: [{ type: 'text', text: 'Card provider unavailable' }], isError: true },
    },
  },
  {
    name: 'success',
    value: { jsonrpc: '2.0', id: 4, result: { content: [{ type: 'text', text: 'Ada' }] } },
  },
] as const;

/** Mutators whose kill the SDK client surfaces at the call: the ones the hint must name. */
const AT_THE_CALL = [
  'swap-error-result',
  'demote-protocol-error',
  'promote-tool-error',
  'undocumented-code',
  'remove-is-error',
  'stringify-is-error',
  'empty-error-content',
  'fabricate-structured-content',
  'leak-canary',
  'leak-internals',
];

/**
 * What the MCP SDK client hands a test for an envelope: the `result` member as the resolved
 * `CallToolResult`, or an `McpError` with the error's code, message and data; anything it cannot
 * read as either rejects (the SDK would time the request out).
 */
function sdkCall(envelope: unknown): { result: unknown; promise: Promise<unknown> } {
  const body = isJsonObject(envelope) ? envelope : {};
  const error = body['error'];
  if (
    isJsonObject(error) &&
    Number.isInteger(error['code']) &&
    typeof error['message'] === 'string'
  )
    return {
      result: undefined,
      promise: Promise.reject(
        new McpError(error['code'] as number, error['message'], error['data']),
      ),
    };
  if (isJsonObject(body['result']) && error === undefined)
    return { result: body['result'], promise: Promise.resolve(body['result']) };
  return { result: undefined, promise: Promise.reject(new McpError(-32001, 'Request timed out')) };
}

/** Runs a hint line on what the SDK returned: 'passed', the rule its failure names, or why not. */
async function ruleOf(code: string, envelope: unknown): Promise<string> {
  const { result, promise } = sdkCall(envelope);
  promise.catch(() => undefined);
  const AsyncFunction = (Object.getPrototypeOf(async () => undefined) as { constructor: unknown })
    .constructor as new (...args: string[]) => (...values: unknown[]) => Promise<void>;
  const run = new AsyncFunction('expect', 'expectEnvelope', 'result', 'promise', code);
  try {
    await run(expect, expectEnvelope, result ?? {}, promise);
    return 'passed';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return ruleFromFailureMessage(message, new Map()) ?? `unnamed: ${message}`;
  }
}

describe('hintLine for a suite that holds SDK results', () => {
  for (const site of SITES) {
    it(`should write lines on result and promise that pass on the ${site.name} and name the rule on each mutant`, async () => {
      const context = {
        taxonomy: MCP,
        seed: 7,
        canaries: [CANARY],
        check: { requestId: site.value.id },
      };
      const missed: string[] = [];
      let checked = 0;

      for (const mutator of allMutators.filter((m) => AT_THE_CALL.includes(m.name))) {
        const line = hintLine({
          mutatorName: mutator.name,
          value: site.value,
          check: { requestId: site.value.id, method: 'tools/call' },
          style: 'sdk',
          canaries: [CANARY],
          taxonomy: MCP,
        });
        if (line === undefined) continue;
        expect(line.variable === 'result' || line.variable === 'promise').toBe(true);
        expect(await ruleOf(line.code, site.value), line.code).toBe('passed');
        for (const variant of mutator.mutate(site.value, context)) {
          checked++;
          const rule = await ruleOf(line.code, variant.value);
          if (rule !== line.rule) missed.push(`${mutator.name} (${variant.replacement}): ${rule}`);
        }
      }

      expect(checked).toBeGreaterThan(0);
      expect(missed).toEqual([]);
    });
  }

  it('should write the examples of the docs: isError and the code on the settled call, content on the result', () => {
    const line = (mutatorName: string, value: unknown) =>
      hintLine({ mutatorName, value, check: {}, style: 'sdk', canaries: [], taxonomy: MCP })?.code;

    expect(line('remove-is-error', SITES[1].value)).toBe(
      "expect(await promise.catch((error) => error), 'mcp.is-error').toMatchObject({ isError: true })",
    );
    expect(line('empty-error-content', SITES[1].value)).toBe(
      "expect(result.content, 'mcp.content').not.toHaveLength(0)",
    );
    expect(line('demote-protocol-error', SITES[0].value)).toBe(
      "expect(await promise.catch((error) => error), 'mcp.layer').toMatchObject({ name: 'McpError', code: -32602 })",
    );
  });

  it('should write lines on the envelopes the SDK refused, with what the SDK needs to reach them', () => {
    const line = hintLine({
      mutatorName: 'change-id',
      value: SITES[2].value,
      check: { requestId: 4 },
      style: 'sdk',
      canaries: [],
      taxonomy: MCP,
    });

    expect(line).toMatchObject({
      rule: 'jsonrpc.id',
      code: "for (const response of refused) expect(response?.id, 'jsonrpc.id').toBe(4)",
      variable: 'refused',
    });
    expect(line?.note).toContain('{ timeout: 2000 }');
    expect(line?.note).toContain('client.onerror');
  });

  for (const site of SITES) {
    it(`should tell the four mutants the SDK never settles apart, pasted together, on the ${site.name}`, async () => {
      const lines = REFUSED.map((mutatorName) =>
        must(
          hintLine({
            mutatorName,
            value: site.value,
            check: { requestId: site.value.id, method: 'tools/call' },
            style: 'sdk',
            canaries: [],
            taxonomy: MCP,
          }),
        ),
      );
      const code = lines.map((l) => l.code).join(';\n');
      const context = { taxonomy: MCP, seed: 7, canaries: [], check: { requestId: site.value.id } };
      const missed: string[] = [];
      let refused = 0;

      expect(await refusedRuleOf(code, [])).toBe('passed');
      for (const mutator of allMutators.filter((m) => REFUSED.includes(m.name))) {
        for (const variant of mutator.mutate(site.value, context)) {
          // The SDK reads what it can match (`Number(id)`, so "4" answers 4): nothing refused.
          if (!sdkRefuses(variant.value, site.value.id)) continue;
          refused++;
          const rule = await refusedRuleOf(code, [variant.value]);
          if (!mutator.expectedKillers.includes(rule as RuleName))
            missed.push(`${mutator.name} (${variant.replacement}): ${rule}`);
        }
      }

      expect(refused).toBeGreaterThan(0);
      expect(missed).toEqual([]);
    });
  }
});

/** The mutators the SDK client reports to `onerror` instead of settling the request. */
const REFUSED = ['change-id', 'corrupt-version', 'insert-both-members', 'drop-both-members'];

/** What the SDK 1.32 client does with a response (`Protocol._onmessage`, `_onresponse`). */
function sdkRefuses(envelope: unknown, requestId: number): boolean {
  if (!isJSONRPCResultResponse(envelope) && !isJSONRPCErrorResponse(envelope)) return true;
  return Number(envelope.id) !== requestId;
}

/** Runs lines on `refused`: 'passed', or the rule the first failure names. */
async function refusedRuleOf(code: string, refused: readonly unknown[]): Promise<string> {
  const AsyncFunction = (Object.getPrototypeOf(async () => undefined) as { constructor: unknown })
    .constructor as new (...args: string[]) => (...values: unknown[]) => Promise<void>;
  try {
    await new AsyncFunction('expect', 'refused', code)(expect, refused);
    return 'passed';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return ruleFromFailureMessage(message, new Map()) ?? `unnamed: ${message}`;
  }
}

describe('formatHint of an SDK-result hint', () => {
  it.each([
    ['empty-error-content', 'result', 'what the SDK client resolved the tools/call request with'],
    ['promote-tool-error', 'promise', "the SDK client's tools/call request, not awaited"],
  ])('should say which value %s writes its line on', (mutatorName, variable, what) => {
    const hint = survivorHint(
      { id: 'm1', mutatorName, status: 'Survived' },
      {
        site: {
          key: 's1',
          kind: 'envelope',
          file: 'test/sdk.test.ts',
          testIds: ['t1'],
          fileLevel: false,
          value: SITES[1].value,
          check: { requestId: 3, method: 'tools/call' },
        },
        tests: [{ id: 't1', name: 'charges > should fail', file: 'test/sdk.test.ts' }],
        style: 'sdk',
        canaries: [],
        taxonomy: MCP,
      },
    );

    expect(formatHint(must(hint)).split('\n')[0]).toBe(
      `add to test/sdk.test.ts > "charges > should fail", where \`${variable}\` is ${what} (site s1):`,
    );
  });
});

describe('formatHint of an SDK-result hint at initialize', () => {
  it('should send the line to the hook that connects, with a timeout on connect', () => {
    const hint = survivorHint(
      { id: 'm1', mutatorName: 'corrupt-version', status: 'Survived' },
      {
        site: {
          key: 'test/sdk.test.ts#in:initialize#0',
          kind: 'envelope',
          file: 'test/sdk.test.ts',
          testIds: ['t1', 't2'],
          fileLevel: true,
          value: { jsonrpc: '2.0', id: 0, result: { protocolVersion: '2025-11-25' } },
          check: { requestId: 0, method: 'initialize' },
        },
        tests: [
          { id: 't1', name: 'should list', file: 'test/sdk.test.ts' },
          { id: 't2', name: 'should call', file: 'test/sdk.test.ts' },
        ],
        style: 'sdk',
        canaries: [],
        taxonomy: MCP,
      },
    );

    const [where, , note] = formatHint(must(hint)).split('\n');

    expect(where).toMatch(
      /^add to the hook of test\/sdk.test.ts that connects the client \(client.connect\), where `refused` is /,
    );
    expect(note).toContain('client.connect(transport, { timeout: 2000 })');
  });
});

describe('assertionStyleOf', () => {
  it.each([
    [`import { Client } from '@modelcontextprotocol/sdk/client/index.js';`, 'sdk'],
    [
      `import { Client } from '@modelcontextprotocol/sdk/client/index.js';\nimport { expectEnvelope } from 'envelope-mutants/vitest';`,
      'sdk',
    ],
    [
      `import { Client } from '@modelcontextprotocol/sdk/client/index.js';\nconst c = await connectRaw(t);`,
      'expect',
    ],
    [`import { expectEnvelope } from 'envelope-mutants/vitest';\ntapMessage(x);`, 'library'],
    [`const x = 1;`, 'expect'],
  ])('should read %j as %s', (source, style) => {
    expect(assertionStyleOf(source)).toBe(style);
  });
});
