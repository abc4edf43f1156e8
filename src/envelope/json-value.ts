/** A value that survives `JSON.stringify` → `JSON.parse` unchanged. */
export type JsonPrimitive = string | number | boolean | null;
export type JsonValue =
  JsonPrimitive | readonly JsonValue[] | { readonly [key: string]: JsonValue };
export type JsonObject = { readonly [key: string]: JsonValue };

/** A JSON-RPC 2.0 request id: string, number or (only where the profile allows) null. JSON-RPC 2.0 §4. */
export type JsonRpcId = string | number | null;

/** A path into an envelope, e.g. `['result', 'content', 0, 'text']`. */
export type JsonPath = readonly (string | number)[];

/** True for a non-null, non-array object: the only shape a JSON-RPC message may have (JSON-RPC 2.0 §4, §5). */
export function isJsonObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `Object.hasOwn` for values typed `unknown`.
 *
 * @internal
 */
export function hasMember(value: unknown, key: string): boolean {
  return isJsonObject(value) && Object.prototype.hasOwnProperty.call(value, key);
}
