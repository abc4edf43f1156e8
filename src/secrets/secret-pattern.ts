/**
 * The regular expression that finds one secret value in text in every form a report, a page, a
 * URL or a console line can give it: raw; JSON-escaped any number of times (`"` → `\"` →
 * `\\\"`, `\` → `\\`, control characters as `\n` or `\u000a`, any character as `\uXXXX`, `/` as
 * `\/`: what JSON.stringify and the HTML report's script literal write, RFC 8259 §7);
 * HTML-escaped (`&quot;`, `&#34;`, `&#x22;`, again as `&amp;…`, HTML §13.5); URL-encoded (UTF-8
 * bytes as `%XX`, space as `+`, again as `%25…`, RFC 3986 §2.1); and those in any order,
 * character by character. A value clipped for display (`abcdefgh…`) is found too once
 * MIN_CLIPPED_LENGTH characters of it stand before the ellipsis.
 */
export function secretPattern(secret: string): RegExp {
  const tokens = Array.from(secret).map(charPattern);
  const full = tokens.join('');
  if (tokens.length <= MIN_CLIPPED_LENGTH) return new RegExp(full, 'g');
  // Each further character is optional only after the one before it: a prefix, never a skip.
  const rest = tokens.slice(MIN_CLIPPED_LENGTH, MIN_CLIPPED_LENGTH + MAX_CLIPPED_REST);
  const clipped = `${tokens.slice(0, MIN_CLIPPED_LENGTH).join('')}${rest.map((token) => `(?:${token}`).join('')}${')?'.repeat(rest.length)}(?=${ellipsis()})`;
  return new RegExp(`${full}|${clipped}`, 'g');
}

/** What clipping leaves behind: `…` or three dots, in any of the encodings. */
const ellipsis = (): string => `(?:${charPattern('\u2026')}|${charPattern('.').repeat(3)})`;

/** A shorter clipped prefix could be anything: `ghp_`, `sk-`, a path's first directory. */
export const MIN_CLIPPED_LENGTH = 8;

// Our messages clip at 400 characters at most; deeper nesting only costs compile time.
const MAX_CLIPPED_REST = 512;

// JSON writes these with a short escape (RFC 8259 §7); the backslash's own is more backslashes.
const SHORT_ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '/': '/',
  '\b': 'b',
  '\f': 'f',
  '\n': 'n',
  '\r': 'r',
  '\t': 't',
};

// HTML named character references that escapers use (HTML §13.5).
const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  '"': 'quot',
  "'": 'apos',
  '&': 'amp',
  '<': 'lt',
  '>': 'gt',
  '\u00a0': 'nbsp',
  '\u2026': 'hellip',
};

/** `%XX` for one byte, the `%` possibly URL-encoded again as `%25`. */
const percent = (hex: string): string => `%(?:25)*${hexPattern(hex)}`;

// The characters an escape is made of, themselves in any of the encodings.
const BACKSLASH = `(?:\\\\|${percent('5c')})`;
const AMPERSAND = `(?:&|${percent('26')})`;
const SEMICOLON = `(?:;|${percent('3b')})`;
const HASH = `(?:#|${percent('23')})`;

/**
 * The regular expression source of every encoding of one character (one code point). Escapes come
 * first, so a match takes a whole escape rather than stopping at its first backslash; a backslash
 * takes its backslashes in pairs, as JSON doubles them, so the escape of a following quote stays.
 */
function charPattern(char: string): string {
  const short = SHORT_ESCAPES[char];
  const forms: string[] = [];
  if (char === '\\') forms.push(`(?:${BACKSLASH}${BACKSLASH})+`);
  else if (short !== undefined) forms.push(`${BACKSLASH}+${plainForms(short)}`);
  forms.push(`${BACKSLASH}+${unicodeEscape(char)}`, plainForms(char));
  return `(?:${forms.join('|')})`;
}

/**
 * The character itself, HTML-escaped or URL-encoded: the forms with no backslash. Letters, digits
 * and `-_.~` are never percent-encoded (RFC 3986 §2.3) nor entity-escaped by any escaper we know.
 */
function plainForms(char: string): string {
  if (/^[A-Za-z0-9_.~-]$/.test(char)) return escapeRegExp(char);
  const code = char.codePointAt(0) as number;
  const forms = [escapeRegExp(char), entity(code, NAMED_ENTITIES[char]), utf8Percent(char)];
  if (char === ' ') forms.push('\\+');
  return `(?:${forms.join('|')})`;
}

/** `&quot;`, `&#34;`, `&#x22;`, each possibly escaped again. */
function entity(code: number, name: string | undefined): string {
  const names = [`${HASH}0*${String(code)}`, `${HASH}[xX]0*${hexPattern(code.toString(16))}`];
  if (name !== undefined) names.push(name);
  // `&` escaped again turns `&quot;` into `&amp;quot;` or `&#38;quot;`.
  const again = `(?:(?:amp|${HASH}0*38|${HASH}[xX]0*26)${SEMICOLON})*`;
  return `${AMPERSAND}${again}(?:${names.join('|')})${SEMICOLON}`;
}

/** `uXXXX` (a surrogate pair beyond the BMP), hex digits in either case. */
function unicodeEscape(char: string): string {
  const units: string[] = [];
  for (let index = 0; index < char.length; index += 1) {
    units.push(`u${hexPattern(char.charCodeAt(index).toString(16).padStart(4, '0'))}`);
  }
  return units.join(`${BACKSLASH}+`);
}

function utf8Percent(char: string): string {
  return [...Buffer.from(char, 'utf8')]
    .map((byte) => percent(byte.toString(16).padStart(2, '0')))
    .join('');
}

function hexPattern(hex: string): string {
  return Array.from(hex)
    .map((digit) =>
      /[a-f]/i.test(digit) ? `[${digit.toLowerCase()}${digit.toUpperCase()}]` : digit,
    )
    .join('');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}
