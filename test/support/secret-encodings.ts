import fc from 'fast-check';

/** One way an artifact can carry a text: how a report, a page, a URL or a log writes it. */
export type Encoding = (text: string) => string;

const json: Encoding = (text) => JSON.stringify(text).slice(1, -1);
const jsonAscii: Encoding = (text) =>
  Array.from(text)
    .map((char) =>
      [...Array(char.length).keys()]
        .map((unit) => `\\u${char.charCodeAt(unit).toString(16).padStart(4, '0')}`)
        .join(''),
    )
    .join('');
const html: Encoding = (text) =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
const htmlNumeric: Encoding = (text) =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const url: Encoding = (text) => encodeURIComponent(text);
const script: Encoding = (text) => json(text).replace(/</g, '\\u003c');

/** Every encoding by name, as the artifacts of a run use them. */
export const ENCODINGS: Readonly<Record<string, Encoding>> = {
  raw: (text) => text,
  json,
  jsonAscii,
  html,
  htmlNumeric,
  url,
  script,
};

/** Secret values with any characters: quotes, backslashes, `<&>`, newlines, non-ASCII, emoji. */
export const secretValue = (): fc.Arbitrary<string> =>
  fc.string({
    unit: fc.oneof(
      fc.constantFrom(
        '"',
        '\\',
        '<',
        '>',
        '&',
        "'",
        '\n',
        '\t',
        '/',
        '%',
        ' ',
        '+',
        'é',
        '€',
        '😀',
      ),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
      fc.constantFrom(...Array.from('abcdefXYZ0123456789')),
    ),
    minLength: 6,
    maxLength: 40,
  });

/**
 * A chain of encodings applied left to right: any mix of JSON, script-literal, HTML and URL
 * escaping, up to four deep. `jsonAscii` (every character as `\uXXXX`) only comes first: applied
 * to the escapes of another pass it would spell their backslashes and letters as escapes too,
 * which no writer we know of does.
 */
export const encodingChain = (): fc.Arbitrary<readonly string[]> =>
  fc
    .tuple(
      fc.constantFrom('raw', 'jsonAscii'),
      fc.array(fc.constantFrom('json', 'script', 'html', 'htmlNumeric', 'url'), { maxLength: 3 }),
    )
    .map(([first, rest]) => [first, ...rest]);

/** `text` through every encoding of `chain`. */
export function encode(text: string, chain: readonly string[]): string {
  return chain.reduce((encoded, name) => (ENCODINGS[name] as Encoding)(encoded), text);
}

/** `secretValue` as an environment variable can hold it: anything but NUL. */
export const environmentSecretValue = (): fc.Arbitrary<string> =>
  secretValue().map((value) => value.replaceAll('\0', '0'));
