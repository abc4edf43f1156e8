import type { Vitest } from 'vitest/node';

/**
 * Closes a vitest instance, giving up after 5 s: a global setup's teardown can wait on a worker
 * that hangs (a server closing waits for its sockets), and a refused config or a cancelled run
 * must still end.
 */
export async function closeQuietly(vitest: Vitest): Promise<void> {
  await Promise.race([vitest.close().catch(() => undefined), delay(CLOSE_WAIT_MS)]);
}

/** How long {@link closeQuietly} waits for vitest to close. */
export const CLOSE_WAIT_MS = 5_000;

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
