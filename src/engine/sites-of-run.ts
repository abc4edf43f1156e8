import type { Mutator } from '../mutant/mutator.js';
import type { Site } from '../mutant/mutation-run.js';

/**
 * The discovered sites a run reports. A `request-id` site is no observation of the suite, only the
 * place where a client chooses an id; a mutator that targets it is all that makes it worth a
 * place in the report. Without one (every run that does not name `renumber-request-id`), such
 * sites are left out, so reports, their site counts and the HTML view stay as they were.
 */
export function sitesOfRun(sites: readonly Site[], mutators: readonly Mutator[]): Site[] {
  const renumbered = mutators.some((mutator) => mutator.target === 'request-id');
  return sites.filter((site) => site.kind !== 'request-id' || renumbered);
}
