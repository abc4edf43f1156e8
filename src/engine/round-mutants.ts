import { ConfigError } from '../errors.js';
import type { Site } from '../mutant/mutation-run.js';
import type { RoundMutant } from './execute-rounds.js';
import { generateMutants } from './generate-mutants.js';
import type { RunMutationOptions } from './run-mutation-options.js';

/** The mutants of the discovered sites, each with its site and its mutator's expected killers. */
export function roundMutants(
  sites: readonly Site[],
  options: Pick<RunMutationOptions, 'mutators' | 'taxonomy' | 'seed' | 'canaries'>,
  only: readonly string[],
): RoundMutant[] {
  const siteByKey = new Map(sites.map((site) => [site.key, site]));
  const killers = new Map(
    options.mutators.map((mutator) => [mutator.name, mutator.expectedKillers]),
  );
  const mutants = generateMutants(sites, options.mutators, options);
  const unknown = only.filter((id) => !mutants.some((mutant) => mutant.id === id));
  if (unknown.length > 0) {
    throw new ConfigError(
      `--mutant: no mutant ${unknown.join(', ')} in this project. Run \`envelope-mutants list\` to see the ids (they depend on --seed and the mutators).`,
    );
  }
  const wanted = only.length === 0 ? mutants : mutants.filter((m) => only.includes(m.id));
  return wanted.flatMap((mutant) => {
    const site = siteByKey.get(mutant.siteKey);
    if (site === undefined) return [];
    return [{ mutant, site, expectedKillers: killers.get(mutant.mutatorName) ?? [] }];
  });
}
