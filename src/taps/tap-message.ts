import type { CheckContext } from '../oracle/check-context.js';
import { activeTapState, observeSite } from './tap-state.js';

/** Where a tap sits: what the test knows about the envelope, plus an optional stable key. */
export interface TapSite extends CheckContext {
  /** A stable key for the site; without one the key is `<test id>#<ordinal>`. */
  readonly key?: string;
}

/**
 * Marks a site where the suite holds a raw envelope (fixture loader, response helper).
 * Outside a mutation run it returns `envelope` itself; during one, the active mutant of it.
 * `site` is an explicit key, or the check context (request id, method, expected outcome, …).
 */
export function tapMessage<T>(envelope: T, site?: string | TapSite): T {
  const state = activeTapState();
  if (state === undefined) return envelope;
  if (typeof site === 'string')
    return observeSite(state, 'envelope', envelope, { key: site, check: {} });
  if (site === undefined) return observeSite(state, 'envelope', envelope, { check: {} });
  const { key, ...check } = site;
  return observeSite(state, 'envelope', envelope, { key, check });
}
