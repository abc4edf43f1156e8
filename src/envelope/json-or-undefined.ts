/**
 * `JSON.stringify(value)` typed as it behaves: `undefined` for `undefined`, a function or a
 * symbol, where the standard library's type says `string`.
 *
 * @internal
 */
export function jsonOrUndefined(value: unknown, indent?: number): string | undefined {
  return JSON.stringify(value, null, indent);
}
