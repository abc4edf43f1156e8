import { allMutators, harmlessMutators } from '../../mutators/index.js';
import { ConfigError } from '../errors.js';
import type { Mutator } from '../mutant/mutator.js';

/**
 * The mutators a run uses: every one of the catalogue when `names` is undefined (config
 * `mutators` absent), else the named ones in catalogue order, each once. The harmless mutators
 * come only by name, after the others. Throws a `ConfigError`
 * for an unknown name (with the closest valid one) or an empty list.
 */
export function selectMutators(names: readonly string[] | undefined): Mutator[] {
  if (names === undefined) return [...allMutators];
  if (names.length === 0) {
    throw new ConfigError(
      'mutators: the list is empty. Name at least one mutator, or remove the key to run them all.',
    );
  }
  const catalogue = [...allMutators, ...harmlessMutators];
  const known = new Set(catalogue.map((mutator) => mutator.name));
  for (const name of names) {
    if (!known.has(name)) throw new ConfigError(_unknownMessage(name, [...known]));
  }
  return catalogue.filter((mutator) => names.includes(mutator.name));
}

function _unknownMessage(name: unknown, valid: readonly string[]): string {
  const shown = JSON.stringify(name) ?? String(name);
  const closest = typeof name === 'string' ? _closest(name, valid) : undefined;
  const hint =
    closest === undefined ? `Valid mutators: ${valid.join(', ')}.` : `Did you mean "${closest}"?`;
  return `mutators: unknown mutator ${shown}. ${hint} Run envelope-mutants mutators for the list.`;
}

/** The valid name within a third of the name's length in edits (a typo), if any. */
function _closest(name: string, valid: readonly string[]): string | undefined {
  const limit = Math.max(2, Math.floor(name.length / 3));
  let best: { readonly name: string; readonly distance: number } | undefined;
  for (const candidate of valid) {
    const distance = _editDistance(name, candidate);
    if (distance <= limit && (best === undefined || distance < best.distance)) {
      best = { name: candidate, distance };
    }
  }
  return best?.name;
}

/** Levenshtein distance, one row at a time. */
function _editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
