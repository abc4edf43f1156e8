// What vitest says, as text, for the few failures the engine tells apart. The engine reads
// failures as plain strings (src/engine/round-outcome.ts), so these patterns are where vitest's
// wording is pinned; the e2e tests run a real vitest against them.

/** A test or hook that exceeded its timeout (`testTimeout`, `hookTimeout`), and that limit. */
export const TIMEOUT_MESSAGE = /^(Test|Hook) timed out in (\d+)ms/;

/**
 * A worker that died under a test (a signal, an abort, an out-of-memory kill) rather than a test
 * failing; process.exit is intercepted by vitest and is a failure, not this.
 */
export const WORKER_DIED =
  /Worker exited unexpectedly|Channel closed|Worker (forks|threads) emitted error|ERR_IPC_CHANNEL_CLOSED|Worker terminated/i;

/**
 * A snapshot that did not match, or was never written (vitest says "mismatched" for both when it
 * may not write snapshots), and snapshots of a file no test checked any more.
 */
export const SNAPSHOT_FAILURE = /^Snapshot .* mismatched|^Obsolete snapshots found/;
