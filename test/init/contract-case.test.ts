import { describe, expect, it } from 'vitest';
import { allMutators } from '../../mutators/index.js';
import { expectEnvelope } from '../../src/assertions/expect-envelope.js';
import {
  caseAssertions,
  failingChecks,
  holdingAssertions,
  type CaseExpectation,
} from '../../src/init/contract-case.js';
import { ruleFromFailureMessage } from '../../src/oracle/attribute-failure.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';

const TAXONOMY = resolveTaxonomy({ profile: 'mcp-2025-11-25' });
const OUTPUT_SCHEMA = {
  type: 'object',
  properties: { sum: { type: 'number' } },
  required: ['sum'],
};

/** A closed output schema, as server-filesystem declares: a planted member breaks it too. */
const CLOSED_SCHEMA = {
  type: 'object',
  properties: { content: { type: 'string' } },
  required: ['content'],
  additionalProperties: false,
};

const caseAssertion = (expectation: CaseExpectation, schemaRef?: string): string =>
  caseAssertions(expectation, schemaRef === undefined ? {} : { schemaRef }).join(';\n');

/** What a server answers for each kind of generated case (MCP 2025-11-25 tools). */
const CASES: readonly { expectation: CaseExpectation; envelope: unknown }[] = [
  {
    expectation: { layer: 'success', outputSchema: CLOSED_SCHEMA },
    envelope: {
      jsonrpc: '2.0',
      id: 3,
      result: {
        content: [{ type: 'text', text: 'Allowed directories: none' }],
        structuredContent: { content: 'Allowed directories: none' },
      },
    },
  },
  {
    expectation: { layer: 'success', outputSchema: OUTPUT_SCHEMA },
    envelope: {
      jsonrpc: '2.0',
      id: 3,
      result: { content: [{ type: 'text', text: '{"sum":0}' }], structuredContent: { sum: 0 } },
    },
  },
  {
    expectation: { layer: 'success' },
    envelope: { jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: 'Echo: ' }] } },
  },
  {
    expectation: { layer: 'tool' },
    envelope: {
      jsonrpc: '2.0',
      id: 3,
      result: {
        content: [{ type: 'text', text: 'Input validation error: a must be a number' }],
        isError: true,
      },
    },
  },
  {
    expectation: { layer: 'protocol', code: -32602 },
    envelope: { jsonrpc: '2.0', id: 3, error: { code: -32602, message: 'Tool nope not found' } },
  },
  {
    expectation: { layer: 'protocol', code: -32601 },
    envelope: { jsonrpc: '2.0', id: 3, error: { code: -32601, message: 'Method not found' } },
  },
];

/** The schema of the case whose envelope has this shape of structured content. */
function schemaOf(response: unknown): object {
  const text = JSON.stringify(response);
  return text.includes('"structuredContent":{"content"') ? CLOSED_SCHEMA : OUTPUT_SCHEMA;
}

function ruleOf(code: string, response: unknown): string {
  const run = new Function('expect', 'expectEnvelope', 'response', 'requestId', 'schema', code) as (
    ...values: unknown[]
  ) => void;
  try {
    run(expect, expectEnvelope, response, 3, schemaOf(response));
    return 'passed';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return ruleFromFailureMessage(message, new Map()) ?? `unnamed: ${message}`;
  }
}

describe('caseAssertion', () => {
  for (const { expectation, envelope } of CASES) {
    const code = caseAssertion(expectation, 'schema');
    it(`should pass on a conforming envelope and kill every mutant of it at a named rule: ${code}`, () => {
      const context = {
        taxonomy: TAXONOMY,
        seed: 11,
        canaries: [],
        check: { requestId: 3, method: 'tools/call' },
      };
      const missed: string[] = [];

      expect(ruleOf(code, envelope)).toBe('passed');
      for (const mutator of allMutators.filter((m) => m.target === 'envelope')) {
        for (const variant of mutator.mutate(envelope, context)) {
          const rule = ruleOf(code, variant.value);
          if (!(mutator.expectedKillers as readonly string[]).includes(rule))
            missed.push(`${mutator.name} (${variant.replacement}): ${rule}`);
        }
      }
      expect(missed).toEqual([]);
    });
  }

  it('should fail on an unknown tool answered as a tool result (negative control)', () => {
    const code = caseAssertion({ layer: 'protocol', code: -32602 });
    const demoted = {
      jsonrpc: '2.0',
      id: 3,
      result: { content: [{ type: 'text', text: 'Tool nope not found' }], isError: true },
    };

    expect(ruleOf(code, demoted)).toBe('mcp.layer');
  });
});

describe('holdingAssertions', () => {
  it('should keep named kills on an unknown tool answered as a tool result, for what still holds', () => {
    const demoted = {
      jsonrpc: '2.0',
      id: 3,
      result: { content: [{ type: 'text', text: 'Tool nope not found' }], isError: true },
    };
    const lines = holdingAssertions({ layer: 'protocol', code: -32602 }, [
      'answer',
      'version',
      'leak',
    ]);
    const code = lines.join(';\n');
    const context = { taxonomy: TAXONOMY, seed: 11, canaries: [], check: { requestId: 3 } };
    const killers = ['change-id', 'corrupt-version', 'leak-canary', 'leak-internals'];

    expect(lines).toEqual([
      `expect(response, 'jsonrpc.version').toHaveProperty('jsonrpc', '2.0')`,
      'expectEnvelope(response).toAnswer(requestId)',
      'expectEnvelope(response).toNotLeak()',
    ]);
    expect(ruleOf(code, demoted)).toBe('passed');
    for (const mutator of allMutators.filter((m) => killers.includes(m.name))) {
      for (const variant of mutator.mutate(demoted, context)) {
        expect(mutator.expectedKillers).toContain(ruleOf(code, variant.value));
      }
    }
  });
});

describe('contract case text', () => {
  const SCHEMA: CaseExpectation = { layer: 'success', outputSchema: OUTPUT_SCHEMA };

  it.each([
    [
      SCHEMA,
      { schemaRef: 'ref' },
      'expectEnvelope(response, { requestId, outputSchema: ref }).toBeSuccess()',
    ],
    [SCHEMA, {}, 'expectEnvelope(response, { requestId }).toBeSuccess()'],
    [
      { layer: 'success' },
      { schemaRef: 'ref' },
      'expectEnvelope(response, { requestId }).toBeSuccess()',
    ],
    [
      { layer: 'tool' },
      { schemaRef: 'ref' },
      'expectEnvelope(response, { requestId }).toBeToolError()',
    ],
    [
      { layer: 'protocol', code: -32601 },
      { schemaRef: 'ref' },
      'expectEnvelope(response, { requestId }).toBeProtocolError(-32601)',
    ],
  ] as const)(
    'should assert no leak, then the layer of %j with refs %j',
    (expectation, refs, layer) => {
      expect(caseAssertions(expectation, refs)).toEqual([
        'expectEnvelope(response).toNotLeak()',
        layer,
      ]);
    },
  );

  it('should pass the allowed values to the leak assertion alone', () => {
    expect(caseAssertions({ layer: 'tool' }, { allowedRef: 'ALLOWED' })).toEqual([
      'expectEnvelope(response, { allowedValues: ALLOWED }).toNotLeak()',
      'expectEnvelope(response, { requestId }).toBeToolError()',
    ]);
  });

  it('should write one statement per held check, the layer with its schema', () => {
    expect(holdingAssertions(SCHEMA, ['leak', 'answer', 'layer'], { schemaRef: 'ref' })).toEqual([
      'expectEnvelope(response).toAnswer(requestId)',
      'expectEnvelope(response).toNotLeak()',
      'expectEnvelope(response, { requestId, outputSchema: ref }).toBeSuccess()',
    ]);
    expect(holdingAssertions({ layer: 'tool' }, ['layer'])).toEqual([
      'expectEnvelope(response, { requestId }).toBeToolError()',
    ]);
  });

  it('should write only the version check, or nothing, when nothing else holds', () => {
    expect(holdingAssertions({ layer: 'tool' }, ['version'])).toEqual([
      `expect(response, 'jsonrpc.version').toHaveProperty('jsonrpc', '2.0')`,
    ]);
    expect(holdingAssertions({ layer: 'tool' }, [])).toEqual([]);
  });

  it.each([
    [['version', 'answer', 'leak'], ['layer']],
    [['version', 'answer', 'layer'], ['leak']],
    [['answer'], ['layer', 'leak']],
    [['layer', 'leak'], ['layer']],
    [undefined, ['layer', 'leak']],
  ] as const)(
    'should write an it.fails for each check of layer and leak not in %j',
    (holds, failing) => {
      expect(failingChecks(holds)).toEqual(failing);
    },
  );
});
