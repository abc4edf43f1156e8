import { gateResult, type GateResult } from '../report/gate.js';
import type { MergedReport } from './merge-stryker-report.js';

/**
 * The one gate of `run --with-stryker`: the run's thresholds on the merged scores.
 *
 * @internal
 */
export function gateMergedReport(merged: MergedReport): GateResult {
  const summary = merged.envelopeMutants;
  return gateResult({
    thresholds: summary.thresholds,
    strict: summary.strict,
    complete: summary.complete,
    mutationScore: summary.mutationScore ?? NaN,
    namedKillScore: summary.namedKillScore ?? NaN,
  });
}
