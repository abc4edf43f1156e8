import { ConfigError } from '../../errors.js';
import { isJsonObject } from '../../envelope/json-value.js';
import { resolveTaxonomy } from '../../taxonomy/resolve-taxonomy.js';
import { PROFILE_NAMES, type ProfileName, type Taxonomy } from '../../taxonomy/taxonomy.js';
import { RECEIVED } from './validate-constraints.js';
import { describeValue } from '../../envelope/describe-value.js';

/** Constraints shared by every envelope arbitrary: what the envelopes are judged against. */
export interface EnvelopeConstraints {
  /** The built-in profile; default `mcp-2025-11-25`. Ignored when `taxonomy` is given. */
  readonly profile?: ProfileName;
  /**
   * A resolved taxonomy (`resolveTaxonomy({ profile, taxonomy })`), to draw the project's own
   * failure classes and documented codes too. Its profile must equal `profile` when both are set.
   */
  readonly taxonomy?: Taxonomy;
}

/** The taxonomy an envelope arbitrary draws from, or a ConfigError naming the API. */
export function envelopeTaxonomy(api: string, constraints: EnvelopeConstraints): Taxonomy {
  const { profile, taxonomy } = constraints;
  if (profile !== undefined && !(PROFILE_NAMES as readonly unknown[]).includes(profile)) {
    throw new ConfigError(
      `${api}: constraints.profile should be one of ${PROFILE_NAMES.join(', ')}, received ${describeValue(profile, RECEIVED)}. Leave it out for mcp-2025-11-25.`,
    );
  }
  if (taxonomy === undefined) return resolveTaxonomy({ profile: profile ?? 'mcp-2025-11-25' });
  if (!isTaxonomy(taxonomy)) {
    throw new ConfigError(
      `${api}: constraints.taxonomy should be a taxonomy, received ${describeValue(taxonomy, RECEIVED)}. Build one with resolveTaxonomy({ profile }).`,
    );
  }
  if (profile !== undefined && taxonomy.profile.name !== profile) {
    throw new ConfigError(
      `${api}: constraints.profile is "${profile}" but constraints.taxonomy is built on "${taxonomy.profile.name}". Give one of them, or make them agree.`,
    );
  }
  return taxonomy;
}

function isTaxonomy(value: unknown): value is Taxonomy {
  return (
    isJsonObject(value) &&
    isJsonObject(value['profile']) &&
    value['codes'] instanceof Map &&
    value['failureClasses'] instanceof Map &&
    Array.isArray(value['retryTable'])
  );
}

/** True for the MCP profiles: they have a tool layer (`tools/call`, `isError`). */
export function hasToolLayer(taxonomy: Taxonomy): boolean {
  return taxonomy.profile.name !== 'jsonrpc-2.0';
}
