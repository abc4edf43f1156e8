import type * as fc from 'fast-check';
import type { JsonObject, JsonValue } from '../../envelope/json-value.js';
import { isJsonObject } from '../../envelope/json-value.js';
import { layerOf } from '../../envelope/message-kind.js';
import { RULE_NAMES, type RuleName } from '../../oracle/rule-name.js';
import type { Taxonomy } from '../../taxonomy/taxonomy.js';
import type { ObservedEnvelope } from '../observed-envelope.js';

/**
 * What a valid envelope is: a protocol error, a tool failure, a `tools/call` success, or another
 * success (`ping`, a JSON-RPC application method). Defects are written against these kinds.
 */
export type ObservedKind = 'protocol' | 'tool' | 'tool-success' | 'success';

/**
 * One way to break a valid envelope. `breaks` is known before any variant is drawn (it may depend
 * on the observed envelope, never on the variant), so that every variant breaks exactly it.
 */
export interface Defect {
  readonly name: string;
  applies(observed: ObservedEnvelope, taxonomy: Taxonomy): boolean;
  breaks(observed: ObservedEnvelope, taxonomy: Taxonomy): readonly RuleName[];
  envelope(observed: ObservedEnvelope, taxonomy: Taxonomy): fc.Arbitrary<JsonObject>;
}

/** The kind of a valid envelope produced by the response arbitraries. */
export function kindOf({ envelope, context }: ObservedEnvelope): ObservedKind {
  const layer = layerOf(envelope);
  if (layer === 'protocol' || layer === 'tool') return layer;
  return context.method === 'tools/call' ? 'tool-success' : 'success';
}

/** Stands for "remove the member" in lists of replacement values. */
export const ABSENT: unique symbol = Symbol('absent');

/** `object` with `key` set to `value`, or removed for {@link ABSENT}. Never mutates `object`. */
export function set(object: JsonObject, key: string, value: JsonValue | typeof ABSENT): JsonObject {
  if (value !== ABSENT) return { ...object, [key]: value };
  return Object.fromEntries(Object.entries(object).filter(([name]) => name !== key));
}

/** The `result` member as an object (the response arbitraries only produce object results under MCP). */
export function resultObject(envelope: JsonObject): JsonObject {
  const result = envelope['result'];
  return isJsonObject(result) ? result : {};
}

/** The envelope with `result[key]` replaced (or removed). */
export function setInResult(
  envelope: JsonObject,
  key: string,
  value: JsonValue | typeof ABSENT,
): JsonObject {
  return set(envelope, 'result', set(resultObject(envelope), key, value));
}

/** The `error` member as an object. */
export function errorObject(envelope: JsonObject): JsonObject {
  const error = envelope['error'];
  return isJsonObject(error) ? error : {};
}

/**
 * JSON-RPC 2.0 §5: a null id is only right on an error response to an unreadable request. A
 * defect that removes the `error` member or adds a `result` also breaks `jsonrpc.id` then.
 */
export function nullIdBreaks(observed: ObservedEnvelope): readonly RuleName[] {
  return observed.envelope['id'] === null ? ['jsonrpc.id'] : [];
}

/** Rules in `RULE_NAMES` order, without duplicates. */
export function sortRules(rules: Iterable<RuleName>): readonly RuleName[] {
  const set = new Set(rules);
  return RULE_NAMES.filter((rule) => set.has(rule));
}

/** A final `resultType` where the profile requires one (MCP 2026-07-28). */
export function finalResult(result: JsonObject, taxonomy: Taxonomy): JsonObject {
  return taxonomy.profile.requiresResultType ? { ...result, resultType: 'complete' } : result;
}
