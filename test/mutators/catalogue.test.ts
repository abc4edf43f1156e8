import { describe, expect, it } from 'vitest';
import {
  allMutators,
  corruptVersion,
  harmlessMutators,
  isMutatorName,
  mutatorNamed,
  mutatorNames,
  type MutatorName,
} from '../../mutators/index.js';
import * as catalogue from '../../mutators/index.js';
import { isRuleName } from '../../src/oracle/rule-name.js';
import { isJsonObject } from '../../src/envelope/json-value.js';
import type { Mutator } from '../../src/mutant/mutator.js';
import { mutatorContext } from './fixtures.js';
import { assertMutatorContract } from './mutator-contract.js';

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

  it('should find every mutator by its name, harmless ones included, in one list of names', () => {
    // Arrange
    const everyMutator = [...allMutators, ...harmlessMutators];

    // Act
    const found = everyMutator.map((mutator) => mutatorNamed(mutator.name));

    // Assert
    expect(found).toEqual(everyMutator);
    expect(found.every((mutator, index) => mutator === everyMutator[index])).toBe(true);
    expect(mutatorNames).toEqual(everyMutator.map((mutator) => mutator.name));
    expect(everyMutator.every((mutator) => isMutatorName(mutator.name))).toBe(true);
  });

  it('should find nothing for a name the catalogue does not hold (negative control)', () => {
    for (const name of ['swap-eror-result', 'Swap-Error-Result', 'constructor', 'harmless', '']) {
      expect(mutatorNamed(name)).toBeUndefined();
      expect(isMutatorName(name)).toBe(false);
    }
  });

  it('should type a mutator name as one of the catalogue, so a misspelt one fails to compile', () => {
    const name: MutatorName = 'swap-error-result';
    // @ts-expect-error a misspelt name is no MutatorName (tsc fails here if MutatorName were string)
    const misspelt: MutatorName = 'swap-eror-result';

    expect([name, misspelt].map(isMutatorName)).toEqual([true, false]);
  });

  it.each(allMutators.map((mutator) => [mutator.name, mutator] as const))(
    'should never throw, modify its input, yield an equivalent or vary with the same seed: %s',
    (_name, mutator) => {
      expect(() => assertMutatorContract(mutator)).not.toThrow();
    },
  );
});

/** The message of the property failure and of the assertion that caused it. */
function failureOf(run: () => void): string {
  try {
    run();
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
    return `${String(error)}\n${cause}`;
  }
  return 'no failure';
}

describe('assertMutatorContract (negative controls)', () => {
  const broken = (mutate: Mutator['mutate']): Mutator => ({ ...corruptVersion, mutate });

  it('should fail for a mutator that throws on some input', () => {
    const throwing = broken(function* (target) {
      if (typeof target === 'number') throw new TypeError('not an envelope');
      yield* corruptVersion.mutate(target, mutatorContext());
    });
    expect(failureOf(() => assertMutatorContract(throwing))).toMatch(/not an envelope/);
  });

  it('should fail for a mutator that modifies its input', () => {
    const modifying = broken(function* (target) {
      if (isJsonObject(target) && 'jsonrpc' in target) {
        (target as Record<string, unknown>)['jsonrpc'] = '1.0';
      }
      yield* [];
    });
    expect(failureOf(() => assertMutatorContract(modifying))).toMatch(/Cannot assign to read only/);
  });

  it('should fail for a mutator that yields an equivalent', () => {
    const equivalent = broken(function* (target) {
      yield { value: structuredClone(target), replacement: 'same', path: [] };
    });
    expect(failureOf(() => assertMutatorContract(equivalent))).toMatch(/equivalent variant/);
  });

  it('should fail for a mutator whose path names a member it did not change', () => {
    const misnamed = broken(function* (target, context) {
      for (const variant of corruptVersion.mutate(target, context))
        yield { ...variant, path: ['id'] };
    });
    expect(failureOf(() => assertMutatorContract(misnamed))).toMatch(/path unchanged/);
  });

  it('should fail for a mutator that does not depend on the seed alone', () => {
    let calls = 0;
    const drifting = broken(function* (target, context) {
      calls += 1;
      for (const variant of corruptVersion.mutate(target, context)) {
        yield { ...variant, replacement: `${variant.replacement} #${calls}` };
      }
    });
    expect(failureOf(() => assertMutatorContract(drifting))).toMatch(/not deterministic/);
  });
});
