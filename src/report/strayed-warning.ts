import type { MutationRun } from '../mutant/mutation-run.js';
import { shownSiteKey } from '../engine/shown-site-key.js';

/**
 * What to tell the user when runs met, at mutants' sites, another kind of value than the
 * mutants were planned on (`MutantResult.strayed`), or `null` when none did. A site's key names
 * the same envelope in every run only if the suite taps in the same order each time
 * (docs/writing-suites.md, on keys): calls sent after random delays, tapped as they are sent or
 * answered, take each other's keys from run to run. Such a mutant's verdict judged the other
 * envelope, and may change between runs; the suite, not the harness, has to fix that.
 */
export function strayedWarning(run: MutationRun): string | null {
  const strayed = run.mutants.filter((mutant) => mutant.strayed !== undefined);
  const [first] = strayed;
  if (first?.strayed === undefined) return null;
  const sites = new Set(strayed.map((mutant) => mutant.siteKey)).size;
  const count =
    strayed.length === 1
      ? '1 mutant met another kind of envelope at its site than it was planned on'
      : `${strayed.length} mutants (${sites === 1 ? '1 site' : `${sites} sites`}) met another kind of envelope at their sites than they were planned on`;
  return `envelope-mutants: ${count}: site ${shownSiteKey(first.siteKey, (id) => run.tests.find((test) => test.id === id))} was planned on ${first.strayed.planned} and met ${first.strayed.met} in the run of mutant ${first.id}. Nothing mutated runs before a mutant's site, so the site's key (the n-th tap of its test) names another envelope from run to run: calls sent after random delays, or answers tapped in the order they arrive. Those verdicts judged the other envelope and may change between runs; the report marks them (envelopeMutants.strayed). Give those taps keys of their own (\`{ key: … }\`) or send the calls without random delays (docs/writing-suites.md), and run again.`;
}
