import type { Site } from '../mutant/mutation-run.js';
import { instanceModuleId, type ReadLog } from '../taps/tap-protocol.js';
import { collectSites, collectTests } from './collect-sites.js';
import { DISCOVERY_BUDGET_MS, type Discovery } from './discover.js';
import { firstDifference } from './first-difference.js';
import { EMPTY_OUTCOME, testIdPrefixesOf, type RoundOutcome } from './round-outcome.js';
import type { TestSession } from './test-session.js';

/** One tracked copy to run: a test file, and the site (or every envelope site) it tracks. */
interface TrackedCopy {
  readonly tag: string;
  readonly file: string;
  readonly moduleId: string;
  /** The one site whose tap hands out views, or `null` for every envelope site (a screen). */
  readonly site: Site | null;
}

/**
 * What the suite read of each of `sites` (docs/design.md "Unobserved mutants"), by site key: one
 * unmutated copy of the site's file per site, all in one vitest run, where that site's tap alone
 * hands the suite a read-tracking view. A copy counts only if it says what the reference run said
 * of its file, and if it read at its site what `screen` (another run, with views at every site)
 * read there; a run that does not finish, or an error outside every copy, proves nothing.
 */
export async function trackSites(
  session: TestSession,
  reference: Discovery,
  sites: readonly Site[],
  root: string,
  screen: ReadonlyMap<string, ReadLog>,
): Promise<ReadonlyMap<string, ReadLog>> {
  const moduleIdOf = new Map(
    [...reference.outcome.files.values()].map((f) => [f.file, f.moduleId]),
  );
  const copies = sites.flatMap((site, index): TrackedCopy[] => {
    const moduleId = moduleIdOf.get(site.file);
    return moduleId === undefined ? [] : [{ tag: `t${index}`, file: site.file, moduleId, site }];
  });
  if (copies.length === 0) return new Map();
  const reads = await readCopies(session, reference, copies, root);
  // A suite whose reads change from run to run (a member picked at random) proves nothing, as one
  // whose results do fails the pool check: the copy must read what the screen read at that site.
  return new Map([...reads].filter(([key, log]) => sameReads(log, screen.get(key))));
}

/**
 * The screen in a run of its own (`screenCopies`), where no pool check carries it (`pool:
 * vmForks`, or rounds in the project's own pool): what the suite read of each envelope site, by
 * site key, from the copies that said what the reference run said of their file. A run that does
 * not finish, or an error outside every copy, screens nothing.
 */
export async function screenSites(
  session: TestSession,
  reference: Discovery,
  root: string,
): Promise<ReadonlyMap<string, ReadLog>> {
  return readCopies(session, reference, screenCopies(reference), root);
}

/**
 * One vitest run of `copies`, unmutated, and the reads of those that said what the reference run
 * said of their file; a run that does not finish, or an error outside every copy, reads nothing.
 */
async function readCopies(
  session: TestSession,
  reference: Discovery,
  copies: readonly TrackedCopy[],
  root: string,
): Promise<Map<string, ReadLog>> {
  const plan = { mode: 'record' as const, root, mutations: {}, ...trackedPlan(reference, copies) };
  const run = await session.run(plan, selectionOf(copies), DISCOVERY_BUDGET_MS);
  if (run.outcome === null || run.outcome.unhandled.length > 0) return new Map();
  return readsOfCopies(reference, copies, run.outcome);
}

/** The same reads, in any order (two runs may read in another order: the answers are the same). */
function sameReads(a: ReadLog, b: ReadLog | undefined): boolean {
  if (b === undefined || a.opaque !== b.opaque) return false;
  const text = (log: ReadLog): string =>
    JSON.stringify(log.reads.map((read) => JSON.stringify(read)).sort());
  return text(a) === text(b);
}

/**
 * A screen: one copy of each test file whose every envelope site hands out views. Views at sites
 * a mutant leaves alone make such a copy differ from any mutant's run, so its reads prove nothing;
 * they only tell which sites a tracked copy of their own may prove something for.
 */
export function screenCopies(reference: Discovery): readonly TrackedCopy[] {
  return [...reference.outcome.files.values()].map((file, index) => ({
    tag: `s${index}`,
    file: file.file,
    moduleId: file.moduleId,
    site: null,
  }));
}

/** The plan members that run `copies` as tracked instances. */
export function trackedPlan(
  reference: Discovery,
  copies: readonly TrackedCopy[],
): {
  instances: Record<string, Record<string, never>>;
  testIdPrefixes: Readonly<Record<string, string>>;
  tracked: Record<string, string | null>;
} {
  return {
    instances: Object.fromEntries(copies.map(({ tag }) => [tag, {}])),
    testIdPrefixes: testIdPrefixesOf([...reference.outcome.files.values()]),
    tracked: Object.fromEntries(copies.map(({ tag, site }) => [tag, site?.key ?? null])),
  };
}

/** The module ids that run `copies`. */
export function selectionOf(copies: readonly TrackedCopy[]): Map<string, 'all'> {
  return new Map(copies.map(({ tag, moduleId }) => [instanceModuleId(moduleId, tag), 'all']));
}

/**
 * The logs of the copies that said what the reference run said of their file (a suite that goes
 * on differently when handed a view proves nothing), by site key.
 */
export function readsOfCopies(
  reference: Discovery,
  copies: readonly TrackedCopy[],
  outcome: RoundOutcome,
): Map<string, ReadLog> {
  const reads = new Map<string, ReadLog>();
  for (const { tag, file, site } of copies) {
    const copy = outcome.instances?.get(tag) ?? EMPTY_OUTCOME;
    const said = { sites: collectSites(copy), tests: collectTests(copy), outcome: copy };
    if (firstDifference(ofFile(reference, file), said) !== null) continue;
    for (const each of copy.files.values()) {
      for (const [key, log] of Object.entries(each.report?.reads ?? {})) {
        if (site === null || site.key === key) reads.set(key, log);
      }
    }
  }
  return reads;
}

/** What a discovery run said of one test file: a tracked copy runs that file alone. */
function ofFile(discovery: Discovery, file: string): Discovery {
  const { outcome } = discovery;
  return {
    sites: discovery.sites.filter((site) => site.file === file),
    tests: discovery.tests.filter((test) => test.file === file),
    outcome: {
      ...outcome,
      tests: new Map([...outcome.tests].filter(([, test]) => test.file === file)),
      files: new Map([...outcome.files].filter(([, each]) => each.file === file)),
    },
  };
}
