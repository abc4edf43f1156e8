import { isEquivalent } from '../../mutators/_json.js';
import type { Taxonomy } from '../taxonomy/taxonomy.js';
import type { Mutant, Site } from '../mutant/mutation-run.js';
import { type Mutator, type MutatorContext, variantsFor } from '../mutant/mutator.js';
import { mutantId } from '../mutant/mutant-id.js';

/** Options of {@link generateMutants}: what every mutator's context shares. */
export interface GenerateMutantsOptions {
  readonly taxonomy: Taxonomy;
  readonly seed: number;
  /** The project's canaries (config `canaries`); empty plants `CANARY_PATTERN` values. */
  readonly canaries: readonly string[];
}

/**
 * Step 2 of a run (docs/design.md "Generate"): every applicable mutator on every site. Envelope
 * mutators see envelope sites, decision mutators decision sites, log sites the mutators with
 * `mutateLine` ({@link variantsFor}). The order is deterministic: sites by key, then mutators in
 * the given order, then variants as yielded. A variant equivalent to the site's value, or to an
 * earlier variant of the same mutator, is dropped ({@link isEquivalent}: deep-equal for a defect
 * mutator, the same JSON text, member order included, for a harmless one). The variant index
 * counts every yielded variant, so dropping one never renumbers the others.
 */
export function generateMutants(
  sites: readonly Site[],
  mutators: readonly Mutator[],
  options: GenerateMutantsOptions,
): Mutant[] {
  const ordered = [...sites].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return ordered.flatMap((site) =>
    mutators.flatMap((mutator) => mutantsOf(site, mutator, options)),
  );
}

function mutantsOf(site: Site, mutator: Mutator, options: GenerateMutantsOptions): Mutant[] {
  const context: MutatorContext = {
    taxonomy: options.taxonomy,
    seed: options.seed,
    canaries: options.canaries,
    check: site.check,
  };
  const mutants: Mutant[] = [];
  const seen: unknown[] = [site.value];
  let variantIndex = 0;
  for (const variant of variantsFor(mutator, site.kind, site.value, context)) {
    const index = variantIndex;
    variantIndex += 1;
    if (seen.some((value) => isEquivalent(mutator, variant.value, value))) continue;
    seen.push(variant.value);
    mutants.push({
      id: mutantId(site.key, mutator.name, index, options.seed),
      siteKey: site.key,
      mutatorName: mutator.name,
      variantIndex: index,
      replacement: variant.replacement,
      path: variant.path,
      value: variant.value,
    });
  }
  return mutants;
}
