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
  const scanner = new JsonScanner(text);
  try {
    scanner.document();
    return null;
  } catch (error) {
    if (error instanceof SyntaxAt) return lineColumn(text, error.offset);
    throw error;
  }
}

/** Thrown inside the scanner only; carries the offset of the offending character. */
class SyntaxAt {
  constructor(readonly offset: number) {}
}

const DIGIT = /[0-9]/;
const HEX_DIGIT = /[0-9a-fA-F]/;

/**
 * A recogniser that builds nothing, it only finds the first bad character. It keeps the open
 * containers on its own stack rather than recursing: a damaged report may nest 10,000 deep.
 */
class JsonScanner {
  private i = 0;
  /** The closing character of every container still open, innermost last. */
  private readonly open: string[] = [];
  constructor(private readonly text: string) {}

  document(): void {
    this.value();
    while (this.open.length > 0) {
      this.skipSpace();
      const close = this.open[this.open.length - 1];
      if (this.char === close) {
        this.i++;
        this.open.pop();
        continue;
      }
      // Items are separated by commas, no trailing comma (RFC 8259 §4, §5).
      this.literal(',');
      if (close === '}') this.memberName();
      this.value();
    }
    this.skipSpace();
    if (this.i < this.text.length) this.fail();
  }

  private get char(): string {
    return this.text.charAt(this.i);
  }

  private fail(): never {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- an internal signal, caught below
    throw new SyntaxAt(this.i);
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

  /**
   * A scalar whole; a container up to the start of its first item's value, again and again for
   * containers opened first thing in one another. `document` goes on from there.
   */
  private value(): void {
    for (;;) {
      this.skipSpace();
      const char = this.char;
      if (char !== '{' && char !== '[') {
        this.scalar(char);
        return;
      }
      this.i++;
      const close = char === '{' ? '}' : ']';
      this.skipSpace();
      if (this.char === close) {
        this.i++;
        return;
      }
      this.open.push(close);
      if (close === '}') this.memberName();
    }
  }

  private scalar(char: string): void {
    if (char === '"') this.string();
    else if (char === '-' || DIGIT.test(char)) this.number();
    else if (char === 't') this.literal('true');
    else if (char === 'f') this.literal('false');
    else if (char === 'n') this.literal('null');
    else this.fail();
  }

  /** `"name":` of an object member, up to its value. */
  private memberName(): void {
    this.skipSpace();
    this.string();
    this.skipSpace();
    this.literal(':');
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

function lineColumn(text: string, offset: number): TextPosition {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}
