import { verdicts, type ReportedMutant } from '../../support/run-fixture.js';

/**
 * The mutants whose verdict (status, and for a kill its rule and whether it was named) differs
 * between two runs of one suite, one line each; a mutant that only one run has is a difference
 * too. Empty when the runs agree on every mutant.
 */
export function verdictDifferences(
  reference: readonly ReportedMutant[],
  other: readonly ReportedMutant[],
): string[] {
  const expected = verdicts(reference);
  const actual = verdicts(other);
  const ids = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  return ids.flatMap((id) => {
    const want = JSON.stringify(expected[id] ?? 'absent');
    const got = JSON.stringify(actual[id] ?? 'absent');
    return want === got ? [] : [`${id}: ${want} in the reference, ${got} here`];
  });
}
