import * as fc from 'fast-check';
import type { JsonObject, JsonValue } from '../../envelope/json-value.js';
import { isJsonObject } from '../../envelope/json-value.js';
import { canary } from '../canary.js';
import type { ObservedEnvelope } from '../observed-envelope.js';
import { type Defect, errorObject, kindOf, resultObject, set, setInResult } from './defect.js';

/**
 * What real servers leak (docs/design.md "Sanitization"):
 * a stack frame, an internal path, a credential-shaped token, a raw provider body. Fixed samples:
 * their job is to be recognisable, not varied.
 */
const LEAK_SAMPLES = [
  '\n    at callTool (/srv/app/src/tools/accounts.js:42:13)',
  'see /home/deploy/app/.env',
  'Authorization: Bearer eyJhbGciOiJIUzI1NiJ9abc',
  'key sk-live0123456789abcdefXYZ',
  '{"error":{"message":"upstream quota exceeded","type":"rate_limit"}}',
] as const;

/** A planted secret: one of the context's canaries, a fresh canary, or a leak sample. */
function secret({ context }: ObservedEnvelope): fc.Arbitrary<string> {
  const secrets = [canary(), fc.constantFrom(...LEAK_SAMPLES)];
  if (context.canaries !== undefined && context.canaries.length > 0) {
    secrets.push(fc.constantFrom(...context.canaries));
  }
  return fc.oneof(...secrets);
}

/** Where a protocol error carries text: `error.message`, `error.data`. */
function inError(envelope: JsonObject, secret: string): fc.Arbitrary<JsonObject> {
  const error = errorObject(envelope);
  const data = error['data'];
  const withData: JsonValue = isJsonObject(data) ? { ...data, detail: secret } : { detail: secret };
  return fc.constantFrom(
    set(envelope, 'error', set(error, 'message', `${error['message'] as string} ${secret}`)),
    set(envelope, 'error', set(error, 'data', withData)),
  );
}

/** Where a tool result carries text: a text content block, `_meta`. */
function inResult(envelope: JsonObject, secret: string): fc.Arbitrary<JsonObject> {
  const result = resultObject(envelope);
  const content = Array.isArray(result['content']) ? (result['content'] as JsonValue[]) : [];
  const meta = isJsonObject(result['_meta']) ? result['_meta'] : {};
  return fc.constantFrom(
    setInResult(envelope, 'content', [...content, { type: 'text', text: `failed: ${secret}` }]),
    setInResult(envelope, '_meta', { ...meta, trace: secret }),
  );
}

/** `sanitize.leak`: a secret in model- or user-facing text. */
export const leakDefect: Defect = {
  name: 'leak',
  applies: (observed) => kindOf(observed) !== 'success',
  breaks: () => ['sanitize.leak'],
  envelope: (observed) =>
    secret(observed).chain((secret) =>
      kindOf(observed) === 'protocol'
        ? inError(observed.envelope, secret)
        : inResult(observed.envelope, secret),
    ),
};
