/**
 * How many cases a property test generates: `runs`, or fewer under StrykerJS.
 *
 * StrykerJS re-runs every test that covers a mutant, once per mutant, so a property of 1,000
 * cases that covers the whole oracle runs 1,000 cases for each of its ~1,400 mutants.
 * `vitest.stryker.config.ts` sets `ENVELOPE_MUTANTS_PROPERTY_RUNS` to cap that; `npm test` never
 * sets it and runs every property at full size. Only universal properties ("for every case, …")
 * take their size from here: a test that must *find* something keeps its fixed size.
 */
export function propertyRuns(runs: number): number {
  const cap = Number(process.env['ENVELOPE_MUTANTS_PROPERTY_RUNS']);
  return Number.isInteger(cap) && cap > 0 ? Math.min(runs, cap) : runs;
}
