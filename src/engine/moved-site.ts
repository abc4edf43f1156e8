import type { Site } from '../mutant/mutation-run.js';
import { toJsonText } from '../envelope/json-text.js';

/**
 * The first site whose key names another envelope when its files run alone than in the
 * discovery run of the whole suite, in a sentence; `null` when none does.
 *
 * A tap without a key of its own is keyed by its place: the n-th tap of its test. Where files
 * share state (a worker that runs file after file, a global setup), a test may tap one more or
 * one fewer envelope alone than after another file: a response a worker caches after its first
 * use, a server that greets only its first client, a timer another file left running. The keys
 * after it then move, and a mutant's mutation, planned for the envelope discovery saw at its key,
 * would land on another one in its reference run (its files alone; docs/verdict-contract.md).
 *
 * Moved: a key of both runs whose value has another shape (its member names and types), or whose
 * value differs where the keys of its counter (`<test>#` or `<test>#<label>#`: the taps numbered
 * with it) differ too. Values alone may differ from run to run (a timestamp, a random id) and keys
 * alone may (a site reached only after another file ran, which the reference run rightly does not
 * reach); both at once, in one counter, is a move.
 */
export function movedSite(
  reference: readonly Site[],
  alone: readonly Site[],
  shown: (key: string) => string = (key) => key,
): string | null {
  const seen = new Map(alone.map((site) => [site.key, site]));
  const countersOf = (sites: readonly Site[]): Map<string, string> => {
    const keys = new Map<string, string[]>();
    for (const { key } of sites)
      keys.set(counterOf(key), [...(keys.get(counterOf(key)) ?? []), key]);
    return new Map([...keys].map(([counter, all]) => [counter, all.sort().join('\n')]));
  };
  const [before, after] = [countersOf(reference), countersOf(alone)];
  const keysDiffer = (key: string): boolean =>
    before.get(counterOf(key)) !== after.get(counterOf(key));
  for (const site of reference) {
    const there = seen.get(site.key);
    if (there === undefined) continue;
    if (there.kind !== site.kind)
      return `site ${shown(site.key)} is of kind ${there.kind} alone, ${site.kind} in the whole suite`;
    const [here, apart] = [toJsonText(site.value) ?? '', toJsonText(there.value) ?? ''];
    if (shapeOf(site.value) !== shapeOf(there.value) || (keysDiffer(site.key) && here !== apart))
      return `site ${shown(site.key)} holds ${brief(apart)} alone, ${brief(here)} in the whole suite`;
  }
  return null;
}

/**
 * A value's member names and types, without its values: `{id: number, result: {…}}`. An array
 * shows each shape its items have, once.
 */
export function shapeOf(value: unknown, depth = 0): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    if (depth > 32) return '[…]';
    return `[${[...new Set(value.map((item) => shapeOf(item, depth + 1)))].join(' | ')}]`;
  }
  if (typeof value !== 'object') return typeof value;
  if (depth > 32) return '{…}';
  const members = Object.entries(value as Record<string, unknown>)
    .map(([name, member]) => `${name}: ${shapeOf(member, depth + 1)}`)
    .sort();
  return `{${members.join(', ')}}`;
}

/**
 * The counter that numbered a key: its text up to the last `#` (`<test id>#`, `<test id>#<label>#`,
 * `<file>#`); a key of the suite's own without `#` is a counter of its own.
 */
function counterOf(key: string): string {
  const at = key.lastIndexOf('#');
  return at < 0 ? key : key.slice(0, at + 1);
}

/** What a message shows of a value: its JSON text, cut short. */
function brief(text: string): string {
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}

const MAX_SHOWN = 100;
