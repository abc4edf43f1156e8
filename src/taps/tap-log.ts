import { activeTapState, observeSite } from './tap-state.js';

/** Where a log tap sits: an optional stable key, or a label that names its ordinals. */
export interface LogSite {
  /** A stable key for the site; without one the key is `<test id>#<label>#<ordinal>`. */
  readonly key?: string;
  /** Names the ordinal counter of the key (default `log`): `stderr` gives `<test id>#stderr#0`. */
  readonly label?: string;
}

/**
 * Marks a site where the suite holds one line a server (or client) logged. Outside a mutation run
 * it returns `line` itself; during one, the active mutant of it: the leak mutators append a canary,
 * a stack frame, an internal path, a token or a provider body, since no secret may reach an
 * ordinary log (docs/design.md "Sanitization"). A suite kills them with
 * `expectLog(lines).toNotLeak()` on the lines it captured. `site` is an explicit key, or a key
 * and label; the default key is `<test id>#log#<ordinal>`.
 */
export function tapLog(line: string, site?: string | LogSite): string {
  const state = activeTapState();
  if (state === undefined) return line;
  const spec = typeof site === 'string' ? { key: site } : (site ?? {});
  return observeSite(state, 'log', line, {
    key: spec.key,
    label: spec.label ?? 'log',
    check: {},
  });
}
