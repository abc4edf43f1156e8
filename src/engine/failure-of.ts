/**
 * What went wrong when a check of a pool ran, in a few words: vitest did not start there, or a
 * run threw (a test that fails there is a difference of the copies, not an error).
 */
export function failureOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `vitest failed (${message.split('\n', 1)[0] ?? ''})`;
}
