import { createScanner, type JSONScanner, type ScanError, type SyntaxKind } from 'jsonc-parser';

/* eslint-disable @typescript-eslint/no-unsafe-enum-assignment -- numbers typed as the members they are; tsc refuses a number no member has */
/**
 * The members of jsonc-parser's `SyntaxKind` read here, with the values its declarations give
 * them. The package declares `SyntaxKind` and `ScanError` as `const enum`s, which tsc inlines from
 * their declarations and a transpiler that sees one file at a time (scripts/transpile.js;
 * `isolatedModules` in tsconfig.json keeps every file fit for it) cannot.
 */
const Kind = syntaxKinds({
  OpenBraceToken: 1,
  CloseBraceToken: 2,
  OpenBracketToken: 3,
  CloseBracketToken: 4,
  CommaToken: 5,
  ColonToken: 6,
  NullKeyword: 7,
  TrueKeyword: 8,
  FalseKeyword: 9,
  StringLiteral: 10,
  NumericLiteral: 11,
  LineCommentTrivia: 12,
  BlockCommentTrivia: 13,
  LineBreakTrivia: 14,
  Trivia: 15,
  Unknown: 16,
  EOF: 17,
});
/** jsonc-parser's `ScanError.None`: the token scanned without an error. */
const NO_SCAN_ERROR: ScanError = 0;
/* eslint-enable @typescript-eslint/no-unsafe-enum-assignment */

/** Each value typed as the `SyntaxKind` it is. */
function syntaxKinds<Name extends string>(
  values: Readonly<Record<Name, SyntaxKind>>,
): Readonly<Record<Name, SyntaxKind>> {
  return values;
}

/** A 1-based line and column in a text. */
export interface TextPosition {
  readonly line: number;
  readonly column: number;
}

/** What the grammar of RFC 8259 allows as the next token. */
type Expected = 'value' | 'value-or-close' | 'key' | 'key-or-close' | 'colon' | 'comma-or-close';

const SCALARS: ReadonlySet<SyntaxKind> = new Set([
  Kind.StringLiteral,
  Kind.NumericLiteral,
  Kind.TrueKeyword,
  Kind.FalseKeyword,
  Kind.NullKeyword,
]);

/**
 * One valid piece of a JSON string (RFC 8259 §7): a run of unescaped characters above U+001F, one
 * of the eight short escapes, or `\u` with four hex digits. Matched one piece at a time (sticky),
 * so a string of millions of characters costs V8 no backtracking stack.
 */
const STRING_PIECE = /[^"\\\u0000-\u001f]+|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4}/y;
/** An escape cut short by the mistake: `\`, or `\u` and up to three hex digits. */
const CUT_ESCAPE = /\\(?:u[0-9a-fA-F]{0,3})?/y;

/**
 * Where the first JSON syntax error of `text` is (RFC 8259 grammar), or `null` when the text is
 * valid JSON. Node 20's `JSON.parse` messages do not always carry a position ("Unexpected token
 * '}', … is not valid JSON"), so config errors locate the mistake themselves.
 *
 * jsonc-parser's scanner reads the tokens (strings, escapes, numbers, comments); the grammar is a
 * loop with its own stack of open containers rather than jsonc-parser's `visit`, which recurses
 * and overflows the call stack near 10,000 levels, while a damaged report may nest 100,000 deep.
 */
export function jsonSyntaxErrorPosition(text: string): TextPosition | null {
  const scanner = createScanner(text, false);
  /** The closing token of every container still open, innermost last. */
  const open: SyntaxKind[] = [];
  let expected: Expected | 'end' = 'value';
  for (;;) {
    const token = scanner.scan();
    if (token === Kind.Trivia || token === Kind.LineBreakTrivia) continue;
    const offset = scanner.getTokenOffset();
    // JSON has no comments; an unknown word is wrong from its first character.
    if (
      token === Kind.LineCommentTrivia ||
      token === Kind.BlockCommentTrivia ||
      token === Kind.Unknown
    )
      return lineColumn(text, offset);
    if (scanner.getTokenError() !== NO_SCAN_ERROR) {
      return lineColumn(text, offset + validLength(scanner, text));
    }
    if (expected === 'end') return token === Kind.EOF ? null : lineColumn(text, offset);
    const next = step(expected, token, open);
    if (next === null) return lineColumn(text, offset);
    expected = next;
  }
}

/** The state after `token`, or `null` when the grammar does not allow it here. */
function step(expected: Expected, token: SyntaxKind, open: SyntaxKind[]): Expected | 'end' | null {
  const close = open.at(-1);
  const closes =
    token === close &&
    (expected === 'value-or-close' || expected === 'key-or-close' || expected === 'comma-or-close');
  if (closes) open.pop();
  const afterValue = open.length === 0 ? 'end' : 'comma-or-close';
  if (closes) return afterValue;
  switch (expected) {
    case 'value':
    case 'value-or-close':
      if (token === Kind.OpenBraceToken) {
        open.push(Kind.CloseBraceToken);
        return 'key-or-close';
      }
      if (token === Kind.OpenBracketToken) {
        open.push(Kind.CloseBracketToken);
        return 'value-or-close';
      }
      return SCALARS.has(token) ? afterValue : null;
    case 'key':
    case 'key-or-close':
      return token === Kind.StringLiteral ? 'colon' : null;
    case 'colon':
      return token === Kind.ColonToken ? 'value' : null;
    case 'comma-or-close':
      // Items are separated by commas, no trailing comma (RFC 8259 §4, §5).
      if (token !== Kind.CommaToken) return null;
      return close === Kind.CloseBraceToken ? 'key' : 'value';
  }
}

/**
 * How much of a token the scanner flagged is still valid: a string up to its first bad character,
 * a number cut short (`1.`, `1e+`) up to where its digits should be.
 */
function validLength(scanner: JSONScanner, text: string): number {
  const offset = scanner.getTokenOffset();
  const token = text.slice(offset, offset + scanner.getTokenLength());
  if (scanner.getToken() !== Kind.StringLiteral) return token.length;
  let at = 1; // after the opening quote
  STRING_PIECE.lastIndex = at;
  while (STRING_PIECE.exec(token) !== null) at = STRING_PIECE.lastIndex;
  CUT_ESCAPE.lastIndex = at;
  return at + (CUT_ESCAPE.exec(token)?.[0].length ?? 0);
}

function lineColumn(text: string, offset: number): TextPosition {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}
