import type { Site } from '../mutant/mutation-run.js';
import { toJsonText } from '../envelope/json-text.js';
import { kindOfSiteValue } from '../taps/kind-of-site-value.js';

/**
 * The first site whose key names another envelope when its files run alone than in the
 * discovery run of the whole suite, in a sentence; `null` when none does.
 *
 * A tap without a key of its own is keyed by its place: the n-th tap of its test. Where files
 * share state (a worker that runs file after file, a global setup), a test may tap one more or
 * one fewer envelope alone than after another file, or its taps in another order: a response a
 * worker caches after its first use, a server that greets only its first client, a timer another
 * file left running. The keys then move, and a mutant's mutation, planned for the envelope
 * discovery saw at its key, would land on another one in its reference run (its files alone;
 * docs/verdict-contract.md).
 *
 * Moved: a key of both runs that is another kind of site or envelope in one (`kindOfSiteValue`),
 * or whose value differs and is closer to the value another key of the same counter (`<test>#`, `<test>#<label>#`: the taps
 * numbered with it) holds in the other run than to its own: more of the same members with the same
 * values. Values alone may differ from run to run (a timestamp, a member named by a random id, a
 * `_meta` present only sometimes) and keys alone may (a site reached only after another file ran,
 * which the reference run rightly does not reach); neither brings a key closer to another's value.
 */
export function movedSite(
  reference: readonly Site[],
  alone: readonly Site[],
  shown: (key: string) => string = (key) => key,
): string | null {
  const seen = new Map(alone.map((site) => [site.key, site]));
  const [whole, apart] = [byCounter(reference), byCounter(alone)];
  const [leaves, leavesButIds] = [leavesOfEach(false), leavesOfEach(true)];
  for (const site of reference) {
    const there = seen.get(site.key);
    if (there === undefined) continue;
    if (there.kind !== site.kind)
      return `site ${shown(site.key)} is of kind ${there.kind} alone, ${site.kind} in the whole suite`;
    const [here, away] = [toJsonText(site.value) ?? '', toJsonText(there.value) ?? ''];
    if (here === away) continue;
    const counter = counterOf(site.key);
    const [mine, theirs] = [whole.get(counter) ?? [], apart.get(counter) ?? []];
    // A test that taps as many envelopes in both runs, of a client whose ids go on from file to
    // file, holds at #0 alone the id it holds at #1 in the whole suite: ids are what runs change
    // (a mutant carries them over, `rebaseMutant`), not a move. Where the counts differ, an id
    // may be all that tells a shifted envelope from its neighbour.
    const like = mine.length === theirs.length ? leavesButIds : leaves;
    const said = `site ${shown(site.key)} holds ${brief(away)} alone, ${brief(here)} in the whole suite`;
    const wholeValueAlone = closerElsewhere(site, there, theirs, like);
    if (wholeValueAlone !== undefined)
      return `${said}, which site ${shown(wholeValueAlone.key)} holds alone`;
    const aloneValueWhole = closerElsewhere(there, site, mine, like);
    if (aloneValueWhole !== undefined)
      return `${said}, which site ${shown(aloneValueWhole.key)} holds in the whole suite`;
    // Not moved, but another kind of envelope at one key (a tool error in the whole suite, a
    // success alone: a quota a shared server counts) is no value that runs may change: a mutant
    // planned on one would land on the other.
    const [kindHere, kindAway] = [
      kindOfSiteValue(site.kind, site.value),
      kindOfSiteValue(there.kind, there.value),
    ];
    if (kindHere !== kindAway)
      return `site ${shown(site.key)} is ${kindAway ?? 'another value'} alone, ${kindHere ?? 'another value'} in the whole suite`;
  }
  return null;
}

/**
 * A site of `others` (the other run's sites of one counter) whose value is closer to `site`'s
 * than `same` (the other run's site at `site`'s key) is: the key `site`'s envelope moved to.
 */
function closerElsewhere(
  site: Site,
  same: Site,
  others: readonly Site[],
  leaves: (site: Site) => ReadonlySet<string>,
): Site | undefined {
  const likeness = (other: Site): number => similarity(leaves(site), leaves(other));
  const own = likeness(same);
  let closest: { readonly site: Site; readonly likeness: number } | undefined;
  for (const other of others) {
    if (other.key === site.key || other.kind !== site.kind) continue;
    const near = likeness(other);
    if (near > own && near > (closest?.likeness ?? 0)) closest = { site: other, likeness: near };
  }
  return closest?.site;
}

/** The share of two values' leaves (`path=value`) that both have: 1 for equal values. */
function similarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let both = 0;
  for (const leaf of a) if (b.has(leaf)) both += 1;
  const either = a.size + b.size - both;
  return either === 0 ? 1 : both / either;
}

/** Each site's leaves, worked out once; `butIds`: without the JSON-RPC ids of its messages. */
function leavesOfEach(butIds: boolean): (site: Site) => ReadonlySet<string> {
  const known = new Map<Site, ReadonlySet<string>>();
  return (site) => {
    let leaves = known.get(site);
    if (leaves === undefined) {
      const all = leavesOf(site.value);
      if (butIds) for (const leaf of all) if (ID_LEAF.test(leaf)) all.delete(leaf);
      leaves = all;
      known.set(site, leaves);
    }
    return leaves;
  };
}

/** The `id` of an envelope, or of the request and the JSON response of an HTTP exchange. */
const ID_LEAF = /^(\/request\/body|\/response\/body\/value)?\/id=/;

/**
 * A value's leaves: each primitive, empty object and empty array, as `path=value`, to a depth and
 * a count that envelopes do not reach (past them, what is left is not compared).
 */
export function leavesOf(value: unknown): Set<string> {
  const leaves = new Set<string>();
  const walk = (at: unknown, path: string, depth: number): void => {
    if (leaves.size >= MAX_LEAVES) return;
    if (at === null || typeof at !== 'object') {
      leaves.add(`${path}=${toJsonText(at) ?? typeof at}`);
      return;
    }
    // What lies deeper is not written out either: it would be the whole rest of the value.
    if (depth >= MAX_DEPTH) {
      leaves.add(`${path}=…`);
      return;
    }
    const members = Object.entries(at as Record<string, unknown>);
    if (members.length === 0) leaves.add(`${path}=${Array.isArray(at) ? '[]' : '{}'}`);
    for (const [name, member] of members) walk(member, `${path}/${name}`, depth + 1);
  };
  walk(value, '', 0);
  return leaves;
}

const MAX_LEAVES = 5_000;
const MAX_DEPTH = 64;

/** The sites of each counter. */
function byCounter(sites: readonly Site[]): Map<string, Site[]> {
  const counters = new Map<string, Site[]>();
  for (const site of sites) {
    const counter = counterOf(site.key);
    const sites = counters.get(counter);
    if (sites === undefined) counters.set(counter, [site]);
    else sites.push(site);
  }
  return counters;
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
