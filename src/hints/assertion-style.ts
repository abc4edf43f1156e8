import type { AssertionStyle } from './hint-line.js';

// An import or re-export of the library's vitest entry, in ESM or CommonJS form.
const LIBRARY_IMPORT = /(?:from\s*|import\s*\(\s*|require\s*\(\s*)['"]envelope-mutants\/vitest['"]/;
// The MCP SDK's client, whose results (not envelopes) the tests then hold.
const SDK_CLIENT_IMPORT =
  /(?:from\s*|import\s*\(\s*|require\s*\(\s*)['"]@modelcontextprotocol\/sdk\/client\/index(?:\.js)?['"]/;
// The library's taps that hand the test a raw envelope.
const RAW_TAPS = /\b(?:connectRaw|tapMessage)\s*\(/;

/**
 * The style of a test file's assertions: `sdk` when it talks through the MCP SDK's `Client` and
 * holds no raw envelope (no `connectRaw`, no `tapMessage`), so a hint must be written against the
 * `CallToolResult` or the `McpError` it gets; else `library` when it imports
 * `envelope-mutants/vitest` (its named assertions are what the suite already writes), else
 * `expect` (labelled vitest `expect(value, 'rule')`, which names a rule with no import at all).
 */
export function assertionStyleOf(source: string): AssertionStyle {
  if (SDK_CLIENT_IMPORT.test(source) && !RAW_TAPS.test(source)) return 'sdk';
  return LIBRARY_IMPORT.test(source) ? 'library' : 'expect';
}
