import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Site, TestInfo } from '../mutant/mutation-run.js';
import type { Taxonomy } from '../taxonomy/taxonomy.js';
import { assertionStyleOf } from './assertion-style.js';
import { survivorHint, type SurvivorHint } from './survivor-hint.js';

/** What `explain ID` knows about one mutant (the config gives the rest). */
export interface HintForSiteInput {
  readonly mutantId: string;
  readonly mutatorName: string;
  readonly site: Site;
  readonly tests: readonly TestInfo[];
  /** Absolute; the covering test file is read from here to pick the assertion style. */
  readonly projectRoot: string;
  readonly canaries: readonly string[];
  readonly taxonomy: Taxonomy;
}

/**
 * The hint for one mutant whatever its verdict (for `explain`: a survivor, or a kill that named no
 * rule), in the style of its covering test file; `undefined` when no single line kills it here.
 *
 * @internal
 */
export function hintForSite(input: HintForSiteInput): SurvivorHint | undefined {
  let source = '';
  try {
    source = readFileSync(path.resolve(input.projectRoot, input.site.file), 'utf8');
  } catch {
    // An unreadable file gets labelled `expect`, which needs no import.
  }
  return survivorHint(
    { id: input.mutantId, mutatorName: input.mutatorName, status: 'Survived' },
    {
      site: input.site,
      tests: input.tests,
      style: assertionStyleOf(source),
      canaries: input.canaries,
      taxonomy: input.taxonomy,
    },
  );
}
