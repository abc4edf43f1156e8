import type { JsonPath } from '../envelope/json-value.js';

/** A 1-based position, as mutation-testing-report-schema `definitions.position` requires. */
export interface SourcePosition {
  readonly line: number;
  readonly column: number;
}

/** Start inclusive, end exclusive (mutation-testing-report-schema `definitions.location`). */
export interface SourceLocation {
  readonly start: SourcePosition;
  readonly end: SourcePosition;
}

interface Span {
  readonly start: number;
  readonly end: number;
}

/**
 * Where the member at `path` sits in `source` (a JSON text, typically `JSON.stringify(v, null, 2)`).
 * An object member spans from its key to the end of its value; an array element spans its value.
 * A path to a member the source does not have (a mutator that adds or removed it) points at the
 * opening bracket of its deepest existing parent, so the report still marks where it happened.
 * A source that is not JSON gets the whole text.
 */
export function locateJsonPath(source: string, path: JsonPath): SourceLocation {
  const spans = new Map<string, Span>();
  try {
    const end = skipSpace(source, parseValue(source, skipSpace(source, 0), [], spans));
    if (end !== source.length) throw new SyntaxError('locateJsonPath: text after the value');
  } catch {
    return toLocation(source, { start: 0, end: Math.max(source.length, 1) });
  }
  const exact = spans.get(pathKey(path));
  if (exact !== undefined) return toLocation(source, exact);
  for (let depth = path.length - 1; depth >= 0; depth--) {
    const parent = spans.get(pathKey(path.slice(0, depth)));
    if (parent !== undefined) {
      const bracket = openingBracket(source, parent.start);
      return toLocation(source, { start: bracket, end: bracket + 1 });
    }
  }
  return toLocation(source, { start: 0, end: Math.max(source.length, 1) });
}

/** Segments compared as text: a mutator may name array element 0 as `0` or `"0"`. */
function pathKey(path: JsonPath): string {
  return JSON.stringify(path.map(String));
}

/** From a member's span (which may begin at its key) to the `{` / `[` of its value. */
function openingBracket(source: string, from: number): number {
  let inString = false;
  for (let i = from; i < source.length; i++) {
    const char = source[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') return i;
  }
  return from;
}

function skipSpace(source: string, at: number): number {
  let i = at;
  while (i < source.length && /\s/.test(source[i] ?? '')) i++;
  return i;
}

/** Parses the value at `at`, records its span (and its children's) and returns where it ends. */
function parseValue(source: string, at: number, path: JsonPath, spans: Map<string, Span>): number {
  const char = source[at];
  let end: number;
  if (char === '{') end = parseObject(source, at, path, spans);
  else if (char === '[') end = parseArray(source, at, path, spans);
  else if (char === '"') end = parseString(source, at);
  else if (char !== undefined && /[-0-9tfn]/.test(char)) end = parseLiteral(source, at);
  else throw new SyntaxError(`locateJsonPath: unexpected ${String(char)} at ${at}`);
  if (!spans.has(pathKey(path))) spans.set(pathKey(path), { start: at, end });
  return end;
}

function parseObject(source: string, at: number, path: JsonPath, spans: Map<string, Span>): number {
  let i = skipSpace(source, at + 1);
  if (source[i] === '}') return i + 1;
  for (;;) {
    const keyStart = i;
    const keyEnd = parseString(source, i);
    const key = JSON.parse(source.slice(keyStart, keyEnd)) as string;
    i = skipSpace(source, keyEnd);
    if (source[i] !== ':') throw new SyntaxError(`locateJsonPath: expected : at ${i}`);
    const memberPath = [...path, key];
    const valueEnd = parseValue(source, skipSpace(source, i + 1), memberPath, spans);
    // The member, key included: that is what a mutator changed or removed.
    spans.set(pathKey(memberPath), { start: keyStart, end: valueEnd });
    i = skipSpace(source, valueEnd);
    if (source[i] === '}') return i + 1;
    if (source[i] !== ',') throw new SyntaxError(`locateJsonPath: expected , at ${i}`);
    i = skipSpace(source, i + 1);
  }
}

function parseArray(source: string, at: number, path: JsonPath, spans: Map<string, Span>): number {
  let i = skipSpace(source, at + 1);
  if (source[i] === ']') return i + 1;
  for (let index = 0; ; index++) {
    i = skipSpace(source, parseValue(source, i, [...path, index], spans));
    if (source[i] === ']') return i + 1;
    if (source[i] !== ',') throw new SyntaxError(`locateJsonPath: expected , at ${i}`);
    i = skipSpace(source, i + 1);
  }
}

function parseString(source: string, at: number): number {
  if (source[at] !== '"') throw new SyntaxError(`locateJsonPath: expected a string at ${at}`);
  for (let i = at + 1; i < source.length; i++) {
    if (source[i] === '\\') i++;
    else if (source[i] === '"') return i + 1;
  }
  throw new SyntaxError('locateJsonPath: unterminated string');
}

function parseLiteral(source: string, at: number): number {
  let i = at;
  while (i < source.length && /[-+.0-9a-zA-Z]/.test(source[i] ?? '')) i++;
  const literal = source.slice(at, i);
  if (!/^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?)$/.test(literal)) {
    throw new SyntaxError(`locateJsonPath: not a JSON literal: ${literal}`);
  }
  return i;
}

function toLocation(source: string, span: Span): SourceLocation {
  return { start: toPosition(source, span.start), end: toPosition(source, span.end) };
}

function toPosition(source: string, offset: number): SourcePosition {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < source.length; i++) {
    if (source[i] === '\n') {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}
