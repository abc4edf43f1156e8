import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allMutators } from '../../mutators/index.js';
import * as catalogue from '../../mutators/index.js';
import { _deepEqual } from '../../mutators/_json.js';
import { isRuleName } from '../../src/oracle/rule-name.js';
import { PROFILE_NAMES } from '../../src/taxonomy/taxonomy.js';
import { decisionLike, envelopeLike } from './arbitraries.js';
import { mutatorContext } from './fixtures.js';
import { deepFreeze } from './mutator-spec.js';

const contexts = PROFILE_NAMES.map((profile) =>
  mutatorContext({ profile, check: { requestId: 1, inFlightIds: [1, 'two'] } }),
);
const anyInput = fc.oneof(fc.jsonValue(), envelopeLike, decisionLike);

describe('the mutator catalogue', () => {
  it('should hold unique kebab-case names, one-line descriptions and known expected killers', () => {
    const names = allMutators.map((mutator) => mutator.name);
    expect(new Set(names).size).toBe(names.length);
    for (const mutator of allMutators) {
      expect(mutator.name).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(mutator.description).not.toMatch(/\n/);
      expect(mutator.expectedKillers.length).toBeGreaterThan(0);
      expect(mutator.expectedKillers.every(isRuleName)).toBe(true);
      expect(mutator.target === 'decision').toBe(mutator.layer === 'decision');
      expect(mutator.version).toBe(1);
    }
  });

  it('should export every mutator by its camelCase name', () => {
    for (const mutator of allMutators) {
      const camel = mutator.name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
      expect(catalogue[camel as keyof typeof catalogue]).toBe(mutator);
    }
  });

  it.each(allMutators.map((mutator) => [mutator.name, mutator] as const))(
    'should never throw, modify its input or yield an equivalent: %s',
    (_name, mutator) => {
      fc.assert(
        fc.property(
          anyInput,
          fc.constantFrom(...contexts),
          fc.integer(),
          (input, context, seed) => {
            const frozen = deepFreeze(structuredClone(input));
            const variants = [...mutator.mutate(frozen, { ...context, seed })];
            expect(_deepEqual(frozen, input)).toBe(true);
            for (const variant of variants) {
              expect(_deepEqual(variant.value, input)).toBe(false);
              expect(typeof variant.replacement).toBe('string');
              expect(Array.isArray(variant.path)).toBe(true);
            }
          },
        ),
        { numRuns: 150, seed: 20261130 },
      );
    },
  );
});
