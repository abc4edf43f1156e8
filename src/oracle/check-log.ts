import { findLeak } from './leak-patterns.js';
import { withoutAllowed } from './rules/sanitize-leak.js';
import type { Violation } from './violation.js';

/** What a test knows about a log: the secrets it planted. */
export interface LogCheckContext {
  /** The project's canaries; the default leak patterns (`CANARY_PATTERN`, tokens, …) apply too. */
  readonly canaries?: readonly string[];
  /** Values the server was given and may log (a directory on its command line): no leak. */
  readonly allowedValues?: readonly string[];
}

/**
 * `sanitize.leak` on log lines: no canary, credential, stack frame, internal path or raw provider
 * body in any line (docs/design.md "Sanitization": canaries appear in no ordinary log). One
 * violation per leaking line (`log line <index>`, path `[index]`); messages carry a redacted sample, never the value.
 * Anything that is not a string array is judged as no lines at all. Pure, never throws.
 */
export function checkLog(lines: unknown, context: LogCheckContext = {}): Violation[] {
  if (!Array.isArray(lines)) return [];
  const canaries = (context.canaries ?? []).filter(
    (canary) => typeof canary === 'string' && canary !== '',
  );
  const allowed = context.allowedValues ?? [];
  const out: Violation[] = [];
  lines.forEach((line: unknown, index) => {
    if (typeof line !== 'string') return;
    const leak = findLeak(allowed.length === 0 ? line : withoutAllowed(line, allowed), canaries);
    if (leak === null) return;
    const name = leak.kind.replace('-', ' ');
    // The library's one message format (`violation`), named after the line rather than a path.
    const message = `Invalid log line ${index}: Expected no ${name} but received one (${leak.redacted})`;
    out.push({ rule: 'sanitize.leak', path: [index], message });
  });
  return out;
}
