import type { JsonPath } from '../src/envelope/json-value.js';
import { isJsonObject } from '../src/envelope/json-value.js';
import type { Mutator, Variant } from '../src/mutant/mutator.js';
import { getAt, sameJsonText, setAt } from './_json.js';
import { distinct } from './_variants.js';

/**
 * A harmless mutator: sends the members of an object in another order. RFC 8259 §4 calls an
 * object an unordered collection of members, and JSON-RPC 2.0 and MCP name members, never their
 * positions: a peer may serialize them in any order. A suite that fails here compares serialized
 * text (`JSON.stringify`, a snapshot of a string, `Object.keys`) instead of members.
 *
 * Its variants are deep-equal to their input; they differ in what a suite can observe, the
 * serialized text, which is how a run judges a harmless mutant's equivalence (`isEquivalent`).
 * A JavaScript object lists integer-like keys first whatever their insertion order, so an
 * object whose order cannot change yields nothing.
 */
export const reorderMembers: Mutator<'reorder-members'> = {
  name: 'reorder-members',
  description:
    'Harmless: reverses the member order of the envelope, of its error object or of its result (RFC 8259 §4: object members are unordered).',
  layer: 'envelope',
  target: 'envelope',
  expectedKillers: [],
  harmless: true,
  version: 1,
  *mutate(target) {
    if (!isJsonObject(target)) return;
    const candidates = PLACES.flatMap((path): Variant[] => {
      const object = getAt(target, path);
      if (!isJsonObject(object) || Object.keys(object).length < 2) return [];
      const reversed = Object.fromEntries(Object.entries(object).reverse());
      const where = path.length === 0 ? 'envelope' : path.join('.');
      return [
        { value: setAt(target, path, reversed), replacement: `${where} members reversed`, path },
      ];
    });
    yield* distinct(target, candidates, sameJsonText);
  },
};

/** The objects every envelope of the profiles has: the message itself, `error`, `result`. */
const PLACES: readonly JsonPath[] = [[], ['error'], ['result']];
