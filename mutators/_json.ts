import { toJsonText } from '../src/envelope/json-text.js';
import { type JsonPath, isJsonObject } from '../src/envelope/json-value.js';

/** The value at `path`, or `undefined` when a step is missing or not a container. */
export function getAt(value: unknown, path: JsonPath): unknown {
  let current = value;
  for (const step of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    if (!Object.prototype.hasOwnProperty.call(current, step)) return undefined;
    current = (current as Record<string | number, unknown>)[step];
  }
  return current;
}

/**
 * A copy of `value` with `path` set to `replacement` (or removed when `replacement` is
 * `undefined`). Only the containers along the path are copied: the input is never modified, so a
 * deep-frozen envelope stays intact. Missing containers along the path are created as objects.
 */
export function setAt(value: unknown, path: JsonPath, replacement: unknown): unknown {
  const [step, ...rest] = path;
  if (step === undefined) return replacement;
  if (Array.isArray(value) && typeof step === 'number') {
    const copy: unknown[] = [...(value as readonly unknown[])];
    const next = setAt(copy[step], rest, replacement);
    if (next === undefined) copy.splice(step, 1);
    else copy[step] = next;
    return copy;
  }
  const source: Readonly<Record<string, unknown>> = isJsonObject(value) ? value : {};
  const key = String(step);
  const next = setAt(getAt(source, [key]), rest, replacement);
  // Rebuilt from entries (not `copy[key] = …`) so member order is kept and a `__proto__` member
  // of the input stays a plain member.
  const entries = Object.entries(source).flatMap(([name, member]): [string, unknown][] =>
    name !== key ? [[name, member]] : next === undefined ? [] : [[name, next]],
  );
  if (next !== undefined && !Object.prototype.hasOwnProperty.call(source, key)) {
    entries.push([key, next]);
  }
  return Object.fromEntries(entries);
}

/** A copy of `value` without the member at `path`. */
export function deleteAt(value: unknown, path: JsonPath): unknown {
  return setAt(value, path, undefined);
}

/** Structural equality of JSON values; object member order does not matter (RFC 8259 §4). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => deepEqual(item, b[index]));
  }
  const aKeys = Object.keys(a);
  const bRecord = b as Record<string, unknown>;
  if (aKeys.length !== Object.keys(b).length) return false;
  return aKeys.every(
    (key) =>
      Object.prototype.hasOwnProperty.call(b, key) &&
      deepEqual((a as Record<string, unknown>)[key], bRecord[key]),
  );
}

/**
 * Whether `a` and `b` serialize to the same JSON text. Unlike {@link deepEqual} it sees member
 * order: a suite observes it through `JSON.stringify`, `Object.keys` and serialized snapshots.
 */
export function sameJsonText(a: unknown, b: unknown): boolean {
  return toJsonText(a) === toJsonText(b);
}

/**
 * Whether a variant of `mutator` is equivalent to `other` (its input, or an earlier variant), and
 * so dropped. A defect mutator's variant is equivalent when it equals `other` as JSON (RFC 8259
 * §4: member order carries no meaning), so no defect mutant can differ only in member order, a
 * change that breaks no rule. A harmless variant is judged on what a suite can observe instead:
 * a member order that changes the serialized text is a different mutant.
 */
export function isEquivalent(
  mutator: { readonly harmless?: true },
  variant: unknown,
  other: unknown,
): boolean {
  return mutator.harmless === true ? sameJsonText(variant, other) : deepEqual(variant, other);
}
