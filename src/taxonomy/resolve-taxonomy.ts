import { ConfigError } from '../errors.js';
import { isJsonObject } from '../envelope/json-value.js';
import { DEFAULT_RETRY_TABLE } from './default-retry-table.js';
import { DEFAULT_PROFILE, getProfile } from './profiles/profiles.js';
import { kind, readProjectCodes } from './read-project-codes.js';
import { readProjectFailureClasses } from './read-project-failure-classes.js';
import { readRetryTable } from './read-retry-table.js';
import type { CodeDoc, FailureClassRule, Taxonomy } from './taxonomy.js';

/** Options of {@link resolveTaxonomy}. */
export interface ResolveTaxonomyOptions {
  /** A built-in profile name; default `mcp-2025-11-25`. */
  readonly profile?: string;
  /** The config file's `taxonomy` value (unknown at this boundary; validated here). */
  readonly taxonomy?: unknown;
}

const TAXONOMY_KEYS = ['codes', 'failureClasses', 'retryTable'] as const;

/**
 * The taxonomy the oracle judges against: a built-in profile plus the project's documented codes,
 * failure classes and retry table (which ends with the default policy). Throws a `ConfigError`
 * naming the field for an unknown profile, a malformed shape, or a private code that collides with
 * a standard one or sits in a band the profile reserves.
 */
export function resolveTaxonomy(options: ResolveTaxonomyOptions = {}): Taxonomy {
  if (!isJsonObject(options)) {
    throw new ConfigError(
      `resolveTaxonomy: expected an options object but received ${kind(options)}. Pass {profile?, taxonomy?}.`,
    );
  }
  const profile = getProfile(options.profile ?? DEFAULT_PROFILE);
  const project = readTaxonomyObject(options.taxonomy);
  const codes = new Map<number, CodeDoc>(profile.codes.map((doc) => [doc.code, doc]));
  for (const doc of readProjectCodes(project['codes'], profile, 'taxonomy.codes'))
    codes.set(doc.code, doc);
  const failureClasses = new Map<string, FailureClassRule>(
    profile.failureClasses.map((rule) => [rule.name, rule]),
  );
  for (const rule of readProjectFailureClasses(
    project['failureClasses'],
    codes,
    'taxonomy.failureClasses',
  )) {
    failureClasses.set(rule.name, rule);
  }
  const retryTable = [
    ...readRetryTable(project['retryTable'], 'taxonomy.retryTable'),
    ...DEFAULT_RETRY_TABLE,
  ];
  return { profile, codes, failureClasses, retryTable };
}

function readTaxonomyObject(value: unknown): Readonly<Record<string, unknown>> {
  if (value === undefined) return {};
  if (!isJsonObject(value)) {
    throw new ConfigError(
      `taxonomy: expected an object but received ${kind(value)}. Write "taxonomy": {"codes": [], "failureClasses": {}, "retryTable": []}.`,
    );
  }
  for (const key of Object.keys(value)) {
    if (!(TAXONOMY_KEYS as readonly string[]).includes(key)) {
      throw new ConfigError(`taxonomy.${key}: unknown key. Use ${TAXONOMY_KEYS.join(', ')}.`);
    }
  }
  return value;
}
