import type { JsonRpcId } from '../envelope/json-value.js';
import { activeTapState, observeSite } from './tap-state.js';

/** What the allocator knows when it hands out an id. */
export interface RequestIdSite {
  /** The method of the request the id is for. */
  readonly method: string;
  /** The ids of the client's requests still waiting for their response. */
  readonly inFlightIds: readonly JsonRpcId[];
}

/**
 * Marks the place where a client allocates the id of its next request: a site of kind
 * `request-id` (key `<test id>#request-id#<ordinal>`). Outside a mutation run it returns `id`;
 * during one, the active mutant of it. The client then sends, records and matches that id, so the
 * exchange stays correct end to end: JSON-RPC 2.0 §4 lets the client choose any id, and §5 has
 * the server echo it. The one harmless mutator of this kind, `renumber-request-id`, finds the
 * tests that assume which id the client chose (docs/harmless-mutants.md).
 *
 * @internal
 */
export function tapRequestId<Id extends string | number>(id: Id, site: RequestIdSite): Id {
  const state = activeTapState();
  if (state === undefined) return id;
  const allocated = observeSite(state, 'request-id', id, {
    label: 'request-id',
    check: { method: site.method, inFlightIds: [...site.inFlightIds] },
  });
  // A plan is JSON from the runner: keep the client's own id unless the mutant is an id too.
  return typeof allocated === 'string' || typeof allocated === 'number' ? allocated : id;
}
