import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { MutationRun } from '../mutant/mutation-run.js';
import { resolveTaxonomy } from '../taxonomy/resolve-taxonomy.js';
import type { Taxonomy } from '../taxonomy/taxonomy.js';
import { assertionStyleOf } from './assertion-style.js';
import type { AssertionStyle } from './hint-line.js';
import { notNamed, survivorHint, type SurvivorHint } from './survivor-hint.js';

/** Options of {@link hintsOfRun}; each defaults to what the project root holds. */
export interface HintsOfRunOptions {
  /** A test file's source, or `undefined` when it cannot be read; default: read from disk. */
  readonly readSource?: (relativeFile: string) => string | undefined;
  /** Default: `canaries` of the project's `envelope-mutants.config.json`, if any. */
  readonly canaries?: readonly string[];
  /** Default: the run's profile plus the config file's `taxonomy`. */
  readonly taxonomy?: Taxonomy;
  /** Default: `allowedValues` of the project's `envelope-mutants.config.json`, if any. */
  readonly allowedValues?: readonly string[];
}

/**
 * The hint of every surviving (or uncovered) mutant of a run, and of every kill that named no rule
 * the mutator expects, by mutant id. The assertion style comes from each covering test file's
 * source; a file that cannot be read gets labelled `expect`.
 *
 * @internal
 */
export function hintsOfRun(
  run: MutationRun,
  options: HintsOfRunOptions = {},
): ReadonlyMap<string, SurvivorHint> {
  const hints = new Map<string, SurvivorHint>();
  const survivors = run.mutants.filter(
    (m) => m.status === 'Survived' || m.status === 'NoCoverage' || notNamed(m) !== undefined,
  );
  if (survivors.length === 0) return hints;
  const readSource = options.readSource ?? fromDisk(run.projectRoot);
  const config =
    options.canaries === undefined ||
    options.taxonomy === undefined ||
    options.allowedValues === undefined
      ? configFile(run.projectRoot)
      : {};
  const canaries = options.canaries ?? strings(config['canaries']);
  const allowedValues = options.allowedValues ?? strings(config['allowedValues']);
  const taxonomy = options.taxonomy ?? taxonomyOf(run.profile, config['taxonomy']);
  const sites = new Map(run.sites.map((site) => [site.key, site]));
  const styles = new Map<string, AssertionStyle>();
  for (const mutant of survivors) {
    const site = sites.get(mutant.siteKey);
    if (site === undefined) continue;
    let style = styles.get(site.file);
    if (style === undefined) {
      style = assertionStyleOf(readSource(site.file) ?? '');
      styles.set(site.file, style);
    }
    const hint = survivorHint(mutant, {
      site,
      tests: run.tests,
      style,
      canaries,
      allowedValues,
      taxonomy,
    });
    if (hint !== undefined) hints.set(mutant.id, hint);
  }
  return hints;
}

function fromDisk(root: string): (file: string) => string | undefined {
  return (file) => {
    try {
      return readFileSync(path.resolve(root, file), 'utf8');
    } catch {
      return undefined;
    }
  };
}

/**
 * The JSON config file's members, read leniently: the run already validated it, and a hint must
 * never fail a report (a `.js` config, or none, simply gives no canaries).
 */
function configFile(root: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(
      readFileSync(path.join(root, 'envelope-mutants.config.json'), 'utf8'),
    );
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function strings(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}

function taxonomyOf(profile: string, taxonomy: unknown): Taxonomy {
  try {
    return resolveTaxonomy({ profile, ...(taxonomy === undefined ? {} : { taxonomy }) });
  } catch {
    // An unknown profile or a malformed taxonomy was reported by the run itself.
    return resolveTaxonomy();
  }
}
