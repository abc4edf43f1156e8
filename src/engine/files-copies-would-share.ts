import type { RoundOutcome } from './round-outcome.js';

/**
 * Why copies of a file must not run side by side, and what runs instead, where the discovery run
 * wrote files in the project (`writtenFiles`), else `null`. The project never runs a file twice at once: a test that
 * writes a file at a fixed path and a later one that reads it back find, in two copies side by
 * side under two mutants, each other's. The pool check cannot see it, since its unmutated copies
 * write the same (docs/verdict-contract.md, "What copies side by side share").
 */
export function filesCopiesWouldShare(discovery: RoundOutcome): string | null {
  const written = discovery.writtenFiles ?? [];
  if (written.length === 0) return null;
  const more = written.length > 3 ? `, and ${written.length - 3} more` : '';
  return `its tests write in the project (${written.slice(0, 3).join(', ')}${more}), which copies of a file side by side would share: each file runs alone in a round`;
}
