import type { ReadLog } from '../taps/tap-protocol.js';
import type { Discovery } from './discover.js';
import type { RoundMutant } from './execute-rounds.js';
import { proveUnobserved, type UnobservedProof } from './prove-unobserved.js';
import type { RunProgress } from './reporter.js';
import type { TestSession } from './test-session.js';
import { trackSites } from './track-sites.js';

/** Where {@link proveUnobservedMutants} runs its tracked copies, and what it compares them with. */
export interface ProveOptions {
  /** The session the rounds run on: vmForks, or a project's own pool that runs every file alone. */
  readonly session: TestSession;
  /** The screen: the pool check's, or a run of its own where none carried it; without one nothing is proven. */
  readonly screen?: ReadonlyMap<string, ReadLog> | undefined;
  /** The reference run each tracked copy must agree with. */
  readonly reference: Discovery;
  readonly root: string;
  readonly reporter: Pick<RunProgress, 'onPhase'>;
}

/**
 * The unobserved-mutant proof (docs/design.md "Unobserved mutants") for `entries`: the screen
 * picks the sites with a mutant its reads would spare, each of those sites gets a tracked copy of
 * its own (one vitest run for all), and only those copies' reads prove anything. A suite that
 * reads everything it tapped (every strong suite) costs the screen alone.
 */
export async function proveUnobservedMutants(
  entries: readonly RoundMutant[],
  options: ProveOptions,
): Promise<UnobservedProof> {
  const candidates = new Set(
    proveUnobserved(entries, options.screen).proven.map((result) => result.siteKey),
  );
  const sites = [
    ...new Map(
      entries
        .filter((entry) => candidates.has(entry.site.key))
        .map((entry) => [entry.site.key, entry.site]),
    ).values(),
  ];
  if (sites.length === 0 || options.screen === undefined) return { proven: [], rest: entries };
  options.reporter.onPhase('track-reads');
  const reads = await trackSites(
    options.session,
    options.reference,
    sites,
    options.root,
    options.screen,
  );
  return proveUnobserved(entries, reads);
}
