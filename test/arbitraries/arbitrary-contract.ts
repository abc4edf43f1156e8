import * as fc from 'fast-check';
import { expect } from 'vitest';
import type {
  MalformedEnvelope,
  ObservedEnvelope,
} from '../../src/arbitraries/observed-envelope.js';
import { check } from '../../src/oracle/check.js';
import { RULE_NAMES, type RuleName } from '../../src/oracle/rule-name.js';
import type { Taxonomy } from '../../src/taxonomy/taxonomy.js';
import { propertyRuns } from '../support/property-runs.js';

/** Fixed seeds: every property of this folder is reproducible in CI. */
export const PROPERTY_RUNS = { numRuns: propertyRuns(300), seed: 4_242 } as const;

/** The distinct rules a list of violations names, in `RULE_NAMES` order. */
export function violatedRules(
  envelope: unknown,
  context: ObservedEnvelope['context'],
  taxonomy: Taxonomy,
): RuleName[] {
  const rules = new Set(check(envelope, context, taxonomy).map((violation) => violation.rule));
  return RULE_NAMES.filter((rule) => rules.has(rule));
}

/** Fails unless the oracle reports nothing for the observed envelope. */
export function expectValid({ envelope, context }: ObservedEnvelope, taxonomy: Taxonomy): void {
  expect(violatedRules(envelope, context, taxonomy), JSON.stringify(envelope)).toEqual([]);
}

/** Fails unless the oracle reports exactly the rules the value is labelled with. */
export function expectBreaksExactly(value: MalformedEnvelope, taxonomy: Taxonomy): void {
  const { envelope, context, breaks } = value;
  expect(violatedRules(envelope, context, taxonomy), JSON.stringify(envelope)).toEqual([...breaks]);
}

/** fast-check's contract "same seed, same values", on a handful of draws. */
export function expectSameSeedSameValues<T>(arbitrary: fc.Arbitrary<T>): void {
  const first = fc.sample(arbitrary, { seed: 17, numRuns: 25 });
  const second = fc.sample(arbitrary, { seed: 17, numRuns: 25 });
  expect(second).toEqual(first);
  expect(fc.sample(arbitrary, { seed: 18, numRuns: 25 })).not.toEqual(first);
}
