import type { JsonLayout } from './http-exchange.js';

/**
 * `text`, a JSON text, in `layout`: the same tokens, other whitespace (RFC 8259 §2: whitespace
 * before and after every structural character is insignificant). Strings, numbers and literals
 * are copied as they came, so a 20-digit integer keeps its digits and an escape its form, which a
 * parse and a `JSON.stringify` would not. The structure is laid out as `JSON.stringify(value,
 * null, layout.indent)` lays out the parsed value. `text` must be JSON (`readBody` parsed it).
 */
export function relayoutJsonText(text: string, layout: JsonLayout): string {
  let out = '';
  let depth = 0;
  const newline = (): string => (layout.indent > 0 ? `\n${' '.repeat(layout.indent * depth)}` : '');
  for (let at = 0; at < text.length;) {
    const char = text.charAt(at);
    if (WHITESPACE.test(char)) {
      at += 1;
    } else if (char === '"') {
      const end = stringEnd(text, at);
      out += text.slice(at, end);
      at = end;
    } else if (char === '{' || char === '[') {
      const next = nextToken(text, at + 1);
      if (text.charAt(next) === CLOSERS[char]) {
        out += `${char}${CLOSERS[char]}`;
        at = next + 1;
      } else {
        depth += 1;
        out += `${char}${newline()}`;
        at += 1;
      }
    } else if (char === '}' || char === ']') {
      depth -= 1;
      out += `${newline()}${char}`;
      at += 1;
    } else if (char === ',') {
      out += `,${newline()}`;
      at += 1;
    } else if (char === ':') {
      out += layout.indent > 0 ? ': ' : ':';
      at += 1;
    } else {
      const end = literalEnd(text, at);
      out += text.slice(at, end);
      at = end;
    }
  }
  return `${layout.before}${out}${layout.after}`;
}

const WHITESPACE = /[ \t\n\r]/;
const CLOSERS: Readonly<Record<string, string>> = { '{': '}', '[': ']' };

/** Where the string starting at `start` (its opening quote) ends: past its closing quote. */
function stringEnd(text: string, start: number): number {
  let at = start + 1;
  while (at < text.length && text.charAt(at) !== '"') at += text.charAt(at) === '\\' ? 2 : 1;
  return at + 1;
}

/** The first character at or after `from` that is not whitespace. */
function nextToken(text: string, from: number): number {
  let at = from;
  while (at < text.length && WHITESPACE.test(text.charAt(at))) at += 1;
  return at;
}

/** Where a number or a literal (`true`, `false`, `null`) starting at `start` ends. */
function literalEnd(text: string, start: number): number {
  let at = start;
  while (at < text.length && !/[ \t\n\r{}[\],:"]/.test(text.charAt(at))) at += 1;
  return at;
}
