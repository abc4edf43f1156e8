import * as fc from 'fast-check';
import type { JsonObject, JsonValue } from '../../envelope/json-value.js';
import { isJsonObject } from '../../envelope/json-value.js';
import type { CheckContext, ExpectedOutcome } from '../../oracle/check-context.js';
import type { Taxonomy } from '../../taxonomy/taxonomy.js';
import type { ObservedEnvelope } from '../observed-envelope.js';
import { canary } from '../canary.js';
import { requestIds } from './request-context.js';

/** What one response arbitrary decided; `observed` adds ids, canaries and profile specifics. */
export interface ObservedParts {
  readonly taxonomy: Taxonomy;
  readonly method: string;
  readonly expected: ExpectedOutcome;
  /** Exactly one of `result` / `error` (JSON-RPC 2.0 §5). */
  readonly result?: JsonValue;
  readonly error?: JsonObject;
  /** More context, e.g. the tool's `outputSchema`. */
  readonly extra?: Partial<CheckContext>;
  /** Answer with id null: the request id could not be read (JSON-RPC 2.0 §5). */
  readonly nullId?: boolean;
}

/**
 * Completes an envelope with a request id (and the other ids in flight), the context that makes
 * it judgeable (sometimes with the canaries the fixtures planted) and, under a profile that
 * requires it, `resultType: "complete"` on the result (MCP 2026-07-28: every final result says so).
 */
export function observed(parts: ObservedParts): fc.Arbitrary<ObservedEnvelope> {
  const canaries = fc.option(fc.uniqueArray(canary(), { minLength: 1, maxLength: 2 }), {
    nil: undefined,
  });
  return fc.tuple(requestIds(), canaries).map(([{ requestId, inFlightIds }, planted]) => {
    const id = parts.nullId === true ? null : requestId;
    const member = parts.error !== undefined ? { error: parts.error } : { result: final(parts) };
    const envelope: JsonObject = { jsonrpc: '2.0', id, ...member };
    const context: CheckContext = {
      requestId: id,
      inFlightIds,
      method: parts.method,
      expected: parts.expected,
      ...parts.extra,
      ...(planted === undefined ? {} : { canaries: planted }),
    };
    return { envelope, context };
  });
}

function final(parts: ObservedParts): JsonValue {
  const result = parts.result ?? null;
  if (!parts.taxonomy.profile.requiresResultType || !isJsonObject(result)) return result;
  return { ...result, resultType: 'complete' };
}
