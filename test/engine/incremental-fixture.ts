import type {
  Mutant,
  MutantStatus,
  MutationRun,
  Site,
  TestInfo,
} from '../../src/mutant/mutation-run.js';
import type { CheckContext } from '../../src/oracle/check-context.js';
import type { RoundMutant } from '../../src/engine/execute-rounds.js';

// A project of two test files, `a.spec.ts` (test a1) and `b.spec.ts` (test b1), as incremental
// runs see it: their tests, their helpers, change-id mutants of their sites, and a saved run.

export const TESTS: TestInfo[] = [
  { id: 'a1', name: 'a', file: 'a.spec.ts' },
  { id: 'b1', name: 'b', file: 'b.spec.ts' },
];
/** Neither test file imports another file of the project. */
export const NO_HELPERS = new Map([
  ['a.spec.ts', []],
  ['b.spec.ts', []],
]);

/** A change-id mutant of a site `testId` reaches, whose value is `value`. */
export function entry(id: string, testId: 'a1' | 'b1', value: unknown = { id: 1 }): RoundMutant {
  const file = testId === 'a1' ? 'a.spec.ts' : 'b.spec.ts';
  const site = {
    key: `site-${id}`,
    kind: 'envelope',
    file,
    testIds: [testId],
    fileLevel: false,
    value,
    check: {} as CheckContext,
  } satisfies Site;
  const mutant: Mutant = {
    id,
    siteKey: site.key,
    mutatorName: 'change-id',
    variantIndex: 0,
    replacement: 'id 1 → 2',
    path: ['id'],
    value: { id: 2 },
  };
  return { mutant, site, expectedKillers: ['jsonrpc.id'] };
}

/** A complete run of `entries`, each mutant with the status `status` gives it. */
export function runOf(
  entries: readonly RoundMutant[],
  status: (id: string) => MutantStatus,
): MutationRun {
  return {
    projectRoot: '.',
    profile: 'p',
    seed: 1,
    strict: false,
    thresholds: { high: 80, low: 60, break: null },
    sites: entries.map((e) => e.site),
    tests: TESTS,
    mutants: entries.map(({ mutant }) => ({
      id: mutant.id,
      siteKey: mutant.siteKey,
      mutatorName: mutant.mutatorName,
      replacement: mutant.replacement,
      path: mutant.path,
      status: status(mutant.id),
      killedBy: [],
      coveredBy: [],
    })),
    complete: true,
    vitestRuns: 1,
    durationMs: 1,
  };
}
