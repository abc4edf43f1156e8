import type { Layer } from '../envelope/envelope.js';
import { layerOf, messageKind } from '../envelope/message-kind.js';
import type { SiteRecord } from '../taps/tap-protocol.js';
import type { RoundOutcome } from './round-outcome.js';

/**
 * The first site key that a discovery run saw on envelopes of two kinds in two places (a tool
 * error in one test, a success in another; a response and a request), in a sentence; `null` when
 * every key names one kind of envelope wherever it was tapped.
 *
 * An explicit key is one site wherever it is tapped (`collectSites`): its mutants are planned
 * from the first envelope the run saw under it and carried over to every other one
 * (`rebaseMutant`), as a fixture read in several tests should be. Carried over to an envelope of
 * another kind — `remove-is-error` planned on a tool error, landing on a success — a mutant is a
 * defect of neither, and its verdict judges no rule. A helper keyed by what it calls
 * (`tools/call:${name}`) does that as soon as two tests call one tool with different outcomes.
 * Envelopes of one kind may differ (an id, a text): that is what carrying a mutant over is for.
 * Implicit keys name their test or file, so only explicit keys meet in two places.
 */
export function keyOfTwoKinds(outcome: RoundOutcome): string | null {
  const first = new Map<string, { readonly kind: string; readonly where: string }>();
  const places: { readonly records: readonly SiteRecord[]; readonly where: string }[] = [
    ...[...outcome.tests.values()].map((test) => ({
      records: test.report?.sites ?? [],
      where: `"${test.file} > ${test.name}"`,
    })),
    ...[...outcome.files.values()].map((file) => ({
      records: file.report?.sites ?? [],
      where: `${file.file}, outside its tests`,
    })),
  ];
  for (const { records, where } of places) {
    for (const record of records) {
      const kind = kindOf(record);
      const seen = first.get(record.key);
      if (seen === undefined) first.set(record.key, { kind, where });
      else if (seen.kind !== kind)
        return `key "${record.key}" names ${seen.kind} in ${seen.where} and ${kind} in ${where}`;
    }
  }
  return null;
}

const LAYERS: Readonly<Record<Layer, string>> = {
  protocol: 'a protocol error',
  tool: 'a tool error',
  success: 'a success',
};

/** What kind of site a record is, as a message names it: for an envelope, its kind and layer. */
function kindOf(record: SiteRecord): string {
  if (record.kind !== 'envelope') return `a ${record.kind} site`;
  const message = messageKind(record.value);
  if (message === 'invalid') return 'a value that is no JSON-RPC message';
  if (message !== 'response') return `a ${message}`;
  const layer = layerOf(record.value);
  return layer === null ? 'a response' : LAYERS[layer];
}
