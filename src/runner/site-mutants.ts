// Sites × mutators → mutants. Kept behind one function so the runner does not care where
// generation lives.
import { createHash } from 'node:crypto';
import type { Mutant, Site } from '../mutant/mutant.js';
import type { Mutator } from '../mutant/mutator.js';
import type { Taxonomy } from '../taxonomy/taxonomy.js';

export interface SiteMutantsOptions {
  readonly taxonomy: Taxonomy;
  readonly seed: number;
  readonly canaries: readonly string[];
}

/** Every variant of every applicable mutator on every site, in site then catalogue order. */
export function siteMutants(
  sites: readonly Site[],
  mutators: readonly Mutator[],
  options: SiteMutantsOptions,
): Mutant[] {
  const mutants: Mutant[] = [];
  for (const site of sites) {
    const context = { ...options, check: site.check };
    for (const mutator of mutators) {
      if (mutator.target !== site.kind) continue;
      let variantIndex = 0;
      for (const variant of mutator.mutate(site.value, context)) {
        mutants.push({
          id: stableMutantId(site.key, mutator.name, variantIndex, options.seed),
          siteKey: site.key,
          mutatorName: mutator.name,
          variantIndex,
          replacement: variant.replacement,
          path: variant.path,
          value: variant.value,
        });
        variantIndex += 1;
      }
    }
  }
  return mutants;
}

/** DESIGN.md "Generate": id = stable hash of (site key, mutator, variant index, seed). */
export function stableMutantId(
  siteKey: string,
  mutator: string,
  index: number,
  seed: number,
): string {
  const hash = createHash('sha256').update(JSON.stringify([siteKey, mutator, index, seed]));
  return hash.digest('hex').slice(0, 12);
}
