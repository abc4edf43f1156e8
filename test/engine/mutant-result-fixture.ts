import type { MutantResult, MutantStatus, MutationRun } from '../../src/mutant/mutation-run.js';
import type { RuleName } from '../../src/oracle/rule-name.js';
import { makeRun } from '../support/make-run.js';

/** A change-id mutant's verdict, covered by test `t1`; a kill is at `rule` (named unless null). */
export function mutantResult(
  id: string,
  status: MutantStatus,
  rule: RuleName | null = 'jsonrpc.id',
): MutantResult {
  return {
    id,
    siteKey: 'site',
    mutatorName: 'change-id',
    replacement: 'id 1 → 2',
    path: ['id'],
    status,
    killedBy: status === 'Killed' ? ['t1'] : [],
    coveredBy: ['t1'],
    ...(status === 'Killed' ? { killedAt: { test: 't1', rule, named: rule !== null } } : {}),
  };
}

/** A complete run of `mutants` alone, in the project at `projectRoot`. */
export function runOf(mutants: readonly MutantResult[], projectRoot = '.'): MutationRun {
  return makeRun({
    projectRoot,
    seed: 1,
    sites: [],
    tests: [],
    mutants,
    vitestRuns: 1,
    durationMs: 1,
  });
}
