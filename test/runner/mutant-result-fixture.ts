import type { MutantResult, MutantStatus } from '../../src/mutant/mutation-run.js';
import type { RuleName } from '../../src/oracle/rule-name.js';

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
