/**
 * The line of a vitest, vite or rolldown error that says what went wrong: its first line without
 * colours, and the next one too when the first only announces it ("Transform failed with 1
 * error:" is followed by the reason, "[TSCONFIG_ERROR] Failed to load tsconfig …"). rolldown's
 * internal errors say only that something went wrong inside it and put the cause on the line
 * after ("JSONError { path: …/package.json, message: \"File is empty\" … }"): the cause is what
 * the user can fix, so it stands in for that line.
 */
export function failureHeadline(text: string): string {
  // vite and rolldown colour their messages; ours are read in logs and CI output as plain text.
  const lines = text
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const [first = '', ...rest] = lines.map((line, index) => causeOf(line, lines[index + 1]));
  const [second] = rest;
  return first.endsWith(':') && second !== undefined ? `${first} ${second}` : first;
}

/** rolldown's wording for an error of its own, which it asks to report. */
const ROLLDOWN_INTERNAL = /^(\[UNHANDLEABLE_ERROR\] )?Something went wrong inside rolldown\b/;

function causeOf(line: string, next: string | undefined): string {
  return ROLLDOWN_INTERNAL.test(line) && next !== undefined && next !== 'Stack backtrace:'
    ? next
    : line;
}
