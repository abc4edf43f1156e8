import { describe, expect, it } from 'vitest';
import { allMutators } from '../../mutators/index.js';
import { assessAction } from '../../src/assertions/assess-action.js';
import { assessEnvelope } from '../../src/assertions/assess-envelope.js';
import type { EnvelopeAssertionName } from '../../src/assertions/envelope-assertion-spec.js';
import type { MutatorContext } from '../../src/mutant/mutator.js';
import type { Decision } from '../../src/taxonomy/client-action.js';
import { expectedAction } from '../../src/taxonomy/expected-action.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';
import { PROTOCOL_ERROR, SUCCESS, TOOL_ERROR } from './envelopes.js';

// Every mutant of a valid envelope must fail the assertion a contract test would write for that
// envelope AT one of the mutator's expected rules: the runner attributes a kill by the first
// `[rule]` of the message, so the assertions' ordering decides whether kills are named.

const CHECK = { requestId: 41, inFlightIds: [40, 42] };

interface Case {
  readonly name: string;
  readonly profile: string;
  readonly envelope: unknown;
  readonly assertion: EnvelopeAssertionName;
  readonly code?: number;
}

const complete = (envelope: typeof TOOL_ERROR | typeof SUCCESS) => ({
  ...envelope,
  result: { ...envelope.result, resultType: 'complete' },
});

const CASES: readonly Case[] = [
  {
    name: 'protocol error',
    profile: 'mcp-2025-11-25',
    envelope: PROTOCOL_ERROR,
    assertion: 'toBeProtocolError',
    code: -32602,
  },
  {
    name: 'tool error',
    profile: 'mcp-2025-11-25',
    envelope: TOOL_ERROR,
    assertion: 'toBeToolError',
  },
  { name: 'success', profile: 'mcp-2025-11-25', envelope: SUCCESS, assertion: 'toBeSuccess' },
  {
    name: 'tool error (2026-07-28)',
    profile: 'mcp-2026-07-28',
    envelope: complete(TOOL_ERROR),
    assertion: 'toBeToolError',
  },
  {
    name: 'success (2026-07-28)',
    profile: 'mcp-2026-07-28',
    envelope: complete(SUCCESS),
    assertion: 'toBeSuccess',
  },
];

const DECISIONS: readonly Decision['context'][] = [
  { kind: 'tool', transient: true, sideEffectMayHaveOccurred: true, userActionRequired: false },
  { kind: 'tool', transient: true, sideEffectMayHaveOccurred: false, userActionRequired: false },
  { kind: 'tool', transient: false, sideEffectMayHaveOccurred: false, userActionRequired: true },
  {
    kind: 'protocol',
    transient: false,
    sideEffectMayHaveOccurred: false,
    userActionRequired: false,
  },
];

function mutatorContext(profile: string): MutatorContext {
  return { taxonomy: resolveTaxonomy({ profile }), seed: 1, canaries: [], check: CHECK };
}

describe('named kills of every envelope mutator', () => {
  const envelopeMutators = allMutators.filter((mutator) => mutator.target === 'envelope');

  it.each(CASES)('should name an expected rule first for every mutant of a valid $name', (c) => {
    // Arrange
    const context = { ...CHECK, canaries: [], profile: c.profile };
    const args = c.code === undefined ? {} : { code: c.code };
    const misses: string[] = [];
    let mutants = 0;

    // Act
    for (const mutator of envelopeMutators) {
      for (const variant of mutator.mutate(c.envelope, mutatorContext(c.profile))) {
        mutants += 1;
        const first = assessEnvelope(variant.value, c.assertion, context, args)[0];
        if (first === undefined || !mutator.expectedKillers.includes(first.rule)) {
          misses.push(`${mutator.name} (${variant.replacement}): ${first?.rule ?? 'survived'}`);
        }
      }
    }

    // Assert
    expect(mutants).toBeGreaterThan(0);
    expect(misses).toEqual([]);
  });
});

describe('named kills of every decision mutator', () => {
  const decisionMutators = allMutators.filter((mutator) => mutator.target === 'decision');
  const taxonomy = resolveTaxonomy({});

  it.each(DECISIONS)('should name an expected rule first for every mutant of %o', (context) => {
    // Arrange
    const action = expectedAction(taxonomy, context);
    const decision: Decision =
      action === 'retry-bounded'
        ? { action, context, attempt: { requestId: 42, previousRequestId: 41 } }
        : { action, context };
    const misses: string[] = [];
    let mutants = 0;

    // Act
    for (const mutator of decisionMutators) {
      for (const variant of mutator.mutate(decision, mutatorContext('mcp-2025-11-25'))) {
        mutants += 1;
        const first = assessAction(variant.value, context)[0];
        if (first === undefined || !mutator.expectedKillers.includes(first.rule)) {
          misses.push(`${mutator.name} (${variant.replacement}): ${first?.rule ?? 'survived'}`);
        }
      }
    }

    // Assert: an empty loop would pass vacuously.
    expect(mutants).toBeGreaterThan(0);
    expect(misses).toEqual([]);
  });
});
