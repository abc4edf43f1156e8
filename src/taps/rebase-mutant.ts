import { commonEnds } from '../envelope/common-ends.js';
import { isJsonObject } from '../envelope/json-value.js';
import { toJsonText } from '../envelope/json-text.js';

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
 *
 * What the mutant wrote is carried over too, where it holds such a value: a string it edited
 * gets the same edit on the live string (a challenge header whose trace id changes per request,
 * without its `scope`), and a value of the discovery run it wrote elsewhere becomes this run's
 * (a response body a mutator built around the request's id).
 */
export function rebaseMutant(original: unknown, mutated: unknown, live: unknown): unknown {
  return rebase(original, mutated, live, staleValues(original, live));
}

function rebase(original: unknown, mutated: unknown, live: unknown, stale: Stale): unknown {
  if (!isJsonObject(original) || !isJsonObject(mutated) || !isJsonObject(live)) {
    if (sameJson(original, mutated)) return live;
    return (
      (typeof original === 'string' && typeof mutated === 'string' && typeof live === 'string'
        ? transferEdit(original, mutated, live)
        : undefined) ?? renewed(mutated, stale)
    );
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
    result.set(
      key,
      inBefore ? rebase(original[key], after, live[key], stale) : renewed(after, stale),
    );
  }
  // The mutant's key order: a mutator may reorder members on purpose.
  const order = new Set([...Object.keys(mutated), ...result.keys()]);
  return Object.fromEntries(
    [...order].filter((key) => result.has(key)).map((key) => [key, result.get(key)]),
  );
}

/** Values of the discovery run that this run replaced: each with the one it has in their place. */
type Stale = ReadonlyMap<string | number, string | number>;

/**
 * The strings and numbers of `original` whose every place holds another value in `live`, the same
 * one at each (a request id an SDK client counted, a session's trace id). A value that stayed
 * at one of its places, or became two different ones, is not stale: what the mutant wrote of it
 * may mean either.
 */
function staleValues(original: unknown, live: unknown): Stale {
  const seen = new Map<string | number, string | number | null>();
  const visit = (before: unknown, now: unknown): void => {
    if (typeof before === 'string' || typeof before === 'number') {
      const replaced =
        typeof now === typeof before && now !== before ? (now as string | number) : null;
      const earlier = seen.get(before);
      seen.set(before, earlier === undefined || earlier === replaced ? replaced : null);
      return;
    }
    if (Array.isArray(before)) {
      before.forEach((item, index) => {
        visit(item, Array.isArray(now) ? now[index] : undefined);
      });
      return;
    }
    if (isJsonObject(before)) {
      for (const [key, value] of Object.entries(before))
        visit(value, isJsonObject(now) ? now[key] : undefined);
    }
  };
  visit(original, live);
  const stale = new Map<string | number, string | number>();
  for (const [before, now] of seen) if (now !== null) stale.set(before, now);
  return stale;
}

/** `value` with every stale string or number in it replaced by this run's. */
function renewed(value: unknown, stale: Stale): unknown {
  if (stale.size === 0) return value;
  if (typeof value === 'string' || typeof value === 'number') return stale.get(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => renewed(item, stale));
  if (isJsonObject(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renewed(v, stale)]));
  return value;
}

/**
 * The edit that turned `original` into `mutated` (one stretch removed, another put in its place),
 * made on `live` where the text around it reads as it did: before it, after it, or the removed
 * stretch once in `live`. Undefined where it cannot be placed.
 */
function transferEdit(original: string, mutated: string, live: string): string | undefined {
  if (original === live) return mutated;
  const { head, tail } = commonEnds(original, mutated);
  const removed = original.slice(head, original.length - tail);
  const inserted = mutated.slice(head, mutated.length - tail);
  if (live.startsWith(original.slice(0, head)) && live.startsWith(removed, head))
    return live.slice(0, head) + inserted + live.slice(head + removed.length);
  const at = live.length - tail - removed.length;
  if (
    at >= 0 &&
    live.endsWith(original.slice(original.length - tail)) &&
    live.startsWith(removed, at)
  )
    return live.slice(0, at) + inserted + live.slice(at + removed.length);
  const once = removed === '' ? -1 : live.indexOf(removed);
  if (once >= 0 && live.indexOf(removed, once + 1) < 0)
    return live.slice(0, once) + inserted + live.slice(once + removed.length);
  return undefined;
}

/** JSON equality; `toJsonText` does not recurse, so a 10,000-deep nest is compared too. */
export function sameJson(a: unknown, b: unknown): boolean {
  return toJsonText(a) === toJsonText(b);
}
