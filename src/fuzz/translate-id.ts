import { isJsonObject, type JsonValue } from '../envelope/json-value.js';
import type { RequestId } from './decoder.js';

/** One in-flight request: the id the fuzzer announced and the id the client put on the wire. */
export interface IdPair {
  readonly fuzzId: RequestId;
  readonly wireId: number;
}

/** Where unrelated numeric ids are moved when they would collide with a wire id. */
const FAR_AWAY = 1_000_000;

/**
 * Rewrites the `id` member of a response from the fuzzer's id space into the id space of a client
 * that chooses its own numeric ids (the MCP SDK numbers requests 0, 1, 2, …). The relation of the
 * id to each in-flight request is kept: equal → that request's wire id; same text, other JSON type
 * (`"7"` vs `7`) → the wire id as a string; same number, other text (`"07"` vs `7`) → the wire id
 * padded with a space; unrelated → an id unrelated to every wire id. Other values (null, booleans,
 * fractions, objects, an absent id) are kept as they are.
 */
export function translateId(envelope: JsonValue, pairs: readonly IdPair[]): JsonValue {
  if (!isJsonObject(envelope) || !Object.prototype.hasOwnProperty.call(envelope, 'id')) {
    return envelope;
  }
  const id = envelope['id'];
  if (typeof id !== 'string' && typeof id !== 'number') return envelope;
  return { ...envelope, id: translate(id, pairs) };
}

function translate(id: string | number, pairs: readonly IdPair[]): string | number {
  const same = pairs.find((pair) => pair.fuzzId === id);
  if (same !== undefined) return same.wireId;
  const flipped = pairs.find((pair) => String(pair.fuzzId) === String(id));
  if (flipped !== undefined) return String(flipped.wireId);
  const numeric = pairs.find((pair) => sameNumber(id, pair.fuzzId));
  if (numeric !== undefined) return ` ${numeric.wireId}`;
  const wire = new Set<number>([0, ...pairs.map((pair) => pair.wireId)]);
  if (typeof id === 'number') return wire.has(id) ? id + FAR_AWAY : id;
  // Number('') and Number(' ') are 0: a client coercing ids would read them as a wire id.
  return wire.has(Number(id)) ? `~${id}` : id;
}

function sameNumber(a: string | number, b: string | number): boolean {
  const text = typeof a === 'string' ? a : typeof b === 'string' ? b : undefined;
  if (text !== undefined && text.trim() === '') return false;
  return Number(a) === Number(b) && !Number.isNaN(Number(a));
}
