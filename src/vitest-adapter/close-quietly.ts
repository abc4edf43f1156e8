import type { Vitest } from 'vitest/node';

/**
 * Closes a vitest instance, giving up after 5 s: a global setup's teardown can wait on a worker
 * that hangs (a server closing waits for its sockets), and a refused config or a cancelled run
 * must still end.
 */
export async function closeQuietly(vitest: Vitest): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  // A timer that holds the process until then: a close waiting on workers that died holds
  // nothing, and the process would end, exit code 0, while the command still waits for it.
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, CLOSE_WAIT_MS);
  });
  try {
    await Promise.race([vitest.close().catch(() => undefined), waited]);
  } finally {
    clearTimeout(timer);
  }
}

/** How long {@link closeQuietly} waits for vitest to close. */
export const CLOSE_WAIT_MS = 5_000;
