import { describe, expect, it } from 'vitest';
import { allMutators } from '../../mutators/index.js';
import { expectAction } from '../../src/assertions/expect-action.js';
import { expectEnvelope } from '../../src/assertions/expect-envelope.js';
import type { Mutator } from '../../src/mutant/mutator.js';
import type { CheckContext } from '../../src/oracle/check-context.js';
import { ruleFromFailureMessage } from '../../src/oracle/attribute-failure.js';
import { hintLine, type AssertionStyle, type HintLine } from '../../src/hints/hint-line.js';
import { expectedAction } from '../../src/taxonomy/expected-action.js';
import { must } from '../support/make-run.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';
import type { Taxonomy } from '../../src/taxonomy/taxonomy.js';

const MCP = resolveTaxonomy({ profile: 'mcp-2025-11-25' });
const NEXT = resolveTaxonomy({ profile: 'mcp-2026-07-28' });
const CANARY = 'CANARY-payKey7f3a9c2';

interface Site {
  readonly name: string;
  readonly value: unknown;
  readonly check: CheckContext;
  readonly taxonomy: Taxonomy;
}

const TIMEOUT_CONTEXT = {
  kind: 'tool',
  transient: true,
  sideEffectMayHaveOccurred: true,
  userActionRequired: false,
} as const;
const RETRY_CONTEXT = { ...TIMEOUT_CONTEXT, sideEffectMayHaveOccurred: false } as const;

/** The sites a contract suite observes (MCP 2025-11-25 tools; the default retry policy). */
const SITES: readonly Site[] = [
  {
    name: 'unknown tool (-32602)',
    value: { jsonrpc: '2.0', id: 2, error: { code: -32602, message: 'Unknown tool: get_acount' } },
    check: { requestId: 2, method: 'tools/call', expected: { layer: 'protocol', code: -32602 } },
    taxonomy: MCP,
  },
  {
    name: 'tool failure',
    value: {
      jsonrpc: '2.0',
      id: 'call-3',
      result: { content: [{ type: 'text', text: 'Card provider unavailable' }], isError: true },
    },
    check: { requestId: 'call-3', method: 'tools/call', expected: { layer: 'tool' } },
    taxonomy: MCP,
  },
  {
    name: 'success',
    value: {
      jsonrpc: '2.0',
      id: 4,
      result: { content: [{ type: 'text', text: 'Ada' }], structuredContent: { holder: 'Ada' } },
    },
    check: { requestId: 4, method: 'tools/call' },
    taxonomy: MCP,
  },
  {
    name: 'success (2026-07-28)',
    value: { jsonrpc: '2.0', id: 5, result: { content: [], resultType: 'complete' } },
    check: { requestId: 5, method: 'tools/call' },
    taxonomy: NEXT,
  },
  {
    name: 'side-effect decision',
    value: { action: expectedAction(MCP, TIMEOUT_CONTEXT), context: TIMEOUT_CONTEXT },
    check: {},
    taxonomy: MCP,
  },
  {
    name: 'retry decision',
    value: {
      action: expectedAction(MCP, RETRY_CONTEXT),
      context: RETRY_CONTEXT,
      attempt: { requestId: 8, previousRequestId: 7 },
    },
    check: {},
    taxonomy: MCP,
  },
];

/** Runs a hint's line against `value` the way a test would, with vitest's own `expect`. */
function evaluate(line: HintLine, value: unknown): void {
  const bound = line.variable === 'action' ? (value as { action: unknown }).action : value;
  // The line is JavaScript a user pastes; evaluating it is the only honest check that it works.
  const run = new Function(
    'expect',
    'expectEnvelope',
    'expectAction',
    line.variable,
    line.code,
  ) as (...values: unknown[]) => void;
  run(expect, expectEnvelope, expectAction, bound);
}

/** The rule `line` names when it fails on `value`; `'passed'` when it does not fail. */
function ruleOnFailure(line: HintLine, value: unknown): string {
  try {
    evaluate(line, value);
    return 'passed';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return ruleFromFailureMessage(message, new Map()) ?? `unnamed: ${message}`;
  }
}

function check(mutator: Mutator, site: Site, style: AssertionStyle, canaries: string[]): number {
  const context = { taxonomy: site.taxonomy, seed: 7, canaries, check: site.check };
  const variants = [...mutator.mutate(site.value, context)];
  if (variants.length === 0) return 0;
  const line = hintLine({ mutatorName: mutator.name, ...site, style, canaries });
  expect(line, `${mutator.name} at ${site.name}: no hint`).toBeDefined();
  if (line === undefined) return 0;
  expect(ruleOnFailure(line, site.value), `${line.code} on the observed value`).toBe('passed');
  for (const variant of variants) {
    const rule = ruleOnFailure(line, variant.value);
    expect(mutator.expectedKillers, `${line.code} on ${variant.replacement}`).toContain(rule);
  }
  return variants.length;
}

describe('hintLine', () => {
  // HTTP-layer mutators attack exchanges, not envelopes: no envelope hint line kills them.
  for (const mutator of allMutators.filter((candidate) => candidate.target !== 'http')) {
    it(`should kill every ${mutator.name} variant at a named rule and pass on the observed value`, () => {
      let killed = 0;
      for (const site of SITES) {
        for (const style of ['expect', 'library'] as const) {
          for (const canaries of [[], [CANARY]]) killed += check(mutator, site, style, canaries);
        }
      }

      expect(killed, `${mutator.name} applied to no site`).toBeGreaterThan(0);
    });
  }

  it('should fill the observed request id and keep its JSON type', () => {
    const site = SITES[1];

    const line = hintLine({
      mutatorName: 'change-id',
      ...must(site),
      style: 'expect',
      canaries: [],
    });

    expect(line?.code).toBe(`expect(response?.id, 'jsonrpc.id').toBe('call-3')`);
  });

  it('should name the action the retry table gives the observed context', () => {
    const site = SITES[4];

    const line = hintLine({
      mutatorName: 'flip-retryability',
      ...must(site),
      style: 'expect',
      canaries: [],
    });

    expect(line?.code).toBe(`expect(action, 'policy.action').toBe('reconcile-side-effect')`);
  });

  it('should use the library assertions in the library style', () => {
    const site = SITES[0];

    const line = hintLine({
      mutatorName: 'leak-canary',
      ...must(site),
      style: 'library',
      canaries: [CANARY],
    });

    expect(line?.code).toBe(`expectEnvelope(response).toNotLeak(['${CANARY}'])`);
    expect(line?.imports).toEqual([{ name: 'expectEnvelope', from: 'envelope-mutants/vitest' }]);
  });

  it('should give no hint for an unknown mutator', () => {
    const line = hintLine({
      mutatorName: 'no-such-mutator',
      ...must(SITES[0]),
      style: 'expect',
      canaries: [],
    });

    expect(line).toBeUndefined();
  });

  it.each(['expect', 'sdk'] as const)(
    'should give no hint for a name Object.prototype holds (%s style)',
    (style) => {
      // Arrange: `constructor` is no mutator, but a plain record answers it from its prototype.
      const input = { mutatorName: 'constructor', ...must(SITES[0]), style, canaries: [] };

      // Act
      const line = hintLine(input);

      // Assert
      expect(line).toBeUndefined();
    },
  );

  it('should fail the negative control: a hint that does not name the rule is caught', () => {
    const weak: HintLine = {
      rule: 'jsonrpc.id',
      code: `expect(response?.id).toBe(2)`,
      variable: 'response',
      imports: [],
    };

    const rule = ruleOnFailure(weak, { jsonrpc: '2.0', id: 3, result: {} });

    expect(rule).toMatch(/^unnamed/);
  });
});
