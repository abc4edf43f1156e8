import { describe, expect, it } from 'vitest';
import { allMutators, reorderMembers, swapErrorResult } from '../../mutators/index.js';
import { generateMutants } from '../../src/engine/generate-mutants.js';
import type { Mutator } from '../../src/mutant/mutator.js';
import { mutantId } from '../../src/mutant/mutant-id.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';
import { PROTOCOL_ERROR, TOOL_FAILURE, siteOf } from '../mutators/fixtures.js';

const decision = {
  action: 'reconcile-side-effect',
  context: {
    kind: 'tool',
    transient: false,
    sideEffectMayHaveOccurred: true,
    userActionRequired: false,
  },
};
const options = { taxonomy: resolveTaxonomy({ profile: 'mcp-2025-11-25' }), seed: 7, canaries: [] };
const sites = [
  siteOf('b#1', 'envelope', TOOL_FAILURE),
  siteOf('a#0', 'envelope', PROTOCOL_ERROR),
  siteOf('c#0', 'decision', decision),
];

describe('generateMutants', () => {
  it('should run envelope mutators on envelope sites and decision mutators on decision sites', () => {
    const mutants = generateMutants(sites, allMutators, options);
    const decisionNames = new Set(
      mutants.filter((m) => m.siteKey === 'c#0').map((m) => m.mutatorName),
    );
    expect([...decisionNames]).toStrictEqual(['flip-retryability', 'inject-instructions']);
    const envelopeNames = new Set(
      mutants.filter((m) => m.siteKey !== 'c#0').map((m) => m.mutatorName),
    );
    expect(envelopeNames.has('flip-retryability') || envelopeNames.has('inject-instructions')).toBe(
      false,
    );
    expect(envelopeNames.has('swap-error-result')).toBe(true);
  });

  it('should order sites by key whatever order discovery found them in', () => {
    // Arrange: eight sites, in reverse and in a shuffled order.
    const keys = ['h#0', 'g#0', 'f#1', 'f#0', 'd#0', 'c#2', 'b#0', 'a#0'];
    const orders = [keys, ['d#0', 'a#0', 'h#0', 'c#2', 'f#1', 'b#0', 'g#0', 'f#0']];
    for (const order of orders) {
      // Act
      const mutants = generateMutants(
        order.map((key) => siteOf(key, 'envelope', PROTOCOL_ERROR)),
        [swapErrorResult],
        options,
      );
      // Assert
      expect(mutants.map((m) => m.siteKey)).toStrictEqual([...keys].reverse());
    }
  });

  it('should order by site key, then mutator, then variant, with deterministic ids', () => {
    const mutants = generateMutants(sites, allMutators, options);
    expect(mutants.map((m) => m.siteKey)).toStrictEqual([...mutants.map((m) => m.siteKey)].sort());
    const [first] = mutants;
    expect(first).toMatchObject({
      siteKey: 'a#0',
      mutatorName: 'swap-error-result',
      variantIndex: 0,
    });
    expect(first?.id).toBe(mutantId('a#0', 'swap-error-result', 0, 7));
    expect(generateMutants([...sites].reverse(), allMutators, options)).toStrictEqual(mutants);
    expect(new Set(mutants.map((m) => m.id)).size).toBe(mutants.length);
  });

  it('should drop equivalent and duplicate variants without renumbering the others', () => {
    const sloppy: Mutator = {
      ...swapErrorResult,
      name: 'sloppy',
      *mutate(target) {
        yield { value: target, replacement: 'same', path: [] };
        yield { value: { x: 1 }, replacement: 'x', path: [] };
        yield { value: { x: 1 }, replacement: 'x again', path: [] };
        yield { value: { x: 2 }, replacement: 'y', path: [] };
      },
    };
    const mutants = generateMutants([siteOf('s', 'envelope', { x: 0 })], [sloppy], options);
    expect(mutants.map((m) => [m.variantIndex, m.replacement])).toStrictEqual([
      [1, 'x'],
      [3, 'y'],
    ]);
  });

  it('should hand a mutator only the sites of its target kind', () => {
    // Arrange: two mutators that would mutate anything they are given.
    const anything = (name: string, target: Mutator['target']): Mutator => ({
      ...swapErrorResult,
      name,
      target,
      *mutate() {
        yield { value: { mutated: name }, replacement: name, path: [] };
      },
    });
    const mutators = [anything('on-decisions', 'decision'), anything('on-envelopes', 'envelope')];

    // Act
    const mutants = generateMutants(sites, mutators, options);

    // Assert
    expect(mutants.map((m) => [m.siteKey, m.mutatorName])).toStrictEqual([
      ['a#0', 'on-envelopes'],
      ['b#1', 'on-envelopes'],
      ['c#0', 'on-decisions'],
    ]);
  });

  it('should hand each mutator the site check context, the seed and the canaries', () => {
    const seen: unknown[] = [];
    const spy: Mutator = {
      ...swapErrorResult,
      *mutate(_target, context) {
        seen.push([context.check, context.seed, context.canaries, context.taxonomy.profile.name]);
      },
    };
    generateMutants([siteOf('s', 'envelope', {})], [spy], {
      ...options,
      canaries: ['CANARY-abcdefgh'],
    });
    expect(seen).toStrictEqual([[{ requestId: 41 }, 7, ['CANARY-abcdefgh'], 'mcp-2025-11-25']]);
  });

  it('should keep a harmless variant that only reorders members, and drop such a defect variant', () => {
    // Arrange: a defect mutator whose only change is member order would be a no-op defect.
    const reorderOnly = (name: string, harmless: boolean): Mutator => ({
      ...swapErrorResult,
      name,
      ...(harmless ? { harmless: true as const } : {}),
      *mutate() {
        yield { value: { b: 2, a: 1 }, replacement: 'reordered', path: [] };
        yield { value: { a: 1, b: 2 }, replacement: 'same text', path: [] };
      },
    });
    const reordered = siteOf('s', 'envelope', { a: 1, b: 2 });

    // Act
    const harmless = generateMutants([reordered], [reorderOnly('harmless', true)], options);
    const defect = generateMutants([reordered], [reorderOnly('defect', false)], options);
    const real = generateMutants(
      [siteOf('p', 'envelope', PROTOCOL_ERROR)],
      [reorderMembers],
      options,
    );

    // Assert
    expect(harmless.map((m) => [m.variantIndex, JSON.stringify(m.value)])).toStrictEqual([
      [0, '{"b":2,"a":1}'],
    ]);
    expect(defect).toStrictEqual([]);
    expect(real.map((m) => m.replacement)).toStrictEqual([
      'envelope members reversed',
      'error members reversed',
    ]);
  });
});
