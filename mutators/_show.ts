const MAX_LENGTH = 32;

/** Short human text for a value in a `replacement`, e.g. `"41"`, `41`, `absent`, `{…}`. */
export function show(value: unknown): string {
  if (value === undefined) return 'absent';
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    // Only non-JSON inputs (cycles, bigint) get here: a mutator never throws on them.
    text = String(value);
  }
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH - 1)}…` : text;
}
