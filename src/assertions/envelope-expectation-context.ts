import type { CheckContext } from '../oracle/check-context.js';
import { resolveTaxonomy } from '../taxonomy/resolve-taxonomy.js';
import type { Taxonomy } from '../taxonomy/taxonomy.js';

/**
 * What a test knows about the envelope it asserts on: the oracle's {@link CheckContext} plus the
 * taxonomy to judge against. `taxonomy` is either a resolved `Taxonomy` (e.g. `loadConfig(...)
 * .taxonomy`) or the config file's `taxonomy` value (documented codes, failure classes, retry
 * table), resolved on `profile`.
 */
export interface EnvelopeExpectationContext extends CheckContext {
  /** A built-in profile name; default `mcp-2025-11-25`. Ignored when `taxonomy` is resolved. */
  readonly profile?: string;
  readonly taxonomy?: Taxonomy | Readonly<Record<string, unknown>>;
}

/** Options of the decision assertions: the taxonomy whose retry table decides. */
export interface ActionExpectationOptions {
  readonly profile?: string;
  readonly taxonomy?: Taxonomy | Readonly<Record<string, unknown>>;
}

const byProfile = new Map<string, Taxonomy>();

/**
 * The taxonomy an assertion judges against. Built-in profiles without project additions are
 * resolved once per process: assertions run in every test, often many times.
 */
export function taxonomyOf(options: ActionExpectationOptions = {}): Taxonomy {
  const { profile, taxonomy } = options;
  if (isResolvedTaxonomy(taxonomy)) return taxonomy;
  if (taxonomy !== undefined)
    return resolveTaxonomy({ ...(profile === undefined ? {} : { profile }), taxonomy });
  const key = profile ?? '';
  let resolved = byProfile.get(key);
  if (resolved === undefined) {
    resolved = resolveTaxonomy(profile === undefined ? {} : { profile });
    byProfile.set(key, resolved);
  }
  return resolved;
}

/** The oracle's part of the context: everything but `profile` and `taxonomy`. */
export function checkContextOf(context: EnvelopeExpectationContext): CheckContext {
  const { profile: _profile, taxonomy: _taxonomy, ...checkContext } = context;
  return checkContext;
}

function isResolvedTaxonomy(value: unknown): value is Taxonomy {
  return (
    typeof value === 'object' &&
    value !== null &&
    'codes' in value &&
    value.codes instanceof Map &&
    'failureClasses' in value &&
    value.failureClasses instanceof Map
  );
}
