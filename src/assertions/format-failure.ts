import { findLeak, redactLeaks } from '../oracle/leak-patterns.js';
import type { Violation } from '../oracle/violation.js';
import { jsonOrUndefined } from '../envelope/json-or-undefined.js';

/** How much of the received envelope a failure message shows. */
const MAX_RECEIVED_LENGTH = 300;

/**
 * The failure message of a named assertion: `[rule] <what was expected and received>` for each
 * violation, most relevant first, then the received value, unless it carries a canary or secret:
 * then only the paths above locate it. Every line goes through the oracle's redaction.
 */
export function formatFailure(
  violations: readonly Violation[],
  options: FormatFailureOptions,
): string {
  const canaries = options.canaries ?? [];
  const lines = violations.map(
    (violation) => `[${violation.rule}] ${redactLeaks(violation.message, canaries)}`,
  );
  if ('received' in options)
    lines.push(`Received: ${describeReceived(options.received, canaries)}`);
  return lines.join('\n');
}

export interface FormatFailureOptions {
  /** The value asserted on; no `Received:` line when the key is absent. */
  readonly received?: unknown;
  readonly canaries?: readonly string[];
}

/** The received value as clipped JSON, or a note saying why it is not shown. */
export function describeReceived(received: unknown, canaries: readonly string[] = []): string {
  let text: string | undefined;
  try {
    text = typeof received === 'string' ? received : jsonOrUndefined(received);
  } catch {
    return 'a value that is not JSON (not shown)';
  }
  if (text === undefined) return String(received);
  // JSON escapes quotes, backslashes and control characters: look for the escaped form too.
  const forms = canaries.flatMap((canary) => [canary, JSON.stringify(canary).slice(1, -1)]);
  if (findLeak(text, forms) !== null) {
    return 'not shown: it carries a canary or secret (the paths above locate it)';
  }
  return text.length > MAX_RECEIVED_LENGTH ? `${text.slice(0, MAX_RECEIVED_LENGTH)}…` : text;
}
