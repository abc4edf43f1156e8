import type { JsonPath } from '../../envelope/json-value.js';
import { hasMember, isJsonObject } from '../../envelope/json-value.js';
import { findLeak, type LeakKind } from '../leak-patterns.js';
import type { RuleInput } from '../rule-input.js';
import type { Violation } from '../violation.js';
import { _violation } from '../violation-message.js';
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
  const visit = (text: string, path: () => JsonPath) => {
    const leak = findLeak(text, canaries);
    if (leak === null) return;
    const name = KIND_NAMES[leak.kind];
    out.push(_violation('sanitize.leak', path(), `no ${name}`, `one (${leak.redacted})`));
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
