import type { MutationRun, Thresholds } from '../mutant/mutation-run.js';
import { formatScore, scoresOf } from './scores.js';
import { brittlenessOf, type Brittleness } from './brittleness.js';

/** What the gate reads; a run gives it through `scoresOf`, a merged report through its summary. */
export interface GateInput {
  readonly thresholds: Thresholds;
  readonly strict: boolean;
  readonly complete: boolean;
  readonly mutationScore: number;
  readonly namedKillScore: number;
  /** Checked against `thresholds.brittle`; absent or without harmless mutants: not checked. */
  readonly brittleness?: Pick<Brittleness, 'brittle' | 'harmless' | 'percent'>;
}

/** @internal */
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
 *
 * @internal
 */
export function gateExitCode(run: MutationRun): 0 | 1 {
  return gateResult(gateInputOf(run)).exitCode;
}

/** @internal */
export function gateInputOf(run: MutationRun): GateInput {
  const scores = scoresOf(run);
  return {
    thresholds: run.thresholds,
    strict: run.strict,
    complete: run.complete,
    mutationScore: scores.mutationScore,
    namedKillScore: scores.namedKillScore,
    brittleness: brittlenessOf(run),
  };
}

/**
 * The gate's verdict with its reason. As in Stryker, no `break` means no failure. With a `break`,
 * a NaN score (no valid mutant) fails: nothing was tested, and a gate that passes an empty run
 * (a misconfigured project, taps never reached) would let any regression through.
 *
 * @internal
 */
export function gateResult(input: GateInput): GateResult {
  const result = harmlessOnly(input) ? harmlessOnlyGate(input) : scoreGate(input);
  const brittle = brittleGateFailure(input);
  if (brittle === undefined || !input.complete) return result;
  const before = result.message.replace(/: gate failed$/, '');
  return { ...result, exitCode: 1, message: `${before}; ${brittle}: gate failed` };
}

/**
 * Why the brittleness breaks `thresholds.brittle`, or `undefined`: more brittle harmless mutants
 * (in percent of those tested) than allowed. No threshold or no harmless mutant: never.
 */
function brittleGateFailure(input: GateInput): string | undefined {
  const allowed = input.thresholds.brittle;
  const figure = input.brittleness;
  if (allowed === undefined || figure?.percent === undefined || figure.percent === null) {
    return undefined;
  }
  if (figure.percent <= allowed) return undefined;
  return `brittle ${formatScore(figure.percent)} (${figure.brittle} / ${figure.harmless} harmless mutants) is above thresholds.brittle ${allowed}`;
}

/**
 * A complete run that tested harmless mutants and nothing else (`--mutators harmless`): it has no
 * score by design, so `break` does not apply; `thresholds.brittle` judges it.
 */
function harmlessOnly(input: GateInput): boolean {
  const score = input.strict ? input.namedKillScore : input.mutationScore;
  return input.complete && Number.isNaN(score) && (input.brittleness?.harmless ?? 0) > 0;
}

function harmlessOnlyGate(input: GateInput): GateResult {
  const scoreName = input.strict ? 'named-kill score' : 'mutation score';
  return {
    exitCode: 0,
    scoreName,
    score: NaN,
    message: `${scoreName} n/a: only harmless mutants were tested, break does not apply`,
  };
}

function scoreGate(input: GateInput): GateResult {
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
