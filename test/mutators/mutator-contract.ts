import fc from 'fast-check';
import { expect } from 'vitest';
import { deepEqual, getAt, isEquivalent } from '../../mutators/_json.js';
import type { Mutator } from '../../src/mutant/mutator.js';
import { PROFILE_NAMES } from '../../src/taxonomy/taxonomy.js';
import { decisionLike, envelopeLike } from './arbitraries.js';
import { mutatorContext } from './fixtures.js';
import { deepFreeze } from './mutator-spec.js';
import { propertyRuns } from '../support/property-runs.js';

const contexts = PROFILE_NAMES.map((profile) =>
  mutatorContext({ profile, check: { requestId: 1, inFlightIds: [1, 'two'] } }),
);
const anyInput = fc.oneof(fc.jsonValue(), envelopeLike, decisionLike);

/**
 * The property every mutator must hold on any JSON value (envelope-shaped or not) under every
 * profile and seed: it never throws, never modifies its (deep-frozen) input, never yields a
 * variant equivalent to the input (`isEquivalent`: deep-equal, or the same JSON text for a
 * harmless mutator), yields the same variants for the same seed, and each variant's
 * `path` names a member that really changed. Throws (fast-check counterexample) on a breach.
 * `inputs` narrows the values tried (HTTP mutators also get exchanges).
 */
export function assertMutatorContract(
  mutator: Mutator,
  numRuns = 150,
  inputs: fc.Arbitrary<unknown> = anyInput,
): void {
  fc.assert(
    // The profile goes in by index so a counterexample stays short to read.
    fc.property(inputs, fc.nat(contexts.length - 1), fc.integer(), (input, profile, seed) => {
      const context = { ...(contexts[profile] ?? mutatorContext()), seed };
      const frozen = deepFreeze(structuredClone(input));
      const variants = [...mutator.mutate(frozen, context)];
      expect(deepEqual(frozen, input), 'input modified').toBe(true);
      expect([...mutator.mutate(frozen, context)], 'not deterministic').toStrictEqual(variants);
      for (const variant of variants) {
        expect(isEquivalent(mutator, variant.value, input), 'equivalent variant').toBe(false);
        expect(typeof variant.replacement).toBe('string');
        const before = getAt(input, variant.path);
        expect(
          isEquivalent(mutator, getAt(variant.value, variant.path), before),
          'path unchanged',
        ).toBe(false);
      }
    }),
    { numRuns: propertyRuns(numRuns), seed: 20261130 },
  );
}
