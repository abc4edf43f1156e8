import type { Site } from '../mutant/mutation-run.js';
import { toJsonText } from '../envelope/json-text.js';
import type { Discovery } from './discover.js';
import { carriedOver } from './round-outcome.js';
import { failureHeadline } from './failure-headline.js';

/**
 * The first way two discovery runs of one suite disagree, in a sentence, or `null` when they
 * agree: the same tests (by id, name and file, all passed or skipped alike) and the same sites
 * (key, kind, file, covering tests, recorded value and check context). Durations are ignored:
 * they differ on every run. Order is ignored: parallel workers finish files in any order.
 */
export function firstDifference(reference: Discovery, other: Discovery): string | null {
  return (
    processDifference(other) ??
    errorDifference(other) ??
    testDifference(reference, other) ??
    siteDifference(reference.sites, other.sites)
  );
}

/**
 * A copy of a file that started in a process an earlier file had changed: its run is not the
 * file's run in a process of its own, whatever it recorded. First, as it is the likely cause of
 * any other difference.
 */
function processDifference(other: Discovery): string | null {
  const found = carriedOver(other.outcome);
  return found === undefined
    ? null
    : `${found.file} started in a process an earlier test file had changed (${found.carried})`;
}

/**
 * An error outside any test of a file (a failed hook, or one vitest tied to the file's own
 * worker): the reference run, which passed discovery, had none, and vitest would fail this one
 * whatever its tests said. An error outside every file never gets here: both callers read copies,
 * and stop at such an error of their run before comparing any copy.
 */
function errorDifference(other: Discovery): string | null {
  for (const file of other.outcome.files.values()) {
    const [error] = file.errors;
    if (error !== undefined)
      return `an error outside any test of ${file.file}: ${failureHeadline(error)}`;
  }
  return null;
}

function testDifference(reference: Discovery, other: Discovery): string | null {
  const after = other.outcome.tests;
  for (const [id, test] of reference.outcome.tests) {
    const seen = after.get(id);
    if (seen === undefined) return `test "${test.name}" did not run`;
    if (seen.state !== test.state)
      return `test "${test.name}" ${seen.state} (it ${test.state} in the reference run)`;
  }
  for (const [id, test] of after) {
    if (!reference.outcome.tests.has(id)) return `test "${test.name}" ran only in this run`;
  }
  return null;
}

function siteDifference(reference: readonly Site[], other: readonly Site[]): string | null {
  const sites = new Map(other.map((site) => [site.key, site]));
  for (const site of reference) {
    const seen = sites.get(site.key);
    if (seen === undefined) return `site ${site.key} was not observed`;
    const field = differingField(site, seen);
    if (field !== null) return `site ${site.key} recorded a different ${field}`;
  }
  const known = new Set(reference.map((site) => site.key));
  const extra = other.find((site) => !known.has(site.key));
  return extra === undefined ? null : `site ${extra.key} was observed only in this run`;
}

function differingField(a: Site, b: Site): string | null {
  if (a.kind !== b.kind) return 'kind';
  if (a.file !== b.file) return 'file';
  if (a.fileLevel !== b.fileLevel) return 'scope (test or file)';
  if (!sameSet(a.testIds, b.testIds)) return 'set of covering tests';
  // Envelopes may nest deeper than JSON.stringify's recursion reaches (10,000 levels).
  if (toJsonText(a.value) !== toJsonText(b.value)) return a.kind;
  if (toJsonText(a.check) !== toJsonText(b.check)) return 'check context';
  return null;
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const set = new Set(a);
  return a.length === b.length && b.every((item) => set.has(item));
}
