import { isJsonObject } from '../envelope/json-value.js';
import { toJsonText } from './json-text.js';

/**
 * The mutant as it applies to the envelope a tap sees now: every member the mutant changed
 * (compared with `original`, what the tap saw in the discovery run) from `mutated`, every other
 * member from `live`. When `live` equals `original` the result equals `mutated`.
 *
 * Why: a value can differ from run to run without a mutant. An SDK client shared by a file's
 * tests numbers its requests; a mutant that makes a test retry shifts every later id. Handing
 * the client the discovery run's id in an unrelated member would make it wait for a response
 * that never comes (JSON-RPC 2.0 §5: the response id must match the request's), a hang that the
 * mutant under test never caused.
 */
export function rebaseMutant(original: unknown, mutated: unknown, live: unknown): unknown {
  if (!isJsonObject(original) || !isJsonObject(mutated) || !isJsonObject(live)) {
    return sameJson(original, mutated) ? live : mutated;
  }
  const result = new Map(Object.entries(live));
  const keys = new Set([...Object.keys(original), ...Object.keys(mutated)]);
  for (const key of keys) {
    const inBefore = Object.hasOwn(original, key);
    if (!Object.hasOwn(mutated, key)) {
      if (inBefore) result.delete(key);
      continue;
    }
    const after = mutated[key];
    result.set(key, inBefore ? rebaseMutant(original[key], after, live[key]) : after);
  }
  // The mutant's key order: a mutator may reorder members on purpose.
  const order = new Set([...Object.keys(mutated), ...result.keys()]);
  return Object.fromEntries(
    [...order].filter((key) => result.has(key)).map((key) => [key, result.get(key)]),
  );
}

/** JSON equality; `toJsonText` does not recurse, so a 10,000-deep nest is compared too. */
export function sameJson(a: unknown, b: unknown): boolean {
  return toJsonText(a) === toJsonText(b);
}
