/**
 * The line of a vitest, vite or rolldown error that says what went wrong: its first line without
 * colours, and the next one too when the first only announces it ("Transform failed with 1
 * error:" is followed by the reason, "[TSCONFIG_ERROR] Failed to load tsconfig …").
 */
export function failureHeadline(text: string): string {
  // vite and rolldown colour their messages; ours are read in logs and CI output as plain text.
  const lines = text.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const [first = '', second] = lines.map((line) => line.trim()).filter((line) => line !== '');
  return first.endsWith(':') && second !== undefined ? `${first} ${second}` : first;
}
