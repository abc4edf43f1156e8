import { expect } from 'vitest';
import type { JsonPath } from '../../src/envelope/json-value.js';
import type { Mutator, MutatorContext, Variant } from '../../src/mutant/mutator.js';
import { isEquivalent } from '../../mutators/_json.js';

/** What a spec expects a mutator to yield, in order. */
export interface ExpectedVariant {
  readonly value: unknown;
  readonly replacement: string;
  readonly path: JsonPath;
}

/**
 * The contract every mutator spec goes through (after stryker-js's mutator test helper): the
 * input is deep-frozen, so a mutator that modifies it throws; the input is unchanged afterwards;
 * no variant is equivalent to the input (`isEquivalent`); the variants are exactly `expected`; and a second run
 * yields the same variants (reproducible from the seed). Throws on any breach.
 */
export function expectVariants(
  mutator: Mutator,
  input: unknown,
  context: MutatorContext,
  expected: readonly ExpectedVariant[],
): void {
  const snapshot = structuredClone(input);
  const frozen = deepFreeze(structuredClone(input));
  const first = run(mutator, frozen, context);
  expect(frozen, `${mutator.name} modified its input`).toStrictEqual(snapshot);
  for (const variant of first) {
    expect(
      isEquivalent(mutator, variant.value, snapshot),
      `${mutator.name} yielded an equivalent`,
    ).toBe(false);
  }
  expect(first, `${mutator.name} variants`).toStrictEqual(expected);
  expect(run(mutator, frozen, context), `${mutator.name} is not deterministic`).toStrictEqual(
    first,
  );
}

/** Shorthand for a mutator that must not apply to `input`. */
export function expectNoVariants(mutator: Mutator, input: unknown, context: MutatorContext): void {
  expectVariants(mutator, input, context, []);
}

/** Just the variants, for specs that assert a property of drawn values. */
export function variantsOf(mutator: Mutator, input: unknown, context: MutatorContext): Variant[] {
  return run(mutator, deepFreeze(structuredClone(input)), context);
}

function run(mutator: Mutator, input: unknown, context: MutatorContext): Variant[] {
  return [...mutator.mutate(input, context)].map((variant) => ({
    value: variant.value,
    replacement: variant.replacement,
    path: variant.path,
  }));
}

export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}
