import type { JsonPath } from '../envelope/json-value.js';
import { describeValue as describeAny, type DescribeOptions } from '../envelope/describe-value.js';
import { redactLeaks } from './leak-patterns.js';
import type { RuleName } from './rule-name.js';
import type { Violation } from './violation.js';

/**
 * Builds a violation in the one message format of the library (valibot's):
 * `Invalid <what>: Expected <expected> but received <received>`. `<what>` is the path.
 *
 * @internal
 */
export function violation(
  rule: RuleName,
  path: JsonPath,
  expected: string,
  received: string,
  root?: string,
): Violation {
  const what = root === undefined ? formatPath(path) : rooted(root, path);
  return { rule, path, message: `Invalid ${what}: Expected ${expected} but received ${received}` };
}

/** An empty path names the root (`decision`); other paths are read from the root already. */
function rooted(root: string, path: JsonPath): string {
  return path.length === 0 ? root : formatPath(path);
}

/** `['result', 'content', 0, 'text']` → `result.content[0].text`; `[]` → `envelope`. */
export function formatPath(path: JsonPath): string {
  if (path.length === 0) return 'envelope';
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else {
      const shown =
        /^[A-Za-z_$][\w$-]*$/.test(key) && key.length <= 40 ? key : JSON.stringify(clip(key));
      out += out === '' ? shown : `.${shown}`;
    }
  }
  return redactLeaks(out);
}

/**
 * A short description of any value, safe to print (strings are clipped and leaks redacted).
 *
 * @internal
 */
export function describeValue(value: unknown): string {
  return describeAny(value, RECEIVED);
}

/** What a violation says it received: 40 characters of a string, `none` for a missing member. */
const RECEIVED: DescribeOptions = { missing: 'none', maxLength: 40, redact: redactLeaks };

/** A JSON type name for id comparisons: `1 (number)`, `"1" (string)`. */
export function describeTyped(value: unknown): string {
  return value === null || value === undefined
    ? describeValue(value)
    : `${describeValue(value)} (${typeof value})`;
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
