import { jsonOrUndefined } from './json-or-undefined.js';
// JSON.stringify recurses once per nesting level: in a vitest worker it overflows the stack near
// 5,000 levels, while JSON.parse is iterative. This writer keeps its own stack, so an envelope
// nested 10,000 deep can still be recorded by a tap and sent back to the runner.

/** One container being written: its entries still to go, and whether it is an array. */
interface Frame {
  readonly container: object;
  readonly isArray: boolean;
  readonly entries: readonly (readonly [string, unknown])[];
  index: number;
  written: number;
}

/**
 * `JSON.stringify(value)`, falling back to {@link writeJsonIteratively} when the value nests too
 * deep for the stack: the common case keeps the native speed.
 *
 * @internal
 */
export function toJsonText(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (error instanceof RangeError) return writeJsonIteratively(value);
    throw error;
  }
}

/**
 * `JSON.stringify(value)` without recursion: same text for JSON data (members whose value is
 * `undefined` or a function are left out, in arrays they become `null`; `toJSON` is honoured).
 * Throws a TypeError on a cycle or a BigInt, as JSON.stringify does.
 */
export function writeJsonIteratively(value: unknown): string | undefined {
  const parts: string[] = [];
  const stack: Frame[] = [];
  const open = new Set<object>();
  const write = (raw: unknown, inArray: boolean, key: string): boolean => {
    const item = prepared(raw, key);
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') {
      if (inArray) parts.push('null');
      return inArray;
    }
    if (typeof item !== 'object' || item === null) {
      parts.push(primitiveText(item));
      return true;
    }
    if (open.has(item)) throw new TypeError('Converting circular structure to JSON');
    open.add(item);
    const isArray = Array.isArray(item);
    parts.push(isArray ? '[' : '{');
    const entries = isArray
      ? (item as unknown[]).map((element, index) => [String(index), element] as const)
      : Object.entries(item);
    stack.push({ container: item, isArray, entries, index: 0, written: 0 });
    return true;
  };
  if (!write(value, false, '')) return undefined;
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    const entry = frame.entries[frame.index];
    if (entry === undefined) {
      stack.pop();
      open.delete(frame.container);
      parts.push(frame.isArray ? ']' : '}');
      continue;
    }
    frame.index += 1;
    const separator = parts.length;
    if (frame.written > 0) parts.push(',');
    if (!frame.isArray) parts.push(`${JSON.stringify(entry[0])}:`);
    // A member that writes nothing takes its separator and key with it.
    if (write(entry[1], frame.isArray, entry[0])) frame.written += 1;
    else parts.length = separator;
  }
  return parts.join('');
}

function prepared(value: unknown, key: string): unknown {
  const toJSON = (value as { toJSON?: unknown } | null | undefined)?.toJSON;
  return typeof toJSON === 'function'
    ? (toJSON as (key: string) => unknown).call(value, key)
    : value;
}

function primitiveText(value: unknown): string {
  if (typeof value === 'bigint') throw new TypeError('Do not know how to serialize a BigInt');
  return jsonOrUndefined(value) ?? 'null';
}
