import type { MutantResult } from '../mutant/mutation-run.js';
import type { RoundMutant } from './execute-rounds.js';
import { verdictsToConfirm } from './verdicts-to-confirm.js';

/** What {@link testWithProvenSample} needs to run mutants and draw its sample. */
export interface ProvenSampleOptions {
  readonly seed: number;
  /** The test file of a covering test: the sample takes one proven survivor a file. */
  readonly fileOf: (testId: string) => string;
  /** Runs `entries` in the rounds; the verdicts of `quiet` ones are not told to the reporter. */
  readonly test: (
    entries: readonly RoundMutant[],
    quiet: ReadonlySet<string>,
  ) => Promise<Map<string, MutantResult>>;
}

/** The verdicts of the rounds, the proven survivors that still stand, and why none does. */
export interface ProvenSampleOutcome {
  readonly tested: Map<string, MutantResult>;
  readonly proven: readonly MutantResult[];
  readonly disagreement: string | null;
}

/**
 * The rounds of `unproven` where nothing is re-run in the project's pool (`pool: vmForks`, or
 * rounds in that pool itself). The unobserved proof rests on premises only a run can contradict
 * (docs/design.md "Unobserved mutants"), so the sample of `proven` that `pool: auto` re-runs
 * there (one per test file, drawn by seed: `verdictsToConfirm`) runs here, in the same rounds, as
 * the mutants it is; their verdicts replace the proven ones. Should one of them not survive, no
 * proof stands: every proven mutant runs, and `disagreement` says which one did not.
 */
export async function testWithProvenSample(
  unproven: readonly RoundMutant[],
  proven: readonly MutantResult[],
  entries: readonly RoundMutant[],
  options: ProvenSampleOptions,
): Promise<ProvenSampleOutcome> {
  const sample = new Set(verdictsToConfirm(proven, options.seed, options.fileOf));
  const entriesOf = (ids: ReadonlySet<string>): RoundMutant[] =>
    entries.filter((entry) => ids.has(entry.mutant.id));
  const tested = await options.test([...unproven, ...entriesOf(sample)], sample);
  const killed = [...sample]
    .flatMap((id) => tested.get(id) ?? [])
    .find((result) => result.status !== 'Survived');
  if (killed === undefined)
    return {
      tested,
      proven: proven.filter((result) => !tested.has(result.id)),
      disagreement: null,
    };
  const rest = new Set(proven.map((result) => result.id).filter((id) => !tested.has(id)));
  const again = await options.test(entriesOf(rest), rest);
  const disagreement = `mutant ${killed.id}, proven unobserved, was ${killed.status} in its run: every proven mutant ran`;
  return { tested: new Map([...tested, ...again]), proven: [], disagreement };
}
