// vitest's own SIGINT and SIGTERM handlers, which the harness does not keep.

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * Takes note of the SIGINT and SIGTERM listeners now, and returns what removes those added since:
 * vitest's logger adds its own from its constructor on (it exits the process), which runs before
 * `createVitest`'s first await. Called right after that synchronous part, it leaves a signal to the
 * command's own handling (`run` writes its partial report) for the whole of vitest's start.
 */
export function dropVitestSignalHandlers(): () => void {
  const before = new Set(SIGNALS.flatMap((signal) => process.listeners(signal)));
  return () => {
    for (const signal of SIGNALS) {
      for (const listener of process.listeners(signal)) {
        if (!before.has(listener)) process.off(signal, listener);
      }
    }
  };
}
