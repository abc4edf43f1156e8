/** A writable text stream: `process.stdout`, `process.stderr` or a test's collector. */
export interface TextStream {
  write(text: string): unknown;
}

/** Colour only on a terminal, and never when NO_COLOR is set to a non-empty value (no-color.org). */
export function useColor(
  isTTY: boolean,
  env: Readonly<Record<string, string | undefined>>,
): boolean {
  return isTTY && (env['NO_COLOR'] ?? '') === '';
}
