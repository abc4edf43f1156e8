/**
 * How {@link describeValue} shows a value; the defaults suit a violation message.
 *
 * @internal
 */
export interface DescribeOptions {
  /** A secret: a string is told by its length alone (`a string of 12 characters`). */
  readonly sensitive?: boolean;
  /** Name the type before a string, number or boolean (`string "80"`, `number 1.5`). */
  readonly typed?: boolean;
  /** Show an array or object as its JSON text (`{"code":-32602}`), not its kind (`an object`). */
  readonly json?: boolean;
  /** The word for `undefined` (default `undefined`): the oracle says `none`, a mutator `absent`. */
  readonly missing?: string;
  /** Characters of a string or JSON text kept before an ellipsis (default 60). */
  readonly maxLength?: number;
  /** Applied to a string's text before it is clipped: the oracle redacts leaks there. */
  readonly redact?: (text: string) => string;
}

/**
 * A short description of any value for a message, clipped, never throwing (a cycle or a bigint
 * inside an object is described by its kind): the one value describer of the library.
 *
 * @internal
 */
export function describeValue(value: unknown, options: DescribeOptions = {}): string {
  const clip = (text: string): string => {
    const max = options.maxLength ?? 60;
    return text.length > max ? `${text.slice(0, max)}…` : text;
  };
  const typed = (text: string): string =>
    options.typed === true ? `${typeof value} ${text}` : text;
  switch (typeof value) {
    case 'undefined':
      return options.missing ?? 'undefined';
    case 'string':
      if (options.sensitive === true) return `a string of ${value.length} characters`;
      return typed(JSON.stringify(clip(options.redact?.(value) ?? value)));
    case 'number':
    case 'boolean':
      return typed(String(value));
    case 'bigint':
      return `the bigint ${String(value)}n`;
    case 'symbol':
      return 'a symbol';
    case 'function':
      return 'a function';
    default: {
      if (value === null) return 'null';
      const text = options.json === true ? jsonText(value as object) : undefined;
      if (text !== undefined) return clip(options.redact?.(text) ?? text);
      if (!Array.isArray(value)) return 'an object';
      return value.length === 0 ? 'an empty array' : `an array of ${value.length}`;
    }
  }
}

/** `value`'s JSON text, or `undefined` where it has none (a cycle, a bigint inside). */
function jsonText(value: object): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}
