import { checkLog } from '../oracle/check-log.js';
import { formatFailure } from './format-failure.js';
import { NamedAssertionError } from './named-assertion-error.js';

/** What a test knows about the log it captured. */
export interface LogExpectationContext {
  /** The project's planted secrets; the default leak patterns apply too. */
  readonly canaries?: readonly string[];
  /** Values the server was given and may log (a directory on its command line): no leak. */
  readonly allowedValues?: readonly string[];
}

/** The named assertions on captured log lines. */
export interface LogExpectation {
  /**
   * No line carries a canary (`canaries`, else the context's), a credential, a stack frame, an
   * internal path or a raw provider body; fails with `[sanitize.leak]` naming the line.
   */
  toNotLeak(canaries?: readonly string[]): LogExpectation;
}

/**
 * Named assertions on the lines a server or client logged (`tapStderr(…).lines()`, or lines the
 * suite collected through `tapLog`), usable in any test runner. A single string is one line.
 *
 * @example
 * expectLog(await stderr.lines()).toNotLeak(['CANARY-payKey7f3a9c2']);
 */
export function expectLog(
  lines: string | readonly string[],
  context: LogExpectationContext = {},
): LogExpectation {
  const all = typeof lines === 'string' ? [lines] : lines;
  const expectation: LogExpectation = {
    toNotLeak: (canaries) => {
      assertNoLogLeak(all, canaries ?? context.canaries ?? [], context.allowedValues ?? []);
      return expectation;
    },
  };
  return expectation;
}

/** Throws a {@link NamedAssertionError} (`[sanitize.leak] …`) when a line leaks. */
export function assertNoLogLeak(
  lines: readonly string[],
  canaries: readonly string[],
  allowedValues: readonly string[] = [],
): void {
  const [first, ...rest] = checkLog(lines, { canaries, allowedValues });
  if (first === undefined) return;
  // The lines themselves are not shown when they leak: the line numbers above locate the leak.
  const message = formatFailure([first, ...rest], { received: lines, canaries });
  throw new NamedAssertionError(message, [first, ...rest]);
}
