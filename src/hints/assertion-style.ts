import type { AssertionStyle } from './hint-line.js';

// An import or re-export of the library's vitest entry, in ESM or CommonJS form.
const _LIBRARY_IMPORT =
  /(?:from\s*|import\s*\(\s*|require\s*\(\s*)['"]envelope-mutants\/vitest['"]/;

/**
 * The style of a test file's assertions: `library` when it imports `envelope-mutants/vitest`
 * (its named assertions are what the suite already writes), else `expect` (labelled vitest
 * `expect(value, 'rule')`, which names a rule with no import at all).
 */
export function assertionStyleOf(source: string): AssertionStyle {
  return _LIBRARY_IMPORT.test(source) ? 'library' : 'expect';
}
