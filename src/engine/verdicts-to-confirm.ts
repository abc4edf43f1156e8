import { createHash } from 'node:crypto';
import type { MutantResult } from '../mutant/mutation-run.js';

/** How many kills of a run in vmForks are re-run in the project's own pool. */
export const KILLS_TO_CONFIRM = 20;

/**
 * The verdicts of rounds run in vmForks that are re-run in the project's own pool before they
 * are reported. The pool check compared one run without mutants; code reached only under a
 * mutant (an error path that writes to `process`, a cross-realm `instanceof`) was never
 * compared. So every verdict that is not a kill is confirmed — a survivor is what a user acts
 * on, and a timeout or a crash may be the pool's doing — and a sample of the kills, drawn by
 * seed so that the same run confirms the same mutants, from tests that can share one round.
 * A kill by a failure no assertion labelled (`killedAt.rule` null) is where such a difference
 * shows (an error a Node built-in threw fails the suite's `instanceof TypeError` in a VM context,
 * and the suite throws it on): one of each kind of such failure ({@link failureKind}), up to
 * {@link KILLS_TO_CONFIRM}, is confirmed whatever its files, as the confirmations run a copy per
 * mutant. Survivors proven unobserved (`verdictSource: 'unobserved'`) are sampled as kills are.
 */
export function verdictsToConfirm(
  results: Iterable<MutantResult>,
  seed: number,
  fileOf: (testId: string) => string = (testId) => testId,
): string[] {
  const judged = [...results].filter(
    (result) => !['NoCoverage', 'Ignored', 'Pending'].includes(result.status),
  );
  const unobserved = (result: MutantResult): boolean => result.verdictSource === 'unobserved';
  const others = judged
    .filter((result) => result.status !== 'Killed' && !unobserved(result))
    .map((result) => result.id);
  const bySeed = (sample: readonly MutantResult[]): MutantResult[] =>
    sample
      .map((result) => ({ result, rank: rankOf(result.id, seed) }))
      .sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0))
      .map(({ result }) => result);
  const kills = bySeed(judged.filter((result) => result.status === 'Killed'));
  const unlabelled = kills.filter((result) => result.killedAt?.rule === null);
  // The first of each kind, in the seed's order.
  const kinds = new Map<string, string>();
  for (const kill of unlabelled) {
    const kind = failureKind(kill.statusReason);
    if (!kinds.has(kind)) kinds.set(kind, kill.id);
  }
  return [
    ...others,
    ...[...kinds.values()].slice(0, KILLS_TO_CONFIRM),
    ...oneRoundOf(
      kills.filter((result) => result.killedAt?.rule !== null),
      fileOf,
    ),
    // Unobserved survivors ran nowhere: a sample is re-run, one round's worth, as a check of the
    // proof's premises (a deterministic suite that never tells a view from its envelope).
    ...oneRoundOf(bySeed(judged.filter(unobserved)), fileOf),
  ];
}

/**
 * A failure's message without its values: the same check failing on other data is one kind
 * (`expected V to be V`, `expected {} to match object {}`), an error of another shape another.
 */
export function failureKind(reason: string | undefined): string {
  let kind = (reason ?? '').split('\n')[0] ?? '';
  kind = kind.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, 'V');
  // Innermost brackets first, until none is left: nested objects collapse to one `{}`.
  for (let before = ''; before !== kind;) {
    before = kind;
    kind = kind.replace(/\{(?:[^{}]|\{\})*\}/g, '{}').replace(/\[(?:[^[\]]|\[\])*\]/g, '[]');
  }
  return kind
    .replace(/-?\d+(?:\.\d+)?/g, 'V')
    .replace(/\b(?:undefined|null|true|false|NaN)\b/g, 'V')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Up to {@link KILLS_TO_CONFIRM} verdicts, in the given order, whose test files are disjoint
 * (`fileOf` maps a covering test to its file): they share one round, so the sample costs one
 * vitest run in the project's pool.
 */
function oneRoundOf(kills: readonly MutantResult[], fileOf: (testId: string) => string): string[] {
  const busy = new Set<string>();
  const chosen: string[] = [];
  for (const kill of kills) {
    if (chosen.length === KILLS_TO_CONFIRM) break;
    const files = kill.coveredBy.map(fileOf);
    if (files.some((file) => busy.has(file))) continue;
    for (const file of files) busy.add(file);
    chosen.push(kill.id);
  }
  return chosen;
}

/**
 * What an interrupted run in vmForks reports before (or part way through) its confirmation: every
 * verdict it reached. The verdicts no pool decides (no coverage, ignored) stand as they are. A
 * survivor, timeout or crash that no re-run in the project's pool (`confirmations`) agreed with
 * cannot stand as a verdict (docs/verdict-contract.md): the mutant stays `Pending`, the unconfirmed
 * verdict in its `statusReason`, and `--incremental` runs it again. Kills and survivors proven
 * unobserved stand once the sample of them that `verdictsToConfirm` chose (`chosen`) came back
 * agreeing: a complete run whose sample disagreed would have run every mutant again in the
 * project's pool, so before the sample has answered they are not final either.
 */
export function keptOnInterrupt(
  results: ReadonlyMap<string, MutantResult>,
  confirmations: ReadonlyMap<string, MutantResult>,
  chosen: Iterable<string>,
): Map<string, MutantResult> {
  const sampled = (result: MutantResult | undefined): boolean =>
    result !== undefined && (result.status === 'Killed' || result.verdictSource === 'unobserved');
  const sampleAnswered = [...chosen].every(
    (id) => !sampled(results.get(id)) || confirmations.has(id),
  );
  const agreed = firstDisagreement(results, confirmations) === null;
  const confirmed = (id: string, result: MutantResult): boolean => {
    const again = confirmations.get(id);
    return again !== undefined && verdictOf(again) === verdictOf(result);
  };
  const keep = (id: string, result: MutantResult): MutantResult => {
    if (['NoCoverage', 'Ignored', 'Pending'].includes(result.status) || confirmed(id, result))
      return result;
    if (!sampled(result) || !agreed) return unconfirmed(result, 'its re-run');
    return sampleAnswered ? result : unconfirmed(result, 'a sample of its kind was re-run');
  };
  return new Map([...results].map(([id, result]) => [id, keep(id, result)]));
}

/** A verdict that is not final: `Pending`, saying what it was and what it waited for. */
function unconfirmed(result: MutantResult, waitedFor: string): MutantResult {
  const reason = result.statusReason === undefined ? '' : `: ${result.statusReason}`;
  return {
    ...result,
    status: 'Pending',
    statusReason: `not confirmed: ${result.status} in vmForks${reason}; the run was interrupted before ${waitedFor} in the project's pool`,
  };
}

/**
 * The first mutant whose verdict (status, and for a kill the rule and whether it was named)
 * differs between the two pools, in a sentence; `null` when every re-run verdict agrees.
 */
export function firstDisagreement(
  inVmForks: ReadonlyMap<string, MutantResult>,
  inProjectPool: ReadonlyMap<string, MutantResult>,
): string | null {
  for (const [id, theirs] of inProjectPool) {
    const ours = inVmForks.get(id);
    if (ours === undefined || verdictOf(ours) === verdictOf(theirs)) continue;
    return `mutant ${id} was ${verdictOf(ours)} in vmForks but ${verdictOf(theirs)} in the project's pool`;
  }
  return null;
}

function verdictOf(result: MutantResult): string {
  if (result.status !== 'Killed') return result.status;
  const rule = result.killedAt?.rule ?? null;
  return rule === null ? 'Killed by an unnamed failure' : `Killed at ${rule}`;
}

function rankOf(id: string, seed: number): string {
  return createHash('sha256').update(`${seed}:${id}`).digest('hex');
}
