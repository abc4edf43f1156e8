/** vitest 4.1's session, as far as {@link lateErrors} needs it. */
export interface WorkerHolder {
  /** vitest's pool of workers (a private member); `close` waits for every worker it stopped. */
  readonly pool?: { readonly close?: () => unknown } | undefined;
  readonly state: { getUnhandledErrors(): unknown[] };
}

/**
 * The errors vitest files after a run has answered: those its workers report as they stop. vitest
 * starts stopping each worker as its last file ends and waits for the stops only when it closes,
 * and a stop ends the worker's `{ scope: 'worker' }` fixtures, whose teardown can throw (vitest's
 * "Teardown Error"). vitest files such an error when it arrives: after a plain `vitest run` has
 * printed its result, or before, whichever comes first, so the same run is red one time and green
 * the next. In a session that runs on, it arrives during the next run, after that run cleared the
 * last one's errors, and would fail the next mutant, not the one whose worker threw. Waiting for
 * the stops here, at most `waitMs`, keeps each error with the run, and the mutant, that caused it:
 * the run is red, as a `vitest run` is when the teardown beats its result.
 *
 * `known`: the errors the run answered with. Closing the pool only waits: vitest keeps it, and
 * the next run starts its workers as the first one did.
 */
export async function lateErrors(
  vitest: WorkerHolder,
  known: readonly unknown[],
  waitMs: number,
): Promise<LateErrors> {
  const close = vitest.pool?.close;
  // vitest marks its pool private: a vitest whose pool has no `close` leaves late errors where
  // they fall, as before.
  if (typeof close !== 'function') return { errors: [], settled: true };
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<false>((resolve) => {
    timer = setTimeout(() => {
      resolve(false);
    }, waitMs);
  });
  const closed = Promise.resolve(close.call(vitest.pool)).then(
    () => true,
    () => true,
  );
  let settled: boolean;
  try {
    settled = await Promise.race([closed, bound]);
  } finally {
    clearTimeout(timer);
  }
  const seen = new Set(known);
  const errors = vitest.state.getUnhandledErrors().filter((error) => !seen.has(error));
  return { errors, settled };
}

/** What {@link lateErrors} found once the run's workers stopped, or it stopped waiting. */
export interface LateErrors {
  readonly errors: unknown[];
  /**
   * Every worker stopped within the wait. When one did not (a worker fixture's teardown that
   * hangs: vitest waits a minute for it), vitest's pool is still closing, and refuses every
   * later run ("Cannot run tasks while pool is cancelling"): the session starts a new vitest.
   */
  readonly settled: boolean;
}
