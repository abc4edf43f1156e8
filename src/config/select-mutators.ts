import {
  harmlessMutators,
  isMutatorName,
  mutatorNamed,
  mutatorNames,
  type MutatorName,
} from '../../mutators/index.js';
import { ConfigError } from '../errors.js';
import type { Mutator } from '../mutant/mutator.js';
import { didYouMean } from './closest-name.js';

/** In `mutators`, the name of every harmless mutator at once. */
const HARMLESS_GROUP = 'harmless';

/**
 * The mutators a run uses: every one of the catalogue when `names` is undefined (config
 * `mutators` absent), else the named ones in catalogue order, each once. The harmless mutators
 * come only by name (or all at once as `harmless`), after the others. Throws a `ConfigError`
 * for an unknown name (with the closest valid one) or an empty list.
 *
 * @internal
 */
export function selectMutators(names: readonly string[] | undefined): Mutator[] {
  return selectMutatorNames(names).flatMap((name) => mutatorNamed(name) ?? []);
}

/**
 * The names `given` selects, as {@link selectMutators} selects mutators; `where` (the config
 * file, or `command line`) starts each line of the `ConfigError` for an unknown name: one line
 * per unknown name with the closest valid one, then the catalogue once.
 */
export function selectMutatorNames(
  given: readonly string[] | undefined,
  where?: string,
): readonly MutatorName[] {
  const prefix = where === undefined ? '' : `${where}: `;
  const harmless = harmlessMutators.map((mutator) => mutator.name);
  if (given === undefined) {
    return Object.freeze(mutatorNames.filter((name) => !harmless.includes(name)));
  }
  if (given.length === 0) {
    throw new ConfigError(
      `${prefix}mutators: the list is empty. Name at least one mutator, or remove the key to run them all.`,
    );
  }
  const problems = given.flatMap((name, index) =>
    name === HARMLESS_GROUP || isMutatorName(name)
      ? []
      : [`${prefix}${unknownMutator(name, index)}`],
  );
  if (problems.length > 0) {
    throw new ConfigError(
      `${problems.join('\n')} Known mutators: ${mutatorNames.join(', ')} (see \`envelope-mutants mutators\`).`,
    );
  }
  const selected = given.flatMap((name) => (name === HARMLESS_GROUP ? harmless : [name]));
  return Object.freeze(mutatorNames.filter((name) => selected.includes(name)));
}

function unknownMutator(name: string, index: number): string {
  return `mutators[${index}]: unknown mutator ${JSON.stringify(name)}.${didYouMean(name, mutatorNames)}`;
}
