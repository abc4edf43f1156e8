import { jsonSyntaxErrorPosition, type TextPosition } from './json-syntax-error-position.js';

/** A JSON text's value, or where its first syntax error is. */
export type ParsedJson =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly position: TextPosition };

/**
 * Parses a file's JSON text. On a syntax error it keeps only the position: V8's own message
 * quotes the text around the mistake, which may span lines or hold a secret of the file.
 *
 * @internal
 */
export function parseJson(text: string): ParsedJson {
  // Editors on some platforms prepend a byte-order mark, which JSON.parse rejects.
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  try {
    return { ok: true, value: JSON.parse(body) as unknown };
  } catch {
    return { ok: false, position: jsonSyntaxErrorPosition(body) ?? { line: 1, column: 1 } };
  }
}

/**
 * `line 3, column 5`: where a message says the mistake is.
 *
 * @internal
 */
export function formatPosition(position: TextPosition): string {
  return `line ${position.line}, column ${position.column}`;
}
