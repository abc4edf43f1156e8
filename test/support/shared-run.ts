/**
 * A harness run started on first use and shared afterwards: the tests of one file that need the
 * same run (same suite copy, same arguments) await one run instead of each starting its own, and
 * a test run alone (`-t`) still starts it. Each e2e file has a module graph of its own, so
 * nothing is shared between files.
 */
export function sharedRun<T>(start: () => Promise<T>): () => Promise<T> {
  let run: Promise<T> | undefined;
  return () => (run ??= start());
}
