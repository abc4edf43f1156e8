/** A 1-based line and column in a text. */
export interface TextPosition {
  readonly line: number;
  readonly column: number;
}

/**
 * Where the first JSON syntax error of `text` is (RFC 8259 grammar), or `null` when the text is
 * valid JSON. Node 20's `JSON.parse` messages do not always carry a position ("Unexpected token
 * '}', … is not valid JSON"), so config errors locate the mistake themselves.
 */
export function jsonSyntaxErrorPosition(text: string): TextPosition | null {
  const scanner = new _JsonScanner(text);
  try {
    scanner.document();
    return null;
  } catch (error) {
    if (error instanceof _SyntaxAt) return _lineColumn(text, error.offset);
    throw error;
  }
}

/** Thrown inside the scanner only; carries the offset of the offending character. */
class _SyntaxAt {
  constructor(readonly offset: number) {}
}

const DIGIT = /[0-9]/;
const HEX_DIGIT = /[0-9a-fA-F]/;

/** A recursive-descent recogniser: it builds nothing, it only finds the first bad character. */
class _JsonScanner {
  private i = 0;
  constructor(private readonly text: string) {}

  document(): void {
    this.value();
    this.skipSpace();
    if (this.i < this.text.length) this.fail();
  }

  private get char(): string {
    return this.text.charAt(this.i);
  }

  private fail(): never {
    throw new _SyntaxAt(this.i);
  }

  private skipSpace(): void {
    while (this.i < this.text.length && ' \t\n\r'.includes(this.char)) this.i++;
  }

  private literal(word: string): void {
    for (const char of word) {
      if (this.char !== char) this.fail();
      this.i++;
    }
  }

  private value(): void {
    this.skipSpace();
    const char = this.char;
    if (char === '{') this.sequence('}', () => this.member());
    else if (char === '[') this.sequence(']', () => this.value());
    else if (char === '"') this.string();
    else if (char === '-' || DIGIT.test(char)) this.number();
    else if (char === 't') this.literal('true');
    else if (char === 'f') this.literal('false');
    else if (char === 'n') this.literal('null');
    else this.fail();
  }

  private member(): void {
    this.skipSpace();
    this.string();
    this.skipSpace();
    this.literal(':');
    this.value();
  }

  /** An object or array body: items separated by commas, no trailing comma (RFC 8259 §4, §5). */
  private sequence(close: string, item: () => void): void {
    this.i++;
    this.skipSpace();
    if (this.char !== close) {
      for (;;) {
        item();
        this.skipSpace();
        if (this.char === close) break;
        this.literal(',');
      }
    }
    this.i++;
  }

  private string(): void {
    this.literal('"');
    while (this.char !== '"') {
      if (this.i >= this.text.length || this.text.charCodeAt(this.i) < 0x20) this.fail();
      if (this.char === '\\') this.escape();
      else this.i++;
    }
    this.i++;
  }

  private escape(): void {
    this.i++;
    if (this.char === 'u') {
      this.i++;
      for (let k = 0; k < 4; k++, this.i++) if (!HEX_DIGIT.test(this.char)) this.fail();
      return;
    }
    if (this.char === '' || !'"\\/bfnrt'.includes(this.char)) this.fail();
    this.i++;
  }

  private number(): void {
    if (this.char === '-') this.i++;
    if (this.char === '0') this.i++;
    else this.digits();
    if (this.char === '.') {
      this.i++;
      this.digits();
    }
    if (this.char === 'e' || this.char === 'E') {
      this.i++;
      if (/[+-]/.test(this.char)) this.i++;
      this.digits();
    }
  }

  private digits(): void {
    if (!DIGIT.test(this.char)) this.fail();
    while (DIGIT.test(this.char)) this.i++;
  }
}

function _lineColumn(text: string, offset: number): TextPosition {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}
