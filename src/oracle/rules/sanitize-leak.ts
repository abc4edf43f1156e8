import type { JsonPath } from '../../envelope/json-value.js';
import { hasMember, isJsonObject } from '../../envelope/json-value.js';
import { findLeak, type LeakKind } from '../leak-patterns.js';
import type { RuleInput } from '../rule-input.js';
import type { Violation } from '../violation.js';
import { violation } from '../violation-message.js';
import { walkStrings } from '../walk-strings.js';

const KIND_NAMES: Readonly<Record<LeakKind, string>> = {
  canary: 'canary',
  credential: 'credential',
  'stack-frame': 'stack frame',
  'internal-path': 'internal path',
  'provider-body': 'raw provider body',
};

/**
 * `sanitize.leak`: no canary, credential, stack frame, internal path or raw provider body in
 * `error.message`, `error.data`, `result.content`, `result.structuredContent` or `result._meta`
 * (docs/design.md "Sanitization"). Messages carry the path and a redacted sample, never the value.
 */
export function sanitizeLeak({ envelope, context }: RuleInput, out: Violation[]): void {
  const canaries = context.canaries ?? [];
  const allowed = context.allowedValues ?? [];
  const visit = (text: string, path: () => JsonPath) => {
    const leak = findLeak(allowed.length === 0 ? text : withoutAllowed(text, allowed), canaries);
    if (leak === null) return;
    const name = KIND_NAMES[leak.kind];
    out.push(violation('sanitize.leak', path(), `no ${name}`, `one (${leak.redacted})`));
  };
  const error = envelope['error'];
  if (isJsonObject(error)) {
    for (const key of ['message', 'data']) {
      if (hasMember(error, key)) walkStrings(error[key], ['error', key], visit);
    }
  }
  const result = envelope['result'];
  if (isJsonObject(result)) {
    for (const key of ['content', 'structuredContent', '_meta']) {
      if (hasMember(result, key)) walkStrings(result[key], ['result', key], visit);
    }
  }
}

/**
 * `text` with every allowed value replaced by a word no leak pattern matches. What follows an
 * allowed directory (`/srv/data/notes.txt` under `/srv/data`) is then a relative path, which is no
 * leak; anything planted elsewhere in the text still is.
 */
export function withoutAllowed(text: string, allowed: readonly string[]): string {
  let out = text;
  // Longest first: an allowed directory inside another must not leave half of the longer one.
  for (const value of [...allowed].sort((a, b) => b.length - a.length))
    if (value !== '' && out.includes(value)) out = out.split(value).join('ALLOWED');
  return out;
}
