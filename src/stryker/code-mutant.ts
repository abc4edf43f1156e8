import type { KilledAt, MutantStatus } from '../mutant/mutation-run.js';

/**
 * One code-level mutant of a StrykerJS report, attributed like an envelope mutant. There is no
 * mutator expectation for a code mutant (StrykerJS's `EqualityOperator` may break any rule), so
 * its kill is **named** when the failing assertion names any rule, and never "elsewhere".
 */
export interface CodeMutant {
  /** The StrykerJS mutant id, unique within its report. */
  readonly id: string;
  /** Source file, as the StrykerJS report names it (relative to its project root). */
  readonly file: string;
  readonly mutatorName: string;
  readonly replacement: string | null;
  /** The report's status; StrykerJS's `CompileError` counts as a `RuntimeError` (both invalid). */
  readonly status: MutantStatus;
  readonly statusReason: string | null;
  /** Only on a kill: the first failing test (its name when the report lists it) and its rule. */
  readonly killedAt?: KilledAt;
}
