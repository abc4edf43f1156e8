import { ConfigError } from '../errors.js';
import { isJsonObject } from '../envelope/json-value.js';
import type { Taxonomy } from '../taxonomy/taxonomy.js';

/** A cheap shape check so a wrong third argument is a `ConfigError`, not a TypeError deep in a rule. */
export function assertTaxonomy(taxonomy: unknown, where: string): asserts taxonomy is Taxonomy {
  const ok =
    isJsonObject(taxonomy) &&
    isJsonObject(taxonomy['profile']) &&
    taxonomy['codes'] instanceof Map &&
    taxonomy['failureClasses'] instanceof Map &&
    Array.isArray(taxonomy['retryTable']);
  if (!ok) {
    throw new ConfigError(
      `${where}: expected a Taxonomy. Build one with resolveTaxonomy({ profile, taxonomy }).`,
    );
  }
}
