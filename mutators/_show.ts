import { jsonOrUndefined } from '../src/envelope/json-or-undefined.js';

const MAX_LENGTH = 32;

/** Short human text for a value in a `replacement`, e.g. `"41"`, `41`, `absent`, `{…}`. */
export function show(value: unknown): string {
  if (value === undefined) return 'absent';
  let text: string;
  try {
    // Only what JSON cannot write (functions, symbols, cycles, bigint) reaches String(value).
    // eslint-disable-next-line @typescript-eslint/no-base-to-string
    text = jsonOrUndefined(value) ?? String(value);
  } catch {
    // Only non-JSON inputs (cycles, bigint) get here: a mutator never throws on them.
    // eslint-disable-next-line @typescript-eslint/no-base-to-string
    text = String(value);
  }
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH - 1)}…` : text;
}
