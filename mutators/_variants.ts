import type { JsonPath } from '../src/envelope/json-value.js';
import type { Variant } from '../src/mutant/mutator.js';
import { deepEqual, setAt } from './_json.js';

/** A variant that sets `path` of `input` to `replacement` (removes it when `undefined`). */
export function variantAt(
  input: unknown,
  path: JsonPath,
  replacement: unknown,
  text: string,
): Variant {
  return { value: setAt(input, path, replacement), replacement: text, path };
}

/**
 * The candidates that really differ from `input` and from each other: a variant deep-equal to its
 * input (an equivalent mutant) is dropped (docs/design.md "Mutators are pure"), and every
 * distinct deviation is yielded once. `same` decides equality: {@link deepEqual} by default, the
 * order-sensitive `sameJsonText` for a harmless mutator whose variants may differ in
 * member order only.
 */
export function* distinct(
  input: unknown,
  candidates: Iterable<Variant>,
  same: (a: unknown, b: unknown) => boolean = deepEqual,
): Generator<Variant> {
  const seen: unknown[] = [input];
  for (const candidate of candidates) {
    if (seen.some((value) => same(value, candidate.value))) continue;
    seen.push(candidate.value);
    yield candidate;
  }
}
