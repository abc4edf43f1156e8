import { instanceModuleId, type ReadLog } from '../taps/tap-protocol.js';
import { collectSites, collectTests } from './collect-sites.js';
import { DISCOVERY_BUDGET_MS, type Discovery } from './discover.js';
import { firstDifference } from './first-difference.js';
import { EMPTY_OUTCOME } from './round-outcome.js';
import type { TestSession } from './test-session.js';
import { readsOfCopies, screenCopies, selectionOf, trackedPlan } from './track-sites.js';

/**
 * The check of a pool for instanced rounds ({@link runCopies}), with the screen beside it. A view
 * can make a suite throw outside its tests (a proxy posted to a worker): the screen alone must
 * never cost the suite its check, so the check then runs once more without it.
 */
export async function checkCopies(
  probe: TestSession,
  reference: Discovery,
  root: string,
): ReturnType<typeof runCopies> {
  const copies = await runCopies(probe, reference, root, true);
  return 'outsideTests' in copies ? runCopies(probe, reference, root, false) : copies;
}

/**
 * Instanced rounds run a copy of a file per mutant, several at once: two copies of every file,
 * side by side in one run and unmutated, must each say what the reference run said (the same
 * tests, passed alike, and the same sites). The first copy's run, as a discovery, or the first
 * difference. Beside them, when `screened`, runs a screen copy of every file (`screenCopies`),
 * whose reads never decide the check.
 */
async function runCopies(
  probe: TestSession,
  reference: Discovery,
  root: string,
  screened: boolean,
): Promise<
  | { readonly discovery: Discovery; readonly screen: ReadonlyMap<string, ReadLog> }
  | { readonly difference: string; readonly outsideTests?: true }
> {
  const files = [...reference.outcome.files.values()];
  const tags = ['a', 'b'];
  const screen = screened ? screenCopies(reference) : [];
  const tracked = trackedPlan(reference, screen);
  const selection = new Map([
    ...files.flatMap((file) =>
      tags.map((tag) => [instanceModuleId(file.moduleId, tag), 'all'] as const),
    ),
    ...selectionOf(screen),
  ]);
  const plan = {
    mode: 'record' as const,
    root,
    mutations: {},
    ...tracked,
    instances: { ...tracked.instances, a: {}, b: {} },
  };
  const run = await probe.run(plan, selection, DISCOVERY_BUDGET_MS);
  if (run.outcome === null) return { difference: 'they did not finish' };
  const unhandled = run.outcome.unhandled[0];
  if (unhandled !== undefined)
    return {
      difference: `an error outside any test: ${unhandled.split('\n', 1)[0] ?? ''}`,
      outsideTests: true,
    };
  const seen = tags.map((tag) => {
    const copy = run.outcome?.instances?.get(tag) ?? EMPTY_OUTCOME;
    return { sites: collectSites(copy), tests: collectTests(copy), outcome: copy };
  });
  for (const copy of seen) {
    const difference = firstDifference(reference, copy);
    if (difference !== null) return { difference };
  }
  return {
    discovery: seen[0] ?? reference,
    screen: readsOfCopies(reference, screen, run.outcome),
  };
}
