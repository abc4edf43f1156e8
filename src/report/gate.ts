import type { MutationRun, Thresholds } from '../mutant/mutant.js';
import { formatScore, scoresOf } from './scores.js';

/** What the gate reads; a run gives it through `scoresOf`, a merged report through its summary. */
export interface GateInput {
  readonly thresholds: Thresholds;
  readonly strict: boolean;
  readonly complete: boolean;
  readonly mutationScore: number;
  readonly namedKillScore: number;
}

export interface GateResult {
  /** 0 passed, 1 failed (below `thresholds.break`, or the run was interrupted). */
  readonly exitCode: 0 | 1;
  /** Which score decided: the named-kill score under `strict`, the mutation score otherwise. */
  readonly scoreName: 'mutation score' | 'named-kill score';
  readonly score: number;
  /** One line for the console, e.g. `named-kill score 42.00% is below break 50`. */
  readonly message: string;
}

/**
 * The exit code of `run`: 1 when the deciding score is below `thresholds.break`, or when the run
 * is incomplete (an interrupted run has `Pending` mutants and proves nothing); 0 otherwise.
 */
export function gateExitCode(run: MutationRun): 0 | 1 {
  return gateResult(gateInputOf(run)).exitCode;
}

export function gateInputOf(run: MutationRun): GateInput {
  const scores = scoresOf(run);
  return {
    thresholds: run.thresholds,
    strict: run.strict,
    complete: run.complete,
    mutationScore: scores.mutationScore,
    namedKillScore: scores.namedKillScore,
  };
}

/**
 * The gate's verdict with its reason. As in Stryker, no `break` means no failure. With a `break`,
 * a NaN score (no valid mutant) fails: nothing was tested, and a gate that passes an empty run
 * (a misconfigured project, taps never reached) would let any regression through.
 */
export function gateResult(input: GateInput): GateResult {
  const scoreName = input.strict ? 'named-kill score' : 'mutation score';
  const score = input.strict ? input.namedKillScore : input.mutationScore;
  const shown = `${scoreName} ${formatScore(score)}`;
  if (!input.complete) {
    return {
      exitCode: 1,
      scoreName,
      score,
      message: 'partial run (interrupted before every mutant was tested): no score, gate failed',
    };
  }
  const breakAt = input.thresholds.break;
  if (breakAt === null) {
    return { exitCode: 0, scoreName, score, message: `${shown}; no break threshold set` };
  }
  if (Number.isNaN(score)) {
    return {
      exitCode: 1,
      scoreName,
      score,
      message: `nothing was tested (no valid mutant, ${scoreName} n/a): gate failed under break ${breakAt}`,
    };
  }
  if (score < breakAt) {
    return {
      exitCode: 1,
      scoreName,
      score,
      message: `${shown} is below break ${breakAt}: gate failed`,
    };
  }
  return { exitCode: 0, scoreName, score, message: `${shown} meets break ${breakAt}` };
}
