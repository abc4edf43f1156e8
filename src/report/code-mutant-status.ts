import type { MutantResult as SchemaMutant } from 'mutation-testing-report-schema';
import type { MutantStatus } from '../mutant/mutation-run.js';

/**
 * A schema status as one of ours. `CompileError` (a mutant TypeScript rejects) becomes
 * `RuntimeError`: both are invalid mutants, outside the denominator of either score.
 *
 * @internal
 */
export function codeMutantStatus(status: SchemaMutant['status']): MutantStatus {
  return status === 'CompileError' ? 'RuntimeError' : status;
}
