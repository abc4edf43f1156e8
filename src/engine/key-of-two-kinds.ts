import { envelopeKind } from '../envelope/envelope-kind.js';
import type { SiteRecord, TapReport } from '../taps/tap-protocol.js';
import type { RoundOutcome } from './round-outcome.js';
import { shownSiteKey } from './shown-site-key.js';

/**
 * The first site key that a discovery run saw on envelopes of two kinds (a tool error in one test,
 * a success in another or later in the same one; a response and a request), in a sentence; `null`
 * when every key names one kind of envelope wherever it was tapped.
 *
 * An explicit key is one site wherever it is tapped (`collectSites`): its mutants are planned
 * from the first envelope the run saw under it and carried over to every other one
 * (`rebaseMutant`), as a fixture read in several tests should be. Carried over to an envelope of
 * another kind — `remove-is-error` planned on a tool error, landing on a success — a mutant is a
 * defect of neither, and its verdict judges no rule. A helper keyed by what it calls
 * (`tools/call:${name}`) does that as soon as two tests call one tool with different outcomes.
 * Envelopes of one kind may differ (an id, a text): that is what carrying a mutant over is for.
 * Implicit keys name their test or file and an ordinal, so they meet twice only in the attempts
 * of a retried test, whose mutants are applied in every attempt (`withEarlierAttempts`).
 */
export function keyOfTwoKinds(outcome: RoundOutcome): string | null {
  const first = new Map<string, { readonly kind: string; readonly where: string }>();
  // A place's own repeats of a key in another kind (`otherKinds`) come after its first records.
  const recordsOf = (report: TapReport | undefined): readonly SiteRecord[] => [
    ...(report?.sites ?? []),
    ...(report?.otherKinds ?? []),
  ];
  const places: { readonly records: readonly SiteRecord[]; readonly where: string }[] = [
    ...[...outcome.tests.values()].map((test) => ({
      records: recordsOf(test.report),
      where: `"${test.file} > ${test.name}"`,
    })),
    ...[...outcome.files.values()].map((file) => ({
      records: recordsOf(file.report),
      where: `${file.file}, outside its tests`,
    })),
  ];
  for (const { records, where } of places) {
    for (const record of records) {
      const kind = siteKindOf(record);
      const seen = first.get(record.key);
      if (seen === undefined) first.set(record.key, { kind, where });
      else if (seen.kind !== kind) {
        const shown = shownSiteKey(record.key, (id) => outcome.tests.get(id));
        const key = shown === record.key ? `"${record.key}"` : shown;
        return seen.where === where
          ? `key ${key} names ${seen.kind} and ${kind} in ${where}`
          : `key ${key} names ${seen.kind} in ${seen.where} and ${kind} in ${where}`;
      }
    }
  }
  return null;
}

/** What kind of site a record is, as a message names it: for an envelope, its kind and layer. */
function siteKindOf(record: SiteRecord): string {
  return record.kind === 'envelope' ? envelopeKind(record.value) : `a ${record.kind} site`;
}
