#!/usr/bin/env node
import { wasInterrupted } from './cli/interrupt-on-signals.js';
import { main } from './cli/main.js';
import { redactSecrets } from './secrets/redact-secrets.js';
import { endWorkerProcesses } from './vitest-adapter/end-leaked-processes.js';

/**
 * How long the process may outlive its command. Once `main` settles, everything of the harness's
 * own is closed; what still runs was started by the suite in this process (a server or a timer a
 * `globalSetup` left behind). `vitest run` exits through it as well (after its `teardownTimeout`).
 */
const EXIT_GRACE_MS = 5_000;

/**
 * The event loop drained while the command still waited for something nothing will settle
 * (vitest's workers ended under it): Node would exit with code 0, which a CI job takes for a
 * pass. Said, and a failure.
 */
const unfinished = (): void => {
  process.stderr.write(
    wasInterrupted()
      ? 'envelope-mutants: interrupted, and vitest ended before the run could write its report.\n'
      : 'envelope-mutants: internal error (a bug; please report it): the command stopped before it finished.\n',
  );
  endWorkerProcesses();
  process.exit(wasInterrupted() ? 130 : 3);
};
process.once('beforeExit', unfinished);

main(process.argv.slice(2)).then(
  (code) => {
    process.off('beforeExit', unfinished);
    exitWith(code);
  },
  (error: unknown) => {
    // Only bugs get here: user mistakes are ConfigErrors, answered with exit 2 inside main().
    process.stderr.write('envelope-mutants: internal error (a bug; please report it)\n');
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    process.stderr.write(`${redactSecrets(text, process.env)}\n`);
    process.off('beforeExit', unfinished);
    exitWith(3);
  },
);

/**
 * Exits with `code` when the event loop drains, or after the grace period if it does not; at once
 * after an interrupt (`wasInterrupted`), whose cancelled vitest run nothing waits for.
 */
function exitWith(code: number): void {
  process.exitCode = code;
  // After what is queued for a pipe is written: Node writes to a pipe asynchronously.
  // The workers of a vitest still closing go with it: one busy in a test that never yields would
  // not notice its parent gone.
  if (wasInterrupted()) {
    endWorkerProcesses();
    process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
  }
  setTimeout(() => {
    process.stderr.write(
      `envelope-mutants: something the suite started in this process (a server or a timer of its globalSetup?) was still running ${EXIT_GRACE_MS / 1000} s after the command ended; exiting anyway.\n`,
    );
    process.exit(code);
  }, EXIT_GRACE_MS).unref();
}
