let interrupted = false;

/**
 * Whether a signal interrupted a run of this process. Its cancelled vitest run may then still be
 * finishing the tests in flight, which nothing waits for: the process exits once its reports
 * are written, as `vitest run` does on Ctrl-C.
 */
export function wasInterrupted(): boolean {
  return interrupted;
}

/**
 * The first Ctrl-C (SIGINT) or SIGTERM (a CI job cancelled, a container stopped) stops the run:
 * its current round is cancelled (what it would say after the signal is not kept), and the report
 * still shows every verdict reached before it (the rest `Pending`, the gate failing); a second
 * signal quits at once (128 + the signal's number).
 */
export function interruptOnSignals(): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const onSignal = (name: NodeJS.Signals): void => {
    if (controller.signal.aborted) process.exit(name === 'SIGTERM' ? 143 : 130);
    interrupted = true;
    controller.abort();
    process.on('uncaughtException', onWorkerGone);
    process.stderr.write(
      `\nenvelope-mutants: interrupted (${name}); stopping the current round and writing the report (Ctrl-C again to quit)\n`,
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const dispose = (): void => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    // Once interrupted, the workers of the cancelled run may still go while the reports are
    // written: the process exits after them (`wasInterrupted`).
    if (!controller.signal.aborted) process.off('uncaughtException', onWorkerGone);
  };
  return { signal: controller.signal, dispose };
}

/**
 * A terminal's Ctrl-C signals the whole foreground process group, vitest's test workers with the
 * harness. vitest's pool then reports a worker that died between two files as an `error` event no
 * one listens to (`Worker exited unexpectedly`, or `ERR_IPC_CHANNEL_CLOSED` on its next message),
 * which would end the harness with a stack trace before it writes the partial report. Once
 * interrupted, a worker gone is expected: what a round says after the interrupt is not kept
 * (`testMutants`). Any other error still ends the process.
 */
function onWorkerGone(error: Error): void {
  const code = (error as { code?: unknown }).code;
  const gone =
    error.message === 'Worker exited unexpectedly' ||
    code === 'ERR_IPC_CHANNEL_CLOSED' ||
    code === 'EPIPE';
  if (!gone) throw error;
}
